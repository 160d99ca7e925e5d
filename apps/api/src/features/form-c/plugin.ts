import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminFormC from './admin-form-c.routes.ts';

/**
 * The Form C feature: foreign guests' reports of an owner's stays (/api/admin). Their erasure a year after departure
 * is part of the retention work (accounts).
 */
export const formCPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminFormC);
};
