import { z } from 'zod';
import { type GatewayRefund, RefundRefused, type RefundRequest } from '#src/platform/payments/gateway.ts';
import { type Call, ErrorAnswer, lenient } from './client.ts';

/** Razorpay's refund entity, as far as it is read here: a field of another type counts as absent. */
const RefundEntity = z
  .object({
    id: lenient(z.string()),
    amount: lenient(z.number()),
    status: lenient(z.string()),
    created_at: lenient(z.number()),
  })
  .catch({});

/**
 * `POST /v1/payments/:id/refund` with `X-Refund-Idempotency` (the same key answers the same refund). Razorpay's
 * 400 BAD_REQUEST_ERROR (an unknown payment, more than is left of it…) is its final word: `RefundRefused`. Any other
 * failure throws an error: the refund could not be asked for, and is asked again.
 */
export async function refund(
  call: Call,
  { paymentId, amountPaise, idempotencyKey, receipt }: RefundRequest,
): Promise<GatewayRefund> {
  const res = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
    body: { amount: amountPaise, receipt },
    headers: { 'x-refund-idempotency': idempotencyKey },
  });
  const error = ErrorAnswer.parse(res.body).error;
  if (res.status === 400 && error?.code === 'BAD_REQUEST_ERROR')
    throw new RefundRefused(error.code, error.description ?? 'The refund was refused');
  const r = RefundEntity.parse(res.body);
  if (!res.ok || !r.id) throw new Error(`Razorpay refund refused (${res.status}): ${error?.description ?? 'no refund id'}`);
  return {
    id: r.id,
    paymentId,
    amountPaise: r.amount ?? amountPaise,
    status: r.status === 'processed' || r.status === 'failed' ? r.status : 'pending',
    createdAt: new Date((r.created_at ?? Date.now() / 1000) * 1000).toISOString(),
  };
}
