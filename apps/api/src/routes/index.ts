import type { FastifyInstance } from 'fastify';
import { CONFIRM_MAIL } from '#src/features/auth/confirm-mail.ts';
import { RESET_MAIL, sendResetMail } from '#src/features/auth/reset-mail.ts';
import {
  CANCELLATION_MAIL,
  CONFIRMATION_MAIL,
  mailCancellation,
  mailConfirmation,
  mailRefundOutcome,
  REFUND_MAIL,
} from '#src/features/bookings/mails.ts';
import { carryOutRefund, REFUND_OUTBOX_KIND } from '#src/features/bookings/refunds.ts';
import { handleGrievanceMails } from '#src/features/grievances/mails.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import type { OutboxEntry } from '#src/platform/outbox.ts';
import adminAuth from './admin/auth.ts';
import adminOwner from './admin/owner.ts';
import adminRates from './admin/rates.ts';
import adminCancellations from './admin/cancellations.ts';
import adminDocuments from './admin/documents.ts';
import adminGrievances from './admin/grievances.ts';
import adminPayments from './admin/payments.ts';
import adminMe from './admin/me.ts';
import adminReviews from './admin/reviews.ts';
import adminRooms from './admin/rooms.ts';
import adminStays from './admin/stays.ts';
import adminUsers from './admin/users.ts';
import auth from './auth/index.ts';
import bookings from './bookings/index.ts';
import grievances from './grievances/index.ts';
import health from './health.ts';
import me from './me/index.ts';
import wishlist from './me/wishlist.ts';
import payments from './payments/index.ts';
import site from './site.ts';
import stays from './stays/index.ts';
import staySearch from './stays/search.ts';
import subscribers from './subscribers.ts';

/**
 * Every API route, under /api. Admin routes (but admin auth) sit behind requireAdmin: a stay owner's routes act on
 * their own stays only; the platform's (users) add requirePlatform (ADR 023).
 */
export async function registerRoutes(app: FastifyInstance) {
  // What features owe after their transactions commit (refunds, mails), carried out by the outbox.
  const { deps } = app;
  deps.outbox.handle(REFUND_OUTBOX_KIND, (p) => carryOutRefund(deps, String(p.refundId)));
  // A mail's Message-ID is its entry's: the same on every attempt, so a repeat after a crash is recognisable.
  const messageId = (entry: OutboxEntry) => outboxMessageId(app.config.publicUrl, entry);
  deps.outbox.handle(CONFIRMATION_MAIL, (p, e) => mailConfirmation(deps, String(p.bookingId), messageId(e)));
  deps.outbox.handle(CANCELLATION_MAIL, (p, e) => mailCancellation(deps, String(p.bookingId), messageId(e)));
  deps.outbox.handle(REFUND_MAIL, (p, e) => mailRefundOutcome(deps, String(p.refundId), messageId(e)));
  deps.outbox.handle(RESET_MAIL, (p, e) => sendResetMail(deps.mail, p, messageId(e)), { forgetPayloadWhenDone: true });
  deps.outbox.handle(CONFIRM_MAIL, (p, e) => sendResetMail(deps.mail, p, messageId(e)), { forgetPayloadWhenDone: true });
  handleGrievanceMails(deps);

  await app.register(
    async (api) => {
      await api.register(health);
      await api.register(site);
      await api.register(auth, { prefix: '/auth' });
      await api.register(me, { prefix: '/me' });
      await api.register(wishlist, { prefix: '/me/wishlist' });
      await api.register(subscribers, { prefix: '/subscribers' });
      await api.register(stays, { prefix: '/stays' });
      await api.register(staySearch, { prefix: '/stays' });
      // bookings defines /bookings/* and /me/bookings; payments defines /payments/*
      await api.register(bookings);
      await api.register(payments, { prefix: '/payments' });
      await api.register(grievances);
      await api.register(adminAuth, { prefix: '/admin/auth' });
      await api.register(
        async (admin) => {
          // onRequest: the token is checked before the body is parsed or validated (401/403 before 400).
          admin.addHook('onRequest', admin.requireAdmin);
          await admin.register(adminMe);
          await admin.register(adminStays);
          await admin.register(adminRooms);
          await admin.register(adminRates);
          await admin.register(adminReviews);
          await admin.register(adminOwner);
          await admin.register(adminCancellations);
          await admin.register(adminDocuments);
          await admin.register(adminGrievances);
          await admin.register(adminPayments);
          // The platform only (ADR 023): the users routes add requirePlatform.
          await admin.register(adminUsers, { prefix: '/users' });
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
}
