import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminMe from './admin-me.routes.ts';
import me from './me.routes.ts';
import subscribers from './subscribers.routes.ts';

/** The accounts feature: my profile, my data and account deletion (/api/me), the admin's own account, subscribers. */
export const accountsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(me, { prefix: '/me' });
  await app.register(subscribers, { prefix: '/subscribers' });
  await registerAdminRoutes(app, adminMe);
};
