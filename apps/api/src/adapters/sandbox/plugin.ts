import { ErrorBody } from '@repo/shared/schemas/common';
import { SandboxOrderPayment, SandboxPayInput, SandboxPayResult, SandboxUpiApprovalInput } from '@repo/shared/schemas/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authUser } from '#src/features/auth/index.ts';
import { sandboxOrderPayment, sandboxPay, sandboxUpiApproval } from './checkout.ts';
import type { SandboxGateway } from './gateway.ts';
import type { SandboxRoute } from './route.ts';

/** The route Razorpay posts its webhooks to (the bookings' payments routes): the sandbox posts its own there too. */
export const WEBHOOK_URL = '/api/payments/webhook';
/** Route's transfer webhooks and payout links' go to the payouts' webhook route (ADR 032, 053). */
export const PAYOUTS_WEBHOOK_URL = '/api/payouts/webhook';

/**
 * The offline sandbox as one opt-in module (ADR 030), registered by app.ts only when it is the gateway, under
 * /api/payments/sandbox: its checkout routes, and its webhooks posted to the app's signed webhook route through
 * Fastify (routing, body parser, signature check), exactly as Razorpay's arrive. A webhook the route refuses is
 * logged and posted again later; on start the module resumes what was due (pending refunds and UPI approvals,
 * undelivered webhooks), and on close it stops its timers.
 */
const sandbox: FastifyPluginAsyncZod<{ gateway: SandboxGateway; route?: SandboxRoute }> = async (app, { gateway, route }) => {
  const { deps } = app;
  gateway.deliverWebhooksTo(async ({ rawBody, signature, eventId, event }) => {
    const res = await app.inject({
      method: 'POST',
      url: event.startsWith('transfer.') || event.startsWith('payout_link.') ? PAYOUTS_WEBHOOK_URL : WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
      payload: rawBody,
    });
    if (res.statusCode !== 200) throw new Error(`the webhook route answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  });
  app.addHook('onReady', async () => {
    await gateway.resume();
    await route?.resume();
  });
  app.addHook('onClose', async () => {
    gateway.stop();
    route?.stop();
  });

  app.post(
    '/orders/:orderId/pay',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['payments'],
        summary:
          "The sandbox checkout: pay an order with a test card, UPI (intent, or collect where offered) or bank (answers in the gateway's shape)",
        params: z.object({ orderId: z.string().min(1).max(100) }),
        body: SandboxPayInput,
        response: { 200: SandboxPayResult, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => sandboxPay(deps, gateway, authUser(request).id, request.params.orderId, request.body),
  );

  app.get(
    '/orders/:orderId/payment',
    {
      onRequest: app.requireGuest,
      schema: {
        tags: ['payments'],
        summary: "The sandbox checkout: the order's latest payment (polled while a UPI payment waits for approval)",
        params: z.object({ orderId: z.string().min(1).max(100) }),
        response: { 200: SandboxOrderPayment, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => sandboxOrderPayment(deps, gateway, authUser(request).id, request.params.orderId),
  );

  app.post(
    '/orders/:orderId/upi-approval',
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
    async (request) => sandboxUpiApproval(deps, gateway, authUser(request).id, request.params.orderId, request.body.approve),
  );
};
export default sandbox;
