import type { REFUND_REASONS } from '@repo/shared/constants/domain';
import type { Queryable } from '#src/db/client.ts';
import { conflict } from '#src/lib/errors.ts';
import type { Emit } from '#src/platform/events.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { type PaymentEvent, RefundRefused } from '#src/platform/payments/gateway.ts';
import { type Owner, ownBooking, viewOf } from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { RefundGaveUpAlert, RefundRequested, RefundSettledMail } from './events.ts';
import { BOOKING_MSG } from './messages.ts';
import { REFUND_MAX_ATTEMPTS, refundRetryAt } from './refund-retry.ts';

/**
 * Decides a refund inside the caller's transaction: the refund row (pending) and the event that will ask the
 * gateway for it after the commit. Never more than what is left of the payment. Returns the amount decided, or 0
 * when nothing is left to refund.
 */
export async function decideRefund(
  tx: Queryable,
  emit: Emit,
  input: {
    payment: ledger.PaymentRow;
    amountPaise: number;
    reason: (typeof REFUND_REASONS)[number];
    /** The failed refund this one asks for again (its next attempt); at most one follows each failure. */
    retryOf?: ledger.RefundRow;
  },
): Promise<number> {
  const amount = Math.min(input.amountPaise, await ledger.refundableOf(tx, input.payment));
  if (amount <= 0) return 0;
  const refund = await ledger.insertRefund(tx, {
    bookingId: input.payment.bookingId,
    paymentId: input.payment.id,
    amountPaise: amount,
    reason: input.reason,
    ...(input.retryOf ? { attempt: input.retryOf.attempt + 1, retryOf: input.retryOf.id } : {}),
  });
  await emit(RefundRequested, { refundId: refund.id });
  return amount;
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
  let outcome: Parameters<typeof ledger.settleRefund>[2];
  try {
    const answer = await deps.payments.refund({
      paymentId: payment.providerPaymentId,
      amountPaise: refund.amountPaise,
      idempotencyKey: refund.id,
      receipt: refund.id,
    });
    outcome = { providerRefundId: answer.id, status: answer.status };
  } catch (err) {
    // A refusal is final for this attempt (asking again with its key gets the same answer): the refund failed, with
    // the gateway's words; the guest is told, and a new attempt follows after a wait (retryDueRefunds). Any other
    // error leaves it pending for the outbox to try again with the same key.
    if (!(err instanceof RefundRefused)) throw err;
    outcome = { status: 'failed', failureReason: err.description };
  }
  // A gateway that answers with the outcome at once (no webhook to wait for) settles the refund here.
  await withOutbox(deps, async (tx, emit) => {
    if (await ledger.settleRefund(tx, refund.id, outcome)) await tell(emit, refund, outcome.status);
  });
  deps.log.info(
    { bookingId: refund.bookingId, refundId: refund.id, ...outcome },
    outcome.providerRefundId ? 'refund asked of the gateway' : 'refund refused by the gateway',
  );
}

/**
 * A refund's outcome is mailed to the guest (a failure says when it is asked for again, or what happens next); a
 * failure with no attempt left by itself is also told to the platform's admins.
 */
async function tell(emit: Emit, refund: ledger.RefundRow, status: ledger.RefundRow['status']) {
  await emit(RefundSettledMail, { refundId: refund.id });
  if (status === 'failed' && refund.attempt >= REFUND_MAX_ATTEMPTS) await emit(RefundGaveUpAlert, { refundId: refund.id });
}

/**
 * A signed refund.processed / refund.failed event: applied once (the events table), it settles the pending refund
 * it names (by the gateway's refund id, else the receipt we sent: our refund's id) and mails the guest the outcome
 * after the commit. A refund already settled, or one we never asked for, is left alone.
 */
export async function applyRefundEvent(
  deps: BookingsDeps,
  event: { id: string; type: string; payload: unknown },
  settled: Extract<PaymentEvent, { kind: 'refund.settled' }>['refund'],
): Promise<'applied' | 'duplicate' | 'ignored'> {
  return withOutbox(deps, async (tx, emit) => {
    if (!(await repo.recordPaymentEvent(tx, event))) return 'duplicate';
    const refund = await ledger.findRefundForGateway(tx, settled.id, settled.receipt);
    const done =
      refund !== undefined &&
      (await ledger.settleRefund(tx, refund.id, {
        providerRefundId: settled.id,
        status: settled.status,
        failureReason: settled.failureReason ?? BOOKING_MSG.refundFailedByBank,
      }));
    if (!refund || !done) return 'ignored';
    await tell(emit, refund, settled.status);
    return 'applied';
  });
}

/**
 * The guest asks again for the refunds that failed, without waiting for the next attempt by itself: each failed
 * refund not yet followed by another of its payment and reason (ledger.openFailures) is asked for once more, for the
 * amount that failed, as its next attempt; the failed one stays as it was. Other refunds of the booking (processed,
 * pending) do not stand in the way.
 */
export async function retryFailedRefund(deps: BookingsDeps, user: Owner, bookingId: string) {
  await ownBooking(deps, user.id, bookingId);
  await withOutbox(deps, async (tx, emit) => {
    const b = await repo.lockBooking(tx, bookingId);
    if (!b) throw conflict(BOOKING_MSG.noFailedRefund, 'NO_FAILED_REFUND');
    const open = ledger.openFailures(await ledger.refundsOfBooking(tx, b.id));
    if (!open.length) throw conflict(BOOKING_MSG.noFailedRefund, 'NO_FAILED_REFUND');
    for (const failed of open) {
      const found = await ledger.refundWithPayment(tx, failed.id);
      if (!found) continue;
      await decideRefund(tx, emit, {
        payment: found.payment,
        amountPaise: failed.amountPaise,
        reason: failed.reason,
        retryOf: failed,
      });
    }
  });
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b) throw conflict(BOOKING_MSG.noFailedRefund, 'NO_FAILED_REFUND');
  return viewOf(deps, b);
}

/**
 * Asks again for every failed refund whose wait is over (refund-retry.ts): each as a new refund row, the failure's
 * next attempt, for the amount that failed and never more than is left of the payment (decideRefund), its own id
 * the gateway's idempotency key. Under the booking's lock, and only while nothing has followed the failure (a guest
 * who asked again meanwhile, another process): a unique index keeps it to one follower. Returns how many were asked.
 */
export async function retryDueRefunds(deps: BookingsDeps): Promise<number> {
  const now = deps.clock.now();
  let asked = 0;
  for (const failed of await ledger.failuresToRetry(deps.db, now)) {
    const at = refundRetryAt(failed);
    if (!at || at > now) continue;
    const retried = await withOutbox(deps, async (tx, emit) => {
      if (!(await repo.lockBooking(tx, failed.bookingId))) return false;
      const open = ledger.openFailures(await ledger.refundsOfBooking(tx, failed.bookingId));
      if (!open.some((r) => r.id === failed.id)) return false;
      const found = await ledger.refundWithPayment(tx, failed.id);
      if (!found) return false;
      const amount = await decideRefund(tx, emit, {
        payment: found.payment,
        amountPaise: failed.amountPaise,
        reason: failed.reason,
        retryOf: failed,
      });
      return amount > 0;
    });
    if (retried) asked++;
  }
  if (asked) deps.log.info({ refunds: asked }, 'failed refunds asked for again');
  return asked;
}
