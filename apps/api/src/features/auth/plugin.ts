import type { FastifyPluginAsync } from 'fastify';
import { outboxMessageId } from '#src/platform/mail.ts';
import { authRoutes } from './auth.routes.ts';
import { EmailConfirmMail, PasswordResetMail } from './events.ts';
import { sendWholeMail } from './reset-mail.ts';

/**
 * The auth feature's routes and mails: /api/auth (guests) and /api/admin/auth (admins; not behind the admin guard,
 * logout checks the admin token itself). Request authentication is authenticationPlugin, registered before features.
 */
export const authPlugin: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  // The mails are written whole into their entry (they hold a link) and emptied once sent.
  const send = (mail: Parameters<typeof sendWholeMail>[1], entry: Parameters<typeof outboxMessageId>[1]) =>
    sendWholeMail(deps.mail, mail, outboxMessageId(app.config.publicUrl, entry));
  deps.outbox.handle(PasswordResetMail, send, { forgetPayloadWhenDone: true });
  deps.outbox.handle(EmailConfirmMail, send, { forgetPayloadWhenDone: true });

  await app.register(authRoutes('guest'), { prefix: '/auth' });
  await app.register(authRoutes('admin'), { prefix: '/admin/auth' });
};
