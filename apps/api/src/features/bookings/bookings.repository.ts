import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable, RawQuery, Tx } from '#src/db/client.ts';
import { bookingRooms, bookings, paymentEvents, roomNights, stays } from '#src/db/schema/index.ts';

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

const STAY_WITH_ROOMS = `
  select s.id as stay_id, s.name, s.hotel_image,
         rn.id, rn.number, rn.stay_id as room_stay_id, rt.title, rt.price, rt.max_people
  from stays s
  left join room_numbers rn
    on rn.id = any(array(select jsonb_array_elements_text($2::jsonb)::uuid)) and rn.archived_at is null
  left join room_types rt on rt.id = rn.room_type_id and rt.archived_at is null
  where s.id = $1::uuid and s.archived_at is null`;

type StayWithRoomsRow = {
  stay_id: string;
  name: string;
  hotel_image: (typeof stays.$inferSelect)['hotelImage'];
  id: string | null;
  number: number | null;
  room_stay_id: string | null;
  title: string | null;
  price: number | null;
  max_people: number | null;
};

/** A live stay with the live rooms among `ids` (of any stay; a room of another stay shows as such). */
export async function findStayWithRooms(
  raw: RawQuery,
  stayId: string,
  ids: readonly string[],
): Promise<
  | { stay: { id: string; name: string; hotelImage: (typeof stays.$inferSelect)['hotelImage'] }; rooms: RoomForBooking[] }
  | undefined
> {
  const rows = await raw<StayWithRoomsRow>('stay_with_rooms', STAY_WITH_ROOMS, [stayId, JSON.stringify(ids)]);
  const first = rows[0];
  if (!first) return undefined;
  const rooms: RoomForBooking[] = [];
  for (const r of rows)
    if (
      r.id !== null &&
      r.number !== null &&
      r.room_stay_id !== null &&
      r.title !== null &&
      r.price !== null &&
      r.max_people !== null
    )
      rooms.push({ id: r.id, number: r.number, stayId: r.room_stay_id, title: r.title, price: r.price, maxPeople: r.max_people });
  return { stay: { id: first.stay_id, name: first.name, hotelImage: first.hotel_image }, rooms };
}

const INSERT_HOLD = `
  with booking as (
    insert into bookings (id, user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, currency,
                          status, hold_expires_at, provider, provider_order_id, hotel_name, created_at, updated_at)
    values ($1::uuid, $2::uuid, $3::uuid, $4::date, $5::date, $6::integer, $7::integer, $8::integer, $9::bigint, $10,
            $11, $12::timestamptz, $13, $14, $15, $16::timestamptz, $16::timestamptz)
    returning id, stay_id
  ), booked as (
    insert into booking_rooms (booking_id, room_number_id, number, title, price_per_night)
    select booking.id, r.room_number_id, r.number, r.title, r.price_per_night
    from booking, jsonb_to_recordset($17::jsonb)
      as r(room_number_id uuid, number integer, title text, price_per_night integer)
  )
  insert into room_nights (room_number_id, night, booking_id, stay_id)
  select r.id::uuid, n.night::date, booking.id, booking.stay_id
  from booking,
       jsonb_array_elements_text($18::jsonb) with ordinality as r(id, i),
       jsonb_array_elements_text($19::jsonb) with ordinality as n(night, j)
  order by r.i, n.j`;

/** Serialises the holds of one account (in the hold's transaction), so its live holds are counted right. */
export async function lockHoldsOf(raw: RawQuery, userId: string) {
  await raw('lock_holds_of', `select pg_advisory_xact_lock(hashtextextended('staybook:holds:' || $1, 0))`, [userId]);
}

const HELD_BY = `
  select count(*)::int as rooms, coalesce(sum(b.nights), 0)::int as room_nights
  from bookings b join booking_rooms br on br.booking_id = b.id
  where b.user_id = $1::uuid and b.status = 'pending_payment' and b.hold_expires_at > $2::timestamptz`;

/** What an account holds unpaid right now: rooms, and room-nights, over all its live holds. */
export async function heldBy(raw: RawQuery, userId: string, now: Date): Promise<{ rooms: number; roomNights: number }> {
  const [row] = await raw<{ rooms: number; room_nights: number }>('held_by', HELD_BY, [userId, now.toISOString()]);
  return { rooms: Number(row?.rooms ?? 0), roomNights: Number(row?.room_nights ?? 0) };
}

/**
 * A new hold in one statement, so it is stored whole or not at all: the booking, its booking_rooms rows and one
 * room_nights row per room per night, in (room, night) order so that two overlapping holds never wait on each other
 * in a cycle. A primary-key violation on room_nights means another booking has one of the nights.
 */
export async function insertHold(raw: RawQuery, b: BookingRow, rooms: readonly BookingRoomRow[], nights: readonly string[]) {
  const roomRows = rooms.map((r) => ({
    room_number_id: r.roomNumberId,
    number: r.number,
    title: r.title,
    price_per_night: r.pricePerNight,
  }));
  const roomIds = rooms.map((r) => r.roomNumberId).sort();
  await raw('insert_hold', INSERT_HOLD, [
    b.id,
    b.userId,
    b.stayId,
    b.checkIn,
    b.checkOut,
    b.nights,
    b.adults,
    b.children,
    b.amountPaise,
    b.currency,
    b.status,
    b.holdExpiresAt?.toISOString() ?? null,
    b.provider,
    b.providerOrderId,
    b.hotelName,
    b.createdAt.toISOString(),
    JSON.stringify(roomRows),
    JSON.stringify(roomIds),
    JSON.stringify(nights),
  ]);
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
