import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyTransferWebhook } from './payouts.service.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** POST /api/payouts/webhook: Razorpay Route's transfer webhooks (signed over the raw bytes). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    raw.post(
      '/webhook',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['payouts'],
          summary: 'Payout transfer webhook (transfer.processed / transfer.failed; signed; applied once)',
          response: { 200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }), 400: ErrorBody },
        },
      },
      async (request) =>
        applyTransferWebhook(
          deps,
          Buffer.isBuffer(request.body) ? request.body : Buffer.from(''),
          header(request.headers['x-razorpay-signature']),
        ),
    );
  });
};
export default routes;
