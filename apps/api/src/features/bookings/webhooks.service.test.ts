import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { describe, expect, it } from 'vitest';
import { isSandbox } from '#src/platform/payments/sandbox.ts';
import { guest } from '#test/bookings.fixtures.ts';
import { holdRooms, testApp } from '#test/service-fixtures.ts';
import { findBooking } from './bookings.repository.ts';
import { applyWebhook, sandboxPay } from './webhooks.service.ts';

describe('webhooks and the sandbox checkout', () => {
  const test = testApp();
  async function hold() {
    const { g, booking, checkout } = await holdRooms(test.current, { from: 4 });
    return { g, booking, orderId: checkout.orderId };
  }
  const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40' });

  it('the success card confirms the booking through the webhook the sandbox delivers', async () => {
    const { g, booking, orderId } = await hold();
    const answer = await sandboxPay(test.current.deps, g.user.id, orderId, card(SANDBOX_CARDS.success));
    expect(answer).toMatchObject({ razorpay_order_id: orderId, razorpay_payment_id: expect.stringMatching(/^pay_/) });
    expect((await findBooking(test.current.db, booking.id))?.status).toBe('confirmed');
  });

  it('the failure card records the failure and keeps the hold; an unknown card changes nothing', async () => {
    const { g, booking, orderId } = await hold();
    await expect(sandboxPay(test.current.deps, g.user.id, orderId, card('4242424242424242'))).rejects.toMatchObject({
      statusCode: 400,
    });
    const answer = await sandboxPay(test.current.deps, g.user.id, orderId, card(SANDBOX_CARDS.failure));
    expect(answer).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', metadata: { order_id: orderId } } });
    expect(await findBooking(test.current.db, booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: expect.any(Object),
    });
  });

  it("refuses another guest's order, and an unsigned webhook", async () => {
    const { orderId } = await hold();
    const other = await guest(test.current);
    await expect(sandboxPay(test.current.deps, other.user.id, orderId, card(SANDBOX_CARDS.success))).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(applyWebhook(test.current.deps, '{"event":"payment.captured"}', 'bad', undefined)).rejects.toMatchObject({
      statusCode: 400,
    });
    const gateway = test.current.deps.payments;
    if (!isSandbox(gateway)) throw new Error('tests run on the sandbox');
    const body = JSON.stringify({ event: 'order.unknown', payload: {} });
    expect(await applyWebhook(test.current.deps, body, gateway.signWebhook(body), 'evt_1')).toEqual({ status: 'ignored' });
    expect(await applyWebhook(test.current.deps, body, gateway.signWebhook(body), 'evt_1')).toEqual({ status: 'duplicate' });
  });
});
