import { GatewayWebhookBody, PAYMENT_WEBHOOK_EVENTS, REFUND_WEBHOOK_EVENTS } from '@repo/shared/schemas/payment';
import { badRequest } from '#src/lib/errors.ts';
import { knownMethod } from '#src/platform/payments/gateway.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';
import { confirmPaid, recordFailure } from './payment.service.ts';
import { applyRefundEvent } from './refunds.ts';
import { inTransaction } from '#src/db/client.ts';

export type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored' | 'refunded' };

/**
 * A gateway webhook: the signature is checked on the raw bytes, then the body against the webhook schema (a
 * signed but malformed body is a 400 and changes nothing); each event (x-razorpay-event-id, else the body's id,
 * else event + payment id) is applied once. payment.captured / order.paid record the payment and confirm the
 * booking of the order (or refund the payment when it can not buy it), payment.failed records the failure,
 * refund.processed / refund.failed settle the refund they name (refunds.ts).
 */
export async function applyWebhook(
  deps: BookingsDeps,
  rawBody: Buffer | string,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  if (!deps.payments.verifyWebhook(rawBody, signature)) throw badRequest(BOOKING_MSG.badWebhookSignature);
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw badRequest(BOOKING_MSG.badWebhookBody);
  }
  const parsed = GatewayWebhookBody.safeParse(json);
  if (!parsed.success) throw badRequest(BOOKING_MSG.badWebhookShape);
  const body = parsed.data;
  const type = body.event;
  if ((REFUND_WEBHOOK_EVENTS as readonly string[]).includes(type)) {
    const refund = body.payload?.refund?.entity;
    if (!refund) throw badRequest(BOOKING_MSG.badWebhookShape);
    const id = (eventIdHeader || body.id || `${type}:${refund.id}`).slice(0, 200);
    return { status: await applyRefundEvent(deps, { id, type, payload: body }, refund) };
  }
  const payment = body.payload?.payment?.entity;
  const applies = (PAYMENT_WEBHOOK_EVENTS as readonly string[]).includes(type);
  if (applies && !payment) throw badRequest(BOOKING_MSG.badWebhookShape);
  const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
  const eventId = (eventIdHeader || body.id || `${type}:${payment?.id ?? orderId ?? ''}`).slice(0, 200);
  const event = { id: eventId, type, payload: body };

  const booking = orderId ? await repo.findBookingByOrderId(deps.db, orderId) : undefined;
  if (!booking || !applies || !payment) {
    const fresh = await inTransaction(deps.db, (tx) => repo.recordPaymentEvent(tx, event));
    return { status: fresh ? 'ignored' : 'duplicate' };
  }

  if (type === 'payment.failed') {
    const fresh = await inTransaction(deps.db, (tx) => repo.recordPaymentEvent(tx, event));
    if (!fresh) return { status: 'duplicate' };
    await recordFailure(deps, booking, {
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

  // Decided by the payment entity's own order id, amount and currency: one that does not match the booking's order
  // is refunded, never applied. A captured payment that does not say how much it is is not one the gateway sends.
  if (payment.amount === undefined || !payment.currency) throw badRequest(BOOKING_MSG.badWebhookShape);
  const { outcome } = await confirmPaid(deps, booking.id, {
    paymentId: payment.id,
    orderId: payment.order_id ?? null,
    amountPaise: payment.amount,
    currency: payment.currency,
    source: 'webhook',
    method: knownMethod(payment.method),
    event,
  });
  if (outcome === 'refunded') return { status: 'refunded' };
  return { status: outcome === 'confirmed' ? 'applied' : 'duplicate' };
}
