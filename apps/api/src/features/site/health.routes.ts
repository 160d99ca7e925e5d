import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '#src/db/client.ts';

/** /api/health: the process is up. /api/ready: the database answers. */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: z.object({ message: z.string() }) },
      },
    },
    async (_req, reply) => {
      try {
        await ping(app.db);
        return { status: 'ready' as const, database: app.dbKind };
      } catch {
        return reply.status(503).send({ message: 'Database unavailable' });
      }
    },
  );
};
export default health;
