import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminDocuments from './admin-documents.routes.ts';

/** The invoices feature: an owner's tax documents by month, each as issued, and a month as a ZIP (/api/admin). */
export const invoicesPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminDocuments);
};
