import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '#src/db/client.ts';
import { bookingRooms, bookings, paymentEvents, roomNights, roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingRoomRow = typeof bookingRooms.$inferSelect;

/** A chosen room as the booking needs it: live, with its type's price and capacity and its stay. */
export type RoomForBooking = {
  id: string;
  number: number;
  stayId: string;
  title: string;
  price: number;
  maxPeople: number;
};

export async function findLiveStay(q: Queryable, stayId: string) {
  const [row] = await q
    .select({ id: stays.id, name: stays.name, hotelImage: stays.hotelImage })
    .from(stays)
    .where(and(eq(stays.id, stayId), isNull(stays.archivedAt)))
    .limit(1);
  return row;
}

/** The live room numbers among `ids` (of any stay), with their room type's price and capacity. */
export async function findLiveRooms(q: Queryable, ids: readonly string[]): Promise<RoomForBooking[]> {
  if (ids.length === 0) return [];
  return q
    .select({
      id: roomNumbers.id,
      number: roomNumbers.number,
      stayId: roomNumbers.stayId,
      title: roomTypes.title,
      price: roomTypes.price,
      maxPeople: roomTypes.maxPeople,
    })
    .from(roomNumbers)
    .innerJoin(roomTypes, eq(roomTypes.id, roomNumbers.roomTypeId))
    .where(and(inArray(roomNumbers.id, [...ids]), isNull(roomNumbers.archivedAt), isNull(roomTypes.archivedAt)));
}

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Releases expired holds: marks the pending bookings whose hold ran out as 'expired' and deletes their nights,
 * in one statement. With `rooms`, only holds on those rooms between the dates are released (the booking path);
 * without, every expired hold (the sweep). Returns the ids released.
 */
export async function releaseExpiredHolds(
  q: Queryable,
  now: Date,
  rooms?: { roomNumberIds: readonly string[]; from: string; to: string },
): Promise<string[]> {
  const scope = rooms
    ? sql`and id in (select booking_id from room_nights where room_number_id in (${uuidList(rooms.roomNumberIds)})
        and night >= ${rooms.from}::date and night < ${rooms.to}::date)`
    : sql``;
  const result = await q.execute(sql`
    with expired as (
      update bookings set status = 'expired', updated_at = ${now.toISOString()}::timestamptz
      where status = 'pending_payment' and hold_expires_at <= ${now.toISOString()}::timestamptz ${scope}
      returning id
    ), freed as (
      delete from room_nights where booking_id in (select id from expired) returning booking_id
    )
    select id from expired`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
  return rows.map((r) => r.id);
}

export async function insertBooking(tx: Tx, values: typeof bookings.$inferInsert) {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking not inserted');
  return row;
}

export async function insertBookingRooms(tx: Tx, rows: (typeof bookingRooms.$inferInsert)[]) {
  if (rows.length) await tx.insert(bookingRooms).values(rows);
}

/** Takes the nights: a primary-key violation here means another booking holds one of them. */
export async function insertRoomNights(tx: Tx, rows: (typeof roomNights.$inferInsert)[]) {
  if (rows.length) await tx.insert(roomNights).values(rows);
}

export async function deleteRoomNights(q: Queryable, bookingId: string) {
  await q.delete(roomNights).where(eq(roomNights.bookingId, bookingId));
}

export async function countRoomNights(q: Queryable, bookingId: string): Promise<number> {
  const [row] = await q.select({ n: sql<number>`count(*)::int` }).from(roomNights).where(eq(roomNights.bookingId, bookingId));
  return Number(row?.n ?? 0);
}

/** Which booking holds a room-night (to name the conflict). */
export async function findTakenNight(q: Queryable, roomNumberIds: readonly string[], nights: readonly string[]) {
  if (!roomNumberIds.length || !nights.length) return undefined;
  const [row] = await q
    .select({ roomNumberId: roomNights.roomNumberId, night: roomNights.night })
    .from(roomNights)
    .where(and(inArray(roomNights.roomNumberId, [...roomNumberIds]), inArray(roomNights.night, [...nights])))
    .orderBy(roomNights.night)
    .limit(1);
  return row;
}

export async function findBooking(q: Queryable, id: string) {
  const [row] = await q.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** The booking row locked for the rest of the transaction (serialises confirm, cancel and webhooks). */
export async function lockBooking(tx: Tx, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
  return row;
}

export async function findBookingByOrderId(q: Queryable, orderId: string) {
  const [row] = await q.select().from(bookings).where(eq(bookings.providerOrderId, orderId)).limit(1);
  return row;
}

export async function updateBooking(q: Queryable, id: string, values: Partial<typeof bookings.$inferInsert>) {
  const [row] = await q
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error('booking vanished');
  return row;
}

export async function roomsOfBookings(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return [];
  return q
    .select()
    .from(bookingRooms)
    .where(inArray(bookingRooms.bookingId, [...bookingIds]))
    .orderBy(bookingRooms.number);
}

export async function bookingsOfUser(q: Queryable, userId: string) {
  return q
    .select({ booking: bookings, hotelImage: stays.hotelImage })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
}

export async function hotelImageOf(q: Queryable, stayId: string) {
  const [row] = await q.select({ hotelImage: stays.hotelImage }).from(stays).where(eq(stays.id, stayId)).limit(1);
  return row?.hotelImage ?? null;
}

/** Records a provider event; false when it was seen before (replay). */
export async function recordPaymentEvent(tx: Tx, event: { id: string; type: string; payload: unknown }) {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, payload: event.payload })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export type { Db };
