import { createHmac } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookings, invoices, outbox, paymentEvents, payments, refunds, stays } from '#src/db/schema/index.ts';
import { balancesOf, openFailures } from '#src/features/bookings/ledger.repository.ts';
import type { RefundRequest } from '#src/platform/payments/gateway.ts';
import { createRazorpayGateway } from '#src/adapters/razorpay/index.ts';
import { isSandbox } from '#src/adapters/sandbox/index.ts';
import { book, day, type Guest, guest, knownPayment, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, type TestApp, testEngine } from './helper.ts';

// Money is recorded append-only (payments and refunds, one row per gateway payment or refund), every captured
// payment is either kept by its booking or refunded, and gateway calls happen after the commit through the
// outbox (docs/decisions/010-money-ledger-and-outbox.md).

vi.setConfig({ testTimeout: 60_000 });

const SUCCESS_CARD = { cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvv: '123', name: 'Priya Verma' };

describe(`money ledger (${testEngine})`, async () => {
  const app = await build();
  // A second API process on the same database (on PGlite: a second app on the same embedded database).
  const second = await buildOn(app.database, { jwtSecret: app.config.jwtSecret, sandbox: app.config.sandbox });

  const signHook = (raw: string) => createHmac('sha256', app.config.sandbox.webhookSecret).update(raw).digest('hex');
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  const hook = (target: TestApp, body: unknown, eventId?: string) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return target.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signHook(raw),
        ...(eventId ? { 'x-razorpay-event-id': eventId } : {}),
      },
      payload: raw,
    });
  };
  const captured = (orderId: string, paymentId: string, amount: number) => ({
    entity: 'event',
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, status: 'captured', amount, currency: 'INR' } } },
  });

  let nextDay = 40;
  async function hold(g: Guest) {
    const s = await stayWithRooms(app);
    const from = nextDay;
    nextDay += 2;
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101] });
    expect(res.statusCode).toBe(201);
    return res.json() as { booking: { id: string; amount: number }; checkout: { orderId: string } };
  }
  async function paidBooking(g: Guest) {
    const h = await hold(g);
    const paymentId = await known(h, `pay_${h.booking.id.replaceAll('-', '').slice(0, 14)}`);
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${h.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: h.checkout.orderId, paymentId, signature: sign(h.checkout.orderId, paymentId) },
    });
    expect(res.statusCode).toBe(200);
    return { ...h, paymentId };
  }
  /** The gateway captured this payment of the hold's order (the test reports it itself). */
  const known = (h: { booking: { amount: number }; checkout: { orderId: string } }, paymentId: string) =>
    knownPayment(app, { orderId: h.checkout.orderId, amount: h.booking.amount }, paymentId);
  const bookingRow = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  /** Counts the gateway's refund calls of both processes, and lets a test make them fail. */
  function spyRefunds(fail: (call: number) => boolean = () => false) {
    const calls: RefundRequest[] = [];
    const restore: (() => void)[] = [];
    for (const a of [app, second]) {
      const original = a.deps.payments.refund;
      a.deps.payments.refund = async (req) => {
        calls.push(req);
        if (fail(calls.length)) throw new Error('gateway timed out');
        return original(req);
      };
      restore.push(() => {
        a.deps.payments.refund = original;
      });
    }
    return {
      calls,
      restore: () => {
        for (const r of restore) r();
      },
    };
  }

  it('two captured payments of one order reported at once, one to each process: one buys the booking, the other is refunded', async () => {
    const g = await guest(app);
    const h = await hold(g);
    await known(h, 'pay_RaceFirst00001');
    await known(h, 'pay_RaceSecond0001');
    const answers = await Promise.all([
      hook(app, captured(h.checkout.orderId, 'pay_RaceFirst00001', h.booking.amount)),
      hook(second, captured(h.checkout.orderId, 'pay_RaceSecond0001', h.booking.amount)),
    ]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['applied', 'refunded']);
    const row = await bookingRow(h.booking.id);
    expect(row?.status).toBe('confirmed');
    const money = await ledgerOf(app, h.booking.id);
    expect(money.payments.map((p) => p.providerPaymentId).sort()).toEqual(['pay_RaceFirst00001', 'pay_RaceSecond0001']);
    expect(money.refunds).toHaveLength(1);
    const refunded = money.payments.find((p) => p.id === money.refunds[0]?.paymentId);
    expect(refunded?.providerPaymentId).not.toBe(row?.providerPaymentId);
    expect(money.refunds[0]).toMatchObject({ reason: 'duplicate_payment', status: 'pending', amountPaise: h.booking.amount });
    expect(money.balance).toBe(h.booking.amount);
  });

  it('simultaneous sandbox payments of one order on both processes: every captured payment is kept once or refunded', async () => {
    const g = await guest(app);
    const h = await hold(g);
    const pay = (target: TestApp) =>
      target.inject({
        method: 'POST',
        url: `/api/payments/sandbox/orders/${h.checkout.orderId}/pay`,
        headers: g.headers,
        payload: SUCCESS_CARD,
      });
    const answers = await Promise.all([pay(app), pay(second), pay(app), pay(second)]);
    const capturedIds = answers.filter((a) => a.statusCode === 200).map((a) => a.json().razorpay_payment_id as string);
    expect(capturedIds.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    const money = await ledgerOf(app, h.booking.id);
    expect(money.payments.map((p) => p.providerPaymentId).sort()).toEqual([...capturedIds].sort());
    expect(money.refunds).toHaveLength(capturedIds.length - 1);
    expect(money.balance).toBe(h.booking.amount);
    expect((await bookingRow(h.booking.id))?.status).toBe('confirmed');
  });

  it('a signed payment.captured for a new payment id on a confirmed booking is refunded, not only answered "refunded"', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    await known(paid, 'pay_Second00000001');
    const spy = spyRefunds();
    try {
      const res = await hook(app, captured(paid.checkout.orderId, 'pay_Second00000001', paid.booking.amount));
      expect(res.json()).toEqual({ status: 'refunded' });
      expect(spy.calls).toMatchObject([{ paymentId: 'pay_Second00000001', amountPaise: paid.booking.amount }]);
    } finally {
      spy.restore();
    }
    const money = await ledgerOf(app, paid.booking.id);
    expect(money.payments).toHaveLength(2);
    expect(money.refunds).toMatchObject([{ reason: 'duplicate_payment', status: 'pending' }]);
    expect(money.balance).toBe(paid.booking.amount);
    expect((await bookingRow(paid.booking.id))?.providerPaymentId).toBe(paid.paymentId);

    // The same event again, and the same payment in a new event, change nothing and ask for no second refund.
    const again = await hook(app, captured(paid.checkout.orderId, 'pay_Second00000001', paid.booking.amount));
    expect(again.json().status).toBe('duplicate');
    const newEvent = await hook(
      second,
      captured(paid.checkout.orderId, 'pay_Second00000001', paid.booking.amount),
      'evt_AnotherDelivery1',
    );
    expect(newEvent.json().status).toBe('refunded');
    expect((await ledgerOf(app, paid.booking.id)).refunds).toHaveLength(1);
    expect(spy.calls).toHaveLength(1);
  });

  it('a late payment after a cancel gets its own refund; the cancel refund is never overwritten', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers })).statusCode,
    ).toBe(200);
    const [first] = (await ledgerOf(app, paid.booking.id)).refunds;
    expect(first).toMatchObject({ reason: 'cancelled', status: 'pending' });

    await known(paid, 'pay_LateAfterCncl1');
    const late = await hook(second, captured(paid.checkout.orderId, 'pay_LateAfterCncl1', paid.booking.amount));
    expect(late.json()).toEqual({ status: 'refunded' });
    const money = await ledgerOf(app, paid.booking.id);
    expect(money.refunds).toHaveLength(2);
    expect(money.refunds[0]).toEqual(first);
    expect(money.refunds[1]).toMatchObject({ reason: 'unbookable', status: 'pending', amountPaise: paid.booking.amount });
    expect(money.balance).toBe(0);
    const row = await bookingRow(paid.booking.id);
    expect(row).toMatchObject({ status: 'cancelled', providerPaymentId: paid.paymentId });
  });

  it('the database refuses to change or delete a payment, to delete a refund, or to change what a refund is', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers });
    // The bank settles it: a settled refund takes no further change.
    if (!isSandbox(app.deps.payments)) throw new Error('sandbox expected');
    await app.deps.payments.settleRefunds();
    const [refund] = (await ledgerOf(app, paid.booking.id)).refunds;
    if (!refund) throw new Error('no refund');
    expect(refund.status).toBe('processed');
    const refused = [
      sql`update payments set amount_paise = 1 where booking_id = ${paid.booking.id}`,
      sql`delete from payments where booking_id = ${paid.booking.id}`,
      sql`delete from refunds where id = ${refund.id}`,
      sql`update refunds set amount_paise = 1 where id = ${refund.id}`,
      sql`update refunds set status = 'failed' where id = ${refund.id}`,
      sql`update refunds set provider_refund_id = 'rfnd_Other' where id = ${refund.id}`,
    ];
    for (const statement of refused) await expect(app.db.execute(statement)).rejects.toThrow();
    expect(await ledgerOf(app, paid.booking.id)).toMatchObject({ balance: 0, refunds: [refund] });
  });

  it('a cancel whose gateway call fails still commits; the refund is asked again, with the same key, until it succeeds', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    const spy = spyRefunds((n) => n === 1);
    try {
      const res = await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().booking.status).toBe('cancelled');
      let money = await ledgerOf(app, paid.booking.id);
      expect(money.refunds).toMatchObject([{ status: 'pending', providerRefundId: null }]);
      const [entry] = await app.db.select().from(outbox).where(sql`payload->>'refundId' = ${money.refunds[0]?.id}`);
      expect(entry).toMatchObject({ kind: 'refund', attempts: 1, doneAt: null, lastError: 'gateway timed out' });

      // Not due before its back-off; then the other process takes it.
      expect(await second.deps.outbox.runDue()).toBe(0);
      await app.db
        .update(outbox)
        .set({ runAfter: new Date(Date.now() - 1000) })
        .where(eq(outbox.id, entry?.id ?? 0));
      expect(await second.deps.outbox.runDue()).toBe(1);
      money = await ledgerOf(app, paid.booking.id);
      expect(money.refunds).toMatchObject([{ status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_/) }]);
      expect(spy.calls).toHaveLength(2);
      expect(spy.calls[0]?.idempotencyKey).toBe(money.refunds[0]?.id);
      expect(spy.calls[1]?.idempotencyKey).toBe(money.refunds[0]?.id);
      expect(money.balance).toBe(0);
    } finally {
      spy.restore();
    }
  });

  it('a cancel retried after a deadlock asks the gateway for one refund only', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    const spy = spyRefunds();
    const transaction = app.db.transaction.bind(app.db);
    let attempts = 0;
    // The first attempt does its work and then loses a deadlock, as PostgreSQL reports it.
    app.db.transaction = (async (fn: Parameters<typeof transaction>[0]) => {
      attempts++;
      if (attempts === 1) {
        await transaction(async (tx) => {
          await fn(tx);
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        });
      }
      return transaction(fn);
    }) as typeof app.db.transaction;
    try {
      const res = await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers });
      expect(res.statusCode).toBe(200);
    } finally {
      app.db.transaction = transaction as typeof app.db.transaction;
      spy.restore();
    }
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(spy.calls).toHaveLength(1);
    const money = await ledgerOf(app, paid.booking.id);
    expect(money.refunds).toMatchObject([{ status: 'pending' }]);
    expect(money.balance).toBe(0);
  });

  it('a refund decided by a process that dies before calling the gateway is carried out by another process', async () => {
    const g = await guest(app);
    const paid = await paidBooking(g);
    const run = app.deps.outbox.run;
    app.deps.outbox.run = async () => {}; // the process stops right after its commit
    try {
      expect(
        (await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers })).statusCode,
      ).toBe(200);
    } finally {
      app.deps.outbox.run = run;
    }
    expect((await ledgerOf(app, paid.booking.id)).refunds).toMatchObject([{ status: 'pending' }]);
    expect(await second.deps.outbox.runDue()).toBeGreaterThanOrEqual(1);
    expect((await ledgerOf(app, paid.booking.id)).refunds).toMatchObject([{ status: 'pending' }]);
  });

  it('a signed webhook of the wrong shape is a 400 and changes nothing', async () => {
    const g = await guest(app);
    const h = await hold(g);
    const orderId = h.checkout.orderId;
    const events = async () => Number((await app.db.select({ n: count() }).from(paymentEvents))[0]?.n);
    const before = { events: await events(), booking: await bookingRow(h.booking.id) };
    const malformed: unknown[] = [
      [],
      'null',
      { event: 42 },
      { payload: {} },
      { event: 'payment.captured' },
      { event: 'payment.captured', payload: { payment: {} } },
      { event: 'payment.captured', payload: { payment: { entity: { id: 12345, order_id: orderId } } } },
      { event: 'payment.captured', payload: { payment: { entity: { id: { $gt: '' }, order_id: orderId } } } },
      { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X', order_id: orderId, amount: -5 } } } },
      { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_X', order_id: orderId, amount: '5000' } } } },
      { event: 'payment.failed', payload: { payment: { entity: { id: 'pay_X', order_id: orderId, error_code: ['x'] } } } },
      { event: 'order.paid', payload: { order: { entity: { id: orderId } } } },
      { event: 'refund.processed', payload: { refund: { entity: {} } } },
      {
        event: 'refund.failed',
        payload: { refund: { entity: { id: 'rfnd_X', payment_id: 'pay_X', amount: 5, status: 'done' } } },
      },
      { event: 'refund.processed' },
      { event: 'payment.captured', payload: { payment: { entity: { id: 'x'.repeat(101), order_id: orderId } } } },
    ];
    for (const body of malformed) {
      const res = await hook(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await events()).toBe(before.events);
    expect(await bookingRow(h.booking.id)).toEqual(before.booking);
    expect(await ledgerOf(app, h.booking.id)).toMatchObject({ payments: [], refunds: [], balance: 0 });
    // Events the service does not act on are still accepted with their name alone.
    expect((await hook(app, { event: 'settlement.processed', payload: { settlement: { entity: {} } } })).json()).toEqual({
      status: 'ignored',
    });
  });

  it('deletes outbox entries done more than 30 days ago, and keeps the rest', async () => {
    const day = 86_400_000;
    const [old, recent, open] = await app.db
      .insert(outbox)
      .values([
        { kind: 'refund', payload: { refundId: 'x' }, doneAt: new Date(Date.now() - 31 * day) },
        { kind: 'refund', payload: { refundId: 'y' }, doneAt: new Date(Date.now() - 29 * day) },
        { kind: 'refund', payload: { refundId: 'z' }, runAfter: new Date(Date.now() + 3600_000) },
      ])
      .returning();
    expect(await app.deps.outbox.prune()).toBe(1);
    const left = (await app.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(left).not.toContain(old?.id);
    expect(left).toEqual(expect.arrayContaining([recent?.id, open?.id]));
  });

  it('every booking reconciles: its balance is payments less refunds not failed, and it keeps what its tax documents say', async () => {
    // A partial cancel among the data: 50 % back 10 days ahead keeps half.
    const g = await guest(app);
    const s = await stayWithRooms(app);
    await app.db.update(stays).set({ cancellationFreeDays: 30, cancellationRefundPercent: 50 }).where(eq(stays.id, s.stay.id));
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(10), checkOut: day(11), roomNumberIds: [s.r101] });
    const h = res.json() as { booking: { id: string; amount: number }; checkout: { orderId: string } };
    const paymentId = await known(h, 'pay_PartialCncl001');
    await app.inject({
      method: 'POST',
      url: `/api/bookings/${h.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: h.checkout.orderId, paymentId, signature: sign(h.checkout.orderId, paymentId) },
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${h.booking.id}/cancel`, headers: g.headers })).json().booking,
    ).toMatchObject({ status: 'cancelled', refund: { amount: h.booking.amount / 2 }, balance: h.booking.amount / 2 });

    const rows = await app.db.execute(sql`
      select b.id, b.status, b.amount_paise,
             coalesce((select sum(p.amount_paise) from ${payments} p where p.booking_id = b.id), 0)::bigint as paid,
             coalesce((select sum(r.amount_paise) from ${refunds} r where r.booking_id = b.id and r.status <> 'failed'), 0)::bigint as refunded,
             (select i.total_paise from ${invoices} i where i.booking_id = b.id and i.kind = 'invoice') as invoiced,
             coalesce((select i.total_paise from ${invoices} i where i.booking_id = b.id and i.kind = 'credit_note'), 0) as credited
      from ${bookings} b`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      id: string;
      status: string;
      amount_paise: number | string;
      paid: number | string;
      refunded: number | string;
      invoiced: number | string | null;
      credited: number | string;
    }[];
    expect(list.length).toBeGreaterThan(5);
    const balances = await balancesOf(
      app.db,
      list.map((b) => b.id),
    );
    const refundRows = await app.db.select().from(refunds);
    for (const b of list) {
      const kept = Number(b.paid) - Number(b.refunded);
      // The balance the API reports is the ledger's: payments less refunds not failed.
      expect(balances.get(b.id) ?? 0, JSON.stringify(b)).toBe(kept);
      // Less what failed and waits to be asked again, it is what the stay keeps: a confirmed booking its price, a
      // cancelled one its invoice less its credit note (the refund under its policy), anything else nothing.
      const owed = openFailures(refundRows.filter((r) => r.bookingId === b.id)).reduce((n, r) => n + r.amountPaise, 0);
      const keeps =
        b.status === 'confirmed'
          ? Number(b.amount_paise)
          : b.status === 'cancelled' && b.invoiced !== null
            ? Number(b.invoiced) - Number(b.credited)
            : 0;
      expect(kept - owed, JSON.stringify(b)).toBe(keeps);
    }
    const partial = list.find((b) => b.id === h.booking.id);
    expect(Number(partial?.paid) - Number(partial?.refunded)).toBe(h.booking.amount / 2);
    expect(Number(partial?.credited)).toBe(h.booking.amount / 2);
  });
});

