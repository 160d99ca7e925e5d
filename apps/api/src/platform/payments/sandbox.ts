import { createHmac } from 'node:crypto';
import type { PaymentMethod } from '@repo/shared/constants/domain';
import { SANDBOX_CARDS, SANDBOX_FAILING_BANK, SANDBOX_UPI_IDS, type SandboxPayResult } from '@repo/shared/schemas/payment';
import type { z } from 'zod';
import { conflict, fieldError } from '#src/lib/errors.ts';
import { gatewayId, hmac, isSignedId, type PaymentGateway, RefundRefused, sameSignature, signedGatewayId } from './gateway.ts';

/** The sandbox checkout's own messages (its card rules). */
const SANDBOX_MSG = {
  useTestCard: 'Use a sandbox test card',
  cardExpired: 'This card has expired',
  useTestUpiId: `Use a sandbox UPI ID: ${SANDBOX_UPI_IDS.success}, ${SANDBOX_UPI_IDS.failure} or ${SANDBOX_UPI_IDS.pending}`,
  upiPending: 'A UPI payment for this booking is waiting for approval in your UPI app',
  notPending: 'This payment is not waiting for approval',
} as const;

/** A signed webhook as the gateway posts it: the raw body and its headers. */
export type SandboxWebhook = { rawBody: string; signature: string; eventId: string };
/** Where the sandbox delivers its webhooks (the app's webhook handler); a failure is logged by the caller. */
export type WebhookReceiver = (webhook: SandboxWebhook) => Promise<void>;

export type SandboxCard = { method?: 'card'; cardNumber: string; expiry: string };
/** How the guest pays in the sandbox checkout: a test card, a sandbox UPI id or a bank (SandboxPayInput). */
export type SandboxInstrument = SandboxCard | { method: 'upi'; vpa: string } | { method: 'netbanking'; bank: string };
type PayAnswer = z.infer<typeof SandboxPayResult>;
/** How a pending UPI payment ends. */
export type UpiOutcome = 'captured' | 'declined' | 'timed_out';
export type SandboxOrder = { id: string; amountPaise: number; currency: string };

/**
 * The offline gateway: it keeps Razorpay's contract (ids, signatures, webhooks) without a network. Its checkout
 * (`pay`) plays the gateway's part: the success card (or UPI id, or bank) captures the payment, the failure one is
 * declined with Razorpay's error fields, and either way a signed webhook is delivered to the receiver, as the real
 * gateway would post it to the webhook URL. The pending UPI id leaves the payment waiting for the guest's approval
 * in their UPI app: it is captured after `upiApprovalMs` (never by itself when unset), or settled on demand.
 */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  /** Sets where webhooks go (once, when the app starts). */
  deliverWebhooksTo(receiver: WebhookReceiver): void;
  /** Pays an order with a test card, UPI id or bank; answers as Razorpay's checkout answers the browser. */
  pay(order: SandboxOrder, instrument: SandboxInstrument, now?: Date): Promise<PayAnswer>;
  /** The order's latest payment in the checkout's shape (pending, captured or failed), or null when none. */
  orderPayment(orderId: string): PayAnswer | null;
  /** Ends a pending UPI payment as the UPI app would: approved, declined or left to time out; its webhook follows. */
  settle(paymentId: string, outcome: UpiOutcome, now?: Date): Promise<PayAnswer>;
  /**
   * Records a card payment of the order as captured, without its webhook (the caller reports it, as a test posting
   * its own webhook or browser callback does); `paymentId` names it, else one is made. The payment's id.
   */
  capturePayment(order: SandboxOrder, paymentId?: string): string;
  /** Stops the timers of pending payments (when the app closes). */
  stop(): void;
  /** A payment's signature as the browser's success callback carries it. */
  signPayment(orderId: string, paymentId: string): string;
  /** A webhook body's signature, as the gateway sends it in X-Razorpay-Signature. */
  signWebhook(rawBody: string): string;
  /**
   * Settles every pending refund now (as the bank would, later): each becomes processed, or failed with the bank's
   * reason, and its signed `refund.processed` / `refund.failed` webhook is delivered. Returns how many it settled.
   */
  settleRefunds(outcome?: RefundOutcome): Promise<number>;
}

/** How the sandbox's bank answers a refund. */
export type RefundOutcome = { status: 'processed' } | { status: 'failed'; reason: string };

