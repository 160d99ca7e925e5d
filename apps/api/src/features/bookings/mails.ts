import { planLabel } from '@repo/shared/domain/plans';
import { COMPENSATION_MSG, REFUND_RETRY_MSG, refundTo } from '@repo/shared/constants/messages';
import { formatDateTime } from '@repo/shared/domain/grievances';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import {
  creditNoteTimeOver,
  documentFile,
  fileNameOf,
  findInvoice,
  INVOICE_COPY,
  type InvoiceRow,
} from '#src/features/invoices/index.ts';
import { compensationDto } from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';
import { refundRetryAt } from './refund-retry.ts';

/** A tax document (invoice or credit note) as a mail's attachment: its file as issued; none without one. */
async function attachmentOf(deps: BookingsDeps, row: InvoiceRow | undefined) {
  if (!row) return undefined;
  return [{ filename: fileNameOf(row), content: await documentFile(deps, row), contentType: 'application/pdf' }];
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
    // Each room with the rate plan it was sold under (ADR 065).
    `Rooms: ${rooms
      .map((r) =>
        r.planName !== null && r.mealPlan !== null
          ? `${r.number} (${r.title} — ${planLabel(r.planName, r.mealPlan)})`
          : `${r.number} (${r.title})`,
      )
      .join(', ')}`,
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
  const [creditNote, refunds, methods, compensations] = await Promise.all([
    findInvoice(deps.db, b.id, 'credit_note'),
    ledger.refundsOfBooking(deps.db, b.id),
    ledger.methodsOfPayments(deps.db, b.providerPaymentId ? [b.providerPaymentId] : []),
    ledger.compensationsOf(deps.db, [b.id]),
  ]);
  // What the stay owes the guest for cancelling it itself, on top of the refund (ADR 053).
  const compensation = compensations.get(b.id);
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
    ...(compensation ? compensationLines(compensationDto(compensation)) : []),
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
    ...(processed ? [] : ['', failedNext(refund)]),
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

/** A compensation owed to the guest, and how it is paid: with its link while one waits to be claimed. */
function compensationLines(c: ReturnType<typeof compensationDto>) {
  const amount = formatPaise(c.amount);
  if (c.payment === 'paid') return [COMPENSATION_MSG.paid(amount)];
  if (c.payment === 'link_sent' && c.claimUrl) return [COMPENSATION_MSG.linkSent(amount), c.claimUrl];
  if (c.payment === 'link_ended') return [COMPENSATION_MSG.linkEnded(amount)];
  return [COMPENSATION_MSG.owed(amount)];
}

/** What happens after a failed refund: it is sent again by itself at its time, or, its attempts over, our team writes. */
function failedNext(refund: ledger.RefundRow) {
  const at = refundRetryAt(refund);
  return at ? REFUND_RETRY_MSG.willRetry(formatDateTime(at)) : REFUND_RETRY_MSG.gaveUp;
}

/**
 * A refund failed its last attempt by itself (ADR 053): each of the platform's admins is told what to send another
 * way, to whom, and why (an outbox handler).
 */
export async function mailRefundGaveUp(deps: BookingsDeps, refundId: string, messageId?: string) {
  const found = await ledger.refundWithPayment(deps.db, refundId);
  if (found?.refund.status !== 'failed') return;
  const { refund, payment } = found;
  const b = await repo.findBooking(deps.db, refund.bookingId);
  const [user, admins] = await Promise.all([b ? repo.guestOf(deps.db, b.userId) : undefined, ledger.platformAdmins(deps.db)]);
  if (!b || !user) return;
  const lines = [
    `A refund of ${formatPaise(refund.amountPaise)} for ${b.hotelName} failed its attempt ${refund.attempt}, the last one made by itself.`,
    `The gateway or the bank said: ${refund.failureReason ?? BOOKING_MSG.refundFailedByBank}`,
    '',
    `Guest: ${user.firstName} <${user.email}>`,
    `Booking: ${b.id}`,
    `Order id: ${b.providerOrderId}`,
    `Payment id: ${payment.providerPaymentId}`,
    `Refund: ${refund.id}`,
    '',
    'The guest has been told our team will write to them within 2 working days to send it another way.',
  ];
  for (const [i, admin] of admins.entries())
    await deps.mail.send({
      messageId: messageId && admins.length > 1 ? messageId.replace('@', `.${i}@`) : messageId,
      to: admin.email,
      subject: `Refund failed after ${refund.attempt} attempts: ${b.hotelName}`,
      text: lines.join('\n'),
    });
}

/**
 * A desk booking's tax invoice to the email its guest gave at the desk (an outbox handler): with none, the desk
 * prints or downloads it from the admin booking view (ADR 064).
 */
export async function mailDeskInvoice(deps: BookingsDeps, bookingId: string, messageId?: string) {
  const b = await repo.findBooking(deps.db, bookingId);
  if (b?.source !== 'desk' || !b.guestEmail) return;
  const invoice = await findInvoice(deps.db, b.id, 'invoice');
  if (!invoice) return;
  const lines = [
    `Dear ${b.guestName ?? 'guest'},`,
    '',
    `Thank you for staying at ${b.hotelName}.`,
    '',
    `From: ${formatDate(b.checkIn)}`,
    `To: ${formatDate(b.checkOut)} (${b.nights} ${b.nights === 1 ? 'night' : 'nights'})`,
    `Amount paid at the stay: ${formatPaise(b.amountPaise)}`,
    '',
    INVOICE_COPY.mailLine(invoice.snapshot.title, invoice.number),
  ];
  await deps.mail.send({
    messageId,
    to: b.guestEmail,
    subject: `Your invoice: ${b.hotelName}`,
    text: lines.join('\n'),
    attachments: await attachmentOf(deps, invoice),
  });
}
