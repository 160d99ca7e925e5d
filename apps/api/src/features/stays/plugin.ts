import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminStays from './admin-stays.routes.ts';
import stays from './stays.routes.ts';

/** The stays feature: the home page's lists and a stay's details (/api/stays), and an owner's stays (/api/admin). */
export const staysPlugin: FastifyPluginAsync = async (app) => {
  await app.register(stays, { prefix: '/stays' });
  await registerAdminRoutes(app, adminStays);
};