export const isSandbox = (g: PaymentGateway): g is SandboxGateway => g.provider === 'sandbox';

/** Refuses a card the sandbox does not know, or one whose MM/YY month has passed. */
function checkCard(card: SandboxCard, now: Date) {
  if (card.cardNumber !== SANDBOX_CARDS.success && card.cardNumber !== SANDBOX_CARDS.failure)
    throw fieldError('cardNumber', SANDBOX_MSG.useTestCard);
  const [mm, yy] = card.expiry.split('/').map(Number) as [number, number];
  if (2000 + yy < now.getFullYear() || (2000 + yy === now.getFullYear() && mm < now.getMonth() + 1))
    throw fieldError('expiry', SANDBOX_MSG.cardExpired);
}

type GatewayError = { code: string; description: string; source: string; step: string; reason: string };

const DECLINED = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your payment was declined by the bank',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
} as const;

/** Razorpay's answers to a refund it refuses (400, BAD_REQUEST_ERROR). */
const REFUND_REFUSED = {
  code: 'BAD_REQUEST_ERROR',
  unknownPayment: 'The id provided does not exist',
  notCaptured: 'Only captured payments can be refunded',
  moreThanCaptured: 'The refund amount provided is greater than amount captured',
} as const;

type SandboxRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  receipt: string;
  status: 'pending' | 'processed' | 'failed';
  createdAt: Date;
};
/** Razorpay's error fields for UPI and netbanking failures (sources and steps of its payment-method error list). */
const UPI_DECLINED = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your UPI app declined the payment request',
  source: 'customer_psp',
  step: 'payment_authentication',
  reason: 'authorisation_declined_by_psp',
} as const;
const UPI_TIMED_OUT = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The payment was not approved in your UPI app in time',
  source: 'customer',
  step: 'payment_authentication',
  reason: 'payment_timed_out',
} as const;
const NETBANKING_FAILED = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Your bank could not authenticate you',
  source: 'customer',
  step: 'payment_authentication',
  reason: 'authentication_failed',
} as const;

/** What the sandbox remembers of a payment: enough to answer the checkout again and to settle it later. */
type Attempt = {
  order: SandboxOrder;
  paymentId: string;
  method: PaymentMethod;
  vpa: string | null;
  bank: string | null;
  /** What the checkout is answered: set as soon as the outcome is known (before its webhook is delivered). */
  answer?: PayAnswer;
  timer?: ReturnType<typeof setTimeout>;
};
/** The sandbox keeps the latest payments only (it is a test gateway in one process's memory). */
const KEPT_ATTEMPTS = 5000;

/** Decides a payment by its instrument: captured at once, declined (with Razorpay's error), or left pending. */
function outcomeOf(instrument: SandboxInstrument, now: Date): 'captured' | 'pending' | GatewayError {
  if (instrument.method === 'upi') {
    if (instrument.vpa === SANDBOX_UPI_IDS.success) return 'captured';
    if (instrument.vpa === SANDBOX_UPI_IDS.failure) return UPI_DECLINED;
    if (instrument.vpa === SANDBOX_UPI_IDS.pending) return 'pending';
    throw fieldError('vpa', SANDBOX_MSG.useTestUpiId);
  }
  if (instrument.method === 'netbanking') return instrument.bank === SANDBOX_FAILING_BANK ? NETBANKING_FAILED : 'captured';
  checkCard(instrument, now);
  return instrument.cardNumber === SANDBOX_CARDS.success ? 'captured' : DECLINED;
}

/** What the gateway keeps of an account: its payments (latest per order) and refunds. */
type Account = {
  attempts: Map<string, Attempt>;
  latestByOrder: Map<string, string>;
  refunds: Map<string, SandboxRefund>;
};
const accounts = new WeakMap<object, Account>();
/**
 * Gateways made from one config are one account, as every API process talks to the same Razorpay account: two
 * processes in one Node process (tests) see each other's payments and refunds. Separate processes do not (ADR 021).
 */
function accountOf(cfg: object): Account {
  let account = accounts.get(cfg);
  if (!account) {
    account = { attempts: new Map(), latestByOrder: new Map(), refunds: new Map() };
    accounts.set(cfg, account);
  }
  return account;
}

