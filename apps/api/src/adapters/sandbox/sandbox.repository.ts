import { and, desc, eq, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import {
  type SandboxPaymentError,
  sandboxEvents,
  sandboxOrders,
  sandboxPayments,
  sandboxRefunds,
} from '#src/db/schema/sandbox.ts';

export type PaymentRow = typeof sandboxPayments.$inferSelect;
export type RefundRow = typeof sandboxRefunds.$inferSelect;
export type EventRow = typeof sandboxEvents.$inferSelect;

export async function insertOrder(q: Queryable, order: typeof sandboxOrders.$inferInsert) {
  await q.insert(sandboxOrders).values(order).onConflictDoNothing();
}

/** Inserts a payment; false when the order already has a payment waiting for approval (one pending per order). */
export async function insertPayment(q: Queryable, payment: Omit<typeof sandboxPayments.$inferInsert, 'seq'>) {
  const rows = await q.insert(sandboxPayments).values(payment).onConflictDoNothing().returning({ id: sandboxPayments.id });
  return rows.length > 0;
}

export async function findPayment(q: Queryable, id: string) {
  const [row] = await q.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  return row;
}

export async function latestPaymentOf(q: Queryable, orderId: string) {
  const [row] = await q
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.orderId, orderId))
    .orderBy(desc(sandboxPayments.seq))
    .limit(1);
  return row;
}

export async function pendingPaymentOf(q: Queryable, orderId: string) {
  const [row] = await q
    .select({ id: sandboxPayments.id })
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.orderId, orderId), eq(sandboxPayments.status, 'pending')))
    .limit(1);
  return row;
}

/** Ends a pending payment (captured, or failed with its error); undefined when it was not pending (any more). */
export async function settlePayment(
  q: Queryable,
  id: string,
  outcome: { status: 'captured' } | { status: 'failed'; error: SandboxPaymentError },
  at: Date,
) {
  const [row] = await q
    .update(sandboxPayments)
    .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, settledAt: at })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'pending')))
    .returning();
  return row;
}

/** Pending payments that approve themselves, with when. */
export function timedPendingPayments(q: Queryable) {
  return q
    .select({ id: sandboxPayments.id, approveAt: sandboxPayments.approveAt })
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.status, 'pending'), isNotNull(sandboxPayments.approveAt)));
}

/** Pending intent payments (UPI without a UPI id), which time out; with when they were made. */
export function pendingIntentPayments(q: Queryable) {
  return q
    .select({ id: sandboxPayments.id, createdAt: sandboxPayments.createdAt })
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.status, 'pending'), eq(sandboxPayments.method, 'upi'), isNull(sandboxPayments.vpa)));
}

/** A payment's refunds are decided one at a time (for the rest of the transaction). */
export async function lockRefundsOf(q: Queryable, paymentId: string) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox refund ${paymentId}`}))`);
}

export async function findRefund(q: Queryable, id: string) {
  const [row] = await q.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id)).limit(1);
  return row;
}

/** What has been refunded of a payment: its refunds that did not fail. */
export async function refundedOf(q: Queryable, paymentId: string) {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${sandboxRefunds.amountPaise}), 0)` })
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.paymentId, paymentId), ne(sandboxRefunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

/** Inserts a refund unless one with its id exists; the refund under that id either way. */
export async function insertRefund(q: Queryable, refund: typeof sandboxRefunds.$inferInsert) {
  await q.insert(sandboxRefunds).values(refund).onConflictDoNothing();
  return findRefund(q, refund.id);
}

/** Ends a pending refund; undefined when it was not pending (any more). */
export async function settleRefund(q: Queryable, id: string, status: 'processed' | 'failed', reason: string | null, at: Date) {
  const [row] = await q
    .update(sandboxRefunds)
    .set({ status, reason, settledAt: at })
    .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.status, 'pending')))
    .returning();
  return row;
}

export function pendingRefunds(q: Queryable) {
  return q
    .select({ id: sandboxRefunds.id, settleAt: sandboxRefunds.settleAt })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.status, 'pending'))
    .orderBy(sandboxRefunds.createdAt);
}

/**
 * Owes a webhook, due at `nextAttemptAt`: the caller's clock, the one its delivery reads what is due by (the
 * database's own now() is a few microseconds later than the caller's millisecond clock, and was not due yet).
 */
export async function insertEvent(q: Queryable, event: { id: string; event: string; body: string; nextAttemptAt: Date }) {
  await q.insert(sandboxEvents).values(event);
}

/** Webhooks not delivered yet (nor given up after `maxAttempts`), due by `now`: oldest first, at most `limit`. */
export function dueEvents(q: Queryable, now: Date, maxAttempts: number, limit = 100) {
  return q
    .select()
    .from(sandboxEvents)
    .where(and(isNull(sandboxEvents.deliveredAt), lt(sandboxEvents.attempts, maxAttempts), lte(sandboxEvents.nextAttemptAt, now)))
    .orderBy(sandboxEvents.createdAt)
    .limit(limit);
}

/** The earliest time an undelivered webhook is due again (none: undefined). */
export async function nextEventDue(q: Queryable, maxAttempts: number) {
  const [row] = await q
    .select({ at: sql<Date | string | null>`min(${sandboxEvents.nextAttemptAt})` })
    .from(sandboxEvents)
    .where(and(isNull(sandboxEvents.deliveredAt), lt(sandboxEvents.attempts, maxAttempts)));
  return row?.at ? new Date(row.at) : undefined;
}

export async function findEvent(q: Queryable, id: string) {
  const [row] = await q.select().from(sandboxEvents).where(eq(sandboxEvents.id, id)).limit(1);
  return row;
}

export async function markDelivered(q: Queryable, id: string, at: Date) {
  await q
    .update(sandboxEvents)
    .set({ deliveredAt: at, attempts: sql`${sandboxEvents.attempts} + 1`, lastError: null })
    .where(and(eq(sandboxEvents.id, id), isNull(sandboxEvents.deliveredAt)));
}

export async function markFailed(q: Queryable, id: string, error: string, next: Date) {
  await q
    .update(sandboxEvents)
    .set({ attempts: sql`${sandboxEvents.attempts} + 1`, lastError: error.slice(0, 500), nextAttemptAt: next })
    .where(and(eq(sandboxEvents.id, id), isNull(sandboxEvents.deliveredAt)));
}
