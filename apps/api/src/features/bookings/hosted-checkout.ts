import { conflict, notFound } from '#src/lib/errors.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';

/**
 * For a checkout the app serves itself in the gateway's place (a gateway's own checkout does this on its side):
 * the guest's own order of the current gateway. Another guest's order, or one unknown or of another gateway, is
 * "not found".
 */
export async function guestOrder(deps: Pick<BookingsDeps, 'db' | 'payments'>, userId: string, orderId: string) {
  const b = await repo.findBookingByOrderId(deps.db, orderId);
  if (!b || b.userId !== userId || b.provider !== deps.payments.provider) throw notFound(BOOKING_MSG.bookingNotFound);
  return b;
}

/** The guest's order as it may be paid now (its amount and currency): a paid booking or an ended hold is a 409. */
export async function payableOrder(deps: Pick<BookingsDeps, 'db' | 'payments' | 'clock'>, userId: string, orderId: string) {
  const b = await guestOrder(deps, userId, orderId);
  if (b.status === 'confirmed') throw conflict(BOOKING_MSG.alreadyPaid, 'ALREADY_PAID');
  const now = deps.clock.now();
  if (b.status !== 'pending_payment' || !b.holdExpiresAt || b.holdExpiresAt <= now)
    throw conflict(BOOKING_MSG.holdExpired, 'HOLD_EXPIRED');
  return { bookingId: b.id, id: orderId, amountPaise: b.amountPaise, currency: b.currency, now };
}

/**
 * A payment the gateway left waiting for the guest (a UPI payment to approve in their UPI app) is kept as the
 * booking's latest attempt, so that My Orders shows it pending (and offers no second payment) until its webhook
 * captures it or records its failure (booking-view.ts `pendingPayment`).
 */
export async function notePendingPayment(
  deps: Pick<BookingsDeps, 'db'>,
  bookingId: string,
  attempt: { orderId: string; paymentId: string; method: string; at: Date },
) {
  await repo.recordPendingAttempt(deps.db, bookingId, { ...attempt, at: attempt.at.toISOString() });
}
