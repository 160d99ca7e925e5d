import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { z } from 'zod';
import { type GatewayOrder, type GatewayPayment, knownMethod } from '#src/platform/payments/gateway.ts';
import { type Call, ErrorAnswer, lenient } from './client.ts';

/** Razorpay's order entity, as far as it is read. */
const OrderEntity = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string() });

/** Razorpay's payment entity, as far as it is read: a field of another type counts as absent. */
const PaymentEntity = z
  .object({
    order_id: lenient(z.string().nullable()),
    amount: lenient(z.number()),
    currency: lenient(z.string()),
    method: lenient(z.string().nullable()),
  })
  .catch({});

/** `POST /v1/orders`: the order checkout.js pays (amount in paise, the receipt our booking's id). */
export async function createOrder(
  call: Call,
  input: { amountPaise: number; currency: 'INR'; receipt: string; notes?: Record<string, string> },
): Promise<GatewayOrder> {
  const res = await call('POST', '/v1/orders', {
    body: { amount: input.amountPaise, currency: input.currency, receipt: input.receipt, notes: input.notes ?? {} },
  });
  const order = OrderEntity.safeParse(res.body);
  if (!res.ok || !order.success)
    throw new Error(`Razorpay made no order (${res.status}): ${ErrorAnswer.parse(res.body).error?.description ?? 'no order id'}`);
  return { id: order.data.id, amountPaise: order.data.amount, currency: order.data.currency };
}

/** `GET /v1/payments/:id` within 5 s; a gateway that does not answer in time leaves the payment to its webhook. */
export async function paymentDetails(call: Call, paymentId: string): Promise<GatewayPayment | null> {
  try {
    const res = await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`, { timeoutMs: 5000 });
    if (!res.ok) return null;
    const payment = PaymentEntity.parse(res.body);
    const amount = payment.amount;
    if (amount === undefined || !Number.isSafeInteger(amount) || amount <= 0) return null;
    return {
      orderId: payment.order_id ?? null,
      amountPaise: amount,
      currency: payment.currency ?? '',
      method: knownMethod(payment.method),
    };
  } catch {
    return null;
  }
}

/** The checkout's success callback: HMAC-SHA256 of `order_id|payment_id` with the key secret (the SDK's helper). */
export function verifyPaymentSignature(
  keySecret: string,
  { orderId, paymentId, signature }: { orderId: string; paymentId: string; signature: string },
): boolean {
  try {
    return validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, keySecret);
  } catch {
    return false;
  }
}
