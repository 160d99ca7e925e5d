import type { PaymentFailure } from '@repo/shared/schemas/payment';
import { GatewayWebhookBody, PAYMENT_WEBHOOK_EVENTS, SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, fieldError, notFound } from '#src/lib/errors.ts';
import type { AuthUser } from '#src/plugins/app/auth.ts';
import { gatewayId, isSandbox } from '#src/plugins/app/payments.ts';
import * as repo from './bookings.repository.ts';
import { confirmPaid, recordFailure } from './bookings.service.ts';
import { BOOKING_MSG } from './messages.ts';

export type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored' | 'refunded' };

/**
 * A gateway webhook: the signature is checked on the raw bytes, then the body against the webhook schema (a
 * signed but malformed body is a 400 and changes nothing); each event (x-razorpay-event-id, else the body's id,
 * else event + payment id) is applied once. payment.captured / order.paid record the payment and confirm the
 * booking of the order (or refund the payment when it can not buy it), payment.failed records the failure.
 */
export async function applyWebhook(
  app: FastifyInstance,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  if (!app.payments.verifyWebhook(rawBody, signature)) throw badRequest(BOOKING_MSG.badWebhookSignature);
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw badRequest(BOOKING_MSG.badWebhookBody);
  }
  const parsed = GatewayWebhookBody.safeParse(json);
  if (!parsed.success) throw badRequest(BOOKING_MSG.badWebhookShape);
  const body = parsed.data;
  const type = body.event;
  const payment = body.payload?.payment?.entity;
  const applies = (PAYMENT_WEBHOOK_EVENTS as readonly string[]).includes(type);
  if (applies && !payment) throw badRequest(BOOKING_MSG.badWebhookShape);
  const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
  const eventId = (eventIdHeader || body.id || `${type}:${payment?.id ?? orderId ?? ''}`).slice(0, 200);
  const event = { id: eventId, type, payload: body };

  const booking = orderId ? await repo.findBookingByOrderId(app.db, orderId) : undefined;
  if (!booking || !applies || !payment) {
    const fresh = await app.db.transaction((tx) => repo.recordPaymentEvent(tx, event));
    return { status: fresh ? 'ignored' : 'duplicate' };
  }

  if (type === 'payment.failed') {
    const fresh = await app.db.transaction((tx) => repo.recordPaymentEvent(tx, event));
    if (!fresh) return { status: 'duplicate' };
    await recordFailure(app, booking, {
      code: payment.error_code ?? '',
      description: payment.error_description ?? '',
      source: payment.error_source ?? '',
      step: payment.error_step ?? '',
      reason: payment.error_reason ?? '',
      orderId: orderId ?? '',
      paymentId: payment.id,
    });
    return { status: 'applied' };
  }

  const { outcome } = await confirmPaid(app, booking.id, {
    paymentId: payment.id,
    amountPaise: payment.amount,
    source: 'webhook',
    event,
  });
  if (outcome === 'refunded') return { status: 'refunded' };
  return { status: outcome === 'confirmed' ? 'applied' : 'duplicate' };
}

export type SandboxPayResult =
  | { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }
  | {
      error: {
        code: string;
        description: string;
        source: string;
        step: string;
        reason: string;
        metadata: { order_id: string; payment_id: string };
      };
    };

/**
 * The offline checkout: the success card pays, the failure card is declined with Razorpay's error fields;
 * either way the sandbox then delivers a signed webhook to our own endpoint, as the real gateway would.
 */
export async function sandboxPay(
  app: FastifyInstance,
  user: Pick<AuthUser, 'id'>,
  orderId: string,
  card: { cardNumber: string; expiry: string },
): Promise<SandboxPayResult> {
  const gateway = app.payments;
  if (!isSandbox(gateway)) throw notFound(BOOKING_MSG.sandboxOnly);
  const b = await repo.findBookingByOrderId(app.db, orderId);
  if (!b || b.userId !== user.id || b.provider !== 'sandbox') throw notFound(BOOKING_MSG.bookingNotFound);
  if (b.status === 'confirmed') throw conflict(BOOKING_MSG.alreadyPaid, 'ALREADY_PAID');
  if (b.status !== 'pending_payment' || !b.holdExpiresAt || b.holdExpiresAt <= new Date())
    throw conflict(BOOKING_MSG.holdExpired, 'HOLD_EXPIRED');
  if (card.cardNumber !== SANDBOX_CARDS.success && card.cardNumber !== SANDBOX_CARDS.failure)
    throw fieldError('cardNumber', BOOKING_MSG.useTestCard);
  const [mm, yy] = card.expiry.split('/').map(Number) as [number, number];
  const now = new Date();
  if (2000 + yy < now.getFullYear() || (2000 + yy === now.getFullYear() && mm < now.getMonth() + 1))
    throw fieldError('expiry', BOOKING_MSG.cardExpired);

  const paymentId = gateway.newPaymentId();
  if (card.cardNumber === SANDBOX_CARDS.success) {
    await deliverWebhook(app, {
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            order_id: orderId,
            amount: b.amountPaise,
            currency: b.currency,
            status: 'captured',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: gateway.signPayment(orderId, paymentId),
    };
  }
  const failure: PaymentFailure = {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment was declined by the bank',
    source: 'bank',
    step: 'payment_authorization',
    reason: 'payment_declined',
    orderId,
    paymentId,
  };
  await deliverWebhook(app, {
    entity: 'event',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: orderId,
          amount: b.amountPaise,
          currency: b.currency,
          status: 'failed',
          error_code: failure.code,
          error_description: failure.description,
          error_source: failure.source,
          error_step: failure.step,
          error_reason: failure.reason,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    error: {
      code: failure.code,
      description: failure.description,
      source: failure.source,
      step: failure.step,
      reason: failure.reason,
      metadata: { order_id: orderId, payment_id: paymentId },
    },
  };
}

/** Posts a signed webhook to our own endpoint, in-process (what the real gateway does over HTTP). */
async function deliverWebhook(app: FastifyInstance, body: Record<string, unknown>) {
  const gateway = app.payments;
  if (!isSandbox(gateway)) return;
  const raw = JSON.stringify(body);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': gateway.signWebhook(raw),
      'x-razorpay-event-id': gatewayId('evt'),
    },
    payload: raw,
  });
  if (res.statusCode >= 400) app.log.warn({ status: res.statusCode, body: res.body }, 'sandbox webhook was refused');
}
