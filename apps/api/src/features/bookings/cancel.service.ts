import { cancellationRefund, ownerCancelCompensation } from '@repo/shared/domain/cancellation';
import { todayInIndia } from '@repo/shared/domain/dates';
import type { AdminBookingCancellation } from '@repo/shared/schemas/booking';
import { withOutbox } from '#src/platform/outbox.ts';
import { issueCreditNote } from '#src/features/invoices/index.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import {
  type CancelledBy,
  cancelQuoteOf,
  compensationDto,
  type Owner,
  ownBooking,
  refundPolicyOf,
  viewOf,
} from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { BookingCancelledMail, CompensationOwed } from './events.ts';
import { BOOKING_MSG } from './messages.ts';
import { deskPaidOf } from './desk.repository.ts';
import { decideRefund } from './refunds.ts';

/**
 * A guest's cancel: a hold is released; a paid booking before its check-in day is cancelled and refunded what its
 * cancellation policy gives today (domain/cancellation.ts), decided in the transaction and asked of the gateway
 * after the commit (outbox), with the cancellation mail.
 */
export async function cancelBooking(deps: BookingsDeps, user: Owner, id: string) {
  await ownBooking(deps, user.id, id);
  return viewOf(deps, await cancel(deps, id, 'guest'));
}

/**
 * The owner's view of a booking of one of their stays, with what cancelling it today would refund the guest
 * (everything paid, ADR 025) and owe them on top (the charge its policy would take from the guest today, ADR 053),
 * and, once cancelled, the compensation recorded. A booking of another owner's stay is "not found".
 */
export async function ownerCancellation(deps: BookingsDeps, ownerId: string, id: string): Promise<AdminBookingCancellation> {
  const found = await repo.bookingOfOwner(deps.db, ownerId, id);
  if (!found) throw notFound(BOOKING_MSG.bookingNotFound);
  const b = found.booking;
  const [refunds, balances, compensations] = await Promise.all([
    ledger.refundSummaries(deps.db, [b.id]),
    ledger.balancesOf(deps.db, [b.id]),
    ledger.compensationsOf(deps.db, [b.id]),
  ]);
  const recorded = compensations.get(b.id);
  const owed = b.status === 'confirmed' ? compensationOf(b, todayInIndia(deps.clock.now()), b.amountPaise) : null;
  return {
    booking: {
      id: b.id,
      stayId: b.stayId,
      hotelName: b.hotelName,
      guestName: `${found.guestFirstName} ${found.guestLastName}`.trim(),
      from: b.checkIn,
      to: b.checkOut,
      amount: b.amountPaise,
      balance: balances.get(b.id) ?? 0,
      status: b.status,
      cancelledAt: b.cancelledAt?.toISOString() ?? null,
      cancelledBy: b.cancelledBy ?? null,
      refund: refunds.get(b.id) ?? null,
      compensation: recorded ? compensationDto(recorded) : null,
    },
    quote: b.status === 'confirmed' ? cancelQuoteOf(b, 'owner', deps.clock.now()) : null,
    compensation: owed ? { amount: owed.compensationPaise, description: owed.description } : null,
  };
}

/**
 * The owner cancels a confirmed booking of one of their stays before its check-in day: the guest is refunded
 * everything paid, whatever the booking's policy (ADR 025), with its credit note, is owed the charge the policy would
 * have taken from them today (ADR 053), and is mailed. Only a confirmed
 * booking: a hold is the guest's to release.
 */
export async function cancelAsOwner(deps: BookingsDeps, ownerId: string, id: string) {
  const found = await repo.bookingOfOwner(deps.db, ownerId, id);
  if (!found) throw notFound(BOOKING_MSG.bookingNotFound);
  if (found.booking.status !== 'confirmed') throw conflict(BOOKING_MSG.notCancellable, 'NOT_CANCELLABLE');
  await cancel(deps, id, 'owner');
  return ownerCancellation(deps, ownerId, id);
}

/**
 * What the stay owes the guest if it cancels today: the charge the booking's own policy would take from the guest
 * for a cancel today (none for a booking made before policies, refunded in full then); null from the check-in day.
 */
const compensationOf = (b: repo.BookingRow, today: string, paidPaise: number) =>
  ownerCancelCompensation({ policy: b.cancellationPolicy ?? null, checkIn: b.checkIn, today, paidPaise });

async function cancel(deps: BookingsDeps, id: string, by: CancelledBy) {
  const now = deps.clock.now();
  return withOutbox(deps, async (tx, emit) => {
    const b = await repo.lockBooking(tx, id);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status === 'pending_payment' && by === 'guest') {
      await repo.deleteRoomNights(tx, b.id);
      const released = await repo.updateBooking(tx, b.id, {
        status: 'cancelled',
        holdExpiresAt: null,
        cancelledAt: now,
        cancelledBy: by,
      });
      return released;
    }
    if (b.status !== 'confirmed' || b.arrival) throw conflict(BOOKING_MSG.notCancellable, 'NOT_CANCELLABLE');
    // Money the desk took is in the owner's hands, not the gateway's: it is returned at the desk (ADR 064).
    if ((await deskPaidOf(tx, b.id)) > 0) throw conflict(BOOKING_MSG.deskPaid, 'DESK_PAID');
    const today = todayInIndia(now);
    if (today >= b.checkIn) throw conflict(BOOKING_MSG.afterCheckIn, 'NOT_CANCELLABLE');
    await repo.deleteRoomNights(tx, b.id);
    const cancelled = await repo.updateBooking(tx, b.id, { status: 'cancelled', cancelledAt: now, cancelledBy: by });
    const payment = b.providerPaymentId ? await ledger.findPayment(tx, b.providerPaymentId) : undefined;
    let refunded = 0;
    if (payment) {
      const { refundPaise } = cancellationRefund({
        policy: refundPolicyOf(b, by),
        checkIn: b.checkIn,
        today,
        paidPaise: payment.amountPaise,
      });
      refunded = await decideRefund(tx, emit, { payment, amountPaise: refundPaise, reason: 'cancelled' });
      // The stay that cancels bears the charge its policy would have taken from the guest (rule 4(8), ADR 053).
      const owed = by === 'owner' ? compensationOf(b, today, payment.amountPaise) : null;
      const compensationId =
        owed && owed.compensationPaise > 0
          ? await ledger.insertCompensation(tx, {
              bookingId: b.id,
              amountPaise: owed.compensationPaise,
              description: owed.description,
            })
          : undefined;
      // The platform pays it to the guest after the commit, and recovers it from the owner's next settlement.
      if (compensationId) await emit(CompensationOwed, { compensationId });
    }
    // The credit note is for what is refunded: none when nothing is (ADR 017), nor after 30 November following the
    // end of its invoice's financial year, when the refund above is a refund only (s.34(2), ADR 047).
    await issueCreditNote(deps, tx, b.id, refunded);
    await emit(BookingCancelledMail, { bookingId: b.id });
    return cancelled;
  });
}
