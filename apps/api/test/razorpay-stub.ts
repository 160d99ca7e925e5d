import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { z } from 'zod';

/**
 * A stand-in for Razorpay's API on 127.0.0.1 (a random port), speaking its documented requests and answers: orders
 * (`POST /v1/orders`), payments (`GET /v1/payments/:id`), refunds (`POST /v1/payments/:id/refund`, idempotent per
 * `X-Refund-Idempotency`), Route's linked accounts (`/v2/accounts`, stakeholders, the route product and its
 * settlement account) and direct transfers (`POST /v1/transfers`, idempotent per `X-Transfer-Idempotency`). Every
 * call needs basic auth with the key id and secret (else 401). Errors are Razorpay's `{ error: { code,
 * description, … } }`. What a checkout, the bank or Route would do next is done on demand, each answered with the
 * webhook Razorpay posts for it: its JSON body (`entity: event`, `event`, `contains`, `payload.<entity>.entity`)
 * signed in X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret) with X-Razorpay-Event-Id.
 */
export type StubWebhook = { body: string; headers: Record<string, string> };
type Json = Record<string, unknown>;

export type RazorpayStub = Awaited<ReturnType<typeof startRazorpayStub>>;

const OrderRequest = z.object({
  amount: z.number().int().min(100),
  currency: z.literal('INR'),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.string()).optional(),
});
const RefundRequest = z.object({ amount: z.number().int().positive().optional(), receipt: z.string().max(40).optional() });
const TransferRequest = z.object({
  account: z.string(),
  amount: z.number().int().positive(),
  currency: z.literal('INR'),
  notes: z.record(z.string(), z.string()).optional(),
});
const AccountRequest = z.object({
  email: z.email(),
  type: z.literal('route'),
  reference_id: z.string().max(20).optional(),
  legal_business_name: z.string().min(1),
  business_type: z.string(),
  contact_name: z.string().min(1),
});
const SettlementRequest = z.object({
  settlements: z.object({ account_number: z.string(), ifsc_code: z.string(), beneficiary_name: z.string() }),
  tnc_accepted: z.literal(true),
});

const ValidationRequest = z.object({
  account_number: z.string().min(1),
  fund_account: z.union([
    z.object({
      account_type: z.literal('bank_account'),
      bank_account: z.object({ name: z.string().min(1), ifsc: z.string(), account_number: z.string() }),
      contact: z.object({ name: z.string().min(1) }).loose(),
    }),
    z.object({
      account_type: z.literal('vpa'),
      vpa: z.object({ address: z.string() }),
      contact: z.object({ name: z.string().min(1) }).loose(),
    }),
  ]),
  amount: z.number().int().optional(),
  currency: z.literal('INR').optional(),
});
/** What the stub's bank says of an account when it is validated: invalid for these, as Razorpay's test mode. */
export const STUB_INVALID = { vpa: 'failure@razorpay', accountSuffix: '0000' } as const;

