import { createHmac } from 'node:crypto';
import { SANDBOX_CARDS, type SandboxPayResult } from '@repo/shared/schemas/payment';
import type { z } from 'zod';
import { fieldError } from '#src/lib/errors.ts';
import { gatewayId, hmac, type PaymentGateway, sameSignature } from './gateway.ts';

/** The sandbox checkout's own messages (its card rules). */
const SANDBOX_MSG = {
  useTestCard: 'Use a sandbox test card',
  cardExpired: 'This card has expired',
} as const;

/** A signed webhook as the gateway posts it: the raw body and its headers. */
export type SandboxWebhook = { rawBody: string; signature: string; eventId: string };
/** Where the sandbox delivers its webhooks (the app's webhook handler); a failure is logged by the caller. */
export type WebhookReceiver = (webhook: SandboxWebhook) => Promise<void>;

export type SandboxCard = { cardNumber: string; expiry: string };
export type SandboxOrder = { id: string; amountPaise: number; currency: string };

/**
 * The offline gateway: it keeps Razorpay's contract (ids, signatures, webhooks) without a network. Its checkout
 * (`pay`) plays the gateway's part: the success card captures the payment, the failure card is declined with
 * Razorpay's error fields, and either way a signed webhook is delivered to the receiver, as the real gateway would
 * post it to the webhook URL.
 */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  /** Sets where webhooks go (once, when the app starts). */
  deliverWebhooksTo(receiver: WebhookReceiver): void;
  /** Pays an order with a test card; answers as Razorpay's checkout answers the browser. */
  pay(order: SandboxOrder, card: SandboxCard, now?: Date): Promise<z.infer<typeof SandboxPayResult>>;
  /** A payment's signature as the browser's success callback carries it. */
  signPayment(orderId: string, paymentId: string): string;
  /** A webhook body's signature, as the gateway sends it in X-Razorpay-Signature. */
  signWebhook(rawBody: string): string;
}

export const isSandbox = (g: PaymentGateway): g is SandboxGateway => g.provider === 'sandbox';

/** Refuses a card the sandbox does not know, or one whose MM/YY month has passed. */
function checkCard(card: SandboxCard, now: Date) {
  if (card.cardNumber !== SANDBOX_CARDS.success && card.cardNumber !== SANDBOX_CARDS.failure)
    throw fieldError('cardNumber', SANDBOX_MSG.useTestCard);
  const [mm, yy] = card.expiry.split('/').map(Number) as [number, number];
  if (2000 + yy < now.getFullYear() || (2000 + yy === now.getFullYear() && mm < now.getMonth() + 1))
    throw fieldError('expiry', SANDBOX_MSG.cardExpired);
}

const DECLINED = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment was declined by the bank',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
} as const;

export function createSandboxGateway(cfg: { keyId: string; keySecret: string; webhookSecret: string }): SandboxGateway {
  let receiver: WebhookReceiver | undefined;
  const signPayment = (orderId: string, paymentId: string) => hmac(cfg.keySecret, `${orderId}|${paymentId}`);
  const signWebhook = (rawBody: string) => hmac(cfg.webhookSecret, rawBody);

  async function deliver(event: string, payment: Record<string, unknown>, now: Date) {
    const rawBody = JSON.stringify({
      entity: 'event',
      event,
      contains: ['payment'],
      payload: { payment: { entity: { entity: 'payment', ...payment } } },
      created_at: Math.floor(now.getTime() / 1000),
    });
    await receiver?.({ rawBody, signature: signWebhook(rawBody), eventId: gatewayId('evt') });
  }

  return {
    provider: 'sandbox',
    keyId: cfg.keyId,
    async createOrder({ amountPaise, currency }) {
      return { id: gatewayId('order'), amountPaise, currency };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return sameSignature(signPayment(orderId, paymentId), signature);
    },
    verifyWebhook(rawBody, signatureHeader) {
      return sameSignature(hmac(cfg.webhookSecret, rawBody), signatureHeader);
    },
    // Like Razorpay, the same idempotency key answers with the same refund (its id is derived from the key).
    async refund({ paymentId, amountPaise, idempotencyKey }) {
      const id = `rfnd_${createHmac('sha256', cfg.keySecret).update(idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 14)}`;
      return { id, paymentId, amountPaise, status: 'processed', createdAt: new Date().toISOString() };
    },
    deliverWebhooksTo(r) {
      receiver = r;
    },
    async pay(order, card, now = new Date()) {
      checkCard(card, now);
      const paymentId = gatewayId('pay');
      const base = { id: paymentId, order_id: order.id, amount: order.amountPaise, currency: order.currency };
      if (card.cardNumber === SANDBOX_CARDS.success) {
        await deliver('payment.captured', { ...base, status: 'captured' }, now);
        return {
          razorpay_order_id: order.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: signPayment(order.id, paymentId),
        };
      }
      await deliver(
        'payment.failed',
        {
          ...base,
          status: 'failed',
          error_code: DECLINED.code,
          error_description: DECLINED.description,
          error_source: DECLINED.source,
          error_step: DECLINED.step,
          error_reason: DECLINED.reason,
        },
        now,
      );
      return { error: { ...DECLINED, metadata: { order_id: order.id, payment_id: paymentId } } };
    },
    signPayment,
    signWebhook,
  };
}
