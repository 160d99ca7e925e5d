import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, paymentEvents } from '#src/db/schema/index.ts';
import { createRazorpayGateway } from '#src/adapters/razorpay/index.ts';
import { book, day, type Guest, guest, knownPayment, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

describe(`payments (${testEngine})`, async () => {
  const app = await build();
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  const signHook = (raw: string, secret = app.config.sandbox.webhookSecret) =>
    createHmac('sha256', secret).update(raw).digest('hex');

  let nextDay = 30;
  async function hold(g: Guest) {
    const s = await stayWithRooms(app);
    const from = nextDay++;
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] });
    expect(res.statusCode).toBe(201);
    return res.json() as { booking: { id: string }; checkout: { orderId: string; amount: number } };
  }
  const row = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const captured = (orderId: string, paymentId: string, amount = 250_000) =>
    JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } },
    });
  const hook = (raw: string, signature: string, eventId?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
      },
      payload: raw,
    });

  it("refuses a bad signature and another booking's signature, changing nothing", async () => {
    const g = await guest(app);
    const a = await hold(g);
    const b = await hold(g);
    const paymentId = 'pay_Sig00000000001';
    const bad = await app.inject({
      method: 'POST',
      url: `/api/bookings/${a.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: a.checkout.orderId, paymentId, signature: 'ab'.repeat(32) },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The payment could not be verified');
    // A valid signature of booking B presented for booking A (with either order id).
    const other = { orderId: b.checkout.orderId, paymentId, signature: sign(b.checkout.orderId, paymentId) };
    const cross = await app.inject({
      method: 'POST',
      url: `/api/bookings/${a.booking.id}/payment`,
      headers: g.headers,
      payload: other,
    });
    expect(cross.statusCode).toBe(400);
    const swapped = await app.inject({
      method: 'POST',
      url: `/api/bookings/${a.booking.id}/payment`,
      headers: g.headers,
      payload: { ...other, orderId: a.checkout.orderId },
    });
    expect(swapped.statusCode).toBe(400);
    const after = await row(a.booking.id);
    expect(after).toMatchObject({ status: 'pending_payment', providerPaymentId: null });
  });

  it('confirms a booking from the webhook alone, once, and ignores a replay', async () => {
    const g = await guest(app);
    const { booking, checkout } = await hold(g);
    const raw = captured(checkout.orderId, await knownPayment(app, checkout, 'pay_Hook000000001'), checkout.amount);
    const first = await hook(raw, signHook(raw), 'evt_Hook000000001');
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('applied');
    expect(await row(booking.id)).toMatchObject({
      status: 'confirmed',
      providerPaymentId: 'pay_Hook000000001',
      holdExpiresAt: null,
    });
    const updatedAt = (await row(booking.id))?.updatedAt;
    const replay = await hook(raw, signHook(raw), 'evt_Hook000000001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().status).toBe('duplicate');
    expect((await row(booking.id))?.updatedAt).toEqual(updatedAt);
    expect(await app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_Hook000000001'))).toHaveLength(1);
    // The browser arriving afterwards gets the same booking.
    const browser = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment`,
      headers: g.headers,
      payload: {
        orderId: checkout.orderId,
        paymentId: 'pay_Hook000000001',
        signature: sign(checkout.orderId, 'pay_Hook000000001'),
      },
    });
    expect(browser.statusCode).toBe(200);
    expect(browser.json().booking).toMatchObject({ status: 'confirmed', paymentId: 'pay_Hook000000001' });
    const mine = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings;
    expect(mine[0]).toMatchObject({ orderId: checkout.orderId, paymentId: 'pay_Hook000000001' });
  });

  it('refuses a badly signed webhook and a webhook signed over other bytes', async () => {
    const g = await guest(app);
    const { booking, checkout } = await hold(g);
    const raw = captured(checkout.orderId, 'pay_Forged0000001');
    expect((await hook(raw, signHook(raw, 'not-the-secret'), 'evt_F1')).statusCode).toBe(400);
    expect((await hook(raw, 'zz', 'evt_F2')).statusCode).toBe(400);
    // Re-serialised JSON (spaces) is not what was signed.
    const pretty = JSON.stringify(JSON.parse(raw), null, 2);
    expect((await hook(pretty, signHook(raw), 'evt_F3')).statusCode).toBe(400);
    const noHeader = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(noHeader.statusCode).toBe(400);
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', providerPaymentId: null });
    expect(await app.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_F1'))).toEqual([]);
  });

  it('records payment.failed from the webhook and keeps the hold', async () => {
    const g = await guest(app);
    const { booking, checkout } = await hold(g);
    const raw = JSON.stringify({
      event: 'payment.failed',
      payload: {
        payment: {
          entity: {
            id: 'pay_Fail00000001',
            order_id: checkout.orderId,
            error_code: 'BAD_REQUEST_ERROR',
            error_description: 'Declined',
            error_source: 'bank',
            error_step: 'payment_authorization',
            error_reason: 'payment_declined',
          },
        },
      },
    });
    const res = await hook(raw, signHook(raw));
    expect(res.json().status).toBe('applied');
    const after = await row(booking.id);
    expect(after?.status).toBe('pending_payment');
    expect(after?.failure).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      reason: 'payment_declined',
      paymentId: 'pay_Fail00000001',
    });
    // Without an event id header, the event is keyed by type and payment id: a replay changes nothing.
    expect((await hook(raw, signHook(raw))).json().status).toBe('duplicate');
  });

  it('sandbox: the success card returns signed fields and confirms through its webhook', async () => {
    const g = await guest(app);
    const { booking, checkout } = await hold(g);
    const card = { cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvv: '123', name: 'Priya Verma' };
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${checkout.orderId}/pay`,
      headers: g.headers,
      payload: card,
    });
    expect(res.statusCode).toBe(200);
    const fields = res.json();
    expect(fields.razorpay_order_id).toBe(checkout.orderId);
    expect(fields.razorpay_payment_id).toMatch(/^pay_\w{14}$/);
    expect(fields.razorpay_signature).toBe(sign(checkout.orderId, fields.razorpay_payment_id));
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', providerPaymentId: fields.razorpay_payment_id });
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: fields.razorpay_order_id, paymentId: fields.razorpay_payment_id, signature: fields.razorpay_signature },
    });
    expect(confirm.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${checkout.orderId}/pay`,
      headers: g.headers,
      payload: card,
    });
    expect(again.statusCode).toBe(409);
  });

  it('sandbox: the failure card returns the seven fields and records the failure', async () => {
    const g = await guest(app);
    const { booking, checkout } = await hold(g);
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/orders/${checkout.orderId}/pay`,
      headers: g.headers,
      payload: { cardNumber: '4000000000000002', expiry: '12/40', cvv: '123', name: 'Priya Verma' },
    });
    expect(res.statusCode).toBe(200);
    const { error } = res.json();
    expect(error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment was declined by the bank',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
      metadata: { order_id: checkout.orderId },
    });
    expect(error.metadata.payment_id).toMatch(/^pay_/);
    const after = await row(booking.id);
    expect(after?.status).toBe('pending_payment');
    expect(after?.failure).toMatchObject({ code: 'BAD_REQUEST_ERROR', orderId: checkout.orderId });
  });

  it('sandbox: any other card, an expired card and an unknown order are refused', async () => {
    const g = await guest(app);
    const { checkout } = await hold(g);
    const url = `/api/payments/sandbox/orders/${checkout.orderId}/pay`;
    const other = await app.inject({
      method: 'POST',
      url,
      headers: g.headers,
      payload: { cardNumber: '5555555555554444', expiry: '12/40', cvv: '123', name: 'P' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('Use a sandbox test card');
    const expired = await app.inject({
      method: 'POST',
      url,
      headers: g.headers,
      payload: { cardNumber: '4111111111111111', expiry: '01/20', cvv: '123', name: 'P' },
    });
    expect(expired.statusCode).toBe(400);
    const malformed = await app.inject({
      method: 'POST',
      url,
      headers: g.headers,
      payload: { cardNumber: 'abc', expiry: '13/40', cvv: '1', name: '' },
    });
    expect(malformed.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/orders/order_Unknown0000001/pay',
      headers: g.headers,
      payload: { cardNumber: '4111111111111111', expiry: '12/40', cvv: '123', name: 'P' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('razorpay adapter: verifies payment signatures with the official SDK helper, and webhooks by their signature', () => {
    const gateway = createRazorpayGateway({
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_test_key',
      keySecret: 'key-secret',
      webhookSecret: 'hook-secret',
    });
    expect(gateway.provider).toBe('razorpay');
    const good = createHmac('sha256', 'key-secret').update('order_A|pay_B').digest('hex');
    expect(gateway.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature: good })).toBe(true);
    expect(gateway.verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_C', signature: good })).toBe(false);
    const raw = Buffer.from('{"event":"payment.authorized"}');
    const signed = (secret: string) => ({ 'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex') });
    expect(gateway.readWebhook(raw, signed('hook-secret'))).toMatchObject({
      event: { kind: 'other', type: 'payment.authorized' },
    });
    expect(gateway.readWebhook(raw, signed('other'))).toEqual({ refused: 'signature' });
    expect(gateway.readWebhook(raw, {})).toEqual({ refused: 'signature' });
  });
});