const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const id = (prefix: string) => `${prefix}_${[...randomBytes(14)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
const error = (description: string, code = 'BAD_REQUEST_ERROR') => ({
  error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} },
});

export async function startRazorpayStub(keys: { keyId: string; keySecret: string; webhookSecret: string }) {
  const orders = new Map<string, Json & { id: string; amount: number }>();
  const payments = new Map<string, Json & { id: string; amount: number; amount_refunded: number }>();
  const refunds = new Map<string, Json & { id: string; payment_id: string }>();
  const refundKeys = new Map<string, string>();
  const accounts = new Map<string, Json & { id: string; settlement?: unknown }>();
  const transfers = new Map<string, Json & { id: string }>();
  const transferKeys = new Map<string, string>();
  /** Every call the stub answered: method, path, the idempotency headers and whether its basic auth was right. */
  const calls: { method: string; path: string; authorized: boolean; idempotency?: string; body: unknown }[] = [];
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  function answer(req: IncomingMessage, raw: string): [number, unknown] {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    let body: unknown = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return [400, error('The request body is not JSON')];
    }
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const authorized = req.headers.authorization === auth;
    const idempotency = header('x-refund-idempotency') ?? header('x-transfer-idempotency');
    calls.push({ method: req.method ?? '', path, authorized, body, ...(idempotency && { idempotency }) });
    if (!authorized) return [401, error('The api key provided is invalid')];
    const match = (method: string, pattern: RegExp) => (req.method === method ? pattern.exec(path) : null);

    if (req.method === 'POST' && path === '/v1/orders') {
      const r = OrderRequest.safeParse(body);
      if (!r.success) return [400, error('The amount must be at least INR 1.00')];
      const order = {
        id: id('order'),
        entity: 'order',
        amount: r.data.amount,
        amount_paid: 0,
        amount_due: r.data.amount,
        currency: r.data.currency,
        receipt: r.data.receipt ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: r.data.notes ?? {},
        created_at: now(),
      };
      orders.set(order.id, order);
      return [200, order];
    }
    const fetched = match('GET', /^\/v1\/payments\/([^/]+)$/);
    if (fetched) {
      const payment = payments.get(decodeURIComponent(fetched[1] ?? ''));
      return payment ? [200, payment] : [400, error('The id provided does not exist')];
    }
    const refunded = match('POST', /^\/v1\/payments\/([^/]+)\/refund$/);
    if (refunded) {
      const payment = payments.get(decodeURIComponent(refunded[1] ?? ''));
      const r = RefundRequest.safeParse(body);
      if (!r.success) return [400, error('The amount must be an integer')];
      const known = idempotency ? refunds.get(refundKeys.get(idempotency) ?? '') : undefined;
      if (known) return [200, known];
      if (!payment) return [400, error('The id provided does not exist')];
      if (payment.status !== 'captured') return [400, error('The payment has not been captured')];
      const amount = r.data.amount ?? payment.amount - payment.amount_refunded;
      if (amount > payment.amount - payment.amount_refunded)
        return [400, error('The refund amount provided is greater than amount captured')];
      payment.amount_refunded += amount;
      const refund = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: {},
        receipt: r.data.receipt ?? null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: 'pending',
        speed_processed: 'normal',
        speed_requested: 'normal',
      };
      refunds.set(refund.id, refund);
      if (idempotency) refundKeys.set(idempotency, refund.id);
      return [200, refund];
    }
    if (req.method === 'POST' && path === '/v2/accounts') {
      const r = AccountRequest.safeParse(body);
      if (!r.success) return [400, error(`Invalid linked account: ${r.error.issues[0]?.path.join('.')}`)];
      const account = { id: id('acc'), type: 'route', status: 'created', email: r.data.email, reference_id: r.data.reference_id };
      accounts.set(account.id, account);
      return [200, account];
    }
    const stakeholder = match('POST', /^\/v2\/accounts\/([^/]+)\/stakeholders$/);
    if (stakeholder) {
      if (!accounts.has(stakeholder[1] ?? '')) return [400, error('The id provided does not exist')];
      return [200, { id: id('sth'), entity: 'stakeholder' }];
    }
    const product = match('POST', /^\/v2\/accounts\/([^/]+)\/products$/);
    if (product) {
      if (!accounts.has(product[1] ?? '')) return [400, error('The id provided does not exist')];
      return [200, { id: id('acc_prd'), product_name: 'route', activation_status: 'needs_clarification' }];
    }
    const settlement = match('PATCH', /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/);
    if (settlement) {
      const account = accounts.get(settlement[1] ?? '');
      const r = SettlementRequest.safeParse(body);
      if (!account) return [400, error('The id provided does not exist')];
      if (!r.success) return [400, error('Settlement details are required')];
      account.settlement = r.data.settlements;
      return [200, { id: settlement[2], product_name: 'route', activation_status: 'activated' }];
    }
    if (req.method === 'POST' && path === '/v1/fund_accounts/validations') {
      const r = ValidationRequest.safeParse(body);
      if (!r.success) return [400, error(`Invalid validation request: ${r.error.issues[0]?.path.join('.')}`)];
      const fa = r.data.fund_account;
      const invalid =
        fa.account_type === 'vpa'
          ? fa.vpa.address === STUB_INVALID.vpa
          : fa.bank_account.account_number.endsWith(STUB_INVALID.accountSuffix);
      const validation = {
        id: id('fav'),
        entity: 'fund_account.validation',
        fund_account: { id: id('fa'), entity: 'fund_account', ...fa },
        status: 'completed',
        amount: r.data.amount ?? null,
        currency: 'INR',
        notes: [],
        results: {
          account_status: invalid ? 'invalid' : 'active',
          registered_name: invalid ? null : fa.account_type === 'vpa' ? 'Registered Holder' : fa.bank_account.name,
        },
        created_at: now(),
        utr: null,
      };
      return [200, validation];
    }
    if (req.method === 'POST' && path === '/v1/transfers') {
      const r = TransferRequest.safeParse(body);
      if (!r.success) return [400, error('The amount must be an integer')];
      const known = idempotency ? transfers.get(transferKeys.get(idempotency) ?? '') : undefined;
      if (known) return [200, known];
      if (!accounts.get(r.data.account)?.settlement) return [400, error('The account id provided is not a linked account')];
      const transfer = {
        id: id('trf'),
        entity: 'transfer',
        status: 'pending',
        source: 'acc_Platform000001',
        recipient: r.data.account,
        amount: r.data.amount,
        currency: r.data.currency,
        amount_reversed: 0,
        notes: r.data.notes ?? [],
        linked_account_notes: [],
        on_hold: false,
        on_hold_until: null,
        recipient_settlement_id: null,
        created_at: now(),
        processed_at: null,
        error: { code: null, description: null, reason: null, field: null, step: null, id: null, source: null, metadata: null },
      };
      transfers.set(transfer.id, transfer);
      if (idempotency) transferKeys.set(idempotency, transfer.id);
      return [200, transfer];
    }
    return [404, error('The requested URL was not found on the server.')];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [status, body] = answer(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = z.object({ port: z.number() }).parse(server.address());

  /** A webhook as Razorpay posts it: its JSON body, signed with the webhook secret. */
  function webhook(event: string, payload: Record<string, { entity: unknown }>, secret = keys.webhookSecret): StubWebhook {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Platform000001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
        'x-razorpay-event-id': id('evt'),
      },
    };
  }
  const must = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the stub has no ${what}`);
    return value;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    orders,
    payments,
    refunds,
    accounts,
    transfers,
    /** The guest pays the order in checkout.js with a card: the payment is captured; its payment.captured webhook. */
    capture(orderId: string) {
      const order = must(orders.get(orderId), `order ${orderId}`);
      const payment = {
        id: id('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
        order_id: order.id,
        invoice_id: null,
        international: false,
        method: 'card',
        amount_refunded: 0,
        refund_status: null,
        captured: true,
        description: null,
        card_id: id('card'),
        bank: null,
        wallet: null,
        vpa: null,
        email: 'guest@example.com',
        contact: '+919000090000',
        notes: [],
        fee: Math.round(order.amount * 0.02),
        tax: 0,
        error_code: null,
        error_description: null,
        error_source: null,
        error_step: null,
        error_reason: null,
        created_at: now(),
      };
      payments.set(payment.id, payment);
      Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0, attempts: 1 });
      return { paymentId: payment.id, webhook: webhook('payment.captured', { payment: { entity: payment } }) };
    },
    /** The checkout's success callback signature: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
    signPayment: (orderId: string, paymentId: string) =>
      createHmac('sha256', keys.keySecret).update(`${orderId}|${paymentId}`).digest('hex'),
    /** The bank settles a refund: its refund.processed or refund.failed webhook. */
    settleRefund(refundId: string, status: 'processed' | 'failed') {
      const refund = must(refunds.get(refundId), `refund ${refundId}`);
      refund.status = status;
      const payment = must(payments.get(refund.payment_id), `payment ${refund.payment_id}`);
      return webhook(`refund.${status}`, { refund: { entity: refund }, payment: { entity: payment } });
    },
    /** Route settles a transfer to its linked account: its transfer.processed or transfer.failed webhook. */
    settleTransfer(transferId: string, status: 'processed' | 'failed') {
      const transfer = must(transfers.get(transferId), `transfer ${transferId}`);
      Object.assign(transfer, { status, processed_at: now() });
      if (status === 'failed')
        transfer.error = {
          code: 'BAD_REQUEST_ERROR',
          description: 'The beneficiary bank account is closed',
          reason: 'beneficiary_account_closed',
          field: null,
          step: 'transfer_processing',
          id: transfer.id,
          source: 'beneficiary_bank',
          metadata: null,
        };
      return webhook(`transfer.${status}`, { transfer: { entity: transfer } });
    },
    /** A webhook of the same event signed with another secret (as a forger would). */
    forged: (event: string, payload: Record<string, { entity: unknown }>) => webhook(event, payload, 'not-the-secret'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
