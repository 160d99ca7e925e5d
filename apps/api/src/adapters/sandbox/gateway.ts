import { createHmac } from 'node:crypto';
import type { PaymentMethod } from '@repo/shared/constants/domain';
import { SANDBOX_CARDS, SANDBOX_FAILING_BANK, SANDBOX_UPI_IDS, type SandboxPayResult } from '@repo/shared/schemas/payment';
import type { z } from 'zod';
import type { Db, Queryable } from '#src/db/client.ts';
import type { SandboxPaymentError } from '#src/db/schema/sandbox.ts';
import { AppError, conflict, fieldError } from '#src/lib/errors.ts';
import {
  gatewayId,
  hmac,
  isSignedId,
  type PaymentGateway,
  RefundRefused,
  sameSignature,
  signedGatewayId,
  upiFlowsOf,
} from '#src/platform/payments/gateway.ts';
import { readPaymentWebhook } from '../razorpay/index.ts';
import { SANDBOX_MSG } from './messages.ts';
import * as repo from './sandbox.repository.ts';
import { inTransaction } from '#src/db/client.ts';

/** A signed webhook as the gateway posts it: the raw body and its headers. */
export type SandboxWebhook = { rawBody: string; signature: string; eventId: string; event: string };
/**
 * Where the sandbox posts its webhooks (the app's webhook route, plugin.ts): resolves once the receiver accepted
 * the webhook, throws when it refused it (the webhook is posted again later).
 */
export type WebhookReceiver = (webhook: SandboxWebhook) => Promise<void>;

export type SandboxCard = { method?: 'card'; cardNumber: string; expiry: string };
/**
 * How the guest pays in the sandbox checkout (SandboxPayInput): a test card, UPI by intent (the guest's UPI app, opened
 * by a link or a QR code), UPI collect to a sandbox UPI id (where offered), or a bank.
 */
export type SandboxInstrument =
  | SandboxCard
  | { method: 'upi'; flow: 'intent' }
  | { method: 'upi'; flow?: 'collect'; vpa: string }
  | { method: 'netbanking'; bank: string };
export type PayAnswer = z.infer<typeof SandboxPayResult>;
/** How a pending UPI payment ends. */
export type UpiOutcome = 'captured' | 'declined' | 'timed_out';
export type SandboxOrder = { id: string; amountPaise: number; currency: string };
/** How the sandbox's bank answers a refund. */
export type RefundOutcome = { status: 'processed' } | { status: 'failed'; reason: string };

export type SandboxConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A refund is processed (and its webhook delivered) this long after it was asked for; unset: only by `settleRefunds`. */
  refundDelayMs?: number;
  /** How long a pending UPI payment waits before the sandbox approves it (unset: only `settle` ends it). */
  upiApprovalMs?: number;
  /** How long an intent payment waits for approval before it times out (unset: UPI_INTENT_EXPIRY_MS). */
  upiExpiryMs?: number;
  /** It takes UPI collect too, as Razorpay does for a merchant exempt from its deprecation (ADR 052). */
  upiCollect?: boolean;
};

/** An intent payment's link lasts as long as Razorpay's UPI requests by default (`expiry_time`: 5 minutes). */
export const UPI_INTENT_EXPIRY_MS = 5 * 60_000;
/** The payee of the sandbox's intent links (a UPI id of no real bank) and its name. */
const SANDBOX_PAYEE = { vpa: 'staybook.sandbox@razorpay', name: 'StayBook Sandbox' } as const;
/** A mobile app's merchant category in UPI links: 7011, hotels and lodging. */
const LODGING_MCC = '7011';

/**
 * The NPCI UPI deep link of a payment, as Razorpay's intent flow answers it (`link`) and its QR code encodes it:
 * payee, name, the payment as transaction reference, a note, the amount in rupees with paise, INR.
 */
