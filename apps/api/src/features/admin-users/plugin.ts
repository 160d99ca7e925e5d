import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminUsers from './admin-users.routes.ts';

/** The admin-users feature's public entry: the platform's users list (/api/admin/users; platform only, ADR 023). */
export const adminUsersPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, async (admin) => {
    await admin.register(adminUsers, { prefix: '/users' });
  });
};
