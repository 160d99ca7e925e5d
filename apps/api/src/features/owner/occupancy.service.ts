import { randomUUID } from 'node:crypto';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import {
  BlockInput,
  type BlockDto,
  type FigureDto,
  type FiguresDto,
  type NightState,
  nightsOf,
  monthRange,
  type OccupancyDto,
  OWNER_LIMITS,
  type OwnerFiguresPage,
} from '@repo/shared/schemas/owner';
import { inTransaction, isUniqueViolation, pgError } from '#src/db/client.ts';
import { conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { releaseExpiredHolds } from '#src/features/bookings/index.ts';
import { AnswerCache } from '#src/platform/answer-cache.ts';
import { OWNER_API_MSG } from './messages.ts';
import * as repo from './owner.repository.ts';
import type { OwnerDeps } from './reservations.service.ts';

/** The owner's stay (a live one for changes), else "not found": another admin's stay is not told apart. */
async function ownStay(deps: OwnerDeps, ownerId: string, stayId: string) {
  const stay = await repo.findStay(deps.db, stayId);
  if (!stay || stay.owner_id !== ownerId || stay.archived) throw notFound(OWNER_API_MSG.stayNotFound);
  return stay;
}

const toBlockDto = (b: repo.BlockRow): BlockDto => ({
  id: b.id,
  roomNumberId: b.room_number_id,
  number: b.number,
  from: b.starts_on,
  to: b.ends_on,
  note: b.note,
});

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** A stay's month as kept between requests: whose stay it is, and the grid (frozen, so it is serialized once). */
type OccupancyAnswer = { ownerId: string; archived: boolean; grid: Readonly<OccupancyDto> };

/**
 * The month grids this process keeps (ADR 006): per stay, month and day (India), for `stayCacheMs`, filed under the
 * stay and forgotten when the database reports a change to the stay, its rooms or its room-nights (every hold,
 * payment, release, cancellation and block writes room-nights); kept only while such changes are heard. A hold that
 * runs out is not a write: its nights show 'held' for at most `stayCacheMs` longer.
 */
export function createOccupancyAnswers(cfg: { stayCacheMs: number }) {
  return { grids: new AnswerCache<OccupancyAnswer>({ ttlMs: cfg.stayCacheMs, max: 2000 }), listening: false };
}
export type OccupancyAnswers = ReturnType<typeof createOccupancyAnswers>;

/**
 * A stay's room × night grid for a month: each live room's nights booked (a confirmed booking), held (a payment
 * hold still running), blocked (by the owner) or free; the blocks with a night in the month; and today's (India)
 * arrivals and departures of confirmed bookings. Another admin's stay is "not found", kept or not.
 */
export async function occupancy(
  deps: OwnerDeps,
  ownerId: string,
  stayId: string,
  month?: string,
  answers?: OccupancyAnswers,
): Promise<OccupancyDto> {
  const now = deps.clock.now();
  const today = todayInIndia(now);
  const m = month ?? today.slice(0, 7);
  const load = () => loadOccupancy(deps, stayId, m, now, today);
  const found = answers?.listening ? await answers.grids.get(`${stayId}|${m}|${today}`, load, [stayId]) : await load();
  if (found.ownerId !== ownerId || found.archived) throw notFound(OWNER_API_MSG.stayNotFound);
  return found.grid;
}

async function loadOccupancy(deps: OwnerDeps, stayId: string, m: string, now: Date, today: string): Promise<OccupancyAnswer> {
  const { from, to } = monthRange(m);
  const found = await repo.occupancyOf(deps.db, stayId, from, to, now, today);
  if (!found) throw notFound(OWNER_API_MSG.stayNotFound);
  const rooms = json(found.rooms);
  const blocks = json(found.blocks);
  const moving = json(found.moving);
  const nights = nightsOf(from, to);
  const grid = new Map<string, NightState[]>();
  for (const [id, , , bookedBits, heldBits, blockedBits] of rooms) {
    const booked = Number(bookedBits ?? 0);
    const held = Number(heldBits ?? 0);
    const blocked = Number(blockedBits ?? 0);
    // A month has at most 31 nights: the bits fit an unsigned 32-bit integer. A blocked night also blocks until
    // 'infinity': its own bit says it is a block's (a night an imported calendar claims but a booking has stays booked).
    grid.set(
      id,
      nights.map(
        (_, i): NightState =>
          (blocked >>> i) & 1 ? 'blocked' : (booked >>> i) & 1 ? 'booked' : (held >>> i) & 1 ? 'held' : 'free',
      ),
    );
  }
  const movement = (r: { id: string; first_name: string; last_name: string; rooms: number[] }) => ({
    bookingId: r.id,
    guestName: `${r.first_name} ${r.last_name}`.trim(),
    rooms: r.rooms,
  });
  return {
    ownerId: found.owner_id,
    archived: found.archived,
    grid: Object.freeze({
      stay: { id: stayId, name: found.name },
      month: m,
      today,
      nights,
      rooms: rooms.map(([id, number, title]) => ({ id, number, title, nights: grid.get(id) ?? [] })),
      blocks: blocks.map(toBlockDto),
      arrivals: moving.filter((r) => r.arriving).map(movement),
      departures: moving.filter((r) => !r.arriving).map(movement),
    }),
  };
}

/**
 * Takes rooms of the owner's stay out of sale for the nights from `from` up to `to`: one block per room, and a
 * room_nights row per room per night with the block's id, so the key that prevents a double booking keeps these
 * nights from being sold (search, the room dialog and holds read them as taken). Expired holds on those nights are
 * released first, as a hold does; a night booked, held or already blocked is a 409 naming it, and nothing is kept.
 */
export async function blockRooms(deps: OwnerDeps, ownerId: string, stayId: string, input: BlockInput): Promise<BlockDto[]> {
  const b = BlockInput.parse(input);
  await ownStay(deps, ownerId, stayId);
  const now = deps.clock.now();
  if (b.from < todayInIndia(now)) throw fieldError('from', OWNER_API_MSG.blockInPast);
  const rooms = await repo.roomsOfStay(deps.db, stayId, b.roomNumberIds);
  if (rooms.length !== b.roomNumberIds.length) throw fieldError('roomNumberIds', OWNER_API_MSG.roomNotInStay);
  const numbers = new Map(rooms.map((r) => [r.id, r.number]));
  const blocks = rooms.map((r) => ({ id: randomUUID(), roomNumberId: r.id }));
  try {
    await inTransaction(deps.db, async (tx) => {
      const stay = await repo.lockStay(tx, stayId);
      if (!stay || stay.owner_id !== ownerId) throw notFound(OWNER_API_MSG.stayNotFound);
      await releaseExpiredHolds(tx, now, { roomNumberIds: b.roomNumberIds, from: b.from, to: b.to });
      await repo.insertBlocks(tx, { stayId, from: b.from, to: b.to, note: b.note, createdBy: ownerId, blocks });
    });
  } catch (err) {
    if (pgError(err)?.code === '23503') throw fieldError('roomNumberIds', OWNER_API_MSG.roomNotInStay);
    if (!isUniqueViolation(err)) throw err;
    const holder = await repo.nightHolder(deps.db, b.roomNumberIds, b.from, b.to);
    const number = holder && numbers.get(holder.room_number_id);
    if (!holder || number === undefined) throw conflict(OWNER_API_MSG.nightsTaken, 'NIGHT_TAKEN');
    throw conflict(
      holder.blocked ? OWNER_API_MSG.nightBlocked(number, holder.night) : OWNER_API_MSG.nightTaken(number, holder.night),
      'NIGHT_TAKEN',
    );
  }
  return blocks
    .map((bl) => ({
      id: bl.id,
      roomNumberId: bl.roomNumberId,
      number: numbers.get(bl.roomNumberId) ?? 0,
      from: b.from,
      to: b.to,
      note: b.note,
    }))
    .sort((x, y) => x.number - y.number);
}

/** Gives a block's nights back to sale; a block of another admin's stay is "not found". */
export async function unblock(deps: OwnerDeps, ownerId: string, blockId: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    const block = await repo.findBlock(tx, blockId);
    if (!block || block.owner_id !== ownerId) throw notFound(OWNER_API_MSG.blockNotFound);
    const stay = await repo.lockStay(tx, block.stay_id);
    if (!stay) throw notFound(OWNER_API_MSG.blockNotFound);
    await repo.deleteBlock(tx, blockId);
  });
}