function upiIntentLink(p: { id: string; orderId: string; amountPaise: number; currency: string }) {
  const params: [string, string][] = [
    ['pa', SANDBOX_PAYEE.vpa],
    ['pn', SANDBOX_PAYEE.name],
    ['tr', p.id],
    ['tn', `Payment for ${p.orderId}`],
    ['am', (p.amountPaise / 100).toFixed(2)],
    ['cu', p.currency],
    ['mc', LODGING_MCC],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
const silent: Log = { warn: () => undefined, error: () => undefined };

/**
 * The offline gateway: it keeps Razorpay's contract (ids, signatures, webhooks) without a network, and its account
 * (orders, payments, refunds, the webhooks it owes) in the database, so nothing it promised is lost when the process
 * stops. Its checkout (`pay`) plays the gateway's part: the success card (or UPI id, or bank) captures the payment,
 * the failure one is declined with Razorpay's error fields, and either way a signed webhook is posted to the
 * receiver, as the real gateway posts it to the webhook URL. The pending UPI id leaves the payment waiting for the
 * guest's approval in their UPI app: it is captured after `upiApprovalMs` (never by itself when unset), or settled
 * on demand.
 */
export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  /** Sets where webhooks go (when the app starts); the receiver it replaces. */
  deliverWebhooksTo(receiver: WebhookReceiver | undefined): WebhookReceiver | undefined;
  /**
   * Picks up what was due when the process stopped: arms the timers of pending refunds and payments and of the
   * webhooks not delivered yet (their work starts once the caller's turn is over).
   */
  resume(): Promise<void>;
  /** Posts the webhooks not delivered yet whose time has come; how many the receiver accepted. */
  deliverDue(): Promise<number>;
  /** Pays an order with a test card, UPI (intent, or collect where offered) or bank; answers as Razorpay's checkout would. */
  pay(order: SandboxOrder, instrument: SandboxInstrument, now?: Date): Promise<PayAnswer>;
  /**
   * The order's latest payment in the checkout's shape (pending, captured or failed), or null when none; an intent
   * payment past its expiry is timed out first.
   */
  orderPayment(orderId: string, now?: Date): Promise<PayAnswer | null>;
  /** Ends a pending UPI payment as the UPI app would: approved, declined or left to time out; its webhook follows. */
  settle(paymentId: string, outcome: UpiOutcome, now?: Date): Promise<PayAnswer>;
  /**
   * Records a card payment of the order as captured, without its webhook (the caller reports it, as a test posting
   * its own webhook or browser callback does); `paymentId` names it, else one is made. The payment's id.
   */
  capturePayment(order: SandboxOrder, paymentId?: string): Promise<string>;
  /** Stops its timers (when the app closes); what they would have done is resumed by the next start. */
  stop(): void;
  /** A payment's signature as the browser's success callback carries it. */
  signPayment(orderId: string, paymentId: string): string;
  /** A webhook body's signature, as the gateway sends it in X-Razorpay-Signature. */
  signWebhook(rawBody: string): string;
  /** Whether a webhook's raw body carries its signature (HMAC-SHA256 with the webhook secret, constant time). */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): boolean;
  /**
   * Settles every pending refund now (as the bank would, later): each becomes processed, or failed with the bank's
   * reason, and its signed `refund.processed` / `refund.failed` webhook is delivered. Returns how many it settled.
   */
  settleRefunds(outcome?: RefundOutcome): Promise<number>;
  /**
   * Writes a webhook the sandbox owes (in the transaction `q` of the change it reports): Route's transfer events
   * (route.ts) go out with the gateway's own. Call `deliverDue` after the commit.
   */
  oweWebhook(q: Queryable, event: string, contains: string, entity: Record<string, unknown>, now: Date): Promise<unknown>;
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

/** Razorpay's answers to a refund it refuses (400, BAD_REQUEST_ERROR). */
const REFUND_REFUSED = {
  code: 'BAD_REQUEST_ERROR',
  unknownPayment: 'The id provided does not exist',
  notCaptured: 'Only captured payments can be refunded',
  moreThanCaptured: 'The refund amount provided is greater than amount captured',
} as const;

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

/**
 * Decides a payment by its instrument: captured at once, declined (with Razorpay's error), or left pending (an
 * intent always waits for the guest's UPI app). Collect is refused where it is not offered.
 */
function outcomeOf(instrument: SandboxInstrument, now: Date, collect: boolean): 'captured' | 'pending' | SandboxPaymentError {
  if (instrument.method === 'upi') {
    if (instrument.flow === 'intent') return 'pending';
    if (!collect) throw fieldError('vpa', SANDBOX_MSG.collectOff);
    if (instrument.vpa === SANDBOX_UPI_IDS.success) return 'captured';
    if (instrument.vpa === SANDBOX_UPI_IDS.failure) return UPI_DECLINED;
    if (instrument.vpa === SANDBOX_UPI_IDS.pending) return 'pending';
    throw fieldError('vpa', SANDBOX_MSG.useTestUpiId);
  }
  if (instrument.method === 'netbanking') return instrument.bank === SANDBOX_FAILING_BANK ? NETBANKING_FAILED : 'captured';
  checkCard(instrument, now);
  return instrument.cardNumber === SANDBOX_CARDS.success ? 'captured' : DECLINED;
}

/** A refused webhook is posted again after 30 s, then twice as long each time (at most an hour), 12 times in all. */
export const WEBHOOK_RETRY = { firstMs: 30_000, maxMs: 60 * 60_000, attempts: 12 } as const;
/** setTimeout's longest delay; a later time is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createSandboxGateway(db: Db, cfg: SandboxConfig, log: Log = silent): SandboxGateway {
  let receiver: WebhookReceiver | undefined;
  let stopped = false;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  // Its payment ids carry a MAC under the key secret (kept in the data folder), so the sandbox knows a payment it
  // captured even without its row (one taken before its account was kept in the database).
  const paymentIdOf = () => signedGatewayId('pay', cfg.keySecret);
  const signPayment = (orderId: string, paymentId: string) => hmac(cfg.keySecret, `${orderId}|${paymentId}`);
  const signWebhook = (rawBody: string) => hmac(cfg.webhookSecret, rawBody);
  const upiExpiryMs = cfg.upiExpiryMs ?? UPI_INTENT_EXPIRY_MS;
  /** When an intent payment (one without a UPI id) times out; null for collect and other payments. */
  const expiryOf = (p: { method: string; vpa: string | null; createdAt: Date }) =>
    p.method === 'upi' && p.vpa === null ? new Date(p.createdAt.getTime() + upiExpiryMs) : null;

  /** Runs `task` at `at` (at once when past); one timer per key, none once stopped. */
  function arm(key: string, at: Date, task: () => Promise<unknown>) {
    if (stopped) return;
    const old = timers.get(key);
    if (old) clearTimeout(old);
    const wait = Math.max(0, at.getTime() - Date.now());
    const timer = setTimeout(
      () => {
        timers.delete(key);
        if (wait > MAX_TIMER_MS) return arm(key, at, task);
        task().catch((err) => log.error({ err, key }, 'sandbox task failed'));
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref?.();
    timers.set(key, timer);
  }
  function disarm(key: string) {
    const timer = timers.get(key);
    if (timer) clearTimeout(timer);
    timers.delete(key);
  }

  /** Writes a webhook the sandbox owes, in the transaction of the change it reports. */
  async function owe(q: Queryable, event: string, contains: string, entity: Record<string, unknown>, now: Date) {
    const id = gatewayId('evt');
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: [contains],
      payload: { [contains]: { entity } },
      created_at: Math.floor(now.getTime() / 1000),
    });
    // Due at once by this process's clock (a change reported for a later `now`, as tests pass, is due now too).
    await repo.insertEvent(q, { id, event, body, nextAttemptAt: new Date(Math.min(now.getTime(), Date.now())) });
    return { id, event, body, attempts: 0 };
  }

  /** Posts one webhook; a refusal is logged and the webhook posted again later (WEBHOOK_RETRY). */
  async function post(ev: { id: string; event: string; body: string; attempts: number }) {
    if (!receiver) return false;
    try {
      await receiver({ rawBody: ev.body, signature: signWebhook(ev.body), eventId: ev.id, event: ev.event });
    } catch (err) {
      const attempts = ev.attempts + 1;
      const next = new Date(Date.now() + Math.min(WEBHOOK_RETRY.firstMs * 2 ** (attempts - 1), WEBHOOK_RETRY.maxMs));
      log.warn({ err, eventId: ev.id, attempts }, 'sandbox webhook was refused; it is posted again later');
      await repo.markFailed(db, ev.id, err instanceof Error ? err.message : String(err), next);
      if (attempts < WEBHOOK_RETRY.attempts) arm('events', next, deliverDue);
      return false;
    }
    await repo.markDelivered(db, ev.id, new Date());
    return true;
  }

  /**
   * Posts the due webhooks (a hundred at a time), then waits for the next one due. Calls run one after another, each
   * reading what is due when it starts: a webhook owed while another call is posting is posted by the call that owed
   * it, never left to a read made before it was owed.
   */
  let delivering: Promise<unknown> = Promise.resolve();
  function deliverDue(): Promise<number> {
    const run = delivering.then(deliverNow, deliverNow);
    delivering = run.catch(() => undefined);
    return run;
  }
  async function deliverNow(): Promise<number> {
    let accepted = 0;
    for (const ev of await repo.dueEvents(db, new Date(), WEBHOOK_RETRY.attempts)) if (await post(ev)) accepted++;
    const next = await repo.nextEventDue(db, WEBHOOK_RETRY.attempts);
    if (next) arm('events', next, deliverDue);
    return accepted;
  }

  /** Razorpay's payment entity: the instrument's own field (vpa, bank) set, the others null. */
  const entityOf = (p: repo.PaymentRow) => ({
    entity: 'payment',
    id: p.id,
    order_id: p.orderId,
    amount: p.amountPaise,
    currency: p.currency,
    method: p.method,
    vpa: p.vpa,
    bank: p.bank,
  });
  function paymentEvent(q: Queryable, p: repo.PaymentRow, now: Date) {
    if (p.status === 'captured')
      return owe(q, 'payment.captured', 'payment', { ...entityOf(p), status: 'captured', captured: true }, now);
    const e = p.error ?? UPI_TIMED_OUT;
    return owe(
      q,
      'payment.failed',
      'payment',
      {
        ...entityOf(p),
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
  }
  function answerOf(p: repo.PaymentRow): PayAnswer {
    if (p.status === 'captured')
      return { razorpay_order_id: p.orderId, razorpay_payment_id: p.id, razorpay_signature: signPayment(p.orderId, p.id) };
    if (p.status === 'failed') {
      const { code, description, source, step, reason } = p.error ?? UPI_TIMED_OUT;
      return { error: { code, description, source, step, reason, metadata: { order_id: p.orderId, payment_id: p.id } } };
    }
    return pendingAnswer(p);
  }
  function pendingAnswer(
    p: Pick<repo.PaymentRow, 'id' | 'orderId' | 'amountPaise' | 'currency' | 'method' | 'vpa' | 'createdAt'>,
  ) {
    const intent = p.vpa === null;
    return {
      pending: {
        order_id: p.orderId,
        payment_id: p.id,
        method: 'upi' as const,
        vpa: p.vpa,
        link: intent ? upiIntentLink(p) : null,
        expires_at: expiryOf(p)?.toISOString() ?? null,
      },
    };
  }

  // Razorpay's refund entity and its refund.processed / refund.failed events (docs: webhooks/refunds).
  async function settleRefund(id: string, outcome: RefundOutcome) {
    const now = new Date();
    const owed = await inTransaction(db, async (tx) => {
      const r = await repo.settleRefund(tx, id, outcome.status, outcome.status === 'failed' ? outcome.reason : null, now);
      if (!r) return undefined;
      return owe(
        tx,
        `refund.${outcome.status}`,
        'refund',
        {
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
        now,
      );
    });
    disarm(`refund:${id}`);
    if (!owed) return false;
    await post(owed);
    return true;
  }

  async function settlePending(paymentId: string, outcome: UpiOutcome, now: Date): Promise<PayAnswer> {
    const settled = await inTransaction(db, async (tx) => {
      const p = await repo.settlePayment(
        tx,
        paymentId,
        outcome === 'captured'
          ? { status: 'captured' }
          : { status: 'failed', error: outcome === 'declined' ? UPI_DECLINED : UPI_TIMED_OUT },
        now,
      );
      return p && { p, owed: await paymentEvent(tx, p, now) };
    });
    if (!settled) throw conflict(SANDBOX_MSG.notPending, 'NOT_PENDING');
    disarm(`payment:${paymentId}`);
    disarm(`expiry:${paymentId}`);
    await post(settled.owed);
    return answerOf(settled.p);
  }
  const approveLater = (paymentId: string, at: Date) =>
    arm(`payment:${paymentId}`, at, () =>
      settlePending(paymentId, 'captured', new Date()).catch((err) => {
        if (!(err instanceof AppError && err.code === 'NOT_PENDING')) throw err;
      }),
    );
  const expireLater = (paymentId: string, at: Date) =>
    arm(`expiry:${paymentId}`, at, () =>
      settlePending(paymentId, 'timed_out', new Date()).catch((err) => {
        if (!(err instanceof AppError && err.code === 'NOT_PENDING')) throw err;
      }),
    );
  const settleLater = (refundId: string, at: Date) =>
    arm(`refund:${refundId}`, at, () => settleRefund(refundId, { status: 'processed' }));

  const gateway: SandboxGateway = {
    provider: 'sandbox',
    keyId: cfg.keyId,
    localOrders: true,
    upiFlows: upiFlowsOf(cfg.upiCollect),
    async createOrder({ amountPaise, currency, receipt }) {
      const id = gatewayId('order');
      await repo.insertOrder(db, { id, amountPaise, currency, receipt });
      return { id, amountPaise, currency };
    },
    verifyPaymentSignature({ orderId, paymentId, signature }) {
      return sameSignature(signPayment(orderId, paymentId), signature);
    },
    async paymentDetails(paymentId) {
      const p = await repo.findPayment(db, paymentId);
      if (p?.status !== 'captured') return null;
      return { orderId: p.orderId, amountPaise: p.amountPaise, currency: p.currency, method: p.method };
    },
    verifyWebhook(rawBody, signatureHeader) {
      return sameSignature(hmac(cfg.webhookSecret, rawBody), signatureHeader);
    },
    // Its webhooks are Razorpay's, body and headers: read as Razorpay's are, signed with its own secret.
    readWebhook: (rawBody, headers) => readPaymentWebhook(rawBody, headers, (b, s) => gateway.verifyWebhook(b, s)),
    // Like Razorpay, the same idempotency key answers with the same refund (its id is derived from the key); a new
    // refund is pending until the bank settles it (after refundDelayMs, or settleRefunds). A payment this sandbox
    // did not capture, or a refund of more than is left of it (its amount less its refunds not failed), is refused
    // with Razorpay's 400 BAD_REQUEST_ERROR and its words. The payment's refunds are asked for one at a time.
    async refund({ paymentId, amountPaise, idempotencyKey, receipt }) {
      const id = `rfnd_${createHmac('sha256', cfg.keySecret).update(idempotencyKey).digest('base64url').replace(/[-_]/g, '').slice(0, 14)}`;
      const r = await inTransaction(db, async (tx) => {
        await repo.lockRefundsOf(tx, paymentId);
        const known = await repo.findRefund(tx, id);
        if (known) return known;
        const payment = await repo.findPayment(tx, paymentId);
        if (payment) {
          if (payment.status !== 'captured') throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.notCaptured);
          if (amountPaise > payment.amountPaise - (await repo.refundedOf(tx, paymentId)))
            throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.moreThanCaptured);
        } else if (!isSignedId(paymentId, 'pay', cfg.keySecret)) {
          throw new RefundRefused(REFUND_REFUSED.code, REFUND_REFUSED.unknownPayment);
        }
        // A payment of this sandbox without its row: its amount is unknown here, so the app's own ledger is the
        // only bound (it never asks for more than was paid less what was refunded).
        const now = new Date();
        const settleAt = cfg.refundDelayMs === undefined ? null : new Date(now.getTime() + cfg.refundDelayMs);
        return repo.insertRefund(tx, { id, paymentId, amountPaise, receipt, status: 'pending', settleAt, createdAt: now });
      });
      if (!r) throw new Error('sandbox refund vanished');
      if (r.status === 'pending' && r.settleAt && !timers.has(`refund:${id}`)) settleLater(id, r.settleAt);
      return { id, paymentId: r.paymentId, amountPaise: r.amountPaise, status: r.status, createdAt: r.createdAt.toISOString() };
    },
    async settleRefunds(outcome = { status: 'processed' }) {
      let settled = 0;
      for (const r of await repo.pendingRefunds(db)) if (await settleRefund(r.id, outcome)) settled++;
      return settled;
    },
    deliverWebhooksTo(r) {
      const previous = receiver;
      receiver = r;
      return previous;
    },
    // Only arms timers: their work (webhooks posted through the app) runs once the app is ready.
    async resume() {
      stopped = false;
      for (const r of await repo.pendingRefunds(db)) if (r.settleAt) settleLater(r.id, r.settleAt);
      for (const p of await repo.timedPendingPayments(db)) if (p.approveAt) approveLater(p.id, p.approveAt);
      for (const p of await repo.pendingIntentPayments(db)) expireLater(p.id, new Date(p.createdAt.getTime() + upiExpiryMs));
      const next = await repo.nextEventDue(db, WEBHOOK_RETRY.attempts);
      if (next) arm('events', next, deliverDue);
    },
    deliverDue,
    oweWebhook: owe,
    async pay(order, instrument, now = new Date()) {
      if (await repo.pendingPaymentOf(db, order.id)) throw conflict(SANDBOX_MSG.upiPending, 'PAYMENT_PENDING');
      const outcome = outcomeOf(instrument, now, cfg.upiCollect === true);
      const base = {
        id: paymentIdOf(),
        orderId: order.id,
        amountPaise: order.amountPaise,
        currency: order.currency,
        method: (instrument.method ?? 'card') satisfies PaymentMethod,
        vpa: instrument.method === 'upi' && 'vpa' in instrument ? instrument.vpa : null,
        bank: instrument.method === 'netbanking' ? instrument.bank : null,
        createdAt: now,
      };
      if (outcome === 'pending') {
        const approveAt = cfg.upiApprovalMs === undefined ? null : new Date(now.getTime() + cfg.upiApprovalMs);
        if (!(await repo.insertPayment(db, { ...base, status: 'pending', approveAt })))
          throw conflict(SANDBOX_MSG.upiPending, 'PAYMENT_PENDING');
        if (approveAt) approveLater(base.id, approveAt);
        const expiresAt = expiryOf(base);
        if (expiresAt) expireLater(base.id, expiresAt);
        return pendingAnswer(base);
      }
      const row: repo.PaymentRow = {
        ...base,
        seq: 0,
        status: outcome === 'captured' ? 'captured' : 'failed',
        error: outcome === 'captured' ? null : outcome,
        approveAt: null,
        settledAt: now,
      };
      const owed = await inTransaction(db, async (tx) => {
        const { seq: _seq, ...values } = row;
        if (!(await repo.insertPayment(tx, values))) throw conflict(SANDBOX_MSG.upiPending, 'PAYMENT_PENDING');
        return paymentEvent(tx, row, now);
      });
      await post(owed);
      return answerOf(row);
    },
    async capturePayment(order, paymentId = paymentIdOf()) {
      const values = {
        id: paymentId,
        orderId: order.id,
        amountPaise: order.amountPaise,
        currency: order.currency,
        method: 'card' as const,
        status: 'captured' as const,
        settledAt: new Date(),
      };
      await repo.insertPayment(db, values);
      return paymentId;
    },
    // An intent payment past its expiry is timed out when asked for, should its timer not have run (another process,
    // a restart): the checkout polling it gets the failure, and the webhook reports it.
    async orderPayment(orderId, now = new Date()) {
      const p = await repo.latestPaymentOf(db, orderId);
      if (!p) return null;
      const expiresAt = p.status === 'pending' ? expiryOf(p) : null;
      if (expiresAt && expiresAt <= now)
        return settlePending(p.id, 'timed_out', now).catch(async (err) => {
          if (!(err instanceof AppError && err.code === 'NOT_PENDING')) throw err;
          const settled = await repo.findPayment(db, p.id);
          return settled ? answerOf(settled) : null;
        });
      return answerOf(p);
    },
    settle: (paymentId, outcome, now = new Date()) => settlePending(paymentId, outcome, now),
    stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
    signPayment,
    signWebhook,
  };
  return gateway;
}
