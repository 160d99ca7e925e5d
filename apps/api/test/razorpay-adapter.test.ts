import { addDays } from '@repo/shared/domain/dates';
import { periodOf } from '@repo/shared/domain/marketplace';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bookings, paymentEvents, payouts, settlements } from '#src/db/schema/index.ts';
import { runPayouts } from '#src/features/payouts/index.ts';
import { adminHeaders, book, day, type Guest, guest, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { ACCOUNT_INVALID } from '#src/adapters/razorpay/route.ts';
import { build, testEngine } from './helper.ts';
import { type StubWebhook, startRazorpayStub } from './razorpay-stub.ts';

// The Razorpay adapter end to end (ADR 059): the app pointed at a stand-in for Razorpay's API (RAZORPAY_API_URL)
// that speaks its documented requests, answers and signed webhooks. Orders, payment details, refunds, Route's
// linked accounts and transfers go over HTTP to it; its webhooks come in over the app's webhook routes.

describe(`the Razorpay adapter against a stand-in for its API (${testEngine})`, async () => {
  const keys = { keyId: 'rzp_test_StubKey00001', keySecret: 'stub-key-secret', webhookSecret: 'stub-webhook-secret' };
  const stub = await startRazorpayStub(keys);
  afterAll(() => stub.close());
  const app = await build({ razorpay: { apiUrl: stub.url, ...keys } });

  const deliver = (url: '/api/payments/webhook' | '/api/payouts/webhook', hook: StubWebhook) =>
    app.inject({ method: 'POST', url, headers: hook.headers, payload: hook.body });
  const statusOf = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
  async function hold(g: Guest, stay: Awaited<ReturnType<typeof stayWithRooms>>, from: number) {
    const res = await book(app, g, {
      stayId: stay.stay.id,
      checkIn: day(from),
      checkOut: day(from + 1),
      roomNumberIds: [stay.r101],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const owned = await stayWithRooms(app, 'Lake View Residency', 'bengaluru');
  const other = await stayWithRooms(app, 'Pine Cabin', 'manali');
  const g = await guest(app);
  let paidId = '';
  let cancelledId = '';

  it('a hold makes its order at Razorpay (basic auth with the key id and secret); the checkout gets its id and key', async () => {
    const h = await hold(g, owned, 1);
    paidId = h.booking.id;
    expect(h.checkout).toMatchObject({ provider: 'razorpay', keyId: keys.keyId, orderId: expect.stringMatching(/^order_/) });
    const order = stub.orders.get(h.checkout.orderId);
    expect(order).toMatchObject({ amount: h.booking.amount, currency: 'INR', receipt: h.booking.id, status: 'created' });
    expect(stub.calls.filter((c) => c.path === '/v1/orders').every((c) => c.authorized)).toBe(true);
    expect(await statusOf(h.booking.id)).toBe('pending_payment');
  });

  it('its signed payment.captured webhook confirms the booking, once', async () => {
    const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, paidId));
    const { paymentId, webhook } = stub.capture(booking?.providerOrderId ?? '');
    expect((await deliver('/api/payments/webhook', webhook)).json()).toEqual({ status: 'applied' });
    expect(await statusOf(paidId)).toBe('confirmed');
    expect((await ledgerOf(app, paidId)).payments).toMatchObject([{ providerPaymentId: paymentId, method: 'card' }]);
    expect((await deliver('/api/payments/webhook', webhook)).json()).toEqual({ status: 'duplicate' });
  });

  it('the browser’s success callback is checked against the payment Razorpay reports', async () => {
    const h = await hold(g, other, 5);
    cancelledId = h.booking.id;
    const { paymentId } = stub.capture(h.checkout.orderId);
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${h.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: h.checkout.orderId, paymentId, signature: stub.signPayment(h.checkout.orderId, paymentId) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(h.booking.id)).toBe('confirmed');
    expect(stub.calls).toContainEqual(
      expect.objectContaining({ method: 'GET', path: `/v1/payments/${paymentId}`, authorized: true }),
    );
  });

  it('a guest’s cancel is refunded at Razorpay (idempotency key, our receipt); its refund.failed webhook is recorded', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${cancelledId}/cancel`, headers: g.headers });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => stub.refunds.size, { timeout: 5000 }).toBe(1);
    const [refund] = [...stub.refunds.values()];
    const [asked] = stub.calls.filter((c) => c.path.endsWith('/refund'));
    const { refunds: before } = await ledgerOf(app, cancelledId);
    expect(before).toMatchObject([{ status: 'pending', amountPaise: refund?.amount }]);
    expect(asked).toMatchObject({ authorized: true, idempotency: before[0]?.id, body: { receipt: before[0]?.id } });
    await expect.poll(async () => (await ledgerOf(app, cancelledId)).refunds[0]?.providerRefundId).toBe(refund?.id);

    const failed = stub.settleRefund(refund?.id ?? '', 'failed');
    expect((await deliver('/api/payments/webhook', failed)).json()).toEqual({ status: 'applied' });
    const { refunds: after } = await ledgerOf(app, cancelledId);
    expect(after[0]).toMatchObject({ status: 'failed', providerRefundId: refund?.id });
    expect(
      await app.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, failed.headers['x-razorpay-event-id'] ?? '')),
    ).toHaveLength(1);
  });

  it('a wrongly signed webhook is refused and changes nothing, on either route', async () => {
    const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, paidId));
    const events = (await app.db.select().from(paymentEvents)).length;
    const forged = stub.forged('payment.failed', {
      payment: { entity: { id: 'pay_Forged00000001', order_id: booking?.providerOrderId, status: 'failed' } },
    });
    const refused = await deliver('/api/payments/webhook', forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Invalid webhook signature');
    const transfer = stub.forged('transfer.failed', { transfer: { entity: { id: 'trf_Forged00000001', notes: {} } } });
    expect((await deliver('/api/payouts/webhook', transfer)).statusCode).toBe(400);
    expect(await statusOf(paidId)).toBe('confirmed');
    expect((await app.db.select().from(paymentEvents)).length).toBe(events);
  });

  it('an owner’s bank account becomes a Route linked account; the payout is a transfer, its webhook records the outcome', async () => {
    const owner = await adminHeaders(app, owned.owner);
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers: owner,
      payload: {
        legalName: 'Lake View Hospitality',
        pan: 'AAGCB7383J',
        stateCode: '29',
        account: {
          method: 'bank',
          ifsc: 'HDFC0001234',
          accountNumber: '50100123456789',
          confirmAccountNumber: '50100123456789',
          accountHolder: 'Lake View Hospitality',
        },
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const [account] = [...stub.accounts.values()];
    expect(account?.settlement).toEqual({
      account_number: '50100123456789',
      ifsc_code: 'HDFC0001234',
      beneficiary_name: 'Lake View Hospitality',
    });

    await runPayouts(app.deps, addDays(periodOf(day(3)).end, 1));
    const [mine] = await app.db.select().from(settlements).where(eq(settlements.ownerId, owned.owner.id));
    const [payout] = await app.db
      .select()
      .from(payouts)
      .where(eq(payouts.settlementId, mine?.id ?? ''));
    expect(payout).toMatchObject({ status: 'requested', amountPaise: mine?.payablePaise });
    const [transfer] = [...stub.transfers.values()];
    expect(transfer).toMatchObject({
      recipient: account?.id,
      amount: mine?.payablePaise,
      notes: { payout_id: payout?.id, settlement_id: mine?.id },
    });
    expect(stub.calls.find((c) => c.path === '/v1/transfers')).toMatchObject({ authorized: true, idempotency: payout?.id });
    expect(payout?.providerTransferId).toBe(transfer?.id);

    const processed = stub.settleTransfer(transfer?.id ?? '', 'processed');
    expect((await deliver('/api/payouts/webhook', processed)).json()).toEqual({ status: 'applied' });
    const [done] = await app.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, payout?.id ?? ''));
    expect(done).toMatchObject({ status: 'processed', failureReason: null });
    expect((await deliver('/api/payouts/webhook', processed)).json()).toEqual({ status: 'duplicate' });
  });

  it('an owner’s account is validated at Razorpay when it is saved: one found invalid is refused, nothing kept', async () => {
    const checked = await build({ razorpay: { apiUrl: stub.url, ...keys, accountNumber: '7878780080316316' } });
    const s = await stayWithRooms(checked, 'Checked Inn', 'goa');
    const headers = await adminHeaders(checked, s.owner);
    const save = (accountNumber: string) =>
      checked.inject({
        method: 'PUT',
        url: '/api/admin/payouts/profile',
        headers,
        payload: {
          legalName: 'Checked Inn',
          pan: '',
          stateCode: '30',
          account: {
            method: 'bank',
            ifsc: 'HDFC0001234',
            accountNumber,
            confirmAccountNumber: accountNumber,
            accountHolder: 'Checked Inn',
          },
        },
      });
    const before = stub.accounts.size;
    const refused = await save('50100123450000');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ fieldErrors: { account: ACCOUNT_INVALID.bank } });
    expect(stub.accounts.size).toBe(before);
    expect((await checked.inject({ url: '/api/admin/payouts/profile', headers })).json().profile).toBeNull();
    const validation = stub.calls.filter((c) => c.path === '/v1/fund_accounts/validations').at(-1);
    expect(validation).toMatchObject({
      authorized: true,
      body: {
        account_number: '7878780080316316',
        fund_account: { account_type: 'bank_account', bank_account: { ifsc: 'HDFC0001234', account_number: '50100123450000' } },
      },
    });
    const kept = await save('50100123456789');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(stub.accounts.size).toBe(before + 1);
    await checked.close();
  });

  it('a call without the right keys is refused by Razorpay: the hold is released', async () => {
    const wrong = await build({ razorpay: { apiUrl: stub.url, ...keys, keySecret: 'wrong-secret' } });
    const s = await stayWithRooms(wrong, 'Elsewhere Inn', 'goa');
    const w = await guest(wrong);
    const res = await book(wrong, w, { stayId: s.stay.id, checkIn: day(9), checkOut: day(10), roomNumberIds: [s.r101] });
    expect(res.statusCode, res.body).toBe(502);
    expect(stub.calls.at(-1)).toMatchObject({ path: '/v1/orders', authorized: false });
    const again = await book(wrong, w, { stayId: s.stay.id, checkIn: day(9), checkOut: day(10), roomNumberIds: [s.r101] });
    // The rooms were let go: asking again is refused by Razorpay again, not by a hold of one's own (409).
    expect(again.statusCode).toBe(502);
  });
});
