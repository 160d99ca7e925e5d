import { SiteInfo } from '@repo/shared/schemas/grievance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * /api/site: what every page shows, read from the settings: the platform's legal name, address and customer care
 * (PLATFORM_*) and the grievance officer (GRIEVANCE_OFFICER_*).
 */
const site: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary:
          "The platform's legal name, address and customer care, and its grievance officer with their designation, named in every page's footer",
        response: { 200: SiteInfo },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const { legalName, address, customerCare } = app.config.platform;
      return { platform: { legalName, address, customerCare }, grievanceOfficer: app.config.grievanceOfficer };
    },
  );
};
export default site;
