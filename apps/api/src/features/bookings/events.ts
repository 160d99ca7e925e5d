import { z } from 'zod';
import { outboxEvent } from '#src/platform/events.ts';

const BookingId = z.object({ bookingId: z.uuid() });
const RefundId = z.object({ refundId: z.uuid() });

/** A refund decided (refunds.ts decideRefund): the gateway is asked for it (carryOutRefund, bookings.plugin.ts). */
export const RefundRequested = outboxEvent('refund', RefundId);
/** A booking paid and confirmed (payment.service): its confirmation mail with the tax invoice (mails.ts). */
export const BookingConfirmedMail = outboxEvent('mail.booking-confirmed', BookingId);
/** A booking cancelled by the guest or the owner (cancel.service): its cancellation mail (mails.ts). */
export const BookingCancelledMail = outboxEvent('mail.booking-cancelled', BookingId);
/** A refund processed or failed (refunds.ts): the guest is told the outcome (mails.ts). */
export const RefundSettledMail = outboxEvent('mail.refund-settled', RefundId);
/** A refund whose last automatic attempt failed (refunds.ts): the platform's admins are told (mails.ts). */
export const RefundGaveUpAlert = outboxEvent('mail.refund-gave-up', RefundId);
/**
 * A stay cancelled a booking itself and owes its guest a compensation (cancel.service): the platform pays it by payout
 * link (compensations.ts).
 */
export const CompensationOwed = outboxEvent('compensation.payout', z.object({ compensationId: z.uuid() }));
/** A desk booking with an email, paid at the desk (desk.service): its guest gets the tax invoice by mail (mails.ts). */
export const DeskInvoiceMail = outboxEvent('mail.desk-invoice', BookingId);
