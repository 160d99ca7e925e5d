import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { describe, expect, it } from 'vitest';
import { createSandboxGateway, type SandboxWebhook } from './sandbox.ts';

const gateway = () => createSandboxGateway({ keyId: 'rzp_test_sandbox', keySecret: 'key-secret', webhookSecret: 'hook-secret' });
const order = { id: 'order_Test000000001', amountPaise: 250_000, currency: 'INR' };
const now = new Date('2026-11-23T10:00:00Z');

describe('sandbox gateway', () => {
  it('captures with the success card: signed success fields, and a signed payment.captured webhook', async () => {
    const g = gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    const answer = await g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '11/26' }, now);
    if (!('razorpay_payment_id' in answer)) throw new Error('expected a success');
    expect(
      g.verifyPaymentSignature({
        orderId: order.id,
        paymentId: answer.razorpay_payment_id,
        signature: answer.razorpay_signature,
      }),
    ).toBe(true);
    expect(delivered).toHaveLength(1);
    const [hook] = delivered;
    expect(g.verifyWebhook(hook?.rawBody ?? '', hook?.signature)).toBe(true);
    expect(JSON.parse(hook?.rawBody ?? '{}')).toMatchObject({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: answer.razorpay_payment_id, order_id: order.id, amount: 250_000, status: 'captured' } },
      },
    });
  });

  it("declines the failure card with Razorpay's error fields and a payment.failed webhook", async () => {
    const g = gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    const answer = await g.pay(order, { cardNumber: SANDBOX_CARDS.failure, expiry: '12/30' }, now);
    expect(answer).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_declined', metadata: { order_id: order.id } },
    });
    expect(JSON.parse(delivered[0]?.rawBody ?? '{}')).toMatchObject({ event: 'payment.failed' });
  });

  it('refuses other cards and expired ones, delivering nothing', async () => {
    const g = gateway();
    const delivered: SandboxWebhook[] = [];
    g.deliverWebhooksTo(async (w) => void delivered.push(w));
    await expect(g.pay(order, { cardNumber: '4242424242424242', expiry: '12/30' }, now)).rejects.toMatchObject({
      fieldErrors: { cardNumber: 'Use a sandbox test card' },
    });
    await expect(g.pay(order, { cardNumber: SANDBOX_CARDS.success, expiry: '10/26' }, now)).rejects.toMatchObject({
      fieldErrors: { expiry: 'This card has expired' },
    });
    expect(delivered).toEqual([]);
  });

  it('answers the same refund for the same idempotency key', async () => {
    const g = gateway();
    const a = await g.refund({ paymentId: 'pay_1', amountPaise: 100, idempotencyKey: 'k1', receipt: 'r' });
    const b = await g.refund({ paymentId: 'pay_1', amountPaise: 100, idempotencyKey: 'k1', receipt: 'r' });
    const c = await g.refund({ paymentId: 'pay_1', amountPaise: 100, idempotencyKey: 'k2', receipt: 'r' });
    expect(a.id).toBe(b.id);
    expect(c.id).not.toBe(a.id);
  });
});
