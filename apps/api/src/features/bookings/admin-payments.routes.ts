import { ErrorBody } from '@repo/shared/schemas/common';
import { PaymentMismatchList } from '@repo/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPaymentMismatches } from './mismatches.ts';

/**
 * /api/admin/payment-mismatches: captured payments refunded because they did not match their order (ADR 024), of
 * every stay: the platform's (money is the platform's business; a stay owner sees their bookings' money in
 * Reservations).
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/payment-mismatches',
    {
      onRequest: app.requirePlatform,
      schema: {
        tags: ['admin payments'],
        security: [{ bearer: [] }],
        description:
          "Captured payments whose order id, amount or currency did not match their booking's order: recorded, refunded in full, never applied. Newest first, of every stay. Platform only.",
        response: { 200: PaymentMismatchList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => ({ mismatches: await listPaymentMismatches(deps, null) }),
  );
};
export default routes;
