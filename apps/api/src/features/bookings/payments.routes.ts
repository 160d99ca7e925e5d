import { ErrorBody } from '@repo/shared/schemas/common';
import { SandboxOrderPayment, SandboxPayInput, SandboxPayResult, SandboxUpiApprovalInput } from '@repo/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { applyWebhook, sandboxOrderPayment, sandboxPay, sandboxUpiApproval } from './webhooks.service.ts';
import { isSandbox } from '#src/platform/payments/sandbox.ts';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Gateway webhooks and the offline sandbox checkout. Registered under /api/payments. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The sandbox's webhooks reach the same handler as the gateway's posts (a refusal is logged, as a gateway would see it).
  if (isSandbox(deps.payments)) {
    const sandbox = deps.payments;
    sandbox.deliverWebhooksTo(async ({ rawBody, signature, eventId }) => {
      await applyWebhook(deps, rawBody, signature, eventId).catch((err) => deps.log.warn({ err }, 'sandbox webhook was refused'));
    });
    app.addHook('onClose', async () => sandbox.stop());
  }

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

  app.post(
    '/sandbox/orders/:orderId/pay',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['payments'],
        summary: "The sandbox checkout: pay an order with a test card, UPI id or bank (answers in the gateway's shape)",
        params: z.object({ orderId: z.string().min(1).max(100) }),
        body: SandboxPayInput,
        response: { 200: SandboxPayResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => sandboxPay(deps, authUser(request).id, request.params.orderId, request.body),
  );

  app.get(
    '/sandbox/orders/:orderId/payment',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['payments'],
        summary: "The sandbox checkout: the order's latest payment (polled while a UPI payment waits for approval)",
        params: z.object({ orderId: z.string().min(1).max(100) }),
        response: { 200: SandboxOrderPayment, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => sandboxOrderPayment(deps, authUser(request).id, request.params.orderId),
  );

  app.post(
    '/sandbox/orders/:orderId/upi-approval',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['payments'],
        summary: "The sandbox's UPI app: approve or decline the order's pending UPI payment (its webhook follows)",
        params: z.object({ orderId: z.string().min(1).max(100) }),
        body: SandboxUpiApprovalInput,
        response: { 200: SandboxPayResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => sandboxUpiApproval(deps, authUser(request).id, request.params.orderId, request.body.approve),
  );
};
export default routes;
