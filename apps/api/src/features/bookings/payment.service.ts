import type { PaymentMethod } from '@repo/shared/constants/domain';
import { stayNights } from '@repo/shared/domain/dates';
import type { PaymentFailure, PaymentSuccessInput } from '@repo/shared/schemas/payment';
import type { Tx } from '#src/db/client.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { issueInvoice } from '#src/features/invoices/index.ts';
import { badGateway, badRequest, conflict, notFound } from '#src/lib/errors.ts';
import { checkoutOf, type Owner, ownBooking, viewOf } from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { isNightTaken } from './hold.service.ts';
import * as ledger from './ledger.repository.ts';
import { BookingConfirmedMail } from './events.ts';
import { BOOKING_MSG } from './messages.ts';
import { decideRefund } from './refunds.ts';

/**
 * The browser's success callback: verified against the order id we stored, then decided by what the gateway itself
 * reports of the payment (its order, amount and currency: the browser's fields say none of them), idempotently. A
 * gateway that does not know the payment, or does not answer, leaves it to the payment's webhook (502).
 */
export async function confirmFromBrowser(deps: BookingsDeps, user: Owner, id: string, input: PaymentSuccessInput) {
  const b = await ownBooking(deps, user.id, id);
  if (!b.providerOrderId || input.orderId !== b.providerOrderId) throw badRequest(BOOKING_MSG.orderMismatch);
  const valid = deps.payments.verifyPaymentSignature({
    orderId: b.providerOrderId,
    paymentId: input.paymentId,
    signature: input.signature,
  });
  if (!valid) throw badRequest(BOOKING_MSG.badSignature);
  const reported = await deps.payments.paymentDetails(input.paymentId);
  if (!reported) throw badGateway(BOOKING_MSG.paymentNotReported);
  const result = await confirmPaid(deps, b.id, { paymentId: input.paymentId, source: 'browser', ...reported });
  if (result.outcome === 'refunded')
    throw result.reason === 'duplicate_payment'
      ? conflict(BOOKING_MSG.paidTwiceRefunded, 'ALREADY_PAID')
      : result.reason === 'mismatch'
        ? conflict(BOOKING_MSG.paymentMismatchRefunded, 'PAYMENT_MISMATCH')
        : conflict(BOOKING_MSG.roomsGoneRefunded, 'ROOMS_RELEASED');
  return viewOf(deps, result.booking);
}

/** A captured payment as the gateway reports it (its webhook's payment entity, or its payments API for the browser). */
export type CapturedPayment = {
  paymentId: string;
  /** The order the gateway captured it for (null when it names none). */
  orderId: string | null;
  /** What the gateway captured, in the smallest unit of `currency`. */
  amountPaise: number;
  currency: string;
  source: 'browser' | 'webhook';
  /** How the guest paid, as the gateway reported it (null when it did not say). */
  method?: PaymentMethod | null;
  /** A webhook's event, recorded in the same transaction so that it is applied once. */
  event?: { id: string; type: string; payload: unknown };
};

type RefundReason = 'duplicate_payment' | 'unbookable' | 'mismatch';
export type ConfirmResult =
  | { booking: repo.BookingRow; outcome: 'confirmed' | 'unchanged' }
  | { booking: repo.BookingRow; outcome: 'refunded'; reason: RefundReason };

/** What of a captured payment differs from its booking's order (ADR 024): the order id, the amount or the currency. */
export function mismatchOf(b: Pick<repo.BookingRow, 'providerOrderId' | 'amountPaise' | 'currency'>, paid: CapturedPayment) {
  if (!b.providerOrderId || paid.orderId !== b.providerOrderId) return 'order' as const;
  if (paid.currency !== b.currency) return 'currency' as const;
  if (paid.amountPaise !== b.amountPaise) return 'amount' as const;
  return null;
}

/**
 * Records a captured payment in the ledger, once per gateway payment id, and decides what it buys, all in one
 * transaction under the booking's lock:
 * - a live hold, or a hold that ended whose nights are still free, is confirmed (and the confirmation mailed);
 * - a payment for a booking already paid by another payment, or whose rooms are gone or which was cancelled, is
 *   refunded in full.
 * Gateway calls and mails are outbox entries carried out after the commit (ADR 010), so a transaction retried on
 * a deadlock never refunds twice and no lock is held during a network call.
 */