/** The figures' windows (India dates): the last 30 nights [today − 30, today) and the next 30 [today, today + 30). */
function figureWindows(now: Date) {
  const today = todayInIndia(now);
  const days = OWNER_LIMITS.figureDays;
  return { today, from: addDays(today, -days), to: addDays(today, days) };
}

/** One night of a stay's figures: its sold room-nights, sellable room-nights and the money of the sold ones (paise). */
export type NightFigures = { night: string; sold: number; sellable: number; paise: number };

/**
 * A stay's nights over [from, to) (ADR 019): sold room-nights are nights of confirmed bookings (`soldBy`, with their
 * money); sellable ones are the live rooms on each night less the nights the owner blocked (`blockedBy`), never
 * below 0.
 */
export function nightlyFigures(
  rooms: number,
  soldBy: ReadonlyMap<string, { sold: number; paise: number }>,
  blockedBy: ReadonlyMap<string, number>,
  from: string,
  to: string,
): NightFigures[] {
  return nightsOf(from, to).map((night) => ({
    night,
    sold: soldBy.get(night)?.sold ?? 0,
    sellable: Math.max(0, rooms - (blockedBy.get(night) ?? 0)),
    paise: soldBy.get(night)?.paise ?? 0,
  }));
}

/** Occupancy as a percentage with one decimal: sold / sellable, null when nothing was sellable (ADR 019). */
export const occupancyOf = (sold: number, sellable: number) => (sellable > 0 ? Math.round((sold / sellable) * 1000) / 10 : null);

