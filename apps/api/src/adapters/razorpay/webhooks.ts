import { z } from 'zod';
import {
  hmac,
  knownMethod,
  type PaymentEvent,
  sameSignature,
  type WebhookHeaders,
  type WebhookReading,
} from '#src/platform/payments/gateway.ts';
import type { PayoutEvent } from '#src/platform/payouts/gateway.ts';

/**
 * Razorpay's webhooks: a JSON body `{ id?, event, payload: { <entity name>: { entity } } }`, signed with the
 * webhook secret in `X-Razorpay-Signature` (HMAC-SHA256 of the raw body, hex), its event id in
 * `X-Razorpay-Event-Id`. Read here into the one event the features act on; nothing else reads Razorpay's JSON.
 */
const SIGNATURE_HEADER = 'x-razorpay-signature';
const EVENT_ID_HEADER = 'x-razorpay-event-id';

/** Whether a webhook's raw body is signed with `secret` (constant-time; never with an empty secret). */
export function signedWith(secret: string, rawBody: Buffer | string, signature: string | undefined): boolean {
  return secret !== '' && sameSignature(hmac(secret, rawBody), signature);
}

const header = (headers: WebhookHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The signature checked first, then the body parsed as JSON against `schema`. */
function readSigned<T extends z.ZodType>(
  rawBody: Buffer,
  headers: WebhookHeaders,
  signed: (rawBody: Buffer, signature: string | undefined) => boolean,
  schema: T,
): { body: z.infer<T> } | { refused: 'signature' | 'body' | 'shape' } {
  if (!signed(rawBody, header(headers, SIGNATURE_HEADER))) return { refused: 'signature' };
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { refused: 'body' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { body: parsed.data } : { refused: 'shape' };
}

const text = z.string().max(500).nullish();
/** The payment entity, as much of it as is read (other fields are kept but not checked). */
const PaymentEntity = z.looseObject({
  id: z.string().min(1).max(100),
  order_id: z.string().min(1).max(100).nullish(),
  amount: z.number().int().positive().max(1e12).optional(),
  currency: z.string().max(10).optional(),
  status: z.string().max(50).optional(),
  /** card, upi, netbanking, wallet, …: recorded when it is one of PAYMENT_METHODS. */
  method: z.string().max(50).nullish(),
  error_code: text,
  error_description: text,
  error_source: text,
  error_step: text,
  error_reason: text,
});

/** The refund entity (`rfnd_` id, amount in paise, pending → processed | failed). */
const RefundEntity = z.looseObject({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  amount: z.number().int().positive().max(1e12),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().max(100).nullish(),
  /** The bank's reason on a failed refund, when it gives one. */
  error_description: text,
});

/** A payments webhook: the events acted on must carry a well-formed entity; any other only needs its name. */
const PaymentsBody = z.looseObject({
  id: z.string().max(200).optional(),
  event: z.string().min(1).max(100),
  payload: z
    .looseObject({
      payment: z.looseObject({ entity: PaymentEntity }).optional(),
      order: z.looseObject({ entity: z.looseObject({ id: z.string().min(1).max(100) }) }).optional(),
      refund: z.looseObject({ entity: RefundEntity }).optional(),
    })
    .optional(),
});

/**
 * `POST /api/payments/webhook`: payment.captured and order.paid (a captured payment: its entity must say how much,
 * in which currency), payment.failed (with Razorpay's error fields), refund.processed and refund.failed (with the
 * refund entity). An event names its id in X-Razorpay-Event-Id, else its body, else it is made of its name and entity.
 */
export function readPaymentWebhook(
  rawBody: Buffer,
  headers: WebhookHeaders,
  signed: (rawBody: Buffer, signature: string | undefined) => boolean,
): WebhookReading<PaymentEvent> {
  const read = readSigned(rawBody, headers, signed, PaymentsBody);
  if ('refused' in read) return read;
  const { body } = read;
  const type = body.event;
  const eventId = (entityId: string) => (header(headers, EVENT_ID_HEADER) || body.id || `${type}:${entityId}`).slice(0, 200);
  const payload: unknown = body;

  if (type === 'refund.processed' || type === 'refund.failed') {
    const refund = body.payload?.refund?.entity;
    if (!refund) return { refused: 'shape' };
    return {
      event: {
        id: eventId(refund.id),
        type,
        payload,
        kind: 'refund.settled',
        refund: {
          id: refund.id,
          receipt: refund.receipt ?? null,
          status: type === 'refund.processed' ? 'processed' : 'failed',
          failureReason: refund.error_description || null,
        },
      },
    };
  }

  const payment = body.payload?.payment?.entity;
  const orderId = payment?.order_id ?? body.payload?.order?.entity?.id ?? null;
  const id = eventId(payment?.id ?? orderId ?? '');
  if (type === 'payment.failed') {
    if (!payment) return { refused: 'shape' };
    return {
      event: {
        id,
        type,
        payload,
        kind: 'payment.failed',
        orderId,
        paymentId: payment.id,
        failure: {
          code: payment.error_code ?? '',
          description: payment.error_description ?? '',
          source: payment.error_source ?? '',
          step: payment.error_step ?? '',
          reason: payment.error_reason ?? '',
        },
      },
    };
  }
  if (type === 'payment.captured' || type === 'order.paid') {
    // A captured payment that does not say how much it is is not one Razorpay sends.
    if (!payment || payment.amount === undefined || !payment.currency) return { refused: 'shape' };
    return {
      event: {
        id,
        type,
        payload,
        kind: 'payment.captured',
        orderId,
        payment: {
          id: payment.id,
          orderId: payment.order_id ?? null,
          amountPaise: payment.amount,
          currency: payment.currency,
          method: knownMethod(payment.method),
        },
      },
    };
  }
  return { event: { id, type, payload, kind: 'other' } };
}

/** A payouts webhook, as far as it is read. */
const PayoutsBody = z.object({
  event: z.string(),
  payload: z
    .object({
      transfer: z
        .object({
          entity: z.object({
            id: z.string(),
            status: z.string().optional(),
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
            error: z.object({ description: z.string().nullish() }).nullish(),
            /**
             * The bank's reference of the credit, when the event carries it (Route's transfer does not: its UTR is
             * its recipient settlement's, `settlement.processed`, not read yet).
             */
            utr: z.string().nullish().catch(null),
          }),
        })
        .optional(),
      /** A payout link's (a guest's compensation, ADR 053). */
      payout_link: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    })
    .optional(),
});

/** The payout links' events that end one (a failed payout re-issues its link: `payout_link.attempted` is not an end). */
const LINK_ENDS = {
  'payout_link.processed': 'processed',
  'payout_link.cancelled': 'cancelled',
  'payout_link.expired': 'expired',
  'payout_link.rejected': 'rejected',
} as const;
const isLinkEnd = (event: string): event is keyof typeof LINK_ENDS => Object.hasOwn(LINK_ENDS, event);

/**
 * `POST /api/payouts/webhook`: Route's transfer.processed / transfer.failed (the transfer entity with the notes it
 * was asked with; Razorpay gives empty notes as `[]`) and the end of a payout link (`payout_link.processed` |
 * `.cancelled` | `.expired` | `.rejected`, with its entity). Any other event is `other`.
 */
export function readPayoutWebhook(
  rawBody: Buffer,
  headers: WebhookHeaders,
  signed: (rawBody: Buffer, signature: string | undefined) => boolean,
): WebhookReading<PayoutEvent> {
  const read = readSigned(rawBody, headers, signed, PayoutsBody);
  if ('refused' in read) return read;
  const { event, payload } = read.body;
  if (isLinkEnd(event)) {
    const link = payload?.payout_link?.entity;
    if (!link) return { refused: 'shape' };
    return { event: { kind: 'payout-link', linkId: link.id, status: LINK_ENDS[event] } };
  }
  if (event !== 'transfer.processed' && event !== 'transfer.failed') return { event: { kind: 'other' } };
  const transfer = payload?.transfer?.entity;
  if (!transfer) return { refused: 'shape' };
  const notes: Record<string, string> = {};
  if (transfer.notes && !Array.isArray(transfer.notes))
    for (const [k, v] of Object.entries(transfer.notes)) if (typeof v === 'string') notes[k] = v;
  return {
    event: {
      kind: 'transfer',
      status: event === 'transfer.processed' ? 'processed' : 'failed',
      transferId: transfer.id,
      notes,
      failureReason: transfer.error?.description ?? null,
      utr: event === 'transfer.processed' ? (transfer.utr ?? null) : null,
    },
  };
}
