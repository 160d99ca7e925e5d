import { ErrorBody } from '@repo/shared/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rawBodyOf, withRawJsonBodies } from '#src/lib/raw-body.ts';
import { applyTransferWebhook } from './payouts.service.ts';

/** POST /api/payouts/webhook: the payout gateway's webhooks (signed over the raw bytes), read by the gateway. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await withRawJsonBodies(app, (raw) => {
    raw.post(
      '/webhook',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['payouts'],
          summary: 'Payout webhook (transfer.processed / transfer.failed, payout_link.*; signed; applied once)',
          response: { 200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }), 400: ErrorBody, 409: ErrorBody },
        },
      },
      async (request) => applyTransferWebhook(deps, rawBodyOf(request), request.headers),
    );
  });
};
export default routes;