describe('razorpay adapter refunds', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the refunds API with the idempotency key, the amount and our receipt', async () => {
    const fetchMock = vi.fn(
      async (_url: string | URL | Request, _init?: RequestInit) =>
        new Response(
          JSON.stringify({ id: 'rfnd_FromRazorpay1', amount: 250_000, status: 'pending', created_at: 1_700_000_000 }),
          {
            status: 200,
          },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const gateway = createRazorpayGateway({
      apiUrl: 'https://api.razorpay.com',
      keyId: 'rzp_test_key',
      keySecret: 'secret',
      webhookSecret: 'hook',
    });
    const key = '6f1c9f1e-7c1a-4a7e-9a55-2a3f0c7f5d10';
    const refund = await gateway.refund({ paymentId: 'pay_Abc', amountPaise: 250_000, idempotencyKey: key, receipt: key });
    expect(refund).toMatchObject({ id: 'rfnd_FromRazorpay1', status: 'pending', amountPaise: 250_000 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.razorpay.com/v1/payments/pay_Abc/refund');
    const headers = init?.headers as Record<string, string>;
    expect(headers['x-refund-idempotency']).toBe(key);
    expect(headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_key:secret').toString('base64')}`);
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 250_000, receipt: key });

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { description: 'bad' } }), { status: 400 }));
    await expect(gateway.refund({ paymentId: 'pay_Abc', amountPaise: 1, idempotencyKey: key, receipt: key })).rejects.toThrow(
      /refused \(400\)/,
    );
    // Razorpay's BAD_REQUEST_ERROR is its final word: a refusal the app records as a failed refund.
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount provided is greater than amount captured' },
        }),
        { status: 400 },
      ),
    );
    await expect(
      gateway.refund({ paymentId: 'pay_Abc', amountPaise: 1, idempotencyKey: key, receipt: key }),
    ).rejects.toMatchObject({ name: 'RefundRefused', description: 'The refund amount provided is greater than amount captured' });
    // A gateway that does not answer is not a refusal: the outbox asks again.
    fetchMock.mockResolvedValueOnce(new Response('bad gateway', { status: 502 }));
    await expect(
      gateway.refund({ paymentId: 'pay_Abc', amountPaise: 1, idempotencyKey: key, receipt: key }),
    ).rejects.not.toMatchObject({ name: 'RefundRefused' });
  });
});
