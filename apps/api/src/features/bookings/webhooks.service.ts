import { badRequest } from '#src/lib/errors.ts';
import type { WebhookHeaders } from '#src/platform/payments/gateway.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';
import { confirmPaid, recordFailure } from './payment.service.ts';
import { applyRefundEvent } from './refunds.ts';
import { inTransaction } from '#src/db/client.ts';

export type WebhookOutcome = { status: 'applied' | 'duplicate' | 'ignored' | 'refunded' };

const REFUSED = {
  signature: BOOKING_MSG.badWebhookSignature,
  body: BOOKING_MSG.badWebhookBody,
  shape: BOOKING_MSG.badWebhookShape,
} as const;

/**
 * A gateway webhook, read by the gateway (its signature checked on the raw bytes, then its body): one it refuses is
 * a 400 and changes nothing. Each event is applied once (by its id). A captured payment is recorded and confirms the
 * booking of its order (or is refunded when it can not buy it), a failed one records the failure, a settled refund
 * settles the refund it names (refunds.ts); any other event is only kept.
 */
export async function applyWebhook(deps: BookingsDeps, rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookOutcome> {
  const read = deps.payments.readWebhook(rawBody, headers);
  if ('refused' in read) throw badRequest(REFUSED[read.refused]);
  const { event } = read;
  const record = { id: event.id, type: event.type, payload: event.payload };
  if (event.kind === 'refund.settled') return { status: await applyRefundEvent(deps, record, event.refund) };

  const booking = event.kind !== 'other' && event.orderId ? await repo.findBookingByOrderId(deps.db, event.orderId) : undefined;
  if (!booking || event.kind === 'other') {
    const fresh = await inTransaction(deps.db, (tx) => repo.recordPaymentEvent(tx, record));
    return { status: fresh ? 'ignored' : 'duplicate' };
  }

  if (event.kind === 'payment.failed') {
    const fresh = await inTransaction(deps.db, (tx) => repo.recordPaymentEvent(tx, record));
    if (!fresh) return { status: 'duplicate' };
    await recordFailure(deps, booking, { ...event.failure, orderId: event.orderId ?? '', paymentId: event.paymentId });
    return { status: 'applied' };
  }

  // Decided by the payment's own order id, amount and currency: one that does not match the booking's order is
  // refunded, never applied.
  const { outcome } = await confirmPaid(deps, booking.id, {
    paymentId: event.payment.id,
    orderId: event.payment.orderId,
    amountPaise: event.payment.amountPaise,
    currency: event.payment.currency,
    source: 'webhook',
    method: event.payment.method,
    event: record,
  });
  if (outcome === 'refunded') return { status: 'refunded' };
  return { status: outcome === 'confirmed' ? 'applied' : 'duplicate' };
}
