import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, type PaymentMethod } from '@repo/shared/constants/domain';
import type { Queryable } from '#src/db/client.ts';
import {
  bookings,
  cancellationCompensations,
  compensationPayouts,
  payments,
  refunds,
  stays,
  users,
} from '#src/db/schema/index.ts';
import { REFUND_MAX_ATTEMPTS, REFUND_RETRY_MINUTES, refundRetryAt } from './refund-retry.ts';

export type PaymentRow = typeof payments.$inferSelect;

const GATEWAY_METHODS: ReadonlySet<string | null> = new Set(PAYMENT_METHODS);
/** A method a gateway reports (card, upi, netbanking), not one of the desk's. */
const isGatewayMethod = (m: PaymentRow['method']): m is PaymentMethod => GATEWAY_METHODS.has(m);
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
  const methods = new Map<string, PaymentMethod>();
  if (!providerPaymentIds.length) return methods;
  const rows = await q
    .select({ id: payments.providerPaymentId, method: payments.method })
    .from(payments)
    .where(inArray(payments.providerPaymentId, [...providerPaymentIds]));
  for (const r of rows) if (isGatewayMethod(r.method)) methods.set(r.id, r.method);
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
 * The gateway's answer to a pending refund: its id (none when the gateway refused it), and its outcome once known
 * (the only change a refund takes), with the bank's or gateway's reason when it failed. True when the refund was pending and now has an outcome.
 */
export async function settleRefund(
  q: Queryable,
  refundId: string,
  outcome: { providerRefundId?: string; status: RefundRow['status']; failureReason?: string | null },
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

export type RefundSummary = {
  /** What the summary tells: the failed amount while one waits to be asked again, else what is sent back. */
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  failureReason: string | null;
  /** While a failure waits: when it is asked for again by itself (ISO), null once its attempts are over. */
  retryAt: string | null;
  /** Paise processed, pending, and failed without being asked for again. */
  processed: number;
  pending: number;
  failed: number;
};

type RefundState = Pick<
  RefundRow,
  'id' | 'bookingId' | 'paymentId' | 'reason' | 'status' | 'amountPaise' | 'failureReason' | 'createdAt'
>;

/** The failure of `open` asked for again soonest by itself (ISO), or null when none will be. */
function nextRetryOf(open: readonly RefundRow[]): string | null {
  const times = open.flatMap((r) => refundRetryAt(r) ?? []).map((d) => d.getTime());
  return times.length ? new Date(Math.min(...times)).toISOString() : null;
}

/**
 * The refunds that failed and wait to be asked for again: each failed refund of a payment for a reason that no
 * later refund of the same payment and reason has followed (a retry is such a refund). Oldest first.
 */
export function openFailures<R extends RefundState>(rows: readonly R[]): R[] {
  return rows.filter(
    (r) =>
      r.status === 'failed' &&
      !rows.some(
        (later) => later !== r && later.paymentId === r.paymentId && later.reason === r.reason && later.createdAt > r.createdAt,
      ),
  );
}

/**
 * Per booking, each refund by its own state: the amounts processed, pending, and failed and not yet asked for
 * again. A booking with a failure waiting shows it (its amount, the latest reason), whatever else was refunded,
 * so the guest can ask again; otherwise what is sent back, pending until the gateway has paid all of it.
 */
export async function refundSummaries(q: Queryable, bookingIds: readonly string[]) {
  const summaries = new Map<string, RefundSummary>();
  if (!bookingIds.length) return summaries;
  const rows = await q
    .select()
    .from(refunds)
    .where(inArray(refunds.bookingId, [...bookingIds]))
    .orderBy(refunds.createdAt);
  const byBooking = new Map<string, RefundRow[]>();
  for (const r of rows) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), r]);
  for (const [bookingId, list] of byBooking) {
    const sum = (of: readonly RefundRow[]) => of.reduce((n, r) => n + r.amountPaise, 0);
    const processed = sum(list.filter((r) => r.status === 'processed'));
    const pending = sum(list.filter((r) => r.status === 'pending'));
    const open = openFailures(list);
    const failed = sum(open);
    const parts = { processed, pending, failed };
    if (failed > 0)
      summaries.set(bookingId, {
        ...parts,
        amount: failed,
        status: 'failed',
        failureReason: open.at(-1)?.failureReason ?? null,
        retryAt: nextRetryOf(open),
      });
    else if (processed + pending > 0)
      summaries.set(bookingId, {
        ...parts,
        amount: processed + pending,
        status: pending > 0 ? 'pending' : 'processed',
        failureReason: null,
        retryAt: null,
      });
  }
  return summaries;
}

