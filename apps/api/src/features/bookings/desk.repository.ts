import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import {
  bookingRooms,
  bookings,
  formCReports,
  guestIds,
  payments,
  refunds,
  roomHousekeeping,
  roomNights,
  stays,
  users,
} from '#src/db/schema/index.ts';
import type { BookingRoomRow, BookingRow } from './bookings.repository.ts';

/** A stay as the desk's scope reads it: its owner, and whether it is live. */
export async function stayOfDesk(q: Queryable, stayId: string) {
  const [row] = await q
    .select({ id: stays.id, name: stays.name, ownerId: stays.ownerId, archivedAt: stays.archivedAt })
    .from(stays)
    .where(eq(stays.id, stayId))
    .limit(1);
  return row;
}

/** A booking with its stay's owner, as the desk's scope reads it. */
export async function bookingOfDesk(q: Queryable, bookingId: string) {
  const [row] = await q
    .select({ booking: bookings, ownerId: stays.ownerId, stayName: stays.name })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}

/** How many of the booking's guests have a Form C recorded (ADR 067). */
export async function formCCount(q: Queryable, bookingId: string): Promise<number> {
  const rows = await q.select({ id: formCReports.id }).from(formCReports).where(eq(formCReports.bookingId, bookingId));
  return rows.length;
}

/** The booking locked for the rest of the transaction. */
export async function lockDeskBooking(tx: Tx, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
  return row;
}

/**
 * Stores a desk booking confirmed at once, its rooms and one room_nights row per room per night, in (room, night)
 * order as a hold does: a primary-key violation on room_nights means another booking, a live hold or a block has one
 * of the nights (the same guarantee as a hold's, ADR 064).
 */
export async function insertDeskBooking(
  tx: Tx,
  booking: BookingRow,
  rooms: readonly BookingRoomRow[],
  nights: readonly string[],
) {
  await tx.insert(bookings).values(booking);
  await tx.insert(bookingRooms).values([...rooms]);
  const ids = rooms.map((r) => r.roomNumberId).sort();
  await tx
    .insert(roomNights)
    .values(
      ids.flatMap((roomNumberId) =>
        nights.map((night) => ({ roomNumberId, night, bookingId: booking.id, stayId: booking.stayId })),
      ),
    );
}

/** Records money taken at the desk: a ledger payment of provider 'desk' with its method and reference (append-only). */
export async function insertDeskPayment(
  q: Queryable,
  p: {
    id: string;
    bookingId: string;
    amountPaise: number;
    method: 'cash' | 'upi_desk' | 'card_desk';
    reference: string;
    takenBy: string;
    at: Date;
  },
) {
  const [row] = await q
    .insert(payments)
    .values({
      id: p.id,
      bookingId: p.bookingId,
      provider: 'desk',
      providerPaymentId: `desk_${p.id}`,
      providerOrderId: null,
      amountPaise: p.amountPaise,
      currency: 'INR',
      source: 'desk',
      method: p.method,
      reference: p.reference,
      takenBy: p.takenBy,
      createdAt: p.at,
    })
    .returning();
  if (!row) throw new Error('desk payment not recorded');
  return row;
}

/** A booking's ledger: its payments and refunds, oldest first. */
export async function ledgerOf(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return { payments: [], refunds: [] };
  const ids = [...bookingIds];
  const [paid, refunded] = await Promise.all([
    q.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.createdAt)),
    q.select().from(refunds).where(inArray(refunds.bookingId, ids)).orderBy(asc(refunds.createdAt)),
  ]);
  return { payments: paid, refunds: refunded };
}

/** What of a booking was paid at the desk (paise). */
export async function deskPaidOf(q: Queryable, bookingId: string) {
  const [row] = await q
    .select({ sum: sql<string>`coalesce(sum(${payments.amountPaise}), 0)` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.provider, 'desk')));
  return Number(row?.sum ?? 0);
}

/** The guests (account holders) of online bookings: name, email and mobile. */
export async function accountsOf(q: Queryable, userIds: readonly string[]) {
  if (!userIds.length) return new Map<string, { name: string; email: string; mobile: string | null }>();
  const rows = await q
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { name: `${r.firstName} ${r.lastName}`.trim(), email: r.email, mobile: r.mobile }]));
}

/**
 * A stay's confirmed bookings the desk works on `today`: arriving today or earlier and not yet arrived or marked
 * (arrivals and late arrivals), staying (checked in), leaving today, and today's no-shows.
 */
export async function deskBookingsOfDay(q: Queryable, stayId: string, today: string) {
  return q
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.stayId, stayId),
        eq(bookings.status, 'confirmed'),
        or(
          and(isNull(bookings.arrival), lte(bookings.checkIn, today), gte(bookings.checkOut, today)),
          eq(bookings.arrival, 'checked_in'),
          and(eq(bookings.arrival, 'checked_out'), gte(bookings.checkedOutAt, new Date(`${today}T00:00:00+05:30`))),
          and(eq(bookings.arrival, 'no_show'), lte(bookings.checkIn, today), gte(bookings.checkOut, today)),
        ),
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.createdAt));
}

