import { guestOrder, notePendingPayment, payableOrder } from '#src/features/bookings/index.ts';
import { conflict } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { SandboxGateway, SandboxInstrument } from './gateway.ts';
import { SANDBOX_MSG } from './messages.ts';

type CheckoutDeps = Pick<Deps, 'db' | 'payments' | 'clock'>;

/**
 * The sandbox checkout of a guest's live hold: the sandbox plays the payment (and posts its webhook to the webhook
 * route, which confirms the booking or records the failure) and answers in Razorpay's shape. A UPI payment may answer
 * pending: its webhook comes once the guest approves it, and until then the order takes no other payment (409) and
 * the booking keeps it as its pending attempt.
 */
export async function sandboxPay(
  deps: CheckoutDeps,
  gateway: SandboxGateway,
  userId: string,
  orderId: string,
  instrument: SandboxInstrument,
) {
  const order = await payableOrder(deps, userId, orderId);
  const answer = await gateway.pay(order, instrument, order.now);
  if ('pending' in answer)
    await notePendingPayment(deps, order.bookingId, {
      orderId,
      paymentId: answer.pending.payment_id,
      method: answer.pending.method,
      at: order.now,
    });
  return answer;
}

/**
 * The order's latest sandbox payment, which the checkout polls while a UPI payment waits for approval (an intent
 * past its expiry is answered timed out).
 */
export async function sandboxOrderPayment(deps: CheckoutDeps, gateway: SandboxGateway, userId: string, orderId: string) {
  await guestOrder(deps, userId, orderId);
  return { payment: await gateway.orderPayment(orderId, deps.clock.now()) };
}

/**
 * The guest approves or declines the order's pending UPI payment, as in their UPI app: the sandbox posts the signed
 * payment.captured or payment.failed webhook that decides it, and answers as its checkout would.
 */
export async function sandboxUpiApproval(
  deps: CheckoutDeps,
  gateway: SandboxGateway,
  userId: string,
  orderId: string,
  approve: boolean,
) {
  await guestOrder(deps, userId, orderId);
  const latest = await gateway.orderPayment(orderId, deps.clock.now());
  if (!latest || !('pending' in latest)) throw conflict(SANDBOX_MSG.noPendingUpi, 'NOT_PENDING');
  return gateway.settle(latest.pending.payment_id, approve ? 'captured' : 'declined', deps.clock.now());
}
