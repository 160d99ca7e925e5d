import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminRates from './admin-rates.routes.ts';

/** The rates feature: an owner's prices and seasons of their room types (/api/admin). */
export const ratesPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminRates);
};
