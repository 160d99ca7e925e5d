import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';

export type PaymentProvider = 'sandbox' | 'razorpay';

export type GatewayOrder = { id: string; amountPaise: number; currency: string };
export type GatewayRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  /** Razorpay's refund states: pending until the bank has it, then processed or failed. */
  status: 'pending' | 'processed' | 'failed';
  createdAt: string;
};
export type RefundRequest = {
  paymentId: string;
  amountPaise: number;
  /** The same key always means the same refund: a retry never pays twice (Razorpay's X-Refund-Idempotency). */
  idempotencyKey: string;
  /** Our own reference, kept by the gateway with the refund. */
  receipt: string;
};

/** What the booking service needs from a card payment provider. */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The public key the browser's checkout needs. */
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** HMAC-SHA256 of the raw request body with the webhook secret, compared in constant time. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): boolean;
  /** Asks for a refund of a captured payment (full or partial); idempotent per `idempotencyKey`. */
  refund(request: RefundRequest): Promise<GatewayRefund>;
}

/** The offline gateway's extras: it signs what a real provider would sign. */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  newPaymentId(): string;
  signPayment(orderId: string, paymentId: string): string;
  signWebhook(rawBody: string): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The active payment gateway: Razorpay when configured, else the offline sandbox. */
    payments: PaymentGateway;
  }
}

const hmac = (secret: string, data: Buffer | string) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two hex signatures (false on any length or format mismatch). */
export function sameSignature(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay-looking ids: a prefix and 14 alphanumeric characters. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function gatewayId(prefix: string): string {
  const bytes = randomBytes(14);
  let s = '';
  for (const b of bytes) s += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${s}`;
}

export function createSandboxGateway(cfg: { keyId: string; keySecret: string; webhookSecret: string }): SandboxGateway {
  return {
    provider: 'sandbox',
    keyId: cfg.keyId,
    async createOrder({ amountPaise, currency }) {
      return { id: gatewayId('order'), amountPaise, currency };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return sameSignature(hmac(cfg.keySecret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhook(rawBody, signatureHeader) {
      return sameSignature(hmac(cfg.webhookSecret, rawBody), signatureHeader);
    },
    // Like Razorpay, the same idempotency key answers with the same refund (its id is derived from the key).
    async refund({ paymentId, amountPaise, idempotencyKey }) {
      const id = `rfnd_${createHmac('sha256', cfg.keySecret).update(idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 14)}`;
      return { id, paymentId, amountPaise, status: 'processed', createdAt: new Date().toISOString() };
    },
    newPaymentId: () => gatewayId('pay'),
    signPayment: (orderId, paymentId) => hmac(cfg.keySecret, `${orderId}|${paymentId}`),
    signWebhook: (rawBody) => hmac(cfg.webhookSecret, rawBody),
  };
}

export function createRazorpayGateway(cfg: { keyId: string; keySecret: string; webhookSecret: string }): PaymentGateway {
  const client = new Razorpay({ key_id: cfg.keyId, key_secret: cfg.keySecret });
  return {
    provider: 'razorpay',
    keyId: cfg.keyId,
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
      const r = (await res.json().catch(() => ({}))) as {
        id?: string;
        amount?: number;
        status?: string;
        created_at?: number;
        error?: { description?: string };
      };
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

const RAZORPAY_API = 'https://api.razorpay.com/v1';

export const isSandbox = (g: PaymentGateway): g is SandboxGateway => g.provider === 'sandbox';

/** fastify.payments: the Razorpay adapter when RAZORPAY_KEY_ID/SECRET are set, otherwise the offline sandbox. */
export default fp(
  async (app: FastifyInstance) => {
    const { razorpay, sandbox, env } = app.config;
    const gateway = razorpay ? createRazorpayGateway(razorpay) : createSandboxGateway(sandbox);
    app.decorate('payments', gateway);
    if (gateway.provider === 'razorpay') app.log.info({ gateway: 'razorpay', keyId: gateway.keyId }, 'payments through Razorpay');
    else if (env === 'production')
      app.log.warn(
        { gateway: 'sandbox' },
        'payments through the offline sandbox (PAYMENTS=sandbox): test cards only, no money is taken',
      );
    else app.log.info({ gateway: 'sandbox' }, 'payments through the offline sandbox: test cards only');
  },
  { name: 'payments', dependencies: ['config'] },
);