export async function confirmPaid(deps: BookingsDeps, bookingId: string, paid: CapturedPayment): Promise<ConfirmResult> {
  const result = await withOutbox(deps, async (tx, emit): Promise<ConfirmResult> => {
    const b = await repo.lockBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (paid.event && !(await repo.recordPaymentEvent(tx, paid.event))) return { booking: b, outcome: 'unchanged' };

    // Recorded as the gateway reports it, whatever it is: a payment that does not match the order is kept in the
    // ledger with what did not match, refunded in full and never applied.
    const mismatch = mismatchOf(b, paid);
    const { payment, fresh } = await ledger.recordPayment(tx, {
      bookingId: b.id,
      provider: b.provider ?? deps.payments.provider,
      providerPaymentId: paid.paymentId,
      providerOrderId: paid.orderId,
      amountPaise: paid.amountPaise,
      currency: paid.currency,
      source: paid.source,
      method: paid.method ?? null,
      mismatch,
      // On the services' clock, as the invoice it buys is dated.
      createdAt: deps.clock.now(),
    });
    if (!fresh) {
      // Seen before: answer as the first report was answered.
      if (payment.bookingId === b.id && b.status === 'confirmed' && b.providerPaymentId === paid.paymentId)
        return { booking: b, outcome: 'unchanged' };
      const reason = payment.mismatch ? 'mismatch' : b.status === 'confirmed' ? 'duplicate_payment' : 'unbookable';
      return { booking: b, outcome: 'refunded', reason };
    }

    const refund = async (reason: RefundReason): Promise<ConfirmResult> => {
      await decideRefund(tx, emit, { payment, amountPaise: payment.amountPaise, reason });
      return { booking: b, outcome: 'refunded', reason };
    };
    if (mismatch) return refund('mismatch');
    if (b.status === 'confirmed') return refund('duplicate_payment');
    if (b.status === 'cancelled') return refund('unbookable');
    if (!(await retakeNights(tx, b))) return refund('unbookable');
    const confirmed = await repo.updateBooking(tx, b.id, {
      status: 'confirmed',
      providerPaymentId: paid.paymentId,
      holdExpiresAt: null,
    });
    await issueInvoice(deps, tx, b.id);
    await emit(BookingConfirmedMail, { bookingId: b.id });
    return { booking: confirmed, outcome: 'confirmed' };
  });
  if (result.outcome === 'refunded')
    deps.log.warn(
      {
        bookingId,
        paymentId: paid.paymentId,
        reason: result.reason,
        orderId: paid.orderId,
        amount: paid.amountPaise,
        currency: paid.currency,
      },
      result.reason === 'mismatch'
        ? 'payment refunded: it does not match its order'
        : 'payment refunded: it can not buy this booking',
    );
  return result;
}

/**
 * A paid booking's nights: kept when its hold still has them all, else taken again if they are still free. In a
 * savepoint, so that a night somebody else has now leaves the rest of the transaction (the refund) intact.
 */
async function retakeNights(tx: Tx, b: repo.BookingRow): Promise<boolean> {
  const rooms = await repo.roomsOfBookings(tx, [b.id]);
  const nights = stayNights(b.checkIn, b.checkOut);
  if ((await repo.countRoomNights(tx, b.id)) === rooms.length * nights.length) return true;
  try {
    await tx.transaction(async (sp) => {
      await repo.deleteRoomNights(sp, b.id);
      await repo.insertRoomNights(
        sp,
        rooms
          .map((r) => r.roomNumberId)
          .sort()
          .flatMap((roomNumberId) => nights.map((night) => ({ roomNumberId, night, bookingId: b.id, stayId: b.stayId }))),
      );
    });
    return true;
  } catch (err) {
    if (isNightTaken(err)) return false;
    throw err;
  }
}

/** The browser reports a failed attempt: the seven fields are kept and the hold stays, so the guest may retry. */
export async function recordFailureFromBrowser(deps: BookingsDeps, user: Owner, id: string, failure: PaymentFailure) {
  const b = await ownBooking(deps, user.id, id);
  return viewOf(deps, await recordFailure(deps, b, failure));
}

export async function recordFailure(deps: BookingsDeps, b: repo.BookingRow, failure: PaymentFailure) {
  if (b.status === 'confirmed') return b;
  return repo.updateBooking(deps.db, b.id, { failure: { ...failure, at: deps.clock.now().toISOString() } });
}

/** What the browser needs to open the checkout again for a live hold. */
export async function checkoutForRetry(deps: BookingsDeps, user: Owner, id: string) {
  const b = await ownBooking(deps, user.id, id);
  if (b.status === 'confirmed') throw conflict(BOOKING_MSG.alreadyPaid, 'ALREADY_PAID');
  const live = b.status === 'pending_payment' && b.holdExpiresAt && b.holdExpiresAt > deps.clock.now() && b.providerOrderId;
  if (!live) throw conflict(BOOKING_MSG.holdExpired, 'HOLD_EXPIRED');
  return checkoutOf(deps, b, user);
}
