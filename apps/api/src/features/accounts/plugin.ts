import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import { every } from '#src/platform/schedule.ts';
import adminMe from './admin-me.routes.ts';
import me from './me.routes.ts';
import { carryOutRetention } from './retention.service.ts';
import subscribers from './subscribers.routes.ts';

/** How often the retention periods are carried out (at start, then daily): they are counted in days. */
const RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The accounts feature: my profile, my data and account deletion (/api/me), the admin's own account, subscribers,
 * and the retention periods the privacy notice promises, carried out on a schedule (ADR 051).
 */
export const accountsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(me, { prefix: '/me' });
  await app.register(subscribers, { prefix: '/subscribers' });
  await registerAdminRoutes(app, adminMe);
  every(app, RETENTION_EVERY_MS, 'carrying out retention periods', async () => {
    const n = await carryOutRetention(app.deps);
    if (n.holdAddresses + n.complaints + n.erasedBookings + n.foreignGuestReports > 0)
      app.log.info(n, 'removed personal data past its period');
  });
};
