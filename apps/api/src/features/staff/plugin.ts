import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import { outboxMessageId } from '#src/platform/mail.ts';
import adminStaff from './admin-staff.routes.ts';
import { StaffInviteMail } from './events.ts';
import staffInvites from './staff-invites.routes.ts';

/** The staff feature's public entry: an owner's staff (/api/admin/staff), their invitation links and mail (ADR 066). */
export const staffPlugin: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  deps.outbox.handle(
    StaffInviteMail,
    (mail, entry) => deps.mail.send({ ...mail, messageId: outboxMessageId(app.config.publicUrl, entry) }),
    { forgetPayloadWhenDone: true },
  );
  await app.register(staffInvites);
  await registerAdminRoutes(app, adminStaff);
};
