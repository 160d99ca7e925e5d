import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyWebhook } from './webhooks.service.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Gateway webhooks. Registered under /api/payments. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // The webhook signature covers the raw bytes: this child context keeps JSON bodies as Buffers.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
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
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        return applyWebhook(
          deps,
          body,
          header(request.headers['x-razorpay-signature']),
          header(request.headers['x-razorpay-event-id']),
        );
      },
    );
  });
};
export default routes;
