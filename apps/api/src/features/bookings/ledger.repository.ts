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

/** How each of these gateway payments was made (card, upi, netbanking), when the gateway said. */
export async function methodsOfPayments(q: Queryable, providerPaymentIds: readonly string[]) {
  const methods = new Map<string, NonNullable<PaymentRow['method']>>();
  if (!providerPaymentIds.length) return methods;
  const rows = await q
    .select({ id: payments.providerPaymentId, method: payments.method })
    .from(payments)
    .where(inArray(payments.providerPaymentId, [...providerPaymentIds]));
  for (const r of rows) if (r.method) methods.set(r.id, r.method);
  return methods;
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

/**
 * The gateway's answer to a pending refund: its id, and its outcome once known (the only change a refund takes),
 * with the bank's reason when it failed. True when the refund was pending and now has an outcome.
 */
export async function settleRefund(
  q: Queryable,
  refundId: string,
  outcome: { providerRefundId: string; status: RefundRow['status']; failureReason?: string | null },
): Promise<boolean> {
  const rows = await q
    .update(refunds)
    .set({
      providerRefundId: outcome.providerRefundId,
      status: outcome.status,
      failureReason: outcome.status === 'failed' ? (outcome.failureReason ?? null) : null,
      settledAt: outcome.status === 'pending' ? null : new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return rows.length > 0 && outcome.status !== 'pending';
}

/** A refund by the gateway's refund id, else by our own id (the receipt sent with it), when that is one. */
export async function findRefundForGateway(q: Queryable, providerRefundId: string, receipt: string | null | undefined) {
  const [byGateway] = await q.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  if (byGateway) return byGateway;
  if (!receipt || !UUID.test(receipt)) return undefined;
  const [byReceipt] = await q.select().from(refunds).where(eq(refunds.id, receipt));
  return byReceipt;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findRefund(q: Queryable, refundId: string) {
  const [row] = await q.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

/** Every refund of a booking, oldest first. */
export async function refundsOfBooking(q: Queryable, bookingId: string) {
  return q.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(refunds.createdAt);
}

/** Per booking: its balance, the payments less the refunds that have not failed (ADR 010); 0 when it has none. */
export async function balancesOf(q: Queryable, bookingIds: readonly string[]): Promise<Map<string, number>> {
  const balances = new Map<string, number>();
  if (!bookingIds.length) return balances;
  const ids = [...bookingIds];
  const [paid, refunded] = await Promise.all([
    q
      .select({ bookingId: payments.bookingId, sum: sql<string>`sum(${payments.amountPaise})` })
      .from(payments)
      .where(inArray(payments.bookingId, ids))
      .groupBy(payments.bookingId),
    q
      .select({ bookingId: refunds.bookingId, sum: sql<string>`sum(${refunds.amountPaise})` })
      .from(refunds)
      .where(and(inArray(refunds.bookingId, ids), ne(refunds.status, 'failed')))
      .groupBy(refunds.bookingId),
  ]);
  for (const r of paid) balances.set(r.bookingId, Number(r.sum));
  for (const r of refunded) balances.set(r.bookingId, (balances.get(r.bookingId) ?? 0) - Number(r.sum));
  return balances;
}

export type RefundSummary = { amount: number; status: 'pending' | 'processed' | 'failed'; failureReason: string | null };

/**
 * Per booking: what was refunded (refunds not failed) and whether the gateway has paid it all yet; a booking whose
 * refunds all failed shows what failed, with the latest reason.
 */
export async function refundSummaries(q: Queryable, bookingIds: readonly string[]) {
  const summaries = new Map<string, RefundSummary>();
  if (!bookingIds.length) return summaries;
  const rows = await q
    .select({
      bookingId: refunds.bookingId,
      amount: sql<string>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.status} <> 'failed'), 0)`,
      failed: sql<string>`coalesce(sum(${refunds.amountPaise}) filter (where ${refunds.status} = 'failed'), 0)`,
      pending: sql<boolean>`bool_or(${refunds.status} = 'pending')`,
      failureReason: sql<
        string | null
      >`(array_agg(${refunds.failureReason} order by ${refunds.createdAt} desc) filter (where ${refunds.status} = 'failed'))[1]`,
    })
    .from(refunds)
    .where(inArray(refunds.bookingId, [...bookingIds]))
    .groupBy(refunds.bookingId);
  for (const r of rows) {
    const amount = Number(r.amount);
    if (amount > 0) summaries.set(r.bookingId, { amount, status: r.pending ? 'pending' : 'processed', failureReason: null });
    else summaries.set(r.bookingId, { amount: Number(r.failed), status: 'failed', failureReason: r.failureReason ?? null });
  }
  return summaries;
}
