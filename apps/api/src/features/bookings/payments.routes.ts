import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawBodyOf, withRawJsonBodies } from '#src/lib/raw-body.ts';
import { applyWebhook } from './webhooks.service.ts';

/** Gateway webhooks. Registered under /api/payments. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // The webhook signature covers the raw bytes: this child context keeps JSON bodies as Buffers.
  await withRawJsonBodies(app, (raw) => {
    raw.post(
      '/webhook',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Gateway webhook (signed; each event applied once)',
          response: {
            200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored', 'refunded']) }),
            400: ErrorBody,
            502: ErrorBody,
          },
        },
      },
      async (request) => applyWebhook(deps, rawBodyOf(request), request.headers),
    );
  });
};
export default routes;
