import { SiteInfo } from '@repo/shared/schemas/grievance';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/site: what every page may show, read from the settings: the grievance officer (GRIEVANCE_OFFICER_*). */
const site: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: "The platform's grievance officer, named in every page's footer",
        response: { 200: SiteInfo },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { grievanceOfficer: app.config.grievanceOfficer };
    },
  );
};
export default site;
