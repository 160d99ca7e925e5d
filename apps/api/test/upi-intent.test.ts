import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isSandbox } from '#src/adapters/sandbox/index.ts';
import { UPI_INTENT_EXPIRY_MS } from '#src/adapters/sandbox/gateway.ts';
import { loadConfig } from '#src/config/config.ts';
import { bookings } from '#src/db/schema/index.ts';
import { createRazorpayGateway } from '#src/adapters/razorpay/index.ts';
import { book, day, type Guest, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

// UPI as India pays since NPCI deprecated collect (28/02/2026, ADR 052): the guest's UPI app opened by an intent
// link on a phone, or the same link scanned as a QR code on a laptop; the booking is confirmed only by the webhook.
describe(`UPI intent and QR in the sandbox checkout (${testEngine})`, async () => {
  const app = await build();
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('tests run on the sandbox');

  let nextDay = 70;
  async function hold(g: Guest) {
    const s = await stayWithRooms(app);
    const from = nextDay++;
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] });
    expect(res.statusCode).toBe(201);
    const { booking, checkout } = res.json() as { booking: { id: string }; checkout: { orderId: string; upiFlows: string[] } };
    return { booking, checkout, orderId: checkout.orderId, roomNumberId: s.r101 };
  }
  const pay = (g: Guest, orderId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/payments/sandbox/orders/${orderId}/pay`, headers: g.headers, payload });
  const poll = async (g: Guest, orderId: string) =>
    (await app.inject({ url: `/api/payments/sandbox/orders/${orderId}/payment`, headers: g.headers })).json().payment;
  const upiApp = (g: Guest, orderId: string, approve: boolean) =>
    app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${orderId}/upi-approval`,
      headers: g.headers,
      payload: { approve },
    });
  const row = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const myBooking = async (g: Guest, id: string) =>
    ((await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings as { id: string }[]).find(
      (b) => b.id === id,
    );
  async function intent(g: Guest, orderId: string) {
    const res = await pay(g, orderId, { method: 'upi', flow: 'intent' });
    expect(res.statusCode).toBe(200);
    const { pending } = res.json();
    expect(pending).toMatchObject({ order_id: orderId, method: 'upi', vpa: null });
    return pending as { payment_id: string; link: string; expires_at: string };
  }

  it('the checkout offers intent and QR, not collect; a typed UPI id is refused with words the guest can act on', async () => {
    const g = await guest(app);
    const { booking, checkout, orderId } = await hold(g);
    expect(checkout.upiFlows).toEqual(['intent', 'qr']);
    const res = await pay(g, orderId, { method: 'upi', vpa: 'success@razorpay' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.vpa).toBe('Paying to a UPI ID is no longer offered: pay with your UPI app or scan the QR code');
    expect(await poll(g, orderId)).toBeNull();
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', failure: null });
  });

  it('intent approved in the UPI app: the link names the payee, amount and payment; the webhook confirms the booking', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const pending = await intent(g, orderId);
    const link = new URL(pending.link);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      pa: 'staybook.sandbox@razorpay',
      pn: 'StayBook Sandbox',
      tr: pending.payment_id,
      am: '2500.00',
      cu: 'INR',
    });
    // Pending: the booking keeps it as its attempt, My Orders offers no second payment, and nothing is confirmed.
    expect(await myBooking(g, booking.id)).toMatchObject({
      status: 'pending_payment',
      pendingPayment: { orderId, paymentId: pending.payment_id, method: 'upi' },
    });
    expect((await pay(g, orderId, { method: 'upi', flow: 'intent' })).statusCode).toBe(409);
    expect((await upiApp(await guest(app), orderId, true)).statusCode).toBe(404);
    const approved = await upiApp(g, orderId, true);
    expect(approved.json()).toMatchObject({ razorpay_order_id: orderId, razorpay_payment_id: pending.payment_id });
    expect(await myBooking(g, booking.id)).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'upi',
      paymentId: pending.payment_id,
    });
  });

  it('QR scanned on a laptop: the checkout polls the same intent until the approval, and sees the capture', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const pending = await intent(g, orderId);
    expect(await poll(g, orderId)).toMatchObject({ pending: { payment_id: pending.payment_id, link: pending.link } });
    await gateway.settle(pending.payment_id, 'captured');
    expect(await poll(g, orderId)).toMatchObject({ razorpay_payment_id: pending.payment_id });
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed' });
  });

  it('intent declined: the failure is recorded, the hold stays, and the guest pays again', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    await intent(g, orderId);
    const declined = await upiApp(g, orderId, false);
    expect(declined.json()).toMatchObject({ error: { reason: 'authorisation_declined_by_psp', source: 'customer_psp' } });
    expect(await row(booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: { reason: 'authorisation_declined_by_psp' },
    });
    const again = await intent(g, orderId);
    await gateway.settle(again.payment_id, 'captured');
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', providerPaymentId: again.payment_id });
  });

  it('intent not approved before its link expires: timed out when the checkout asks, the hold stays', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const pending = await intent(g, orderId);
    expect(Date.parse(pending.expires_at) - Date.now()).toBeLessThanOrEqual(UPI_INTENT_EXPIRY_MS);
    expect(await gateway.orderPayment(orderId, new Date(Date.parse(pending.expires_at) + 1000))).toMatchObject({
      error: { reason: 'payment_timed_out', metadata: { payment_id: pending.payment_id } },
    });
    expect(await poll(g, orderId)).toMatchObject({ error: { reason: 'payment_timed_out' } });
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', failure: { reason: 'payment_timed_out' } });
    expect((await upiApp(g, orderId, true)).statusCode).toBe(409);
  });

  it('refuses a malformed UPI body with 400, never a 5xx', async () => {
    const g = await guest(app);
    const { orderId } = await hold(g);
    for (const payload of [
      { method: 'upi' },
      { method: 'upi', flow: 'qr' },
      { method: 'upi', flow: 'collect' },
      { method: 'upi', flow: ['intent'] },
    ])
      expect((await pay(g, orderId, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });
});

describe('UPI_COLLECT', () => {
  it('is off unless set; it gives both gateways collect, and a value not true or false stops the start', () => {
    const env = { DATA_DIR: path.join(tmpdir(), `staybook-config-${randomBytes(4).toString('hex')}`) };
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'secret' };
    expect(loadConfig(env).sandbox.upiCollect).toBe(false);
    expect(loadConfig({ ...env, ...keys }).razorpay?.upiCollect).toBe(false);
    expect(loadConfig({ ...env, UPI_COLLECT: 'true' }).sandbox.upiCollect).toBe(true);
    expect(loadConfig({ ...env, ...keys, UPI_COLLECT: 'true' }).razorpay?.upiCollect).toBe(true);
    expect(() => loadConfig({ ...env, UPI_COLLECT: 'sometimes' })).toThrow(/UPI_COLLECT/);
  });
});

describe('Razorpay adapter: UPI flows', () => {
  it('offers intent and QR; collect only for a merchant Razorpay still takes it from', () => {
    const keys = {
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_test_key',
      keySecret: 'key-secret',
      webhookSecret: 'hook-secret',
    };
    expect(createRazorpayGateway(keys).upiFlows).toEqual(['intent', 'qr']);
    expect(createRazorpayGateway({ ...keys, upiCollect: true }).upiFlows).toEqual(['intent', 'qr', 'collect']);
  });
});
