import { overlappingSeason, type RoomTypeRatesDto, type SeasonDto, type SeasonInput } from '@repo/shared/schemas/room';
import type { z } from 'zod';
import { conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { RATES_MSG } from './messages.ts';
import * as repo from './rates.repository.ts';
import { inTransaction } from '#src/db/client.ts';

/** What this feature uses. */
export type RatesDeps = Pick<Deps, 'db'>;
type Input = z.output<typeof SeasonInput>;

/** The admin's own live room type, else 404 (another admin's room type is not found either). */
async function ownRoomType({ db }: RatesDeps, ownerId: string, roomTypeId: string) {
  const found = await repo.findRoomType(db, roomTypeId);
  if (!found || found.ownerId !== ownerId) throw notFound(RATES_MSG.roomTypeNotFound);
  return found;
}

/** A room type's prices: base, weekend, minimum nights and its seasons by date. */
export async function roomTypeRates(deps: RatesDeps, ownerId: string, roomTypeId: string): Promise<RoomTypeRatesDto> {
  const { ownerId: _owner, ...roomType } = await ownRoomType(deps, ownerId, roomTypeId);
  return { roomType, seasons: await repo.seasonsOf(deps.db, roomTypeId) };
}

/**
 * Saves a season (`seasonId`: changes that one), under the room type's lock: a season that shares a night with
 * another of the room type is refused (409) and nothing changes.
 */
async function saveSeason(
  deps: RatesDeps,
  ownerId: string,
  roomTypeId: string,
  input: Input,
  seasonId?: string,
): Promise<SeasonDto> {
  const roomType = await ownRoomType(deps, ownerId, roomTypeId);
  return inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    const seasons = await repo.seasonsOf(tx, roomTypeId);
    if (seasonId && !seasons.some((s) => s.id === seasonId)) throw notFound(RATES_MSG.seasonNotFound);
    const other = overlappingSeason(seasons, input, seasonId);
    if (other) throw conflict(RATES_MSG.overlaps(other.startsOn, other.endsOn), 'SEASON_OVERLAP');
    if (!seasonId) return repo.insertSeason(tx, roomTypeId, roomType.stayId, input);
    const saved = await repo.updateSeason(tx, roomTypeId, seasonId, input);
    if (!saved) throw notFound(RATES_MSG.seasonNotFound);
    return saved;
  });
}

export const addSeason = (deps: RatesDeps, ownerId: string, roomTypeId: string, input: Input) =>
  saveSeason(deps, ownerId, roomTypeId, input);

export const updateSeason = (deps: RatesDeps, ownerId: string, roomTypeId: string, seasonId: string, input: Input) =>
  saveSeason(deps, ownerId, roomTypeId, input, seasonId);

export async function deleteSeason(deps: RatesDeps, ownerId: string, roomTypeId: string, seasonId: string) {
  await ownRoomType(deps, ownerId, roomTypeId);
  await inTransaction(deps.db, async (tx) => {
    if (!(await repo.lockRoomType(tx, roomTypeId))) throw notFound(RATES_MSG.roomTypeNotFound);
    if (!(await repo.deleteSeason(tx, roomTypeId, seasonId))) throw notFound(RATES_MSG.seasonNotFound);
  });
}
