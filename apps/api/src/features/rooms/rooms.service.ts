import type { Deps } from '#src/platform/deps.ts';
import { todayInIndia } from '@repo/shared/domain/dates';
import type { RoomTypeInput, RoomTypeUpdateInput } from '@repo/shared/schemas/room';
import type { z } from 'zod';
import { checkRoomTypePlans } from '#src/features/rates/index.ts';
import { inTransaction, isUniqueViolation, type Queryable } from '#src/db/client.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import { ROOM_MSG } from './messages.ts';
import * as repo from './rooms.repository.ts';

/** What this feature uses. */
export type RoomsDeps = Pick<Deps, 'db'>;

type AddInput = z.output<typeof RoomTypeInput>;
type UpdateInput = z.output<typeof RoomTypeUpdateInput>;

/** 409 naming the numbers the stay already has. */
async function ensureNumbersFree(tx: Queryable, stayId: string, numbers: number[]) {
  const taken = await repo.takenNumbers(tx, stayId, numbers);
  if (taken.length > 0) throw conflict(ROOM_MSG.numbersTaken(taken), 'ROOM_NUMBER_TAKEN');
}

/** A unique violation that slipped past the check (two admins at once) is still a 409, not a 500. */
function duplicateAsConflict(err: unknown): never {
  if (isUniqueViolation(err, 'room_numbers_stay_number_key')) throw conflict(ROOM_MSG.numberTaken, 'ROOM_NUMBER_TAKEN');
  throw err;
}

/** Adds a room type with its room numbers to a stay the admin owns (another admin's stay: 404). */
export async function addRoomType({ db }: RoomsDeps, ownerId: string, stayId: string, input: AddInput) {
  try {
    await inTransaction(db, async (tx) => {
      const stay = await repo.lockLiveStay(tx, stayId);
      if (!stay || stay.ownerId !== ownerId) throw notFound(ROOM_MSG.stayNotFound);
      await ensureNumbersFree(tx, stayId, input.roomNumbers);
      const { roomNumbers, ...values } = input;
      const type = await repo.insertRoomType(tx, stayId, values);
      await repo.insertRoomNumbers(tx, stayId, type.id, roomNumbers);
    });
  } catch (err) {
    duplicateAsConflict(err);
  }
}

export async function listRooms({ db }: RoomsDeps, ownerId: string, stayId: string) {
  const stay = await repo.findLiveStay(db, stayId);
  if (!stay || stay.ownerId !== ownerId) throw notFound(ROOM_MSG.stayNotFound);
  return repo.roomRows(db, stayId);
}

/** Edits a room type's details and adds the room numbers given (existing numbers are kept). */
export async function updateRoomType({ db }: RoomsDeps, ownerId: string, roomTypeId: string, input: UpdateInput) {
  const found = await repo.findLiveRoomType(db, roomTypeId);
  if (!found || found.ownerId !== ownerId) throw notFound(ROOM_MSG.roomTypeNotFound);
  const stayId = found.roomType.stayId;
  try {
    await inTransaction(db, async (tx) => {
      const stay = await repo.lockLiveStay(tx, stayId);
      if (!stay || stay.ownerId !== ownerId) throw notFound(ROOM_MSG.roomTypeNotFound);
      const { roomNumbers = [], ...details } = input;
      const values = Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined));
      await repo.updateRoomType(tx, roomTypeId, values);
      // Its rate plans must still sell every party's nights at the new prices (ADR 065).
      if (details.price !== undefined || details.weekendPrice !== undefined || details.maxPeople !== undefined)
        await checkRoomTypePlans(tx, roomTypeId);
      await ensureNumbersFree(tx, stayId, roomNumbers);
      await repo.insertRoomNumbers(tx, stayId, roomTypeId, roomNumbers);
    });
  } catch (err) {
    duplicateAsConflict(err);
  }
}

/**
 * Deletes a room number. Refused (409) while a confirmed booking or a running payment hold has it for a night
 * from today on (nights its owner blocked are released); archived when any booking or block ever named it; else
 * deleted. A room type left without rooms goes too
 * (archived when it has archived rooms, else deleted).
 */
export async function deleteRoomNumber(
  { db }: RoomsDeps,
  ownerId: string,
  roomTypeId: string,
  roomNumberId: string,
): Promise<{ archived: boolean }> {
  const found = await repo.findLiveRoomType(db, roomTypeId);
  if (!found || found.ownerId !== ownerId) throw notFound(ROOM_MSG.roomNotFound);
  const today = todayInIndia();
  return inTransaction(db, async (tx) => {
    const stay = await repo.lockLiveStay(tx, found.roomType.stayId);
    if (!stay || stay.ownerId !== ownerId) throw notFound(ROOM_MSG.roomNotFound);
    const room = await repo.findLiveRoomNumber(tx, roomNumberId, roomTypeId);
    if (!room) throw notFound(ROOM_MSG.roomNotFound);
    // Nights the owner blocked do not keep a room: they go with it.
    await repo.releaseBlockedNights(tx, room.id, today);
    if (await repo.hasUpcomingNights(tx, room.id, today))
      throw conflict(ROOM_MSG.hasUpcomingNights(room.number), 'ROOM_HAS_BOOKINGS');
    const archived = await repo.hasBookingHistory(tx, room.id);
    if (archived) await repo.archiveRoomNumber(tx, room.id);
    else await repo.deleteRoomNumber(tx, room.id);
    const counts = await repo.roomNumberCounts(tx, roomTypeId);
    if (counts.live === 0) {
      if (counts.all > 0) await repo.archiveRoomType(tx, roomTypeId);
      else await repo.deleteRoomType(tx, roomTypeId);
    }
    return { archived };
  });
}
