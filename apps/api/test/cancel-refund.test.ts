import type { BookingDto } from '@repo/shared/schemas/booking';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, refunds, stays } from '#src/db/schema/index.ts';
import { confirmPaid } from '#src/features/bookings/payment.service.ts';
import { isSandbox, type RefundOutcome } from '#src/adapters/sandbox/index.ts';
import { day, type Guest, guest, ledgerOf, sandboxPayment, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, type OutboxMail, outboxFiles, testEngine, waitForMail } from './helper.ts';
import { holdRooms, inFull } from './service-fixtures.ts';

/** A captured mail's text read as UTF-8 (the capture decodes quoted-printable to bytes). */
const utf8 = (mail: OutboxMail) => ({ ...mail, text: Buffer.from(mail.text, 'latin1').toString('utf8') });

/**
 * Cancellation policies and refunds end to end over HTTP: the owner's policy, the guest's cancel and its refund,
 * the owner's cancel, the sandbox bank settling refunds by signed webhooks, the mails, and the ledger reconciling.
 */
describe(`cancellation and refunds (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const otherAdmin = await loginAdmin(app);
  const gateway = app.deps.payments;
  if (!isSandbox(gateway)) throw new Error('the tests run on the sandbox gateway');
  const settle = (outcome?: RefundOutcome) => gateway.settleRefunds(outcome);

  /** A stay of `owner` with a policy (Deluxe ₹2,500 a night: rooms 101, 102; Suite ₹4,000: 201). */
  async function policyStay(policy: { freeDays: number; refundPercent: number }) {
    const s = await stayWithRooms(app);
    await app.db
      .update(stays)
      .set({ ownerId: owner.user.id, cancellationFreeDays: policy.freeDays, cancellationRefundPercent: policy.refundPercent })
      .where(eq(stays.id, s.stay.id));
    return s;
  }
  /**
   * A booking paid with the sandbox's checkout (so the gateway knows the payment and can refund it), `from` days
   * ahead for `nights` nights; the browser's report follows its webhook.
   */
  async function paid(s: Awaited<ReturnType<typeof policyStay>>, from: number, g?: Guest, nights = 2) {
    const h = await holdRooms(app, { stay: s, from, nights, ...(g ? { guest: g } : {}) });
    const paymentId = await capture(h);
    await confirmPaid(app.deps, h.booking.id, {
      ...(await inFull(app, h.booking.id)),
      paymentId,
      source: 'browser',
      method: 'card',
    });
    return { ...h, paymentId };
  }
  /** Another payment of the booking's order, captured by the sandbox (a second payment of one order). */
  const capture = (h: { checkout: { orderId: string; amount: number } }) => sandboxPayment(app, h.checkout);
  const myBooking = async (g: Guest, id: string) => {
    const res = await app.inject({ url: '/api/me/bookings', headers: g.headers });
    return (res.json().bookings as BookingDto[]).find((b) => b.id === id);
  };
  const cancel = (g: Guest, id: string) => app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: g.headers });

  it('the owner sets a policy in the stay form (0–365 days, 0–100 %); guests see it on the stay page', async () => {
    const fields = { name: 'Policy House', type: 'Villa', address: '1 Beach Road', city: 'Goa' };
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/admin/stays', headers: owner.headers, payload });
    for (const bad of [
      { cancellationFreeDays: 366 },
      { cancellationFreeDays: -1 },
      { cancellationFreeDays: 2.5 },
      { cancellationRefundPercent: 101 },
      { cancellationRefundPercent: 'half' },
    ]) {
      const res = await post({ ...fields, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.stringify(res.json()), JSON.stringify(bad)).toContain(Object.keys(bad)[0] ?? '');
    }
    const res = await post({ ...fields, cancellationFreeDays: '30', cancellationRefundPercent: '50' });
    expect(res.statusCode).toBe(201);
    expect(res.json().stay.cancellationPolicy).toEqual({ freeDays: 30, refundPercent: 50 });
    const page = await app.inject({ url: `/api/stays/${res.json().stay.id}`, headers: (await guest(app)).headers });
    expect(page.json()).toMatchObject({ cancellationPolicy: { freeDays: 30, refundPercent: 50 } });
    // A stay made without one has the default: free until the day before check-in.
    const plain = await post(fields);
    expect(plain.json().stay.cancellationPolicy).toEqual({ freeDays: 1, refundPercent: 0 });
  });

  it('a booking keeps the policy of its hold, and My Orders says what a cancel today refunds', async () => {
    const s = await policyStay({ freeDays: 30, refundPercent: 50 });
    const p = await paid(s, 10);
    await app.db.update(stays).set({ cancellationFreeDays: 0, cancellationRefundPercent: 100 }).where(eq(stays.id, s.stay.id));
    const b = await myBooking(p.g, p.booking.id);
    expect(b).toMatchObject({
      status: 'confirmed',
      balance: 500_000,
      cancellationPolicy: { freeDays: 30, refundPercent: 50 },
      cancelQuote: { refund: 250_000, description: 'Refund of ₹2,500 (50% of ₹5,000)' },
    });
  });

  it("a guest's cancel inside the partial window refunds exactly the policy's share: pending, then processed by the bank", async () => {
    const s = await policyStay({ freeDays: 30, refundPercent: 50 });
    const p = await paid(s, 10);
    const seen = new Set(outboxFiles(app));
    const res = await cancel(p.g, p.booking.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'guest',
      cancelledAt: expect.any(String),
      cancelQuote: null,
      refund: { amount: 250_000, status: 'pending', failureReason: null },
      balance: 250_000,
    });
    let money = await ledgerOf(app, p.booking.id);
    expect(money.refunds).toMatchObject([
      { amountPaise: 250_000, reason: 'cancelled', status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_/) },
    ]);
    const cancelMail = utf8(await waitForMail(app, p.g.user.email, seen));
    expect(cancelMail.text).toMatch(/^Subject: Booking cancelled: Lake View Residency/m);
    expect(cancelMail.text).toContain('Refund: ₹2,500 to the card you paid with');
    // The credit note for the refund rides with it.
    expect(cancelMail.text).toMatch(/Credit Note CR\/\d{2}-\d{2}\/\d{6} is attached\./);
    expect(cancelMail.text).toMatch(/Content-Type: application\/pdf;?\s*name=CR-\d{2}-\d{2}-\d{6}-[0-9A-Z]{15}\.pdf/i);
    seen.add(cancelMail.file);

    expect(await settle()).toBeGreaterThanOrEqual(1);
    money = await ledgerOf(app, p.booking.id);
    expect(money.refunds).toMatchObject([{ status: 'processed', settledAt: expect.any(Date) }]);
    expect(money.balance).toBe(250_000);
    expect((await myBooking(p.g, p.booking.id))?.refund).toEqual({
      amount: 250_000,
      status: 'processed',
      failureReason: null,
      retryAt: null,
      processed: 250_000,
      pending: 0,
      failed: 0,
    });
    const processed = utf8(await waitForMail(app, p.g.user.email, seen));
    expect(processed.text).toMatch(/^Subject: Refund processed: Lake View Residency/m);
    expect(processed.text).toContain('Your refund of ₹2,500 for Lake View Residency has been processed');
    // Cancelled once: a second cancel is refused and asks for nothing more.
    expect((await cancel(p.g, p.booking.id)).statusCode).toBe(409);
    expect((await ledgerOf(app, p.booking.id)).refunds).toHaveLength(1);
  });

  it('refunds in full before the free days, nothing (but cancels) after them at 0 %, and refuses from the check-in day', async () => {
    const generous = await policyStay({ freeDays: 7, refundPercent: 50 });
    const early = await paid(generous, 9);
    expect((await cancel(early.g, early.booking.id)).json().booking.refund).toMatchObject({ amount: 500_000 });

    const strict = await policyStay({ freeDays: 30, refundPercent: 0 });
    const late = await paid(strict, 5);
    const seen = new Set(outboxFiles(app));
    const res = await cancel(late.g, late.booking.id);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', refund: null, balance: 500_000 });
    expect((await ledgerOf(app, late.booking.id)).refunds).toEqual([]);
    expect((await waitForMail(app, late.g.user.email, seen)).text).toContain(
      "Refund: none is due under the booking's cancellation policy.",
    );

    const today = await paid(generous, 3);
    await app.db.execute(`update bookings set check_in = '${day(0)}', check_out = '${day(2)}' where id = '${today.booking.id}'`);
    const refused = await cancel(today.g, today.booking.id);
    expect(refused.statusCode).toBe(409);
    expect((await ledgerOf(app, today.booking.id)).refunds).toEqual([]);
  });

  it('a failed refund shows its reason and is mailed; the guest asks again and the new refund is processed', async () => {
    const s = await policyStay({ freeDays: 1, refundPercent: 0 });
    const p = await paid(s, 4);
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers })).statusCode,
    ).toBe(409);
    await cancel(p.g, p.booking.id);
    const seen = new Set(outboxFiles(app));
    await settle({ status: 'failed', reason: 'The card account is closed' });
    expect(await myBooking(p.g, p.booking.id)).toMatchObject({
      refund: { amount: 500_000, status: 'failed', failureReason: 'The card account is closed', failed: 500_000, processed: 0 },
      balance: 500_000,
    });
    const mail = await waitForMail(app, p.g.user.email, seen);
    expect(mail.text).toMatch(/^Subject: Refund failed: Lake View Residency/m);
    expect(mail.text).toContain('could not be processed: The card account is closed');
    // It is sent again by itself after a wait; the guest need not ask, but may.
    expect(mail.text).toContain('We will send it again by ourselves on');

    const other = await guest(app);
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    const retry = await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().booking.refund).toEqual({
      amount: 500_000,
      status: 'pending',
      failureReason: null,
      retryAt: null,
      processed: 0,
      pending: 500_000,
      failed: 0,
    });
    // Asked once: nothing is left to ask for while it is on its way.
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers })).statusCode,
    ).toBe(409);
    await settle();
    const money = await ledgerOf(app, p.booking.id);
    expect(money.refunds.map((r) => r.status)).toEqual(['failed', 'processed']);
    expect(money.refunds[0]?.failureReason).toBe('The card account is closed');
    expect(money.balance).toBe(0);
  });

  it('a failed refund beside a processed one is shown and asked for again, for exactly what failed', async () => {
    // A duplicate payment refunded and processed, then the guest's cancel refund fails: the failure must show.
    const s = await policyStay({ freeDays: 30, refundPercent: 50 });
    const p = await paid(s, 10);
    await confirmPaid(app.deps, p.booking.id, {
      ...(await inFull(app, p.booking.id)),
      paymentId: await capture(p),
      source: 'webhook',
    });
    expect(await settle()).toBeGreaterThanOrEqual(1);
    await cancel(p.g, p.booking.id);
    expect(await settle({ status: 'failed', reason: 'The card account is closed' })).toBeGreaterThanOrEqual(1);
    expect((await myBooking(p.g, p.booking.id))?.refund).toEqual({
      amount: 250_000,
      status: 'failed',
      failureReason: 'The card account is closed',
      retryAt: expect.any(String),
      processed: 500_000,
      pending: 0,
      failed: 250_000,
    });
    // Paid twice (₹10,000), ₹5,000 back; the ₹2,500 that failed is still held.
    expect((await ledgerOf(app, p.booking.id)).balance).toBe(500_000);

    const retry = await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().booking.refund).toMatchObject({ status: 'pending', processed: 500_000, pending: 250_000, failed: 0 });
    let money = await ledgerOf(app, p.booking.id);
    // The failed row is left as it was; the new one is for the cancel's payment, the amount that failed.
    expect(money.refunds.map((r) => [r.reason, r.status, r.amountPaise])).toEqual([
      ['duplicate_payment', 'processed', 500_000],
      ['cancelled', 'failed', 250_000],
      ['cancelled', 'pending', 250_000],
    ]);
    expect(money.refunds[2]?.paymentId).toBe(money.refunds[1]?.paymentId);
    // Nothing more to ask for while it is on its way.
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers })).statusCode,
    ).toBe(409);
    // It fails again: asked for again, once more.
    await settle({ status: 'failed', reason: 'Bank refused' });
    expect((await myBooking(p.g, p.booking.id))?.refund).toMatchObject({
      status: 'failed',
      failed: 250_000,
      failureReason: 'Bank refused',
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${p.booking.id}/refund-retry`, headers: p.g.headers })).statusCode,
    ).toBe(200);
    await settle();
    money = await ledgerOf(app, p.booking.id);
    expect(money.refunds.map((r) => r.status)).toEqual(['processed', 'failed', 'failed', 'processed']);
    expect(money.balance).toBe(250_000);
    expect((await myBooking(p.g, p.booking.id))?.refund).toEqual({
      amount: 750_000,
      status: 'processed',
      failureReason: null,
      retryAt: null,
      processed: 750_000,
      pending: 0,
      failed: 0,
    });
  });

  it('a refund the gateway refuses is recorded as failed with its words and mailed, never a 500', async () => {
    const s = await policyStay({ freeDays: 1, refundPercent: 0 });
    // A payment the gateway never captured (a record it does not know).
    const unknown = await holdRooms(app, { stay: s, from: 4, nights: 2 });
    await confirmPaid(app.deps, unknown.booking.id, {
      ...(await inFull(app, unknown.booking.id)),
      paymentId: 'pay_NeverCaptured1',
      source: 'browser',
    });
    const seen = new Set(outboxFiles(app));
    const res = await cancel(unknown.g, unknown.booking.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      status: 'cancelled',
      refund: { amount: 500_000, status: 'failed', failureReason: 'The id provided does not exist', failed: 500_000 },
      balance: 500_000,
    });
    const [refused] = (await ledgerOf(app, unknown.booking.id)).refunds;
    expect(refused).toMatchObject({ status: 'failed', providerRefundId: null, settledAt: expect.any(Date) });
    // The guest is told, beside the cancellation mail (in either order).
    const first = await waitForMail(app, unknown.g.user.email, seen);
    const second = await waitForMail(app, unknown.g.user.email, new Set([...seen, first.file]));
    const failedMail = [first, second].find((m) => /^Subject: Refund failed/m.test(m.text)) ?? first;
    expect(failedMail.text).toMatch(/^Subject: Refund failed: Lake View Residency/m);
    expect(failedMail.text).toContain('could not be processed: The id provided does not exist');

    // Part of the payment was refunded at the gateway outside the app (its dashboard): the cancel's full refund is
    // more than is left, and the gateway says so.
    const part = await paid(s, 6);
    if (!isSandbox(gateway)) throw new Error('sandbox');
    await gateway.refund({
      paymentId: part.paymentId,
      amountPaise: 100_000,
      idempotencyKey: 'dashboard-1',
      receipt: 'dashboard',
    });
    const res2 = await cancel(part.g, part.booking.id);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(res2.json().booking.refund).toMatchObject({
      status: 'failed',
      failureReason: 'The refund amount provided is greater than amount captured',
      failed: 500_000,
    });
    expect((await ledgerOf(app, part.booking.id)).refunds).toMatchObject([{ status: 'failed', amountPaise: 500_000 }]);
  });

  it('applies a refund webhook once: a redelivery is a duplicate, a later event for a settled refund changes nothing', async () => {
    const s = await policyStay({ freeDays: 1, refundPercent: 0 });
    const p = await paid(s, 4);
    await cancel(p.g, p.booking.id);
    const [refund] = (await ledgerOf(app, p.booking.id)).refunds;
    const entity = {
      id: refund?.providerRefundId,
      entity: 'refund',
      amount: refund?.amountPaise,
      currency: 'INR',
      payment_id: p.paymentId,
      receipt: refund?.id,
      status: 'processed',
    };
    const post = (event: string, eventId: string, signature?: string) => {
      const payload = JSON.stringify({
        entity: 'event',
        event,
        contains: ['refund'],
        payload: { refund: { entity: { ...entity, status: event.slice(7) } } },
      });
      return app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature ?? gateway.signWebhook(payload),
          'x-razorpay-event-id': eventId,
        },
        payload,
      });
    };
    expect((await post('refund.processed', 'evt_RefundOnce0001', 'ab'.repeat(32))).statusCode).toBe(400);
    expect((await ledgerOf(app, p.booking.id)).refunds).toMatchObject([{ status: 'pending' }]);
    expect((await post('refund.processed', 'evt_RefundOnce0001')).json()).toEqual({ status: 'applied' });
    expect((await post('refund.processed', 'evt_RefundOnce0001')).json()).toEqual({ status: 'duplicate' });
    expect((await post('refund.failed', 'evt_RefundOnce0002')).json()).toEqual({ status: 'ignored' });
    expect((await ledgerOf(app, p.booking.id)).refunds).toMatchObject([{ status: 'processed', failureReason: null }]);
  });

  it("the owner cancels a confirmed booking of their stay before check-in: the guest gets everything paid whatever the policy, with a credit note and a mail; another admin's is a 404", async () => {
    const s = await policyStay({ freeDays: 30, refundPercent: 50 });
    const p = await paid(s, 10);
    const url = `/api/admin/bookings/${p.booking.id}`;
    expect((await app.inject({ url: `${url}/cancellation`, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${url}/cancel`, headers: otherAdmin.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${url}/cancel`, headers: p.g.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${url}/cancel` })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/bookings/not-an-id/cancellation', headers: owner.headers })).statusCode).toBe(
      400,
    );
    expect((await ledgerOf(app, p.booking.id)).refunds).toEqual([]);

    // 10 days before check-in the guest's own cancel would get the policy's 50 %; the owner's refunds it all.
    expect((await myBooking(p.g, p.booking.id))?.cancelQuote).toEqual({
      refund: 250_000,
      description: 'Refund of ₹2,500 (50% of ₹5,000)',
    });
    const preview = await app.inject({ url: `${url}/cancellation`, headers: owner.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      booking: { status: 'confirmed', guestName: expect.any(String), amount: 500_000, balance: 500_000 },
      quote: { refund: 500_000, description: 'Full refund of ₹5,000' },
    });
    const seen = new Set(outboxFiles(app));
    const res = await app.inject({ method: 'POST', url: `${url}/cancel`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { status: 'cancelled', cancelledBy: 'owner', refund: { amount: 500_000, status: 'pending' }, balance: 0 },
      quote: null,
    });
    expect((await ledgerOf(app, p.booking.id)).refunds).toMatchObject([
      { amountPaise: 500_000, reason: 'cancelled', status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_/) },
    ]);
    expect(await myBooking(p.g, p.booking.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'owner', balance: 0 });
    const mail = utf8(await waitForMail(app, p.g.user.email, seen));
    expect(mail.text).toContain('has been cancelled by the stay');
    expect(mail.text).toContain('Refund: ₹5,000 to the card you paid with');
    expect(mail.text).toMatch(/Credit Note CR\/\d{2}-\d{2}\/\d{6} is attached\./);
    expect((await app.inject({ method: 'POST', url: `${url}/cancel`, headers: owner.headers })).statusCode).toBe(409);
    expect((await ledgerOf(app, p.booking.id)).refunds).toHaveLength(1);

    // A hold is the guest's to release.
    const held = await holdRooms(app, { stay: s, from: 12 });
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/bookings/${held.booking.id}/cancel`, headers: owner.headers }))
        .statusCode,
    ).toBe(409);
  });

  it("refunds in full a non-refundable or late booking too; a body naming 'refund' (the old choice) is a 400 that changes nothing", async () => {
    const s = await policyStay({ freeDays: 0, refundPercent: 0 });
    const p = await paid(s, 10);
    const url = `/api/admin/bookings/${p.booking.id}`;
    // The guest's own cancel of a non-refundable booking gets nothing.
    expect((await myBooking(p.g, p.booking.id))?.cancelQuote).toEqual({ refund: 0, description: 'No refund' });
    expect((await app.inject({ url: `${url}/cancellation`, headers: owner.headers })).json().quote).toEqual({
      refund: 500_000,
      description: 'Full refund of ₹5,000',
    });
    for (const payload of [{ refund: 'policy' }, { refund: 'full' }, { refund: 'half' }, { refund: null }]) {
      const bad = await app.inject({ method: 'POST', url: `${url}/cancel`, headers: owner.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toContain("An owner's cancel always refunds everything the guest paid");
    }
    expect(await myBooking(p.g, p.booking.id)).toMatchObject({ status: 'confirmed', balance: 500_000 });
    expect((await ledgerOf(app, p.booking.id)).refunds).toEqual([]);

    const seen = new Set(outboxFiles(app));
    const res = await app.inject({ method: 'POST', url: `${url}/cancel`, headers: owner.headers, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', refund: { amount: 500_000, status: 'pending' }, balance: 0 });
    expect((await ledgerOf(app, p.booking.id)).refunds).toMatchObject([{ amountPaise: 500_000, reason: 'cancelled' }]);
    const mail = utf8(await waitForMail(app, p.g.user.email, seen));
    expect(mail.text).toContain('Refund: ₹5,000 to the card you paid with');
    expect(mail.text).not.toContain('none is due');
    // Its credit note, for everything paid, issued by the cancel and attached.
    expect(mail.text).toMatch(/Credit Note CR\/\d{2}-\d{2}\/\d{6} is attached\./);

    // The guest's own cancel of a non-refundable booking, however early, refunds nothing (0 days and 0 % was once
    // read as free until the day before check-in).
    const early = await paid(s, 60);
    const own = await cancel(early.g, early.booking.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().booking).toMatchObject({ status: 'cancelled', cancelledBy: 'guest', refund: null, balance: 500_000 });
    expect((await ledgerOf(app, early.booking.id)).refunds).toEqual([]);
  });

  it('reconciles: for every booking, payments less refunds not failed is the balance the API reports', async () => {
    const s = await policyStay({ freeDays: 30, refundPercent: 50 });
    const g = await guest(app);
    const full = await paid(s, 40, g);
    const partial = await paid(s, 10, g);
    const failed = await paid(s, 14, g);
    const kept = await paid(s, 16, g);
    const duplicate = await paid(s, 18, g);
    await confirmPaid(app.deps, duplicate.booking.id, {
      ...(await inFull(app, duplicate.booking.id)),
      paymentId: await capture(duplicate),
      source: 'webhook',
    });
    await cancel(g, full.booking.id);
    await cancel(g, partial.booking.id);
    await settle();
    await cancel(g, failed.booking.id);
    await settle({ status: 'failed', reason: 'Bank refused' });
    const owned = await paid(s, 20, g);
    await app.inject({ method: 'POST', url: `/api/admin/bookings/${owned.booking.id}/cancel`, headers: owner.headers });

    const listed = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings as {
      id: string;
      balance: number;
    }[];
    expect(listed).toHaveLength(6);
    const expected = new Map([
      [full.booking.id, 0],
      [partial.booking.id, 250_000],
      [failed.booking.id, 500_000],
      [kept.booking.id, 500_000],
      [duplicate.booking.id, 500_000],
      // The owner's cancel refunds everything, whatever the policy.
      [owned.booking.id, 0],
    ]);
    for (const b of listed) {
      const paidRows = await app.db.select().from(payments).where(eq(payments.bookingId, b.id));
      const refundRows = await app.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
      const ledgerBalance =
        paidRows.reduce((n, r) => n + r.amountPaise, 0) -
        refundRows.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amountPaise, 0);
      expect(b.balance, b.id).toBe(ledgerBalance);
      expect(b.balance, b.id).toBe(expected.get(b.id));
    }
  });
});
