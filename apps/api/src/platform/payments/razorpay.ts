import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { z } from 'zod';
import { knownMethod, type PaymentGateway, RefundRefused, upiFlowsOf } from './gateway.ts';

const RAZORPAY_API = 'https://api.razorpay.com/v1';

/** What Razorpay answers a refund request, as far as it is read here: a field of another type counts as absent. */
const lenient = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);
const RefundAnswer = z
  .object({
    id: lenient(z.string()),
    amount: lenient(z.number()),
    status: lenient(z.string()),
    created_at: lenient(z.number()),
    error: lenient(z.object({ code: lenient(z.string()), description: lenient(z.string()) })),
  })
  .catch({});

/**
 * Razorpay through its Standard Checkout (checkout.js in the browser) and its REST API. UPI: checkout.js shows a QR
 * code on a laptop and the UPI apps (intent) on a phone; collect is hidden there (`config.display.hide`, the web's
 * `openRazorpay`) unless `upiCollect` says Razorpay still takes it from this merchant (ADR 052).
 */
export function createRazorpayGateway(cfg: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  upiCollect?: boolean;
}): PaymentGateway {
  const client = new Razorpay({ key_id: cfg.keyId, key_secret: cfg.keySecret });
  return {
    provider: 'razorpay',
    keyId: cfg.keyId,
    localOrders: false,
    upiFlows: upiFlowsOf(cfg.upiCollect),
    async createOrder({ amountPaise, currency, receipt, notes }) {
      const order = await client.orders.create({ amount: amountPaise, currency, receipt, notes });
      return { id: order.id, amountPaise: Number(order.amount), currency: order.currency };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      try {
        return validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, cfg.keySecret);
      } catch {
        return false;
      }
    },
    // GET /v1/payments/:id; a gateway that does not answer in time leaves the payment to its webhook.
    async paymentDetails(paymentId) {
      try {
        const payment = await Promise.race([
          client.payments.fetch(paymentId),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000).unref()),
        ]);
        const amount = Number(payment.amount);
        if (!Number.isSafeInteger(amount) || amount <= 0) return null;
        return {
          orderId: typeof payment.order_id === 'string' ? payment.order_id : null,
          amountPaise: amount,
          currency: String(payment.currency ?? ''),
          method: knownMethod(payment.method),
        };
      } catch {
        return null;
      }
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (!cfg.webhookSecret || !signatureHeader) return false;
      try {
        return Razorpay.validateWebhookSignature(
          typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'),
          signatureHeader,
          cfg.webhookSecret,
        );
      } catch {
        return false;
      }
    },
    // The SDK drops headers it does not know, and the idempotency key is a header: the refunds API is called
    // directly (POST /v1/payments/:id/refund, basic auth with the key id and secret).
    async refund({ paymentId, amountPaise, idempotencyKey, receipt }) {
      const res = await fetch(`${RAZORPAY_API}/payments/${encodeURIComponent(paymentId)}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`,
          'content-type': 'application/json',
          'x-refund-idempotency': idempotencyKey,
        },
        body: JSON.stringify({ amount: amountPaise, receipt }),
        signal: AbortSignal.timeout(15_000),
      });
      const r = RefundAnswer.parse(await res.json().catch(() => ({})));
      // A 400 is Razorpay's final word on this request (unknown payment, more than is left to refund…): refused.
      if (res.status === 400 && r.error?.code === 'BAD_REQUEST_ERROR')
        throw new RefundRefused(r.error.code, r.error.description ?? 'The refund was refused');
      if (!res.ok || !r.id) throw new Error(`Razorpay refund refused (${res.status}): ${r.error?.description ?? 'no refund id'}`);
      const status = String(r.status ?? 'pending');
      return {
        id: r.id,
        paymentId,
        amountPaise: Number(r.amount ?? amountPaise),
        status: status === 'processed' || status === 'failed' ? status : 'pending',
        createdAt: new Date(Number(r.created_at ?? Date.now() / 1000) * 1000).toISOString(),
      };
    },
  };
}
