import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { bookingRooms, ratePlans, roomBlocks, roomNights, roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';

export type RoomTypeRow = typeof roomTypes.$inferSelect;
export type RoomTypeValues = Pick<RoomTypeRow, 'title' | 'description' | 'price' | 'weekendPrice' | 'minNights' | 'maxPeople'>;

/** A live stay with its owner, locked for the transaction (room changes of one stay queue up). */
export async function lockLiveStay(tx: Queryable, stayId: string) {
  const [row] = await tx
    .select({ id: stays.id, ownerId: stays.ownerId, name: stays.name })
    .from(stays)
    .where(and(eq(stays.id, stayId), isNull(stays.archivedAt)))
    .for('update');
  return row;
}

export async function findLiveStay(db: Queryable, stayId: string) {
  const [row] = await db
    .select({ id: stays.id, ownerId: stays.ownerId, name: stays.name })
    .from(stays)
    .where(and(eq(stays.id, stayId), isNull(stays.archivedAt)));
  return row;
}

/** A live room type of a live stay, with the stay's owner. */
export async function findLiveRoomType(db: Queryable, roomTypeId: string) {
  const [row] = await db
    .select({ roomType: roomTypes, ownerId: stays.ownerId })
    .from(roomTypes)
    .innerJoin(stays, eq(stays.id, roomTypes.stayId))
    .where(and(eq(roomTypes.id, roomTypeId), isNull(roomTypes.archivedAt), isNull(stays.archivedAt)));
  return row;
}

/** Which of these numbers a live room of the stay already has. */
export async function takenNumbers(db: Queryable, stayId: string, numbers: number[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await db
    .select({ number: roomNumbers.number })
    .from(roomNumbers)
    .where(and(eq(roomNumbers.stayId, stayId), isNull(roomNumbers.archivedAt), inArray(roomNumbers.number, numbers)))
    .orderBy(asc(roomNumbers.number));
  return rows.map((r) => r.number);
}

export async function insertRoomType(db: Queryable, stayId: string, values: RoomTypeValues): Promise<RoomTypeRow> {
  const [row] = await db
    .insert(roomTypes)
    .values({ ...values, stayId })
    .returning();
  if (!row) throw new Error('room type not inserted');
  return row;
}

export async function insertRoomNumbers(db: Queryable, stayId: string, roomTypeId: string, numbers: number[]) {
  if (numbers.length === 0) return;
  await db.insert(roomNumbers).values(numbers.map((number) => ({ stayId, roomTypeId, number })));
}

export async function updateRoomType(db: Queryable, id: string, values: Partial<RoomTypeValues>) {
  if (Object.keys(values).length === 0) return;
  await db.update(roomTypes).set(values).where(eq(roomTypes.id, id));
}

/** The admin rooms list of a stay: one row per live room number, by number. */
export function roomRows(db: Queryable, stayId: string) {
  return db
    .select({
      roomTypeId: roomTypes.id,
      roomNumberId: roomNumbers.id,
      stayName: stays.name,
      number: roomNumbers.number,
      price: roomTypes.price,
      weekendPrice: roomTypes.weekendPrice,
      minNights: roomTypes.minNights,
      title: roomTypes.title,
    })
    .from(roomNumbers)
    .innerJoin(roomTypes, eq(roomTypes.id, roomNumbers.roomTypeId))
    .innerJoin(stays, eq(stays.id, roomNumbers.stayId))
    .where(and(eq(roomNumbers.stayId, stayId), isNull(roomNumbers.archivedAt), isNull(roomTypes.archivedAt)))
    .orderBy(asc(roomNumbers.number), asc(roomTypes.title));
}

export async function findLiveRoomNumber(db: Queryable, roomNumberId: string, roomTypeId: string) {
  const [row] = await db
    .select()
    .from(roomNumbers)
    .where(and(eq(roomNumbers.id, roomNumberId), eq(roomNumbers.roomTypeId, roomTypeId), isNull(roomNumbers.archivedAt)));
  return row;
}

/** True when the room is held by a confirmed booking (or a running payment hold) for a night from today on. */
export async function hasUpcomingNights(db: Queryable, roomNumberId: string, today: string): Promise<boolean> {
  const rows = await db
    .select({ night: roomNights.night })
    .from(roomNights)
    .where(and(eq(roomNights.roomNumberId, roomNumberId), gte(roomNights.night, today), gt(roomNights.blocksUntil, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

/** Gives back to sale the room's nights its owner blocked from `today` on (a deleted room is not for sale anyway). */
export async function releaseBlockedNights(db: Queryable, roomNumberId: string, today: string) {
  await db
    .delete(roomNights)
    .where(and(eq(roomNights.roomNumberId, roomNumberId), gte(roomNights.night, today), isNotNull(roomNights.blockId)));
}

/** True when any booking or block ever named this room (its rows must stay for the records). */
export async function hasBookingHistory(db: Queryable, roomNumberId: string): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(bookingRooms).where(eq(bookingRooms.roomNumberId, roomNumberId));
  if (Number(a?.n ?? 0) > 0) return true;
  const [c] = await db.select({ n: count() }).from(roomBlocks).where(eq(roomBlocks.roomNumberId, roomNumberId));
  if (Number(c?.n ?? 0) > 0) return true;
  const [b] = await db.select({ n: count() }).from(roomNights).where(eq(roomNights.roomNumberId, roomNumberId));
  return Number(b?.n ?? 0) > 0;
}

export async function archiveRoomNumber(db: Queryable, id: string) {
  await db.update(roomNumbers).set({ archivedAt: new Date() }).where(eq(roomNumbers.id, id));
}

export async function deleteRoomNumber(db: Queryable, id: string) {
  await db.delete(roomNumbers).where(eq(roomNumbers.id, id));
}

/** Room numbers of a type: live ones, and all (archived included). */
export async function roomNumberCounts(db: Queryable, roomTypeId: string) {
  const [row] = await db
    .select({
      all: count(),
      live: sql<number>`count(*) filter (where ${roomNumbers.archivedAt} is null)`.mapWith(Number),
    })
    .from(roomNumbers)
    .where(eq(roomNumbers.roomTypeId, roomTypeId));
  return { all: Number(row?.all ?? 0), live: Number(row?.live ?? 0) };
}

export async function archiveRoomType(db: Queryable, id: string) {
  await db.update(roomTypes).set({ archivedAt: new Date() }).where(eq(roomTypes.id, id));
}

/** Deletes a room type that was never booked, with its rate plans. */
export async function deleteRoomType(db: Queryable, id: string) {
  await db.delete(ratePlans).where(eq(ratePlans.roomTypeId, id));
  await db.delete(roomTypes).where(eq(roomTypes.id, id));
}