export function createSandboxGateway(cfg: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A refund is processed (and its webhook delivered) this long after it was asked for; unset: only by `settleRefunds`. */
  refundDelayMs?: number;
  /** How long a pending UPI payment waits before the sandbox approves it (unset: only `settle` ends it). */
  upiApprovalMs?: number;
}): SandboxGateway {
  let receiver: WebhookReceiver | undefined;
  const account = accountOf(cfg);
  // Its payment ids carry a MAC under the key secret (kept in the data folder), so the sandbox knows a payment it
  // captured even when it no longer holds it: after a restart, past KEPT_ATTEMPTS, or taken by another API process.
  const paymentIdOf = () => signedGatewayId('pay', cfg.keySecret);
  const refunds = account.refunds;
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

  // Razorpay's refund entity and its refund.processed / refund.failed events (docs: webhooks/refunds).
  async function settleRefund(r: SandboxRefund, outcome: RefundOutcome) {
    if (r.status !== 'pending') return false;
    r.status = outcome.status;
    const now = new Date();
    const rawBody = JSON.stringify({
      entity: 'event',
      event: `refund.${outcome.status}`,
      contains: ['refund'],
      payload: {
        refund: {
          entity: {
            id: r.id,
            entity: 'refund',
            amount: r.amountPaise,
            currency: 'INR',
            payment_id: r.paymentId,
            notes: {},
            receipt: r.receipt,
            acquirer_data: { arn: null },
            created_at: Math.floor(r.createdAt.getTime() / 1000),
            batch_id: null,
            status: outcome.status,
            speed_processed: 'normal',
            speed_requested: 'normal',
            ...(outcome.status === 'failed' ? { error_description: outcome.reason } : {}),
          },
        },
      },
      created_at: Math.floor(now.getTime() / 1000),
    });
    await receiver?.({ rawBody, signature: signWebhook(rawBody), eventId: gatewayId('evt') });
    return true;
  }

  const { attempts, latestByOrder } = account;
  const latestOf = (orderId: string) => {
    const id = latestByOrder.get(orderId);
    return id ? attempts.get(id) : undefined;
  };
  function remember(attempt: Attempt) {
    attempts.set(attempt.paymentId, attempt);
    latestByOrder.set(attempt.order.id, attempt.paymentId);
    for (const [id, old] of attempts) {
      if (attempts.size <= KEPT_ATTEMPTS) break;
      if (old.timer) continue;
      attempts.delete(id);
      if (latestByOrder.get(old.order.id) === id) latestByOrder.delete(old.order.id);
    }
  }
  /** Razorpay's payment entity: the instrument's own field (vpa, bank) set, the others null. */
  const entityOf = (a: Attempt) => ({
    id: a.paymentId,
    order_id: a.order.id,
    amount: a.order.amountPaise,
    currency: a.order.currency,
    method: a.method,
    vpa: a.vpa,
    bank: a.bank,
  });
  async function capture(a: Attempt, now: Date): Promise<PayAnswer> {
    a.answer = {
      razorpay_order_id: a.order.id,
      razorpay_payment_id: a.paymentId,
      razorpay_signature: signPayment(a.order.id, a.paymentId),
    };
    await deliver('payment.captured', { ...entityOf(a), status: 'captured', captured: true }, now);
    return a.answer;
  }
  async function fail(a: Attempt, e: GatewayError, now: Date): Promise<PayAnswer> {
    a.answer = { error: { ...e, metadata: { order_id: a.order.id, payment_id: a.paymentId } } };
    await deliver(
      'payment.failed',
      {
        ...entityOf(a),
        status: 'failed',
        captured: false,
        error_code: e.code,
        error_description: e.description,
        error_source: e.source,
        error_step: e.step,
        error_reason: e.reason,
      },
      now,
    );
    return a.answer;
  }
  function settlePending(a: Attempt, outcome: UpiOutcome, now: Date) {
    if (a.timer) clearTimeout(a.timer);
    a.timer = undefined;
    if (outcome === 'captured') return capture(a, now);
    return fail(a, outcome === 'declined' ? UPI_DECLINED : UPI_TIMED_OUT, now);
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
    async paymentDetails(paymentId) {
      const a = attempts.get(paymentId);
      if (!a?.answer || !('razorpay_payment_id' in a.answer)) return null;
      return { orderId: a.order.id, amountPaise: a.order.amountPaise, currency: a.order.currency, method: a.method };
    },
    verifyWebhook(rawBody, signatureHeader) {
      return sameSignature(hmac(cfg.webhookSecret, rawBody), signatureHeader);
    },
    // Like Razorpay, the same idempotency key answers with the same refund (its id is derived from the key); a new
    // refund is pending until the bank settles it (after refundDelayMs, or settleRefunds). A payment this sandbox
    // did not capture, or a refund of more than is left of it (its amount less its refunds not failed), is refused
    // with Razorpay's 400 BAD_REQUEST_ERROR and its words.
    async refund({ paymentId, amountPaise, idempotencyKey, receipt }) {
      const id = `rfnd_${createHmac('sha256', cfg.keySecret).update(idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 14)}`;
      let r = refunds.get(id);
      if (!r) {
        const payment = attempts.get(paymentId);
        if (payment) {
          if (!payment.answer || !('razorpay_payment_id' in payment.answer))
            throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.notCaptured);
          let refunded = 0;
          for (const other of refunds.values())
            if (other.paymentId === paymentId && other.status !== 'failed') refunded += other.amountPaise;
          if (amountPaise > payment.order.amountPaise - refunded)
            throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.moreThanCaptured);
        } else if (!isSignedId(paymentId, 'pay', cfg.keySecret)) {
          throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.unknownPayment);
        }
        // A payment of this sandbox it no longer holds: its amount is unknown here, so the app's own ledger is the
        // only bound (it never asks for more than was paid less what was refunded).
        r = { id, paymentId, amountPaise, receipt, status: 'pending', createdAt: new Date() };
        refunds.set(id, r);
        const settling = r;
        if (cfg.refundDelayMs !== undefined)
          setTimeout(
            () => void settleRefund(settling, { status: 'processed' }).catch(() => undefined),
            cfg.refundDelayMs,
          ).unref();
      }
      return { id, paymentId: r.paymentId, amountPaise: r.amountPaise, status: r.status, createdAt: r.createdAt.toISOString() };
    },
    async settleRefunds(outcome = { status: 'processed' }) {
      let settled = 0;
      for (const r of [...refunds.values()]) if (await settleRefund(r, outcome)) settled++;
      return settled;
    },
    deliverWebhooksTo(r) {
      receiver = r;
    },
    async pay(order, instrument, now = new Date()) {
      const latest = latestOf(order.id);
      if (latest?.answer && 'pending' in latest.answer) throw conflict(SANDBOX_MSG.upiPending, 'PAYMENT_PENDING');
      const outcome = outcomeOf(instrument, now);
      const attempt: Attempt = {
        order,
        paymentId: paymentIdOf(),
        method: instrument.method ?? 'card',
        vpa: instrument.method === 'upi' ? instrument.vpa : null,
        bank: instrument.method === 'netbanking' ? instrument.bank : null,
      };
      remember(attempt);
      if (outcome === 'captured') return capture(attempt, now);
      if (outcome !== 'pending') return fail(attempt, outcome, now);
      attempt.answer = {
        pending: { order_id: order.id, payment_id: attempt.paymentId, method: 'upi', vpa: attempt.vpa ?? '' },
      };
      if (cfg.upiApprovalMs !== undefined) {
        attempt.timer = setTimeout(() => {
          attempt.timer = undefined;
          settlePending(attempt, 'captured', new Date()).catch(() => undefined);
        }, cfg.upiApprovalMs);
        attempt.timer.unref?.();
      }
      return attempt.answer;
    },
    capturePayment(order, paymentId = paymentIdOf()) {
      const attempt: Attempt = { order, paymentId, method: 'card', vpa: null, bank: null };
      attempt.answer = {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signPayment(order.id, paymentId),
      };
      remember(attempt);
      return paymentId;
    },
    orderPayment(orderId) {
      return latestOf(orderId)?.answer ?? null;
    },
    async settle(paymentId, outcome, now = new Date()) {
      const attempt = attempts.get(paymentId);
      if (!attempt?.answer || !('pending' in attempt.answer)) throw conflict(SANDBOX_MSG.notPending, 'NOT_PENDING');
      return settlePending(attempt, outcome, now);
    },
    stop() {
      for (const a of attempts.values()) if (a.timer) clearTimeout(a.timer);
    },
    signPayment,
    signWebhook,
  };
}
