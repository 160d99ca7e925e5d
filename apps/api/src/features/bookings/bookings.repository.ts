import type { GstStanding } from '@repo/shared/domain/gst-supply';
import { and, count, desc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { namedStatement, type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { z } from 'zod';
import {
  bookingRooms,
  bookings,
  holdDue,
  paymentEvents,
  payments,
  refunds,
  reviews,
  roomNights,
  stays,
  users,
} from '#src/db/schema/index.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingRoomRow = typeof bookingRooms.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

/** A chosen room as the booking needs it: live, with its type's price and capacity and its stay. */
export type RoomForBooking = {
  id: string;
  number: number;
  stayId: string;
  title: string;
  roomTypeId: string;
  /** The room type's base price, weekend price and minimum nights (its seasons are read apart). */
  price: number;
  weekendPrice: number | null;
  minNights: number;
  maxPeople: number;
};

const stayWithRooms = sql`
  select s.id as stay_id, s.name, s.city, s.hotel_image, s.seasons_until,
         u.email_confirmed_at is not null as email_confirmed, u.billing_address, u.billing_pin, u.billing_state,
         s.cancellation_free_days, s.cancellation_refund_percent, s.state_code, s.gstin,
         d.registration, d.gstin as declared_gstin, d.liable,
         rn.id, rn.number, rn.stay_id as room_stay_id, rt.id as room_type_id, rt.title, rt.price, rt.weekend_price,
         rt.min_nights, rt.max_people
  from stays s
  left join room_numbers rn
    on rn.id = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::uuid)) and rn.archived_at is null
  left join room_types rt on rt.id = rn.room_type_id and rt.archived_at is null
  left join users u on u.id = ${sql.placeholder('userId')}::uuid
  left join lateral (
    select d.registration, d.gstin, d.liable from gst_declarations d
    where d.owner_id = s.owner_id and d.state_code = coalesce(s.state_code, left(s.gstin, 2))
    order by d.created_at desc limit 1
  ) d on true
  where s.id = ${sql.placeholder('stayId')}::uuid and s.archived_at is null`;

type StayWithRoomsRow = {
  stay_id: string;
  name: string;
  city: string;
  email_confirmed: boolean | null;
  billing_address: string | null;
  billing_pin: string | null;
  billing_state: string | null;
  hotel_image: (typeof stays.$inferSelect)['hotelImage'];
  seasons_until: string | null;
  cancellation_free_days: number;
  cancellation_refund_percent: number;
  state_code: string | null;
  gstin: string | null;
  registration: GstStanding['registration'] | null;
  declared_gstin: string | null;
  liable: boolean | null;
  id: string | null;
  number: number | null;
  room_stay_id: string | null;
  room_type_id: string | null;
  title: string | null;
  price: number | null;
  weekend_price: number | null;
  min_nights: number | null;
  max_people: number | null;
};
/** The hold's first read, a named statement: each connection plans it once. */
const stayWithRoomsStatement = namedStatement<StayWithRoomsRow>('stay_with_rooms', stayWithRooms);

/** What a hold needs of its stay: its name and image, its seasons' reach and its policy. */
export type StayForBooking = {
  id: string;
  name: string;
  city: string;
  hotelImage: (typeof stays.$inferSelect)['hotelImage'];
  /** The last night any of its seasons prices (stays.seasons_until): none reach dates after it. */
  seasonsUntil: string | null;
  /** Its cancellation policy now, which a booking keeps. */
  policy: NonNullable<BookingRow['cancellationPolicy']>;
  /** Its state and GSTIN, and its owner's GST declaration in force for the state (null: none made). */
  tax: { stateCode: string | null; gstin: string | null; standing: GstStanding | null };
};

/**
 * A live stay with the live rooms among `ids` (of any stay; a room of another stay shows as such), and of the
 * booking account whether it has confirmed its email address and its billing address on record (read with them: no
 * round trip of their own).
 */
export async function findStayWithRooms(
  q: Queryable,
  stayId: string,
  ids: readonly string[],
  userId: string,
): Promise<
  | {
      stay: StayForBooking;
      rooms: RoomForBooking[];
      emailConfirmed: boolean;
      billing: { address: string | null; pin: string | null; state: string | null };
    }
  | undefined
> {
  const rows = await stayWithRoomsStatement(q, { stayId, ids: JSON.stringify(ids), userId });
  const first = rows[0];
  if (!first) return undefined;
  const rooms: RoomForBooking[] = [];
  for (const r of rows)
    if (
      r.id !== null &&
      r.number !== null &&
      r.room_stay_id !== null &&
      r.room_type_id !== null &&
      r.title !== null &&
      r.price !== null &&
      r.min_nights !== null &&
      r.max_people !== null
    )
      rooms.push({
        id: r.id,
        number: r.number,
        stayId: r.room_stay_id,
        roomTypeId: r.room_type_id,
        title: r.title,
        price: r.price,
        weekendPrice: r.weekend_price,
        minNights: r.min_nights,
        maxPeople: r.max_people,
      });
  return {
    emailConfirmed: first.email_confirmed === true,
    billing: { address: first.billing_address, pin: first.billing_pin, state: first.billing_state },
    stay: {
      id: first.stay_id,
      name: first.name,
      city: first.city,
      hotelImage: first.hotel_image,
      seasonsUntil: first.seasons_until,
      policy: { freeDays: first.cancellation_free_days, refundPercent: first.cancellation_refund_percent },
      tax: {
        stateCode: first.state_code,
        gstin: first.gstin,
        standing: first.registration
          ? { registration: first.registration, gstin: first.declared_gstin, liable: first.liable === true }
          : null,
      },
    },
    rooms,
  };
}

/**
 * The statement that counts what one address holds unpaid in a city on the nights from `from` to `to`: the most
 * rooms on any one of those nights, of the stay and of the city (staybook_held_from, migration 0026: the hold counts
 * with it). Read through bookings_ip_holds_idx (the address's pending bookings on the dates), so its cost is that of
 * the address's own holds (ADR 024).
 */
type HeldFrom = { address: string; stayId: string; city: string; from: string; to: string; now: Date };
export const heldFromSql = (a: HeldFrom) => heldFromQuery({ ...a, now: a.now.toISOString() });
const heldFromQuery = (a: Record<keyof HeldFrom, unknown>) =>
  sql`select stay_rooms, city_rooms
      from staybook_held_from(${a.address}::text, ${a.stayId}::uuid, ${a.city}::text, ${a.from}::date, ${a.to}::date,
                              ${a.now}::timestamptz)`;

/** How many live rooms a stay has (room_types.live_rooms counts each type's live room numbers). */
export async function roomsOfStay(q: Queryable, stayId: string) {
  const [row] = await selectRows<{ rooms: number }>(
    q,
    sql`select coalesce(sum(live_rooms), 0)::int as rooms from room_types where stay_id = ${stayId}::uuid`,
  );
  return Number(row?.rooms ?? 0);
}

/** How many live rooms a city's live stays have: its room types' counts, not its room numbers one by one. */
export async function roomsOfCity(q: Queryable, city: string) {
  const [row] = await selectRows<{ rooms: number }>(
    q,
    sql`select coalesce(sum(t.live_rooms), 0)::int as rooms from room_types t join stays s on s.id = t.stay_id
        where s.city = ${city} and s.archived_at is null`,
  );
  return Number(row?.rooms ?? 0);
}

/**
 * The statement that counts an account's live holds (staybook_held_by, migration 0026: the hold counts with it): read
 * through bookings_user_holds_idx (the account's pending bookings), so its cost does not grow with the holds of
 * everyone else.
 */
export const heldBySql = (userId: string, now: Date) => heldByQuery(userId, now.toISOString());
const heldByQuery = (userId: unknown, now: unknown) =>
  sql`select rooms, room_nights from staybook_held_by(${userId}::uuid, ${now}::timestamptz)`;

const ph = (name: string) => sql.placeholder(name);
/**
 * Both counts with placeholders, through the functions staybook_hold calls (a test explains the generic plan
 * PostgreSQL keeps for them: each function is inlined with its own index).
 */
export const heldByAndFromSql = sql`select by_account.rooms, by_account.room_nights, from_address.stay_rooms, from_address.city_rooms
      from (${heldByQuery(ph('userId'), ph('now'))}) by_account,
           (${heldFromQuery({ address: ph('address'), stayId: ph('stayId'), city: ph('city'), from: ph('from'), to: ph('to'), now: ph('now') })}) from_address`;

/** What taking a hold came to: held, or the cap it would pass (nothing stored), or 'shares' (see takeHold). */
export type HoldOutcome = 'held' | 'rooms' | 'room_nights' | 'stay_share' | 'city_share' | 'shares';

/** The caps a hold is checked against: of one account, and of the address it comes from (see takeHold). */
export type HoldCaps = { maxRooms: number; maxRoomNights: number; minShare: number; stayShare?: number; cityShare?: number };

/**
 * Takes a hold in one statement, which is its own transaction (staybook_hold, migration 0026; ADR 048): the
 * account's lock and its address's, what each already holds counted once the locks are granted, the caps, then the
 * booking, its booking_rooms rows and one room_nights row per room per night, in (room, night) order so that two
 * overlapping holds never wait on each other in a cycle. With `saveAddress`, the booking's billing address goes to
 * its guest's profile when the profile has none yet (asked once). A primary-key violation on room_nights means
 * another booking has one of the nights; the nights take their room type and blocks_until from the database
 * (trigger room_nights_fill). The address's shares of the stay and the city may be left out of `caps`: a hold that
 * needs them (past `minShare` rooms) then comes back 'shares', nothing stored. A hold's stay is left for its report
 * (reportStayChanges, once committed; migration 0033).
 */
export async function takeHold(
  q: Queryable,
  h: {
    booking: BookingRow;
    rooms: readonly BookingRoomRow[];
    nights: readonly string[];
    city: string;
    saveAddress: boolean;
    caps: HoldCaps;
  },
): Promise<HoldOutcome> {
  const { booking: b } = h;
  const [row] = await takeHoldStatement(q, {
    h: JSON.stringify({
      ...b,
      ...h.caps,
      city: h.city,
      saveAddress: h.saveAddress,
      rooms: h.rooms.map((r) => ({
        room_number_id: r.roomNumberId,
        number: r.number,
        title: r.title,
        price_per_night: r.pricePerNight,
        nightly_prices: r.nightlyPrices,
        rate_plan_id: r.ratePlanId,
        plan_name: r.planName,
        meal_plan: r.mealPlan,
      })),
      roomIds: h.rooms.map((r) => r.roomNumberId).sort(),
      nightList: h.nights,
    }),
  });
  if (!row) throw new Error('staybook_hold returned no row');
  return row.outcome;
}

/** takeHold's statement, named: each connection plans it once. */
const takeHoldStatement = namedStatement<{ outcome: HoldOutcome }>(
  'take_hold',
  sql`select staybook_hold(${ph('h')}::jsonb) as outcome`,
);

/**
 * Reports on `staybook_rooms` the stays a hold left for its report (staybook_report_stay_changes, migration 0033;
 * ADR 058): the booking's, once its hold is committed, or, with `olderThanSeconds`, those left that long ago by holds
 * whose process stopped before reporting them. Returns how many stays it reported.
 */
export async function reportStayChanges(q: Queryable, of: { bookingId: string } | { olderThanSeconds: number }): Promise<number> {
  const [row] =
    'bookingId' in of
      ? await reportHeldStayStatement(q, { booking: of.bookingId })
      : await selectRows<unknown>(
          q,
          sql`select staybook_report_stay_changes(null, make_interval(secs => ${of.olderThanSeconds})) as reported`,
        );
  return row === undefined ? 0 : Reported.parse(row).reported;
}

const Reported = z.object({ reported: z.coerce.number().int() });

const reportHeldStayStatement = namedStatement<unknown>(
  'report_held_stay',
  sql`select staybook_report_stay_changes(${ph('booking')}::uuid, null) as reported`,
);

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
  const result = await selectRows<{ id: string }>(q, releaseExpiredHoldsSql(now, rooms));
  return result.map((r) => r.id);
}

/** The statement of releaseExpiredHolds (a test explains the sweep's). */
export function releaseExpiredHoldsSql(now: Date, rooms?: { roomNumberIds: readonly string[]; from: string; to: string }) {
  // The sweep reads the holds that ran out by holdDue (bookings_holds_due_idx, which only it can take); the booking
  // path reads the nights of its rooms.
  const due = rooms
    ? sql`status = 'pending_payment' and hold_expires_at <= ${now.toISOString()}::timestamptz
        and id in (select booking_id from room_nights where room_number_id in (${uuidList(rooms.roomNumberIds)})
        and night >= ${rooms.from}::date and night < ${rooms.to}::date)`
    : sql`${holdDue(bookings)} <= ${now.toISOString()}::timestamptz`;
  return sql`
    with expired as (
      update bookings set status = 'expired', updated_at = ${now.toISOString()}::timestamptz
      where ${due}
      returning id
    ), freed as (
      delete from room_nights where booking_id in (select id from expired) returning booking_id
    )
    select id from expired`;
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

/** True when the room's night is one its owner blocked (a room_nights row with a block, not a booking). */
export async function isBlockedNight(q: Queryable, roomNumberId: string, night: string): Promise<boolean> {
  const rows = await q
    .select({ blockId: roomNights.blockId })
    .from(roomNights)
    .where(and(eq(roomNights.roomNumberId, roomNumberId), eq(roomNights.night, night), isNotNull(roomNights.blockId)))
    .limit(1);
  return rows.length > 0;
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

/**
 * Keeps a payment the gateway left pending (a UPI request the guest approves in their UPI app) as the booking's
 * latest attempt (bookings.failure, with `state: 'pending'`), while the booking awaits payment and unless that
 * payment's outcome was recorded first (its failure carries its id).
 */
export async function recordPendingAttempt(
  q: Queryable,
  id: string,
  attempt: { orderId: string; paymentId: string; method: string; at: string },
) {
  await q
    .update(bookings)
    .set({ failure: { state: 'pending', ...attempt }, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.status, 'pending_payment'),
        sql`(${bookings.failure} ->> 'paymentId') is distinct from ${attempt.paymentId}`,
      ),
    );
}

/** Which of these gateway payment ids the ledger has recorded (captured payments). */
export async function recordedPaymentIds(q: Queryable, providerPaymentIds: readonly string[]): Promise<Set<string>> {
  if (!providerPaymentIds.length) return new Set();
  const rows = await q
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(inArray(payments.providerPaymentId, [...providerPaymentIds]));
  return new Set(rows.map((r) => r.id));
}

/** Per booking: its refunds the gateway has named (its refund id and state), oldest first. */
export async function gatewayRefundsOf(q: Queryable, bookingIds: readonly string[]) {
  const byBooking = new Map<string, { id: string; status: 'pending' | 'processed' | 'failed' }[]>();
  if (!bookingIds.length) return byBooking;
  const rows = await q
    .select({ bookingId: refunds.bookingId, id: refunds.providerRefundId, status: refunds.status })
    .from(refunds)
    .where(and(inArray(refunds.bookingId, [...bookingIds]), isNotNull(refunds.providerRefundId)))
    .orderBy(refunds.createdAt, refunds.id);
  for (const r of rows) {
    if (!r.id) continue;
    const list = byBooking.get(r.bookingId) ?? [];
    list.push({ id: r.id, status: r.status });
    byBooking.set(r.bookingId, list);
  }
  return byBooking;
}

export async function roomsOfBookings(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return [];
  return q
    .select()
    .from(bookingRooms)
    .where(inArray(bookingRooms.bookingId, [...bookingIds]))
    .orderBy(bookingRooms.number);
}

/** The reviews of the given bookings (at most one each), by booking id. */
export async function reviewsOfBookings(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return new Map<string, typeof reviews.$inferSelect>();
  const rows = await q
    .select()
    .from(reviews)
    .where(inArray(reviews.bookingId, [...bookingIds]));
  return new Map(rows.map((r) => [r.bookingId, r]));
}

export async function bookingsOfUser(q: Queryable, userId: string) {
  return q
    .select({ booking: bookings, hotelImage: stays.hotelImage })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(and(eq(bookings.userId, userId), eq(bookings.source, 'online')))
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

/** Who to write to about a booking. */
export async function guestOf(q: Queryable, userId: string) {
  const [row] = await q
    .select({ id: users.id, firstName: users.firstName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** A booking of one of the owner's stays (undefined for a booking of another owner's stay). */
export async function bookingOfOwner(q: Queryable, ownerId: string, bookingId: string) {
  const [row] = await q
    .select({ booking: bookings, guestFirstName: users.firstName, guestLastName: users.lastName })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.id, bookingId), eq(stays.ownerId, ownerId)))
    .limit(1);
  return row;
}

/**
 * Bookings not over yet, of a guest or of a stay: confirmed ones whose check-out is after today, and payment holds
 * still running. They keep the account or the stay from being removed.
 */
export async function openBookingCount(db: Queryable, of: { userId: string } | { stayId: string }, today: string) {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        'userId' in of ? eq(bookings.userId, of.userId) : eq(bookings.stayId, of.stayId),
        or(
          and(eq(bookings.status, 'confirmed'), gt(bookings.checkOut, today)),
          and(eq(bookings.status, 'pending_payment'), gt(bookings.holdExpiresAt, sql`now()`)),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}
