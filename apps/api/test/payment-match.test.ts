import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '#src/db/schema/index.ts';
import { book, day, type Guest, guest, knownPayment, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine } from './helper.ts';

// A captured payment buys its booking only when its order id, amount and currency are the order's (ADR 024): a
// payment of 100 paise signed by the gateway must not confirm a ₹2,500 booking, whichever way it is reported.
describe(`payments checked to the paisa (${testEngine})`, async () => {
  const app = await build();
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  const signHook = (raw: string) => createHmac('sha256', app.config.sandbox.webhookSecret).update(raw).digest('hex');

  let nextDay = 30;
  async function hold(g: Guest) {
    const s = await stayWithRooms(app, 'Paisa Palace');
    const from = nextDay++;
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] });
    expect(res.statusCode).toBe(201);
    const { booking, checkout } = res.json() as { booking: { id: string }; checkout: { orderId: string; amount: number } };
    return { booking, checkout, owner: s.owner };
  }
  const status = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  const hook = (entity: Record<string, unknown>, event = 'payment.captured', extra: Record<string, unknown> = {}) => {
    const raw = JSON.stringify({ entity: 'event', event, payload: { payment: { entity }, ...extra } });
    return app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signHook(raw) },
      payload: raw,
    });
  };
  const browser = (g: Guest, h: Awaited<ReturnType<typeof hold>>, paymentId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/bookings/${h.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: h.checkout.orderId, paymentId, signature: sign(h.checkout.orderId, paymentId) },
    });

  it('a signed payment.captured of 100 paise for a ₹2,500 booking is recorded, refunded in full, never confirms', async () => {
    const g = await guest(app);
    const h = await hold(g);
    expect(h.checkout.amount).toBe(250_000);
    const paymentId = await knownPayment(app, { orderId: h.checkout.orderId, amount: 100 }, 'pay_Paisa00000001');
    const res = await hook({ id: paymentId, order_id: h.checkout.orderId, amount: 100, currency: 'INR', status: 'captured' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    expect(await status(h.booking.id)).toBe('pending_payment');
    const money = await ledgerOf(app, h.booking.id);
    expect(money.payments).toMatchObject([{ providerPaymentId: paymentId, amountPaise: 100, mismatch: 'amount' }]);
    expect(money.refunds).toMatchObject([{ reason: 'mismatch', amountPaise: 100 }]);
    expect(money.balance).toBe(0);
    // The hold is still there: the right payment confirms it.
    const right = await knownPayment(app, h.checkout, 'pay_PaisaRight0001');
    const ok = await hook({ id: right, order_id: h.checkout.orderId, amount: 250_000, currency: 'INR', status: 'captured' });
    expect(ok.json().status).toBe('applied');
    expect(await status(h.booking.id)).toBe('confirmed');
    expect((await ledgerOf(app, h.booking.id)).balance).toBe(250_000);
  });

  it('the browser callback is checked against what the gateway captured: too little is refunded with a 409', async () => {
    const g = await guest(app);
    const h = await hold(g);
    const paymentId = await knownPayment(app, { orderId: h.checkout.orderId, amount: 100 }, 'pay_PaisaBrowser01');
    const res = await browser(g, h, paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_MISMATCH',
      message: 'This payment does not match the amount of this booking. It has been refunded and the booking is not confirmed',
    });
    expect(await status(h.booking.id)).toBe('pending_payment');
    const money = await ledgerOf(app, h.booking.id);
    expect(money.payments).toMatchObject([{ amountPaise: 100, mismatch: 'amount', source: 'browser' }]);
    expect(money.refunds).toMatchObject([{ reason: 'mismatch', amountPaise: 100 }]);
    // Reported again, it is answered the same and changes nothing.
    expect((await browser(g, h, paymentId)).statusCode).toBe(409);
    expect((await ledgerOf(app, h.booking.id)).refunds).toHaveLength(1);
  });

  it('a payment the gateway does not know (or does not report) is left to its webhook: 502, nothing recorded', async () => {
    const g = await guest(app);
    const h = await hold(g);
    const res = await browser(g, h, 'pay_NeverCaptured01');
    expect(res.statusCode).toBe(502);
    expect(await status(h.booking.id)).toBe('pending_payment');
    expect((await ledgerOf(app, h.booking.id)).payments).toEqual([]);
  });

  it('another currency or another order is a mismatch too; a captured payment without amount or currency is refused', async () => {
    const g = await guest(app);
    const usd = await hold(g);
    const res1 = await hook({ id: 'pay_PaisaUsd00001', order_id: usd.checkout.orderId, amount: 250_000, currency: 'USD' });
    expect(res1.json().status).toBe('refunded');
    expect(await status(usd.booking.id)).toBe('pending_payment');
    expect((await ledgerOf(app, usd.booking.id)).payments).toMatchObject([{ mismatch: 'currency', currency: 'USD' }]);
    for (const entity of [{ amount: 250_000 }, { currency: 'INR' }]) {
      const h = await hold(g);
      const res = await hook({ id: 'pay_PaisaSilent01', order_id: h.checkout.orderId, status: 'captured', ...entity });
      expect(res.statusCode).toBe(400);
      expect(await status(h.booking.id)).toBe('pending_payment');
      expect((await ledgerOf(app, h.booking.id)).payments).toEqual([]);
    }
    // order.paid naming the booking's order while its payment names another order (or none): never applied.
    const h = await hold(g);
    const order = { order: { entity: { id: h.checkout.orderId, amount: 250_000 } } };
    const res = await hook(
      { id: 'pay_PaisaOrder0001', amount: 250_000, currency: 'INR', status: 'captured' },
      'order.paid',
      order,
    );
    expect(res.json().status).toBe('refunded');
    expect(await status(h.booking.id)).toBe('pending_payment');
    expect((await ledgerOf(app, h.booking.id)).payments).toMatchObject([{ mismatch: 'order', providerOrderId: null }]);
  });

  it('the platform sees the mismatched payments of every stay (expected and paid, the refund); a stay owner does not', async () => {
    const g = await guest(app);
    const h = await hold(g);
    const paymentId = await knownPayment(app, { orderId: h.checkout.orderId, amount: 100 }, 'pay_PaisaListed01');
    await hook({ id: paymentId, order_id: h.checkout.orderId, amount: 100, currency: 'INR', status: 'captured' });
    const platform = await loginAdmin(app, { isPlatform: true });
    const list = await app.inject({ url: '/api/admin/payment-mismatches', headers: platform.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().mismatches).toContainEqual({
      paymentId,
      bookingId: h.booking.id,
      stayName: 'Paisa Palace',
      mismatch: 'amount',
      expected: { orderId: h.checkout.orderId, amount: 250_000, currency: 'INR' },
      paid: { orderId: h.checkout.orderId, amount: 100, currency: 'INR' },
      source: 'webhook',
      refundStatus: 'pending',
      createdAt: expect.any(String),
    });
    // The stay's own owner is an admin, not the platform.
    const owner = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: h.owner.email, password: h.owner.password },
    });
    const ownerHeaders = { authorization: `Bearer ${owner.json().adminLoginToken}` };
    expect((await app.inject({ url: '/api/admin/payment-mismatches', headers: ownerHeaders })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/payment-mismatches', headers: g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/payment-mismatches' })).statusCode).toBe(401);
  });
});
