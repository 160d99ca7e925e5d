import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '@repo/shared/schemas/payment';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { isSandbox, type SandboxGateway } from '#src/adapters/sandbox/index.ts';
import { bookings, sandboxEvents, sandboxPayments, sandboxRefunds } from '#src/db/schema/index.ts';
import { book, day, type Guest, guest, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, type TestApp, testEngine } from './helper.ts';

/**
 * The sandbox as a module: its account is kept in the database, so what it owes survives a restart (the next
 * process, on the same database, does it), and its webhooks reach the app over the signed webhook route.
 */
describe(`the sandbox module (${testEngine})`, () => {
  /** Sandbox settings as kept in the data folder: the same for every process of one deployment. */
  const sandboxConfig = (delays: { refundDelayMs?: number; upiApprovalMs?: number } = {}) => ({
    keyId: 'rzp_sandbox_test',
    keySecret: randomBytes(32).toString('base64url'),
    webhookSecret: randomBytes(32).toString('base64url'),
    ...delays,
  });
  const gatewayOf = (app: TestApp): SandboxGateway => {
    if (!isSandbox(app.deps.payments)) throw new Error('the tests run on the sandbox gateway');
    return app.deps.payments;
  };
  let nextDay = 20;
  async function hold(app: TestApp, g: Guest) {
    const s = await stayWithRooms(app);
    const from = nextDay++;
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { booking: { id: string }; checkout: { orderId: string } };
  }
  const pay = (app: TestApp, g: Guest, orderId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/payments/sandbox/orders/${orderId}/pay`, headers: g.headers, payload });
  const card = { method: 'card', cardNumber: SANDBOX_CARDS.success, expiry: '12/40', cvv: '123', name: 'A Guest' };
  const statusOf = async (app: TestApp, id: string) =>
    (await app.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

  it('a refund pending when the app stops is settled by the next app on the same database, through its webhook', async () => {
    const sandbox = sandboxConfig({ refundDelayMs: 60_000 });
    const first = await build({ sandbox });
    const g = await guest(first);
    const { booking, checkout } = await hold(first, g);
    expect((await pay(first, g, checkout.orderId, card)).statusCode).toBe(200);
    expect(await statusOf(first, booking.id)).toBe('confirmed');
    const cancel = await first.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: g.headers });
    expect(cancel.json().booking).toMatchObject({ status: 'cancelled', refund: { status: 'pending' } });
    const [refund] = (await ledgerOf(first, booking.id)).refunds;
    expect(refund).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_/) });

    // The process stops before the bank answers; the minute passes while nothing runs.
    await first.close();
    await first.db
      .update(sandboxRefunds)
      .set({ settleAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxRefunds.id, refund?.providerRefundId ?? ''));
    const next = await buildOn(first.database, { sandbox });
    await expect.poll(async () => (await ledgerOf(next, booking.id)).refunds[0]?.status, { timeout: 5000 }).toBe('processed');
    const [settled] = await next.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.id, refund?.providerRefundId ?? ''));
    expect(settled).toMatchObject({ status: 'processed', settledAt: expect.any(Date) });
  });

  it('a UPI payment waiting for approval when the app stops is approved by the next app, and confirms the booking', async () => {
    const sandbox = sandboxConfig({ upiApprovalMs: 60_000 });
    const first = await build({ sandbox });
    const g = await guest(first);
    const { booking, checkout } = await hold(first, g);
    const res = await pay(first, g, checkout.orderId, { method: 'upi', flow: 'intent' });
    expect(res.json()).toMatchObject({ pending: { order_id: checkout.orderId } });
    await first.close();
    expect(await statusOf(first, booking.id)).toBe('pending_payment');
    // The guest approves it in their UPI app while nothing runs (the sandbox's approval delay passes).
    await first.db
      .update(sandboxPayments)
      .set({ approveAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxPayments.orderId, checkout.orderId));

    const next = await buildOn(first.database, { sandbox, jwtSecret: first.config.jwtSecret });
    await expect.poll(() => statusOf(next, booking.id), { timeout: 5000 }).toBe('confirmed');
    const poll = await next.inject({ url: `/api/payments/sandbox/orders/${checkout.orderId}/payment`, headers: g.headers });
    expect(poll.json().payment).toMatchObject({ razorpay_order_id: checkout.orderId });
  });

  it('its webhooks go through the webhook route: one the route refuses is kept, and posted again after a restart', async () => {
    const sandbox = sandboxConfig();
    const app = await build({ sandbox });
    const gateway = gatewayOf(app);
    const g = await guest(app);
    const { booking, checkout } = await hold(app, g);
    // The route checks the signature with the gateway's webhook secret: as if the secrets did not match.
    const check = vi.spyOn(gateway, 'verifyWebhook').mockReturnValue(false);
    try {
      const answer = await pay(app, g, checkout.orderId, card);
      expect(answer.json()).toMatchObject({ razorpay_order_id: checkout.orderId });
      expect(check).toHaveBeenCalledTimes(1);
    } finally {
      check.mockRestore();
    }
    expect(await statusOf(app, booking.id)).toBe('pending_payment');
    const [owed] = await app.db.select().from(sandboxEvents).where(eq(sandboxEvents.event, 'payment.captured'));
    expect(owed).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(owed?.lastError).toMatch(/^the webhook route answered 400: .*Invalid webhook signature/);

    // The app stops with the webhook owed; when the next one starts and its time has come, it is posted again,
    // accepted, and the booking confirmed.
    await app.close();
    await app.db
      .update(sandboxEvents)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(sandboxEvents.id, owed?.id ?? ''));
    const next = await buildOn(app.database, { sandbox });
    const eventRow = async () =>
      (
        await next.db
          .select()
          .from(sandboxEvents)
          .where(eq(sandboxEvents.id, owed?.id ?? ''))
      )[0];
    await expect.poll(async () => (await eventRow())?.deliveredAt, { timeout: 5000 }).toBeInstanceOf(Date);
    expect(await eventRow()).toMatchObject({ attempts: 2, lastError: null });
    expect(await statusOf(next, booking.id)).toBe('confirmed');
  });

  it('is not there when Razorpay takes the payments', async () => {
    const app = await build({
      razorpay: { apiUrl: 'https://api.razorpay.com', keyId: 'rzp_test_key', keySecret: 'secret', webhookSecret: 'hook' },
    });
    const g = await guest(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/orders/order_Test000000001/pay',
      headers: g.headers,
      payload: card,
    });
    expect(res.statusCode).toBe(404);
  });
});
