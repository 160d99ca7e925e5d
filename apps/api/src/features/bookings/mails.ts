import { refundTo } from '@repo/shared/constants/messages';
import { documentFileName } from '@repo/shared/domain/gst';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import { creditNoteTimeOver, documentFile, findInvoice, INVOICE_COPY, type InvoiceRow } from '#src/features/invoices/index.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';

/** A tax document (invoice or credit note) as a mail's attachment: its file as issued; none without one. */
async function attachmentOf(deps: BookingsDeps, row: InvoiceRow | undefined) {
  if (!row) return undefined;
  return [{ filename: documentFileName(row.number), content: await documentFile(deps, row), contentType: 'application/pdf' }];
}

/** The confirmation mail of a booking (an outbox handler: a failure is retried). */
export async function mailConfirmation(deps: BookingsDeps, bookingId: string, messageId?: string) {
  const b = await repo.findBooking(deps.db, bookingId);
  // Nothing to say about a booking that is gone or no longer confirmed.
  if (b?.status !== 'confirmed') return;
  const user = await repo.guestOf(deps.db, b.userId);
  if (!user) return;
  const rooms = await repo.roomsOfBookings(deps.db, [b.id]);
  // The invoice is issued with the confirmation (payment.service), so it is attached to its mail.
  const invoice = await findInvoice(deps.db, b.id, 'invoice');
  const snapshot = invoice?.snapshot;
  const lines = [
    `Dear ${user.firstName},`,
    '',
    `Your stay at ${b.hotelName} is confirmed.`,
    '',
    `From: ${formatDate(b.checkIn)}`,
    `To: ${formatDate(b.checkOut)} (${b.nights} ${b.nights === 1 ? 'night' : 'nights'})`,
    `Rooms: ${rooms.map((r) => `${r.number} (${r.title})`).join(', ')}`,
    `Amount paid: ${formatPaise(b.amountPaise)}`,
    `Order id: ${b.providerOrderId}`,
    `Payment id: ${b.providerPaymentId}`,
    ...(invoice && snapshot ? ['', INVOICE_COPY.mailLine(snapshot.title, invoice.number)] : []),
    '',
    `Your orders: ${deps.config.publicUrl}/orders/${user.id}`,
  ];
  await deps.mail.send({
    messageId,
    to: user.email,
    subject: `Booking confirmed: ${b.hotelName}`,
    text: lines.join('\n'),
    attachments: await attachmentOf(deps, invoice),
  });
}

/** The cancellation mail of a paid booking: who cancelled, and what is refunded (an outbox handler). */
export async function mailCancellation(deps: BookingsDeps, bookingId: string, messageId?: string) {
  const b = await repo.findBooking(deps.db, bookingId);
  if (b?.status !== 'cancelled') return;
  const user = await repo.guestOf(deps.db, b.userId);
  if (!user) return;
  // The credit note is issued with the cancel, for what it refunds (ADR 017): it is attached to its mail.
  const [creditNote, refunds, methods] = await Promise.all([
    findInvoice(deps.db, b.id, 'credit_note'),
    ledger.refundsOfBooking(deps.db, b.id),
    ledger.methodsOfPayments(deps.db, b.providerPaymentId ? [b.providerPaymentId] : []),
  ]);
  const snapshot = creditNote?.snapshot;
  // What the cancel refunded: its credit note's value, else (a booking without an invoice, or refunded after the
  // last day for a credit note) its refunds on their way, or, when the gateway has already refused them, what they
  // were for (the refund's own mail says it failed and how to ask again).
  const cancelRefunds = refunds.filter((r) => r.reason === 'cancelled');
  const sumOf = (list: typeof refunds) => list.reduce((sum, r) => sum + r.amountPaise, 0);
  const refunded =
    creditNote?.totalPaise ??
    (sumOf(cancelRefunds.filter((r) => r.status !== 'failed')) || sumOf(cancelRefunds.filter((r) => r.status === 'failed')));
  // Refunded too late for a credit note (s.34(2), ADR 047): the guest is told the invoice stands.
  const creditTimeOver =
    !creditNote && refunded > 0 && b.cancelledAt
      ? await creditNoteTimeOver(deps.db, b.id, todayInIndia(b.cancelledAt))
      : undefined;
  // The refund goes back the way the guest paid: card, UPI or bank account.
  const method = b.providerPaymentId ? methods.get(b.providerPaymentId) : undefined;
  const lines = [
    `Dear ${user.firstName},`,
    '',
    b.cancelledBy === 'owner'
      ? `Your booking at ${b.hotelName} has been cancelled by the stay. We are sorry for the trouble.`
      : `Your booking at ${b.hotelName} has been cancelled, as you asked.`,
    '',
    `From: ${formatDate(b.checkIn)}`,
    `To: ${formatDate(b.checkOut)}`,
    `Amount paid: ${formatPaise(b.amountPaise)}`,
    refunded > 0
      ? `Refund: ${formatPaise(refunded)} ${refundTo(method)}. We will write again when the bank has it.`
      : "Refund: none is due under the booking's cancellation policy.",
    `Order id: ${b.providerOrderId}`,
    `Payment id: ${b.providerPaymentId}`,
    ...(creditNote && snapshot ? ['', INVOICE_COPY.mailLine(snapshot.title, creditNote.number)] : []),
    ...(creditTimeOver ? ['', INVOICE_COPY.lateRefund(formatDate(creditTimeOver))] : []),
    '',
    `Your orders: ${deps.config.publicUrl}/orders/${user.id}`,
  ];
  await deps.mail.send({
    messageId,
    to: user.email,
    subject: `Booking cancelled: ${b.hotelName}`,
    text: lines.join('\n'),
    attachments: await attachmentOf(deps, creditNote),
  });
}

/** A refund's outcome, once the gateway has settled it: processed, or failed with what happens next. */
export async function mailRefundOutcome(deps: BookingsDeps, refundId: string, messageId?: string) {
  const refund = await ledger.findRefund(deps.db, refundId);
  if (!refund || refund.status === 'pending') return;
  const b = await repo.findBooking(deps.db, refund.bookingId);
  const user = b ? await repo.guestOf(deps.db, b.userId) : undefined;
  if (!b || !user) return;
  const amount = formatPaise(refund.amountPaise);
  const processed = refund.status === 'processed';
  const lines = [
    `Dear ${user.firstName},`,
    '',
    processed
      ? `Your refund of ${amount} for ${b.hotelName} has been processed. Banks usually show it within 5–7 working days.`
      : `Your refund of ${amount} for ${b.hotelName} could not be processed${refund.failureReason ? `: ${refund.failureReason}` : ''}.`,
    ...(processed ? [] : ['', REFUND_FAILED_NEXT]),
    '',
    `Refund id: ${refund.providerRefundId ?? refund.id}`,
    `Order id: ${b.providerOrderId}`,
    '',
    `Your orders: ${deps.config.publicUrl}/orders/${user.id}`,
  ];
  await deps.mail.send({
    messageId,
    to: user.email,
    subject: processed ? `Refund processed: ${b.hotelName}` : `Refund failed: ${b.hotelName}`,
    text: lines.join('\n'),
  });
}

/** What a guest does after a failed refund (My Orders offers the same). */
export const REFUND_FAILED_NEXT =
  'The money has not left us. Open My Orders and choose "Ask for the refund again" to send it once more.';
