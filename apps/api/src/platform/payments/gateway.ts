import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type { PaymentMethod, PaymentProvider, UpiFlow } from '@repo/shared/constants/domain';
import type { PaymentMethod, PaymentProvider, UpiFlow } from '@repo/shared/constants/domain';
import { PAYMENT_METHODS } from '@repo/shared/constants/domain';
import { isOneOf } from '@repo/shared/domain/one-of';

export type GatewayOrder = { id: string; amountPaise: number; currency: string };
/** A captured payment as the gateway itself reports it: of which order, how much, in which currency, how paid. */
export type GatewayPayment = { orderId: string | null; amountPaise: number; currency: string; method: PaymentMethod | null };
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

/**
 * The gateway refused a refund outright (Razorpay answers 400 BAD_REQUEST_ERROR: an unknown payment, or more than
 * is left of it to refund). Asking again with the same request gets the same answer, so it is not retried: the
 * refund is recorded as failed, with the gateway's words.
 */
export class RefundRefused extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`refund refused by the gateway (${code}): ${description}`);
    this.name = 'RefundRefused';
  }
}

/** A webhook request's headers, as the HTTP server gives them (the adapter knows which ones its provider sends). */
export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/**
 * A webhook as its adapter read it: the event, or why it was refused — its signature does not hold, its body is not
 * JSON, or the body is not an event of the shape the provider sends. A refused webhook changes nothing.
 */
export type WebhookReading<E> = { event: E } | { refused: 'signature' | 'body' | 'shape' };

/** A payment failure in the gateway's words (the seven fields the guest's failure dialog shows, less the ids). */
export type GatewayFailure = { code: string; description: string; source: string; step: string; reason: string };

/**
 * A payment gateway's webhook, read by its adapter from the provider's own body and headers: the one event the
 * bookings act on. `id` is the event's own (each applied once), `type` the provider's name for it and `payload` the
 * body as it came (both kept with the event).
 */
export type PaymentEvent = { id: string; type: string; payload: unknown } & (
  | {
      /** A payment was captured (Razorpay's payment.captured or order.paid). */
      kind: 'payment.captured';
      /** The order it is for: the payment's own, else the order the event names. */
      orderId: string | null;
      /** The payment as the gateway reports it: what it buys is decided from this (ADR 024). */
      payment: { id: string; orderId: string | null; amountPaise: number; currency: string; method: PaymentMethod | null };
    }
  | { kind: 'payment.failed'; orderId: string | null; paymentId: string; failure: GatewayFailure }
  | {
      /** A refund the app asked for was settled by the bank. */
      kind: 'refund.settled';
      refund: { id: string; receipt: string | null; status: 'processed' | 'failed'; failureReason: string | null };
    }
  /** Any other event: kept, not acted on. */
  | { kind: 'other' }
);

/** What the booking service needs from a payment provider (Razorpay, or the offline sandbox). */
export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** The public key the browser's checkout needs. */
  readonly keyId: string;
  /**
   * Its orders are made without a network round trip: a new hold's order is made before the rooms are held and
   * stored with the booking in one statement. A remote gateway's order is made once the rooms are held.
   */
  readonly localOrders: boolean;
  /**
   * The UPI flows its checkout offers (ADR 052): intent (the guest's UPI app opened by a `upi://pay` link) and QR
   * (the same link scanned); collect (a typed UPI id) only for a merchant the gateway still takes it from.
   */
  readonly upiFlows: readonly UpiFlow[];
  createOrder(input: {
    amountPaise: number;
    currency: 'INR';
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /**
   * Reads a webhook posted to `POST /api/payments/webhook`: its signature checked over the raw bytes (in constant
   * time) before anything of the body is read, then the body read into the event the bookings act on.
   */
  readWebhook(rawBody: Buffer, headers: WebhookHeaders): WebhookReading<PaymentEvent>;
  /**
   * A payment as the gateway reports it (Razorpay's payment entity: order_id, amount, currency, method — a method
   * outside PAYMENT_METHODS is null); null when the gateway does not know it or does not answer. The browser's
   * success fields say none of this: what a payment buys is checked against this (ADR 024).
   */
  paymentDetails(paymentId: string): Promise<GatewayPayment | null>;
  /**
   * Asks for a refund of a captured payment (full or partial); idempotent per `idempotencyKey`. Throws
   * `RefundRefused` when the gateway refuses it outright, any other error when it could not be asked (try again).
   */
  refund(request: RefundRequest): Promise<GatewayRefund>;
}

/** The UPI flows a gateway offers: intent and QR, and collect only when it still takes it from the merchant. */
export const upiFlowsOf = (collect: boolean | undefined): readonly UpiFlow[] =>
  collect ? ['intent', 'qr', 'collect'] : ['intent', 'qr'];

/** A gateway's `method` as one of PAYMENT_METHODS, or null (wallet, emi, … or nothing). */
export const knownMethod = (method: unknown): PaymentMethod | null => (isOneOf(PAYMENT_METHODS, method) ? method : null);

export const hmac = (secret: string, data: Buffer | string) => createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time comparison of two hex signatures (false on any length or format mismatch). */
export function sameSignature(expectedHex: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay-looking ids: a prefix and 14 alphanumeric characters. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alphanumeric = (bytes: Uint8Array, n: number) => {
  let s = '';
  for (const b of bytes.subarray(0, n)) s += ALPHABET[b % ALPHABET.length];
  return s;
};
export function gatewayId(prefix: string): string {
  return `${prefix}_${alphanumeric(randomBytes(14), 14)}`;
}

/**
 * An id of the same look whose last 6 characters are a MAC of the first 8 under `secret`: whoever holds the secret
 * can tell later, from the id alone, that it issued it (`isSignedId`).
 */
export function signedGatewayId(prefix: string, secret: string): string {
  const head = alphanumeric(randomBytes(8), 8);
  return `${prefix}_${head}${alphanumeric(createHmac('sha256', secret).update(`${prefix}_${head}`).digest(), 6)}`;
}

export function isSignedId(id: string, prefix: string, secret: string): boolean {
  const m = new RegExp(`^${prefix}_([A-Za-z0-9]{8})([A-Za-z0-9]{6})$`).exec(id);
  if (!m) return false;
  const [, body, signature = ''] = m;
  const expected = alphanumeric(createHmac('sha256', secret).update(`${prefix}_${body}`).digest(), 6);
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}
