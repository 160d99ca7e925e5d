import { ErrorBody } from '@repo/shared/schemas/common';
import { PaymentMismatchList } from '@repo/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUser } from '#src/features/auth/auth-user.ts';
import { listPaymentMismatches } from '#src/features/bookings/mismatches.ts';

/**
 * /api/admin/payment-mismatches: captured payments refunded because they did not match their order (ADR 024).
 * Until the platform role exists, each admin sees those of their own stays.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/payment-mismatches',
    {
      schema: {
        tags: ['admin payments'],
        security: [{ bearer: [] }],
        description:
          "Captured payments whose order id, amount or currency did not match their booking's order: recorded, refunded in full, never applied. Newest first, of the admin's own stays.",
        response: { 200: PaymentMismatchList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => ({ mismatches: await listPaymentMismatches(deps, authUser(request).id) }),
  );
};
export default routes;
