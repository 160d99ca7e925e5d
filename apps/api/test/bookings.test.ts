import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights } from '#src/db/schema/index.ts';
import { archiveRoom, book, day, guest, knownPayment, ledgerOf, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

describe(`bookings (${testEngine})`, async () => {
  const app = await build();
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');

  it('prices the booking on the server and ignores an amount sent by the client', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const asked = Date.now();
    const res = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(3),
      checkOut: day(5),
      adults: 3,
      roomNumberIds: [s.r101, s.r201],
      amount: 100,
    });
    expect(res.statusCode).toBe(201);
    const answered = Date.now();
    const { booking, checkout } = res.json();
    // (2,500 + 4,000) × 2 nights × 100 paise
    expect(booking.amount).toBe(1_300_000);
    expect(checkout).toMatchObject({ provider: 'sandbox', amount: 1_300_000, currency: 'INR' });
    expect(checkout.orderId).toMatch(/^order_\w+$/);
    expect(booking).toMatchObject({
      status: 'pending_payment',
      orderId: null,
      paymentId: null,
      from: day(3),
      to: day(5),
      nights: 2,
      hotelName: 'Lake View Residency',
    });
    expect(booking.rooms.map((r: { number: number }) => r.number)).toEqual([101, 201]);
    const held = await app.db.select().from(roomNights).where(eq(roomNights.bookingId, booking.id));
    expect(held.map((n) => n.night).sort()).toEqual([day(3), day(3), day(4), day(4)]);
    // Held for 15 minutes from the moment of booking, whenever within the request that was.
    const expires = Date.parse(booking.holdExpiresAt);
    expect(expires).toBeGreaterThanOrEqual(asked + 15 * 60_000);
    expect(expires).toBeLessThanOrEqual(answered + 15 * 60_000);
  });

  it('answers 409 naming the room and the night when a room-night is taken, and keeps nothing', async () => {
    const [a, b] = [await guest(app), await guest(app)];
    const s = await stayWithRooms(app);
    expect(
      (await book(app, a, { stayId: s.stay.id, checkIn: day(4), checkOut: day(6), roomNumberIds: [s.r101] })).statusCode,
    ).toBe(201);
    const res = await book(app, b, { stayId: s.stay.id, checkIn: day(5), checkOut: day(7), roomNumberIds: [s.r102, s.r101] });
    expect(res.statusCode).toBe(409);
    const [y, m, d] = day(5).split('-');
    expect(res.json().message).toBe(`Room 101 is already booked for the night of ${d}/${m}/${y}`);
    const mine = await app.db.select().from(bookings).where(eq(bookings.userId, b.user.id));
    expect(mine).toEqual([]);
    // Room 102 was not kept by the failed attempt.
    expect(
      (await book(app, b, { stayId: s.stay.id, checkIn: day(5), checkOut: day(7), roomNumberIds: [s.r102] })).statusCode,
    ).toBe(201);
  });

  it('leaves the checkout day free for the next guest', async () => {
    const [a, b] = [await guest(app), await guest(app)];
    const s = await stayWithRooms(app);
    expect(
      (await book(app, a, { stayId: s.stay.id, checkIn: day(2), checkOut: day(4), roomNumberIds: [s.r101] })).statusCode,
    ).toBe(201);
    expect(
      (await book(app, b, { stayId: s.stay.id, checkIn: day(4), checkOut: day(5), roomNumberIds: [s.r101] })).statusCode,
    ).toBe(201);
  });

  it('refuses a room of another stay, an archived room, an unknown stay and too many guests', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const other = await stayWithRooms(app, 'Hill Top Cottage');
    const foreign = await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [other.r101] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.roomNumberIds).toBe('A chosen room is not a room of this stay');

    await archiveRoom(app, s.r102);
    expect(
      (await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r102] })).statusCode,
    ).toBe(400);

    const unknown = await book(app, g, {
      stayId: '00000000-0000-4000-8000-000000000000',
      checkIn: day(3),
      checkOut: day(4),
      roomNumberIds: [s.r101],
    });
    expect(unknown.statusCode).toBe(404);

    const crowd = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(3),
      checkOut: day(4),
      adults: 2,
      children: 1,
      roomNumberIds: [s.r101],
    });
    expect(crowd.statusCode).toBe(400);
    expect(crowd.json().message).toBe('The chosen rooms fit at most 2 guests. Please choose more rooms');
    expect(await app.db.select().from(bookings).where(eq(bookings.userId, g.user.id))).toEqual([]);
  });

  it('validates the body: past dates, no rooms, a bad id, no token', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const past = await book(app, g, { stayId: s.stay.id, checkIn: day(-1), checkOut: day(1), roomNumberIds: [s.r101] });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.checkIn).toBe('Check-in date can not be in the past');
    const none = await book(app, g, { stayId: s.stay.id, checkIn: day(1), checkOut: day(2), roomNumberIds: [] });
    expect(none.json().fieldErrors.roomNumberIds).toBe('Choose at least one room');
    expect((await book(app, g, { stayId: 'nope', checkIn: day(1), checkOut: day(2), roomNumberIds: [s.r101] })).statusCode).toBe(
      400,
    );
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { stayId: s.stay.id, checkIn: day(1), checkOut: day(2), adults: 1, roomNumberIds: [s.r101] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another guest's booking on every route", async () => {
    const [owner, other] = [await guest(app), await guest(app)];
    const s = await stayWithRooms(app);
    const { booking, checkout } = (
      await book(app, owner, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r101] })
    ).json();
    const paymentId = 'pay_Other000000001';
    const attempts = [
      {
        url: `/api/bookings/${booking.id}/payment`,
        payload: { orderId: checkout.orderId, paymentId, signature: sign(checkout.orderId, paymentId) },
      },
      { url: `/api/bookings/${booking.id}/payment-failure`, payload: { code: 'X' } },
      { url: `/api/bookings/${booking.id}/cancel`, payload: {} },
      {
        url: `/api/payments/sandbox/orders/${checkout.orderId}/pay`,
        payload: { cardNumber: '4111111111111111', expiry: '12/40', cvv: '123', name: 'X' },
      },
    ];
    for (const a of attempts) {
      const res = await app.inject({ method: 'POST', url: a.url, headers: other.headers, payload: a.payload });
      expect(res.statusCode, a.url).toBe(404);
    }
    expect((await app.inject({ url: `/api/bookings/${booking.id}/checkout`, headers: other.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/me/bookings', headers: other.headers })).json().bookings).toEqual([]);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('pending_payment');
  });

  it('confirms with a valid signature, idempotently, and lists my orders newest first', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const first = (await book(app, g, { stayId: s.stay.id, checkIn: day(8), checkOut: day(9), roomNumberIds: [s.r101] })).json();
    const { booking, checkout } = (
      await book(app, g, { stayId: s.stay.id, checkIn: day(10), checkOut: day(12), roomNumberIds: [s.r201] })
    ).json();
    const paymentId = await knownPayment(app, checkout, 'pay_Test0000000001');
    const payload = { orderId: checkout.orderId, paymentId, signature: sign(checkout.orderId, paymentId) };
    const ok = await app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/payment`, headers: g.headers, payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({ status: 'confirmed', orderId: checkout.orderId, paymentId, holdExpiresAt: null });
    const outbox = path.join(app.dataDir, 'outbox');
    const mailsAbout = (needle: string) =>
      readdirSync(outbox)
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .filter((m) => m.includes(needle));
    expect(mailsAbout(checkout.orderId)).toHaveLength(1);
    expect(mailsAbout(checkout.orderId)[0]).toContain(paymentId);
    expect(mailsAbout(checkout.orderId)[0]).toContain('Booking confirmed: Lake View Residency');
    const again = await app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/payment`, headers: g.headers, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().booking).toEqual(ok.json().booking);
    // Confirmed once, mailed once.
    expect(mailsAbout(checkout.orderId)).toHaveLength(1);

    const list = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings;
    expect(list.map((b: { id: string }) => b.id)).toEqual([booking.id, first.booking.id]);
    expect(list[0]).toMatchObject({ orderId: checkout.orderId, paymentId, amount: 800_000, from: day(10), to: day(12) });
    expect(list[1]).toMatchObject({ orderId: null, paymentId: null, status: 'pending_payment' });
  });

  it('records a failure and keeps the hold so the guest can retry', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const { booking } = (
      await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r102] })
    ).json();
    const failure = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment was declined by the bank',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
      orderId: 'order_x',
      paymentId: 'pay_x',
    };
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment-failure`,
      headers: g.headers,
      payload: failure,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('pending_payment');
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.failure).toMatchObject(failure);
    const retry = await app.inject({ url: `/api/bookings/${booking.id}/checkout`, headers: g.headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().checkout.orderId).toBe(row?.providerOrderId);
  });

  it('releases an expired hold: the rooms are bookable again and the old booking is expired', async () => {
    const [a, b] = [await guest(app), await guest(app)];
    const s = await stayWithRooms(app);
    const old = (await book(app, a, { stayId: s.stay.id, checkIn: day(6), checkOut: day(8), roomNumberIds: [s.r101] })).json();
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, old.booking.id));
    // A lapsed hold reads as expired at once, before anything released it.
    const listed = (await app.inject({ url: '/api/me/bookings', headers: a.headers })).json().bookings;
    expect(listed[0]).toMatchObject({ id: old.booking.id, status: 'expired', holdExpiresAt: null });
    const res = await book(app, b, { stayId: s.stay.id, checkIn: day(7), checkOut: day(8), roomNumberIds: [s.r101] });
    expect(res.statusCode).toBe(201);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, old.booking.id));
    expect(row?.status).toBe('expired');
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, old.booking.id))).toEqual([]);
    // Paying the expired hold now: its nights are taken, so the money goes back and the answer is 409.
    const orderId = old.checkout.orderId;
    const paymentId = await knownPayment(app, { orderId, amount: 500_000 }, 'pay_Late0000000001');
    const late = await app.inject({
      method: 'POST',
      url: `/api/bookings/${old.booking.id}/payment`,
      headers: a.headers,
      payload: { orderId, paymentId, signature: sign(orderId, paymentId) },
    });
    expect(late.statusCode).toBe(409);
    const [after] = await app.db.select().from(bookings).where(eq(bookings.id, old.booking.id));
    expect(after?.status).toBe('expired');
    const money = await ledgerOf(app, old.booking.id);
    expect(money.payments).toMatchObject([{ providerPaymentId: paymentId, amountPaise: 500_000, source: 'browser' }]);
    expect(money.refunds).toMatchObject([{ amountPaise: 500_000, reason: 'unbookable', status: 'pending' }]);
    expect(money.balance).toBe(0);
    expect((await app.inject({ url: `/api/bookings/${old.booking.id}/checkout`, headers: a.headers })).statusCode).toBe(409);
  });

  it('confirms an expired hold whose nights are still free when it is paid', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const { booking, checkout } = (
      await book(app, g, { stayId: s.stay.id, checkIn: day(12), checkOut: day(14), roomNumberIds: [s.r101] })
    ).json();
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    const { sweepExpiredHolds } = await import('#src/features/bookings/hold.service.ts');
    expect(await sweepExpiredHolds(app.deps)).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, booking.id))).toEqual([]);
    const paymentId = await knownPayment(app, checkout, 'pay_Late0000000002');
    const res = await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: checkout.orderId, paymentId, signature: sign(checkout.orderId, paymentId) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking.status).toBe('confirmed');
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, booking.id))).toHaveLength(2);
  });

  it('cancels a hold, and cancels and refunds a paid booking before check-in', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const hold = (await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r101] })).json();
    const cancelled = await app.inject({ method: 'POST', url: `/api/bookings/${hold.booking.id}/cancel`, headers: g.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().booking.status).toBe('cancelled');
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, hold.booking.id))).toEqual([]);
    const twice = await app.inject({ method: 'POST', url: `/api/bookings/${hold.booking.id}/cancel`, headers: g.headers });
    expect(twice.statusCode).toBe(409);

    const paid = (await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r101] })).json();
    const orderId = paid.checkout.orderId;
    const paymentId = await knownPayment(app, paid.checkout, 'pay_Paid0000000001');
    await app.inject({
      method: 'POST',
      url: `/api/bookings/${paid.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId, paymentId, signature: sign(orderId, paymentId) },
    });
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${paid.booking.id}/cancel`, headers: g.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', paymentId, orderId });
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, paid.booking.id));
    expect(row?.status).toBe('cancelled');
    const money = await ledgerOf(app, paid.booking.id);
    expect(money.payments).toMatchObject([{ providerPaymentId: paymentId, amountPaise: 250_000 }]);
    expect(money.refunds).toMatchObject([{ amountPaise: 250_000, reason: 'cancelled', status: 'pending' }]);
    expect(money.refunds[0]?.providerRefundId).toMatch(/^rfnd_/);
    expect(money.balance).toBe(0);
    expect(
      (await book(app, g, { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), roomNumberIds: [s.r101] })).statusCode,
    ).toBe(201);
  });

  it('refuses to cancel a paid booking on or after its check-in day', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const { booking, checkout } = (
      await book(app, g, { stayId: s.stay.id, checkIn: day(0), checkOut: day(1), roomNumberIds: [s.r201] })
    ).json();
    const paymentId = await knownPayment(app, checkout, 'pay_Today000000001');
    await app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: checkout.orderId, paymentId, signature: sign(checkout.orderId, paymentId) },
    });
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, headers: g.headers });
    expect(res.statusCode).toBe(409);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('confirmed');
    expect((await ledgerOf(app, booking.id)).refunds).toEqual([]);
  });

  it('releases the hold and answers 502 when the gateway can not create the order', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const original = app.deps.payments.createOrder;
    app.deps.payments.createOrder = async () => {
      throw new Error('gateway down');
    };
    try {
      const res = await book(app, g, { stayId: s.stay.id, checkIn: day(20), checkOut: day(21), roomNumberIds: [s.r101] });
      expect(res.statusCode).toBe(502);
    } finally {
      app.deps.payments.createOrder = original;
    }
    const [row] = await app.db.select().from(bookings).where(eq(bookings.userId, g.user.id));
    expect(row?.status).toBe('payment_failed');
    expect(
      (await book(app, g, { stayId: s.stay.id, checkIn: day(20), checkOut: day(21), roomNumberIds: [s.r101] })).statusCode,
    ).toBe(201);
  });
});
