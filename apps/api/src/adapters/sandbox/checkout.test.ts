import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { describe, expect, it } from 'vitest';
import { findBooking } from '#src/features/bookings/bookings.repository.ts';
import { guest } from '#test/bookings.fixtures.ts';
import { holdRooms, testApp } from '#test/service-fixtures.ts';
import { sandboxPay } from './checkout.ts';
import { isSandbox } from './gateway.ts';

describe('the sandbox checkout', () => {
  const test = testApp();
  async function hold() {
    const { g, booking, checkout } = await holdRooms(test.current, { from: 4 });
    return { g, booking, orderId: checkout.orderId };
  }
  const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40' });
  const pay = (userId: string, orderId: string, cardNumber: string) => {
    const { deps } = test.current;
    if (!isSandbox(deps.payments)) throw new Error('tests run on the sandbox');
    return sandboxPay(deps, deps.payments, userId, orderId, card(cardNumber));
  };

  it('the success card confirms the booking through the webhook the sandbox delivers', async () => {
    const { g, booking, orderId } = await hold();
    const answer = await pay(g.user.id, orderId, SANDBOX_CARDS.success);
    expect(answer).toMatchObject({ razorpay_order_id: orderId, razorpay_payment_id: expect.stringMatching(/^pay_/) });
    expect((await findBooking(test.current.db, booking.id))?.status).toBe('confirmed');
  });

  it('the failure card records the failure and keeps the hold; an unknown card changes nothing', async () => {
    const { g, booking, orderId } = await hold();
    await expect(pay(g.user.id, orderId, '4242424242424242')).rejects.toMatchObject({ statusCode: 400 });
    const answer = await pay(g.user.id, orderId, SANDBOX_CARDS.failure);
    expect(answer).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', metadata: { order_id: orderId } } });
    expect(await findBooking(test.current.db, booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: expect.any(Object),
    });
  });

  it("refuses another guest's order", async () => {
    const { orderId } = await hold();
    const other = await guest(test.current);
    await expect(pay(other.user.id, orderId, SANDBOX_CARDS.success)).rejects.toMatchObject({ statusCode: 404 });
  });
});
