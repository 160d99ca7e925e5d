import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '#src/db/client.ts';
import { bookings, formCReports, stays } from '#src/db/schema/index.ts';

export type ReportRow = typeof formCReports.$inferSelect;

/** A booking of one of the owner's stays, with what a Form C needs of it (undefined for another owner's or none). */
export async function bookingOfOwner(q: Queryable, ownerId: string, bookingId: string) {
  const [row] = await q
    .select({
      id: bookings.id,
      stayId: bookings.stayId,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      adults: bookings.adults,
      children: bookings.children,
      hotelName: stays.name,
    })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(and(eq(bookings.id, bookingId), eq(stays.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** The booking locked for the transaction (reports of one booking are added one at a time). */
export async function lockBooking(tx: Tx, bookingId: string) {
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for('update');
}

export async function reportsOfBookingCount(q: Queryable, bookingId: string) {
  const [row] = await q.select({ n: count() }).from(formCReports).where(eq(formCReports.bookingId, bookingId));
  return row?.n ?? 0;
}

const listed = { report: formCReports, hotelName: stays.name };

/** Only these stays (a staff member's; none given: nothing), or every one of the owner's (null). */
const inStays = (stayIds: readonly string[] | null) =>
  stayIds === null ? undefined : stayIds.length ? inArray(stays.id, [...stayIds]) : sql`false`;

export async function reportsOfBooking(q: Queryable, bookingId: string) {
  return q
    .select(listed)
    .from(formCReports)
    .innerJoin(stays, eq(stays.id, formCReports.stayId))
    .where(eq(formCReports.bookingId, bookingId))
    .orderBy(asc(formCReports.createdAt), asc(formCReports.id));
}

export async function insertReport(tx: Tx, values: typeof formCReports.$inferInsert) {
  await tx.insert(formCReports).values(values);
}

/** A report of one of the owner's stays, with its stay and booking (undefined for another owner's or none). */
export async function reportOfOwner(q: Queryable, ownerId: string, id: string, lock?: 'lock') {
  const query = q
    .select({
      report: formCReports,
      hotelName: stays.name,
      stayAddress: stays.address,
      stayCity: stays.city,
      stayStateCode: stays.stateCode,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
    })
    .from(formCReports)
    .innerJoin(stays, eq(stays.id, formCReports.stayId))
    .innerJoin(bookings, eq(bookings.id, formCReports.bookingId))
    .where(and(eq(formCReports.id, id), eq(stays.ownerId, ownerId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: formCReports }) : await query;
  return row;
}

export async function updateReport(tx: Tx, id: string, values: Partial<typeof formCReports.$inferInsert>) {
  await tx.update(formCReports).set(values).where(eq(formCReports.id, id));
}

/** The owner's reports, open ones (not yet submitted) first by when they are due, then the newest. */
export async function reportsOfOwner(
  q: Queryable,
  ownerId: string,
  opts: { open: boolean; limit: number; offset: number; stayIds: readonly string[] | null },
) {
  const where = and(eq(stays.ownerId, ownerId), opts.open ? isNull(formCReports.submittedAt) : undefined, inStays(opts.stayIds));
  const [rows, [totals]] = await Promise.all([
    q
      .select(listed)
      .from(formCReports)
      .innerJoin(stays, eq(stays.id, formCReports.stayId))
      .where(where)
      .orderBy(sql`${formCReports.submittedAt} is not null`, asc(formCReports.dueAt), desc(formCReports.createdAt))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ n: count() }).from(formCReports).innerJoin(stays, eq(stays.id, formCReports.stayId)).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** How many of the owner's reports are not yet submitted, and how many of those are past their due time. */
export async function openCounts(q: Queryable, ownerId: string, now: Date, stayIds: readonly string[] | null = null) {
  const [row] = await q
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${formCReports.dueAt} < ${now.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(formCReports)
    .innerJoin(stays, eq(stays.id, formCReports.stayId))
    .where(and(eq(stays.ownerId, ownerId), isNull(formCReports.submittedAt), inStays(stayIds)));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/**
 * Erases the details and the name of the reports whose keeping ends before `today` (a year after the guest's
 * departure): the report's dates, nationality and submission stay. Returns how many were erased.
 */
export async function eraseDue(q: Queryable, today: string, now: Date) {
  const erased = await q
    .update(formCReports)
    .set({ details: null, guestName: '', passportLast4: null, erasedAt: now, updatedAt: now })
    .where(and(lt(formCReports.eraseOn, today), isNull(formCReports.erasedAt)))
    .returning({ id: formCReports.id });
  return erased.length;
}

/** The reports a guest's bookings have (their data export), masked: no details. */
export async function reportsOfGuest(q: Queryable, userId: string) {
  return (
    q
      .select(listed)
      .from(formCReports)
      .innerJoin(stays, eq(stays.id, formCReports.stayId))
      .innerJoin(bookings, eq(bookings.id, formCReports.bookingId))
      // A booking taken at the desk is the desk guest's, not the account of the admin who took it.
      .where(and(eq(bookings.userId, userId), eq(bookings.source, 'online')))
      .orderBy(asc(formCReports.createdAt))
  );
}