/**
 * The captured payments that did not match their booking's order, newest first (at most `limit`), with their
 * booking and the state of their refund; of the stays of `ownerId` only, or of every stay when it is null.
 */
export async function paymentMismatches(q: Queryable, ownerId: string | null, limit: number) {
  const rows = await q
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(and(isNotNull(payments.mismatch), ownerId === null ? undefined : eq(stays.ownerId, ownerId)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  const refundsOf = rows.length
    ? await q
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            rows.map((r) => r.payment.id),
          ),
        )
        .orderBy(refunds.createdAt)
    : [];
  return rows.map((r) => ({ ...r, refund: refundsOf.filter((f) => f.paymentId === r.payment.id).at(-1) }));
}

/**
 * Failed refunds whose next attempt may be due by `now`: attempts left, settled at least the shortest wait ago, and
 * not followed by another refund of the same payment and reason (openFailures). The caller checks each one's own
 * wait (refundRetryAt) and asks again under the booking's lock. Oldest first, at most `limit`.
 */
export async function failuresToRetry(q: Queryable, now: Date, limit = 100) {
  const later = alias(refunds, 'later');
  return q
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'failed'),
        lt(refunds.attempt, REFUND_MAX_ATTEMPTS),
        lte(refunds.settledAt, new Date(now.getTime() - REFUND_RETRY_MINUTES[0] * 60_000)),
        notExists(
          q
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(
                eq(later.paymentId, refunds.paymentId),
                eq(later.reason, refunds.reason),
                sql`${later.createdAt} > ${refunds.createdAt}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(refunds.settledAt)
    .limit(limit);
}

/** The platform's admins, who are told when a refund has failed its last attempt. */
export async function platformAdmins(q: Queryable) {
  return q
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.isPlatform, true), isNull(users.archivedAt)));
}

/** A compensation with how the platform is paying it: its payout link, once made (null before). */
export type CompensationRow = typeof cancellationCompensations.$inferSelect & {
  payout: { linkUrl: string; status: (typeof compensationPayouts.$inferSelect)['status'] } | null;
};

/** Records what a stay owes its guest for its own cancel (ADR 053): once per booking. Its id, when recorded now. */
export async function insertCompensation(q: Queryable, values: typeof cancellationCompensations.$inferInsert) {
  const [row] = await q
    .insert(cancellationCompensations)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: cancellationCompensations.id });
  return row?.id;
}

/** Per booking, the compensation its stay owes the guest for cancelling it, if any, and its payout link. */
export async function compensationsOf(q: Queryable, bookingIds: readonly string[]): Promise<Map<string, CompensationRow>> {
  const found = new Map<string, CompensationRow>();
  if (!bookingIds.length) return found;
  const rows = await q
    .select({ c: cancellationCompensations, linkUrl: compensationPayouts.linkUrl, status: compensationPayouts.status })
    .from(cancellationCompensations)
    .leftJoin(compensationPayouts, eq(compensationPayouts.compensationId, cancellationCompensations.id))
    .where(inArray(cancellationCompensations.bookingId, [...bookingIds]));
  for (const r of rows)
    found.set(r.c.bookingId, { ...r.c, payout: r.linkUrl && r.status ? { linkUrl: r.linkUrl, status: r.status } : null });
  return found;
}

/** Whether a compensation's payout link was made already. */
export async function compensationLinkMade(q: Queryable, compensationId: string): Promise<boolean> {
  const [done] = await q
    .select({ id: compensationPayouts.compensationId })
    .from(compensationPayouts)
    .where(eq(compensationPayouts.compensationId, compensationId));
  return done !== undefined;
}

/** A compensation with the stay's name as booked and the guest it is owed to. */
export async function compensationToPay(q: Queryable, compensationId: string) {
  const [row] = await q
    .select({ c: cancellationCompensations, hotelName: bookings.hotelName, guest: users })
    .from(cancellationCompensations)
    .innerJoin(bookings, eq(bookings.id, cancellationCompensations.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(cancellationCompensations.id, compensationId));
  return row;
}

/** Records a compensation's payout link (once: a second record of the same compensation does nothing). */
export async function recordCompensationLink(q: Queryable, values: typeof compensationPayouts.$inferInsert) {
  await q.insert(compensationPayouts).values(values).onConflictDoNothing();
}
