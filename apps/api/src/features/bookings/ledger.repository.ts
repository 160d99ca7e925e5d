import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { payments, refunds } from '#src/db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/**
 * Records a payment the gateway captured, once per gateway payment id. `fresh` is false when it was recorded
 * before (a replayed callback or webhook): the existing row is returned and nothing is written.
 */
export async function recordPayment(
  q: Queryable,
  values: typeof payments.$inferInsert,
): Promise<{ payment: PaymentRow; fresh: boolean }> {
  const [inserted] = await q.insert(payments).values(values).onConflictDoNothing().returning();
  if (inserted) return { payment: inserted, fresh: true };
  const [existing] = await q.select().from(payments).where(eq(payments.providerPaymentId, values.providerPaymentId));
  if (!existing) throw new Error('payment neither inserted nor found');
  return { payment: existing, fresh: false };
}

export async function findPayment(q: Queryable, providerPaymentId: string) {
  const [row] = await q.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** What is left to refund of a payment: its amount less every refund asked for that has not failed. */
export async function refundableOf(q: Queryable, payment: PaymentRow): Promise<number> {
  const [row] = await q
    .select({ refunded: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'failed')));
  return payment.amountPaise - Number(row?.refunded ?? 0);
}

export async function insertRefund(q: Queryable, values: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [row] = await q.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund not recorded');
  return row;
}

export async function refundWithPayment(q: Queryable, refundId: string) {
  const [row] = await q
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  return row;
}

/** The gateway's answer to a pending refund: its id, and its outcome once known (the only change a refund takes). */
export async function settleRefund(
  q: Queryable,
  refundId: string,
  outcome: { providerRefundId: string; status: RefundRow['status'] },
) {
  await q
    .update(refunds)
    .set({
      providerRefundId: outcome.providerRefundId,
      status: outcome.status,
      settledAt: outcome.status === 'pending' ? null : new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/** Per booking: what was refunded (refunds not failed) and whether the gateway has paid it all yet. */
export async function refundSummaries(q: Queryable, bookingIds: readonly string[]) {
  const summaries = new Map<string, { amount: number; status: 'pending' | 'processed' }>();
  if (!bookingIds.length) return summaries;
  const rows = await q
    .select({
      bookingId: refunds.bookingId,
      amount: sql<string>`sum(${refunds.amountPaise})`,
      pending: sql<boolean>`bool_or(${refunds.status} = 'pending')`,
    })
    .from(refunds)
    .where(and(inArray(refunds.bookingId, [...bookingIds]), ne(refunds.status, 'failed')))
    .groupBy(refunds.bookingId);
  for (const r of rows) summaries.set(r.bookingId, { amount: Number(r.amount), status: r.pending ? 'pending' : 'processed' });
  return summaries;
}
