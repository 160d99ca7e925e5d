import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminGrievances from './admin-grievances.routes.ts';
import grievances from './grievances.routes.ts';
import { handleGrievanceMails } from './mails.ts';

/** The grievances feature: a guest's complaints and their mails, answered by the stay's owner and the platform. */
export const grievancesPlugin: FastifyPluginAsync = async (app) => {
  handleGrievanceMails(app.deps);
  await app.register(grievances);
  await registerAdminRoutes(app, adminGrievances);
};