/** The figures of the nights in [a, b): sold and sellable room-nights, occupancy and revenue (paise). */
export function windowFigures(nightly: readonly NightFigures[], a: string, b: string): FigureDto {
  const part = nightly.filter((n) => n.night >= a && n.night < b);
  const soldNights = part.reduce((s, n) => s + n.sold, 0);
  const sellableNights = part.reduce((s, n) => s + n.sellable, 0);
  return {
    from: a,
    to: b,
    soldNights,
    sellableNights,
    occupancy: occupancyOf(soldNights, sellableNights),
    revenue: part.reduce((s, n) => s + n.paise, 0),
  };
}

/** A stay's figures (ADR 019) from its parts, over the last and next 30 nights. */
function toFigures(row: repo.FiguresRow, w: ReturnType<typeof figureWindows>): FiguresDto {
  const soldBy = new Map(
    json(row.sold).map(([night, sold, rupees]) => [night, { sold: Number(sold), paise: Number(rupees) * 100 }]),
  );
  const blockedBy = new Map(json(row.blocked).map(([night, blocked]) => [night, Number(blocked)]));
  const nightly = nightlyFigures(Number(row.rooms), soldBy, blockedBy, w.from, w.to);
  return {
    stayId: row.id,
    today: w.today,
    last30: windowFigures(nightly, w.from, w.today),
    next30: windowFigures(nightly, w.today, w.to),
    nightly: nightly.map(({ night, sold: s, sellable }) => ({ night, sold: s, sellable })),
  };
}

/** One stay's figures over the last and next 30 nights; another admin's (or an archived) stay is "not found". */
export async function figures(deps: OwnerDeps, ownerId: string, stayId: string): Promise<FiguresDto> {
  await ownStay(deps, ownerId, stayId);
  const w = figureWindows(deps.clock.now());
  const [row] = await repo.figuresOf(deps.db, { ownerId, stayId, from: w.from, to: w.to, limit: 1, offset: 0 });
  if (!row) throw notFound(OWNER_API_MSG.stayNotFound);
  return toFigures(row, w);
}

/**
 * The dashboard's figures: every live stay of the owner, by name, a page of `figuresPageSize`, each with the same
 * figures as its own page gives, read in one statement for the whole page.
 */
export async function ownerFigures(deps: OwnerDeps, ownerId: string, page: number): Promise<OwnerFiguresPage> {
  const pageSize = OWNER_LIMITS.figuresPageSize;
  const w = figureWindows(deps.clock.now());
  const rows = await repo.figuresOf(deps.db, { ownerId, from: w.from, to: w.to, limit: pageSize, offset: (page - 1) * pageSize });
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? await repo.countLiveStays(deps.db, ownerId) : 0;
  return { stays: rows.map((r) => ({ ...toFigures(r, w), name: r.name })), page, pageSize, total };
}
