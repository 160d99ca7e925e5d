import type { Queryable } from '#src/db/client.ts';
import type { REFUND_REASONS } from '@repo/shared/constants/domain';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';

export const REFUND_OUTBOX_KIND = 'refund';

/**
 * Decides a refund inside the caller's transaction: the refund row (pending) and the outbox entry that will ask
 * the gateway for it after the commit. Never more than what is left of the payment. Returns the outbox id to run
 * after the commit, or undefined when nothing is left to refund.
 */
export async function decideRefund(
  deps: BookingsDeps,
  tx: Queryable,
  input: { payment: ledger.PaymentRow; amountPaise: number; reason: (typeof REFUND_REASONS)[number] },
): Promise<number | undefined> {
  const amount = Math.min(input.amountPaise, await ledger.refundableOf(tx, input.payment));
  if (amount <= 0) return undefined;
  const refund = await ledger.insertRefund(tx, {
    bookingId: input.payment.bookingId,
    paymentId: input.payment.id,
    amountPaise: amount,
    reason: input.reason,
  });
  return deps.outbox.add(tx, REFUND_OUTBOX_KIND, { refundId: refund.id });
}

/**
 * The outbox handler: asks the gateway for a pending refund, keyed by the refund's id so that a retry after a
 * timeout or a crash is the same refund, and records the gateway's answer. A refund already answered is left alone.
 */
export async function carryOutRefund(deps: BookingsDeps, refundId: string) {
  const found = await ledger.refundWithPayment(deps.db, refundId);
  if (!found) throw new Error(`refund ${refundId} not found`);
  const { refund, payment } = found;
  if (refund.status !== 'pending' || refund.providerRefundId) return;
  const answer = await deps.payments.refund({
    paymentId: payment.providerPaymentId,
    amountPaise: refund.amountPaise,
    idempotencyKey: refund.id,
    receipt: refund.id,
  });
  await ledger.settleRefund(deps.db, refund.id, { providerRefundId: answer.id, status: answer.status });
  deps.log.info(
    { bookingId: refund.bookingId, refundId: refund.id, providerRefundId: answer.id, status: answer.status },
    'refund asked of the gateway',
  );
}
