import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import type { OutboxEntry } from '#src/platform/outbox.ts';
import { every } from '#src/platform/schedule.ts';
import adminCancellations from './admin-cancellations.routes.ts';
import adminDesk from './admin-desk.routes.ts';
import adminPayments from './admin-payments.routes.ts';
import bookings from './bookings.routes.ts';
import {
  BookingCancelledMail,
  BookingConfirmedMail,
  CompensationOwed,
  DeskInvoiceMail,
  RefundGaveUpAlert,
  RefundRequested,
  RefundSettledMail,
} from './events.ts';
import { payCompensation } from './compensations.ts';
import { reportLeftStayChanges, sweepExpiredHolds } from './hold.service.ts';
import { eraseGuestIds } from './desk.service.ts';
import { mailCancellation, mailConfirmation, mailDeskInvoice, mailRefundGaveUp, mailRefundOutcome } from './mails.ts';
import payments from './payments.routes.ts';
import { carryOutRefund, retryDueRefunds } from './refunds.ts';

/** How often a process looks for failed refunds whose wait is over. */
const REFUND_RETRY_POLL_MS = 60_000;
/** How often a process erases the guest ID numbers whose time has come. */
const GUEST_ID_ERASE_EVERY_MS = 60 * 60_000;

/**
 * The bookings feature: holds, payments (the gateway's webhook), cancellations, refunds and their mails, under
 * /api/bookings, /api/me/bookings, /api/payments and /api/admin.
 */
export const bookingsPlugin: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  // What the feature's transactions emit, carried out after their commit (ADR 028). A mail's Message-ID is its
  // entry's: the same on every attempt, so a repeat after a crash is recognisable.
  const messageId = (entry: OutboxEntry) => outboxMessageId(app.config.publicUrl, entry);
  deps.outbox.handle(RefundRequested, (p) => carryOutRefund(deps, p.refundId));
  deps.outbox.handle(BookingConfirmedMail, (p, e) => mailConfirmation(deps, p.bookingId, messageId(e)));
  deps.outbox.handle(BookingCancelledMail, (p, e) => mailCancellation(deps, p.bookingId, messageId(e)));
  deps.outbox.handle(RefundSettledMail, (p, e) => mailRefundOutcome(deps, p.refundId, messageId(e)));
  deps.outbox.handle(RefundGaveUpAlert, (p, e) => mailRefundGaveUp(deps, p.refundId, messageId(e)));
  deps.outbox.handle(CompensationOwed, (p) => payCompensation(deps, p.compensationId));
  deps.outbox.handle(DeskInvoiceMail, (p, e) => mailDeskInvoice(deps, p.bookingId, messageId(e)));

  // Expired holds are released on every booking attempt; this sweep frees the rest (at least once a minute).
  const sweepEvery = Math.min(60_000, Math.max(1_000, (app.config.holdMinutes * 60_000) / 2));
  every(app, sweepEvery, 'hold sweep', () => sweepExpiredHolds(deps));
  // A hold reports its stay after its commit (ADR 058): what one left unreported is reported within seconds.
  every(app, 5_000, 'stay changes left by holds', () => reportLeftStayChanges(deps));
  // Failed refunds are asked for again by themselves once their wait is over (ADR 053); with the outbox's poller
  // (tests, which turn it off, run it themselves).
  if (app.config.outboxPollMs > 0)
    every(app, REFUND_RETRY_POLL_MS, 'asking again for failed refunds', () => retryDueRefunds(deps));

  // Guests' ID numbers are erased a set time after check-out (ADR 064): looked for hourly, at start too.
  every(app, GUEST_ID_ERASE_EVERY_MS, 'erasing guest IDs past their time', async () => {
    const erased = await eraseGuestIds(deps);
    if (erased > 0) app.log.info({ count: erased }, 'guest ID numbers erased');
  });

  await app.register(bookings);
  await app.register(payments, { prefix: '/payments' });
  await registerAdminRoutes(app, adminCancellations, adminPayments, adminDesk);
};
