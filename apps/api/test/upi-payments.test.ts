import { SANDBOX_UPI_IDS, UPI_ID_MESSAGE } from '@repo/shared/schemas/payment';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments } from '#src/db/schema/index.ts';
import { sweepExpiredHolds } from '#src/features/bookings/hold.service.ts';
import { applyWebhook } from '#src/features/bookings/webhooks.service.ts';
import { isSandbox } from '#src/adapters/sandbox/index.ts';
import { book, day, type Guest, guest, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

// UPI collect (a typed UPI id) as the sandbox takes it from a merchant exempt from its deprecation (ADR 052);
// intent and QR payments: upi-intent.test.ts.
describe(`UPI collect and netbanking in the sandbox checkout (${testEngine})`, async () => {
  const app = await build({
    sandbox: {
      keyId: 'rzp_sandbox_test',
      keySecret: 'collect-key-secret',
      webhookSecret: 'collect-hook-secret',
      upiCollect: true,
    },
  });
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('tests run on the sandbox');
  /** A webhook as the sandbox (as Razorpay) posts it: the raw body, its signature and its event id. */
  const hook = (raw: string, signature: string, eventId: string) =>
    applyWebhook(app.deps, Buffer.from(raw), { 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId });

  let nextDay = 40;
  async function hold(g: Guest) {
    const s = await stayWithRooms(app);
    const from = nextDay++;
    const body = { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] };
    const res = await book(app, g, body);
    expect(res.statusCode).toBe(201);
    const { booking, checkout } = res.json() as { booking: { id: string }; checkout: { orderId: string } };
    return { booking, orderId: checkout.orderId, body };
  }
  const pay = (g: Guest, orderId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/payments/sandbox/orders/${orderId}/pay`, headers: g.headers, payload });
  const orderPayment = async (g: Guest, orderId: string) =>
    (await app.inject({ url: `/api/payments/sandbox/orders/${orderId}/payment`, headers: g.headers })).json().payment;
  const row = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const paymentsOf = (bookingId: string) => app.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const myBooking = async (g: Guest, id: string) =>
    ((await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings as { id: string }[]).find(
      (b) => b.id === id,
    );
  const confirmFromBrowser = (g: Guest, bookingId: string, f: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/bookings/${bookingId}/payment`,
      headers: g.headers,
      payload: { orderId: f.razorpay_order_id, paymentId: f.razorpay_payment_id, signature: f.razorpay_signature },
    });
  /** Ends the hold as the clock would, then lets the sweep release its nights. */
  async function expireHold(bookingId: string) {
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, bookingId));
    await sweepExpiredHolds(app.deps);
    expect((await row(bookingId))?.status).toBe('expired');
  }
  async function pendingUpi(g: Guest, orderId: string) {
    const res = await pay(g, orderId, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending });
    expect(res.statusCode).toBe(200);
    const { pending } = res.json();
    expect(pending).toMatchObject({ order_id: orderId, method: 'upi', vpa: 'pending@razorpay' });
    return pending.payment_id as string;
  }

  it('the success UPI id confirms the booking; the payment is recorded as UPI and My Orders says so', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const res = await pay(g, orderId, { method: 'upi', vpa: ' Success@Razorpay ' });
    expect(res.statusCode).toBe(200);
    const fields = res.json();
    expect(fields).toMatchObject({ razorpay_order_id: orderId, razorpay_payment_id: expect.stringMatching(/^pay_/) });
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', providerPaymentId: fields.razorpay_payment_id });
    const confirm = await confirmFromBrowser(g, booking.id, fields);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().booking).toMatchObject({ status: 'confirmed', paymentMethod: 'upi' });
    expect(await paymentsOf(booking.id)).toMatchObject([{ method: 'upi', source: 'webhook', amountPaise: 250_000 }]);
    expect(await myBooking(g, booking.id)).toMatchObject({ status: 'confirmed', paymentMethod: 'upi' });
  });

  it('refuses a malformed UPI id with a clear message, and an id the sandbox does not know, changing nothing', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    for (const vpa of [
      '',
      'no-at-sign',
      'name@',
      '@bank',
      'two@@bank',
      'name@bank.com',
      'a b@bank',
      'x'.repeat(90) + '@ybl0123456789',
    ]) {
      const res = await pay(g, orderId, { method: 'upi', vpa });
      expect(res.statusCode, vpa).toBe(400);
      expect(res.json().fieldErrors.vpa, vpa).toMatch(vpa ? UPI_ID_MESSAGE : /UPI ID is required/);
    }
    const unknown = await pay(g, orderId, { method: 'upi', vpa: 'priya.verma@okhdfcbank' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.vpa).toContain('success@razorpay');
    expect((await pay(g, orderId, { method: 'wallet' })).statusCode).toBe(400);
    expect((await pay(g, orderId, { method: 'netbanking', bank: 'XXXX' })).json().fieldErrors.bank).toBe('Choose your bank');
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', failure: null });
    expect(await orderPayment(g, orderId)).toBeNull();
  });

  it("the failure UPI id records Razorpay's failure fields and keeps the hold", async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const res = await pay(g, orderId, { method: 'upi', vpa: SANDBOX_UPI_IDS.failure });
    expect(res.json()).toMatchObject({ error: { reason: 'authorisation_declined_by_psp', metadata: { order_id: orderId } } });
    expect(await row(booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: { reason: 'authorisation_declined_by_psp', source: 'customer_psp' },
    });
    expect(await paymentsOf(booking.id)).toEqual([]);
  });

  it('pending UPI: the hold and its order stay (no second payment, "Pay now" reopens the same order); the captured webhook confirms it', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const paymentId = await pendingUpi(g, orderId);
    const before = await row(booking.id);
    expect(before).toMatchObject({ status: 'pending_payment', providerPaymentId: null });
    expect(await orderPayment(g, orderId)).toMatchObject({ pending: { payment_id: paymentId } });
    // Another guest can not read it.
    const other = await guest(app);
    expect(
      (await app.inject({ url: `/api/payments/sandbox/orders/${orderId}/payment`, headers: other.headers })).statusCode,
    ).toBe(404);

    // The guest's own retry from My Orders reopens the same order; the order takes no other payment meanwhile.
    const retry = await app.inject({ url: `/api/bookings/${booking.id}/checkout`, headers: g.headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().checkout.orderId).toBe(orderId);
    const card = { cardNumber: '4111111111111111', expiry: '12/40', cvv: '123', name: 'Priya Verma' };
    const second = await pay(g, orderId, card);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PAYMENT_PENDING');
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', holdExpiresAt: before?.holdExpiresAt });

    const settled = await gateway.settle(paymentId, 'captured');
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', providerPaymentId: paymentId });
    expect(await orderPayment(g, orderId)).toEqual(settled);
    // The checkout then hands the browser the signed fields: confirming again changes nothing.
    if (!('razorpay_signature' in settled)) throw new Error('expected signed fields');
    const confirm = await confirmFromBrowser(g, booking.id, settled);
    expect(confirm.json().booking).toMatchObject({ status: 'confirmed', paymentMethod: 'upi' });
    expect(await paymentsOf(booking.id)).toMatchObject([{ providerPaymentId: paymentId, method: 'upi', source: 'webhook' }]);
  });

  it('My Orders shows a UPI payment pending (its ids, no failure) until its webhook captures it or records its failure', async () => {
    const g = await guest(app);
    const a = await hold(g);
    expect(await myBooking(g, a.booking.id)).toMatchObject({ pendingPayment: null, lastFailure: null });
    const first = await pendingUpi(g, a.orderId);
    expect(await myBooking(g, a.booking.id)).toMatchObject({
      status: 'pending_payment',
      orderId: null,
      paymentId: null,
      pendingPayment: { orderId: a.orderId, paymentId: first, method: 'upi' },
      lastFailure: null,
    });
    // A second pay of the same order is refused, and the pending attempt stays as it was.
    expect((await pay(g, a.orderId, { method: 'upi', vpa: SANDBOX_UPI_IDS.pending })).statusCode).toBe(409);
    expect(await myBooking(g, a.booking.id)).toMatchObject({ pendingPayment: { paymentId: first } });
    await gateway.settle(first, 'captured');
    expect(await myBooking(g, a.booking.id)).toMatchObject({
      status: 'confirmed',
      orderId: a.orderId,
      paymentId: first,
      pendingPayment: null,
    });

    const b = await hold(g);
    const declined = await pendingUpi(g, b.orderId);
    await gateway.settle(declined, 'declined');
    expect(await myBooking(g, b.booking.id)).toMatchObject({
      status: 'pending_payment',
      pendingPayment: null,
      lastFailure: { orderId: b.orderId, paymentId: declined, description: 'Your UPI app declined the payment request' },
    });
    // Paying again by UPI leaves a new payment pending: the failure before it is no longer the story.
    const again = await pendingUpi(g, b.orderId);
    expect(await myBooking(g, b.booking.id)).toMatchObject({ pendingPayment: { paymentId: again }, lastFailure: null });
  });

  it("a failed attempt's ids are on the booking: the gateway's, and the booking's order id when the failure lacks it", async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const card = { cardNumber: '4000000000000002', expiry: '12/40', cvv: '123', name: 'Priya Verma' };
    const failed = (await pay(g, orderId, card)).json();
    expect(failed.error.metadata).toMatchObject({ order_id: orderId, payment_id: expect.stringMatching(/^pay_/) });
    expect(await myBooking(g, booking.id)).toMatchObject({
      orderId: null,
      paymentId: null,
      lastFailure: { orderId, paymentId: failed.error.metadata.payment_id, description: 'Your payment was declined by the bank' },
    });
    // A browser whose failure fields carry no order id: the booking's own order is the attempt's.
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment-failure`,
      headers: g.headers,
      payload: { code: 'BAD_REQUEST_ERROR', description: 'Declined', paymentId: 'pay_NoOrderField01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.lastFailure).toEqual({ orderId, paymentId: 'pay_NoOrderField01', description: 'Declined' });
  });

  it('pending UPI not approved: the failed webhook records the failure, the hold stays and the guest pays again', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const paymentId = await pendingUpi(g, orderId);
    await gateway.settle(paymentId, 'timed_out');
    expect(await row(booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: { reason: 'payment_timed_out', paymentId },
    });
    expect(await orderPayment(g, orderId)).toMatchObject({ error: { reason: 'payment_timed_out' } });
    const again = await pay(g, orderId, { method: 'netbanking', bank: 'SBIN' });
    expect(again.json()).toHaveProperty('razorpay_signature');
    expect(await myBooking(g, booking.id)).toMatchObject({ status: 'confirmed', paymentMethod: 'netbanking' });
  });

  it('pending UPI approved after the hold ended, its rooms still free: the booking is confirmed', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const paymentId = await pendingUpi(g, orderId);
    await expireHold(booking.id);
    await gateway.settle(paymentId, 'captured');
    expect(await row(booking.id)).toMatchObject({ status: 'confirmed', providerPaymentId: paymentId });
    const ledger = await ledgerOf(app, booking.id);
    expect(ledger).toMatchObject({ balance: 250_000, refunds: [] });
    expect(ledger.payments).toMatchObject([{ method: 'upi' }]);
  });

  it('pending UPI approved after the hold ended and its room was booked by another guest: refunded in full (unbookable)', async () => {
    const g = await guest(app);
    const { booking, orderId, body } = await hold(g);
    const paymentId = await pendingUpi(g, orderId);
    await expireHold(booking.id);
    const rival = await guest(app);
    const taken = await book(app, rival, body);
    expect(taken.statusCode).toBe(201);
    // Still pending once the hold has ended: a late approval is confirmed or refunded.
    expect(await myBooking(g, booking.id)).toMatchObject({ status: 'expired', pendingPayment: { paymentId } });
    await gateway.settle(paymentId, 'captured');
    expect(await row(booking.id)).toMatchObject({ status: 'expired', providerPaymentId: null });
    const ledger = await ledgerOf(app, booking.id);
    expect(ledger.payments).toMatchObject([{ providerPaymentId: paymentId, method: 'upi', amountPaise: 250_000 }]);
    // The refund is asked of the gateway at once and processed when its bank says so (refund.processed webhook).
    expect(ledger.refunds).toMatchObject([{ reason: 'unbookable', amountPaise: 250_000, status: 'pending' }]);
    expect(ledger.balance).toBe(0);
    await gateway.settleRefunds();
    expect(await myBooking(g, booking.id)).toMatchObject({
      status: 'expired',
      refund: { amount: 250_000, status: 'processed' },
      refundIds: [ledger.refunds[0]?.providerRefundId],
      paymentMethod: null,
      pendingPayment: null,
    });
    expect(ledger.refunds[0]?.providerRefundId).toMatch(/^rfnd_/);
  });

  it('a replayed UPI webhook is applied once, under its own or a new event id', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: 'pay_UpiReplay00001',
            order_id: orderId,
            amount: 250_000,
            currency: 'INR',
            status: 'captured',
            method: 'upi',
            vpa: 'a@ybl',
          },
        },
      },
    });
    const sig = gateway.signWebhook(raw);
    expect(await hook(raw, sig, 'evt_UpiReplay1')).toEqual({ status: 'applied' });
    expect(await hook(raw, sig, 'evt_UpiReplay1')).toEqual({ status: 'duplicate' });
    expect(await hook(raw, sig, 'evt_UpiReplay2')).toEqual({ status: 'duplicate' });
    expect(await paymentsOf(booking.id)).toMatchObject([{ providerPaymentId: 'pay_UpiReplay00001', method: 'upi' }]);
    expect((await ledgerOf(app, booking.id)).balance).toBe(250_000);
  });

  it('a method outside card, UPI and netbanking (a wallet) is recorded as unknown', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: 'pay_Wallet0000001', order_id: orderId, amount: 250_000, currency: 'INR', method: 'wallet' } },
      },
    });
    expect(await hook(raw, gateway.signWebhook(raw), 'evt_Wallet1')).toEqual({ status: 'applied' });
    expect(await paymentsOf(booking.id)).toMatchObject([{ method: null }]);
    expect(await myBooking(g, booking.id)).toMatchObject({ status: 'confirmed', paymentMethod: null });
  });

  it('netbanking: a listed bank confirms as netbanking; the failing bank records the failure', async () => {
    const g = await guest(app);
    const { booking, orderId } = await hold(g);
    const failed = await pay(g, orderId, { method: 'netbanking', bank: 'FAIL' });
    expect(failed.json()).toMatchObject({ error: { reason: 'authentication_failed' } });
    expect(await row(booking.id)).toMatchObject({ status: 'pending_payment', failure: { reason: 'authentication_failed' } });
    const ok = await pay(g, orderId, { method: 'netbanking', bank: 'ICIC' });
    expect(ok.statusCode).toBe(200);
    expect(await paymentsOf(booking.id)).toMatchObject([{ method: 'netbanking' }]);
  });

  it('the browser reporting first records the method the gateway gives for the payment', async () => {
    // The webhook is lost on the way: only the browser's signed fields reach the server.
    const route = gateway.deliverWebhooksTo(async () => {});
    try {
      const g = await guest(app);
      const { booking, orderId } = await hold(g);
      const fields = (await pay(g, orderId, { method: 'upi', vpa: SANDBOX_UPI_IDS.success })).json();
      expect((await row(booking.id))?.status).toBe('pending_payment');
      const confirm = await confirmFromBrowser(g, booking.id, fields);
      expect(confirm.json().booking).toMatchObject({ status: 'confirmed', paymentMethod: 'upi' });
      expect(await paymentsOf(booking.id)).toMatchObject([{ method: 'upi', source: 'browser' }]);
    } finally {
      gateway.deliverWebhooksTo(route);
    }
  });

  it("the sandbox's UPI app approves or declines the guest's own pending payment, through its webhook", async () => {
    const g = await guest(app);
    const approval = (who: Guest, orderId: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/payments/sandbox/orders/${orderId}/upi-approval`, headers: who.headers, payload });
    const a = await hold(g);
    expect((await approval(g, a.orderId, { approve: true })).statusCode).toBe(409);
    const paymentId = await pendingUpi(g, a.orderId);
    expect((await approval(g, a.orderId, { approve: 'yes' })).statusCode).toBe(400);
    expect((await approval(await guest(app), a.orderId, { approve: true })).statusCode).toBe(404);
    expect(await row(a.booking.id)).toMatchObject({ status: 'pending_payment' });
    const approved = await approval(g, a.orderId, { approve: true });
    expect(approved.json()).toMatchObject({ razorpay_payment_id: paymentId });
    expect(await myBooking(g, a.booking.id)).toMatchObject({ status: 'confirmed', paymentMethod: 'upi' });
    expect((await approval(g, a.orderId, { approve: true })).statusCode).toBe(409);

    const b = await hold(g);
    await pendingUpi(g, b.orderId);
    expect((await approval(g, b.orderId, { approve: false })).json()).toMatchObject({
      error: { reason: 'authorisation_declined_by_psp' },
    });
    expect(await row(b.booking.id)).toMatchObject({
      status: 'pending_payment',
      failure: { reason: 'authorisation_declined_by_psp' },
    });
  });
});
