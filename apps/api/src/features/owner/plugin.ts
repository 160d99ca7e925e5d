import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminHousekeeping from './admin-housekeeping.routes.ts';
import adminOwner from './admin-owner.routes.ts';

/** The owner feature's public entry: reservations, occupancy, blocks and figures of an owner's stays (/api/admin). */
export const ownerPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminOwner, adminHousekeeping);
};
