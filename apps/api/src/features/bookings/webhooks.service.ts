import { GatewayWebhookBody, PAYMENT_WEBHOOK_EVENTS } from '@repo/shared/schemas/payment';
import { badRequest, conflict, notFound } from '#src/lib/errors.ts';
import { isSandbox, type SandboxCard } from '#src/platform/payments/sandbox.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';
import { confirmPaid, recordFailure } from './payment.service.ts';

export type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored' | 'refunded' };

/**
 * A gateway webhook: the signature is checked on the raw bytes, then the body against the webhook schema (a
 * signed but malformed body is a 400 and changes nothing); each event (x-razorpay-event-id, else the body's id,
 * else event + payment id) is applied once. payment.captured / order.paid record the payment and confirm the
 * booking of the order (or refund the payment when it can not buy it), payment.failed records the failure.
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
  const payment = body.payload?.payment?.entity;
  const applies = (PAYMENT_WEBHOOK_EVENTS as readonly string[]).includes(type);
  if (applies && !payment) throw badRequest(BOOKING_MSG.badWebhookShape);
  const orderId = payment?.order_id ?? body.payload?.order?.entity?.id;
  const eventId = (eventIdHeader || body.id || `${type}:${payment?.id ?? orderId ?? ''}`).slice(0, 200);
  const event = { id: eventId, type, payload: body };

  const booking = orderId ? await repo.findBookingByOrderId(deps.db, orderId) : undefined;
  if (!booking || !applies || !payment) {
    const fresh = await deps.db.transaction((tx) => repo.recordPaymentEvent(tx, event));
    return { status: fresh ? 'ignored' : 'duplicate' };
  }

  if (type === 'payment.failed') {
    const fresh = await deps.db.transaction((tx) => repo.recordPaymentEvent(tx, event));
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

  const { outcome } = await confirmPaid(deps, booking.id, {
    paymentId: payment.id,
    amountPaise: payment.amount,
    source: 'webhook',
    event,
  });
  if (outcome === 'refunded') return { status: 'refunded' };
  return { status: outcome === 'confirmed' ? 'applied' : 'duplicate' };
}

/**
 * The sandbox checkout of a guest's live hold: the sandbox gateway plays the payment (and delivers its webhook, which
 * confirms the booking or records the failure) and answers in Razorpay's shape.
 */
export async function sandboxPay(deps: BookingsDeps, userId: string, orderId: string, card: SandboxCard) {
  const gateway = deps.payments;
  if (!isSandbox(gateway)) throw notFound(BOOKING_MSG.sandboxOnly);
  const b = await repo.findBookingByOrderId(deps.db, orderId);
  if (!b || b.userId !== userId || b.provider !== 'sandbox') throw notFound(BOOKING_MSG.bookingNotFound);
  if (b.status === 'confirmed') throw conflict(BOOKING_MSG.alreadyPaid, 'ALREADY_PAID');
  const now = deps.clock.now();
  if (b.status !== 'pending_payment' || !b.holdExpiresAt || b.holdExpiresAt <= now)
    throw conflict(BOOKING_MSG.holdExpired, 'HOLD_EXPIRED');
  return gateway.pay({ id: orderId, amountPaise: b.amountPaise, currency: b.currency }, card, now);
}
