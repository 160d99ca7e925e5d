import { REMOVED_COMPLAINT_TEXT } from '@repo/shared/domain/retention';
import { and, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, inTransaction, type Queryable } from '#src/db/client.ts';
import { bookings, grievanceMessages, grievances, invoices, payments, refunds, users } from '#src/db/schema/index.ts';

/** Rows changed per statement: a first run over years of bookings goes in steps, never in one long lock. */
const BATCH = 1000;

/** Runs `step` until it changes fewer than a batch; returns how many it changed in all. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Clears the address a payment hold came from on bookings made before `before` that are no longer holds (only a
 * live hold is counted by its address, ADR 024). Returns how many bookings it cleared.
 */
export function clearHoldAddresses(db: Queryable, before: Date): Promise<number> {
  return inBatches(async () => {
    const due = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(isNotNull(bookings.holdIp), ne(bookings.status, 'pending_payment'), lt(bookings.createdAt, before)))
      .limit(BATCH);
    const done = await db.update(bookings).set({ holdIp: null }).where(inArray(bookings.id, due)).returning({ id: bookings.id });
    return done.length;
  });
}

/**
 * The bookings of erased accounts that still hold personal details (billing details, a hold's address), each with
 * the days of its records: its check-out, and the latest of its tax documents, payments and refunds.
 */
export function erasedGuestsBookings(db: Queryable) {
  const latest = (at: ReturnType<typeof sql<Date | null>>) => at.mapWith((v: string | Date | null) => (v ? new Date(v) : null));
  return db
    .select({
      id: bookings.id,
      checkOut: bookings.checkOut,
      createdAt: bookings.createdAt,
      lastDocument: latest(sql`(select max(${invoices.issuedAt}) from ${invoices} where ${invoices.bookingId} = ${bookings.id})`),
      lastPayment: latest(sql`(select max(${payments.createdAt}) from ${payments} where ${payments.bookingId} = ${bookings.id})`),
      lastRefund: latest(
        sql`(select max(coalesce(${refunds.settledAt}, ${refunds.createdAt})) from ${refunds} where ${refunds.bookingId} = ${bookings.id})`,
      ),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        isNotNull(users.erasedAt),
        or(
          isNotNull(bookings.guestGstin),
          isNotNull(bookings.guestCompany),
          isNotNull(bookings.guestAddress),
          isNotNull(bookings.guestPin),
          isNotNull(bookings.guestState),
          isNotNull(bookings.holdIp),
        ),
      ),
    );
}

/** Clears the personal details a booking was sold with (its tax documents keep what they printed, ADR 051). */
export async function clearBookingDetails(db: Queryable, ids: readonly string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const done = await db
      .update(bookings)
      .set({ guestGstin: null, guestCompany: null, guestAddress: null, guestPin: null, guestState: null, holdIp: null })
      .where(inArray(bookings.id, ids.slice(i, i + BATCH)))
      .returning({ id: bookings.id });
    total += done.length;
  }
  return total;
}

/**
 * Replaces the words of complaints closed before `before` — the description and every message of the thread — with
 * REMOVED_COMPLAINT_TEXT; the ticket, its category, dates and status stay. Each batch of complaints changes with its
 * messages in one transaction. Returns how many complaints it changed.
 */
export function removeComplaintWords(db: Db, before: Date): Promise<number> {
  return inBatches(() => inTransaction(db, (tx) => removeComplaintWordsBatch(tx, before)));
}

async function removeComplaintWordsBatch(db: Queryable, before: Date): Promise<number> {
  const due = await db
    .select({ id: grievances.id })
    .from(grievances)
    .where(
      and(eq(grievances.status, 'closed'), lt(grievances.closedAt, before), ne(grievances.description, REMOVED_COMPLAINT_TEXT)),
    )
    .limit(BATCH);
  if (due.length === 0) return 0;
  const ids = due.map((g) => g.id);
  await db
    .update(grievanceMessages)
    .set({ body: REMOVED_COMPLAINT_TEXT })
    .where(and(inArray(grievanceMessages.grievanceId, ids), ne(grievanceMessages.body, REMOVED_COMPLAINT_TEXT)));
  await db.update(grievances).set({ description: REMOVED_COMPLAINT_TEXT }).where(inArray(grievances.id, ids));
  return ids.length;
}