export async function roomsOf(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return [];
  return q
    .select()
    .from(bookingRooms)
    .where(inArray(bookingRooms.bookingId, [...bookingIds]))
    .orderBy(asc(bookingRooms.number));
}

export async function guestIdsOf(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return new Map<string, typeof guestIds.$inferSelect>();
  const rows = await q
    .select()
    .from(guestIds)
    .where(inArray(guestIds.bookingId, [...bookingIds]));
  return new Map(rows.map((r) => [r.bookingId, r]));
}

export async function insertGuestId(tx: Tx, values: typeof guestIds.$inferInsert) {
  await tx.insert(guestIds).values(values);
}

/** From check-out (or a no-show), the ID is kept until `eraseAfter`. */
export async function setIdErasure(tx: Tx, bookingId: string, eraseAfter: Date) {
  await tx
    .update(guestIds)
    .set({ eraseAfter })
    .where(and(eq(guestIds.bookingId, bookingId), isNull(guestIds.erasedAt)));
}

/** Erases the numbers whose time is past: the sealed number nulled, the erasure dated. How many. */
export async function eraseDueGuestIds(q: Queryable, now: Date) {
  const rows = await q
    .update(guestIds)
    .set({ sealed: null, erasedAt: now })
    .where(and(isNotNull(guestIds.sealed), isNotNull(guestIds.eraseAfter), lte(guestIds.eraseAfter, now)))
    .returning({ bookingId: guestIds.bookingId });
  return rows.length;
}

/** The arrival state of a booking changes (checked in, checked out, no-show) with its time. */
export async function setArrival(
  tx: Tx,
  id: string,
  values: Pick<Partial<BookingRow>, 'arrival' | 'arrivalAt' | 'checkedOutAt'>,
) {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error('booking vanished');
  return row;
}

/** A room left becomes dirty (housekeeping, ADR 064), whatever it was marked before. */
export async function markRoomsDirty(tx: Tx, roomNumberIds: readonly string[], by: string, at: Date) {
  if (!roomNumberIds.length) return;
  await tx
    .insert(roomHousekeeping)
    .values(roomNumberIds.map((roomNumberId) => ({ roomNumberId, status: 'dirty' as const, updatedBy: by, updatedAt: at })))
    .onConflictDoUpdate({
      target: roomHousekeeping.roomNumberId,
      set: {
        status: sql`case when ${roomHousekeeping.status} = 'out_of_order' then 'out_of_order' else 'dirty' end`,
        updatedBy: by,
        updatedAt: at,
      },
    });
}

/** The IDs the stays hold about a guest's own bookings (their data export): type, sealed number, when erased. */
export async function guestIdsOfUser(q: Queryable, userId: string) {
  return q
    .select({
      bookingId: guestIds.bookingId,
      hotelName: bookings.hotelName,
      idType: guestIds.idType,
      sealed: guestIds.sealed,
      recordedAt: guestIds.recordedAt,
      eraseAfter: guestIds.eraseAfter,
      erasedAt: guestIds.erasedAt,
    })
    .from(guestIds)
    .innerJoin(bookings, eq(bookings.id, guestIds.bookingId))
    .where(and(eq(bookings.userId, userId), eq(bookings.source, 'online')));
}

const TodayRow = z.object({
  id: z.string(),
  name: z.string(),
  arrivals: z.coerce.number().int(),
  in_house: z.coerce.number().int(),
  departures: z.coerce.number().int(),
  no_shows: z.coerce.number().int(),
});

/**
 * Today at each live stay of an owner: arrivals (due by today, not yet arrived), guests in house, departures (leaving
 * today or overdue, or checked out today) and no-shows, counted as the desk's day lists them.
 */
export async function deskTodayOf(q: Queryable, ownerId: string, today: string) {
  const rows = await selectRows<unknown>(
    q,
    sql`select s.id, s.name,
          count(b.id) filter (where b.arrival is null and b.check_in <= ${today}::date and b.check_out > ${today}::date) as arrivals,
          count(b.id) filter (where b.arrival = 'checked_in' and b.check_out > ${today}::date) as in_house,
          count(b.id) filter (where (b.arrival = 'checked_in' and b.check_out <= ${today}::date)
                              or (b.arrival = 'checked_out'
                                  and (b.checked_out_at at time zone 'Asia/Kolkata')::date = ${today}::date)) as departures,
          count(b.id) filter (where b.arrival = 'no_show' and b.check_out > ${today}::date) as no_shows
        from stays s
        left join bookings b on b.stay_id = s.id and b.status = 'confirmed' and b.check_in <= ${today}::date
          and (b.check_out >= ${today}::date or b.arrival = 'checked_in')
        where s.owner_id = ${ownerId}::uuid and s.archived_at is null
        group by s.id, s.name order by s.name, s.id`,
  );
  return rows.map((r) => TodayRow.parse(r));
}
