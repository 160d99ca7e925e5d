import { todayInIndia } from '@repo/shared/domain/dates';
import { inTransaction } from '#src/db/client.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import { type Owner, ownBooking, viewOf } from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';
import { decideRefund } from './refunds.ts';

/**
 * A hold is released; a paid booking before its check-in day is cancelled and what is left of its payment is
 * refunded. The refund is decided in the transaction and asked of the gateway after the commit (outbox).
 */
export async function cancelBooking(deps: BookingsDeps, user: Owner, id: string) {
  await ownBooking(deps, user.id, id);
  const { booking, outboxIds } = await inTransaction(deps.db, async (tx) => {
    const outboxIds: number[] = [];
    const b = await repo.lockBooking(tx, id);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status === 'pending_payment') {
      await repo.deleteRoomNights(tx, b.id);
      return { booking: await repo.updateBooking(tx, b.id, { status: 'cancelled', holdExpiresAt: null }), outboxIds };
    }
    if (b.status !== 'confirmed') throw conflict(BOOKING_MSG.notCancellable, 'NOT_CANCELLABLE');
    if (todayInIndia() >= b.checkIn) throw conflict(BOOKING_MSG.afterCheckIn, 'NOT_CANCELLABLE');
    await repo.deleteRoomNights(tx, b.id);
    const cancelled = await repo.updateBooking(tx, b.id, { status: 'cancelled' });
    const payment = b.providerPaymentId ? await ledger.findPayment(tx, b.providerPaymentId) : undefined;
    if (payment) {
      const refundId = await decideRefund(deps, tx, { payment, amountPaise: payment.amountPaise, reason: 'cancelled' });
      if (refundId !== undefined) outboxIds.push(refundId);
    }
    return { booking: cancelled, outboxIds };
  });
  await deps.outbox.run(outboxIds);
  return viewOf(deps, booking);
}
