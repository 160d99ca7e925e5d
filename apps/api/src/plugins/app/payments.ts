import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';

export type PaymentProvider = 'sandbox' | 'razorpay';

export type GatewayOrder = { id: string; amountPaise: number; currency: string };
export type GatewayRefund = { id: string; paymentId: string; amountPaise: number; status: string; createdAt: string };

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
  refund(paymentId: string, amountPaise: number): Promise<GatewayRefund>;
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
    async refund(paymentId, amountPaise) {
      return { id: gatewayId('rfnd'), paymentId, amountPaise, status: 'processed', createdAt: new Date().toISOString() };
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
    async refund(paymentId, amountPaise) {
      const r = await client.payments.refund(paymentId, { amount: amountPaise });
      return {
        id: r.id,
        paymentId,
        amountPaise: Number(r.amount ?? amountPaise),
        status: String(r.status ?? 'pending'),
        createdAt: new Date(Number(r.created_at ?? Date.now() / 1000) * 1000).toISOString(),
      };
    },
  };
}

export const isSandbox = (g: PaymentGateway): g is SandboxGateway => g.provider === 'sandbox';

/** fastify.payments: the Razorpay adapter when RAZORPAY_KEY_ID/SECRET are set, otherwise the offline sandbox. */
export default fp(
  async (app: FastifyInstance) => {
    const { razorpay, sandbox } = app.config;
    app.decorate('payments', razorpay ? createRazorpayGateway(razorpay) : createSandboxGateway(sandbox));
  },
  { name: 'payments', dependencies: ['config'] },
);
