import type { FastifyPluginAsync } from 'fastify';
import { registerAdminRoutes } from '#src/lib/admin-scope.ts';
import adminDocuments from './admin-documents.routes.ts';
import { refreshSaleStanding } from './sale-standing.ts';

/**
 * The invoices feature: an owner's tax documents by month, each as issued, and a month as a ZIP (/api/admin). At
 * start, which stays may be sold is decided again for all of them: the platform's GSTINs are configuration.
 */
export const invoicesPlugin: FastifyPluginAsync = async (app) => {
  await registerAdminRoutes(app, adminDocuments);
  app.addHook('onReady', async () => {
    try {
      const changed = await refreshSaleStanding(app.deps.db, app.config.platform.gstins, 'all');
      if (changed > 0) app.log.info({ changed }, 'stays for sale decided again');
    } catch (err) {
      app.log.error({ err }, 'deciding which stays may be sold failed');
    }
  });
};
