import { LIMITS } from '@repo/shared/constants/domain';
import { API_MSG } from '@repo/shared/constants/messages';
import { STAY_DATE_MSG } from '@repo/shared/domain/stay-dates';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { selectRows } from '#src/db/client.ts';
import { bookings, roomNights, roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';
import { heldBySql } from '#src/features/bookings/bookings.repository.ts';
import { BOOKING_MSG } from '#src/features/bookings/messages.ts';
import { book, day, type Guest, guest } from './bookings.fixtures.ts';
import { build, buildOn, createUser, type TestApp, testEngine } from './helper.ts';

// One guest can not block a city: live holds are capped per account (rooms and room-nights, across processes),
// hold attempts are rate limited per account, stays start at most a year ahead and last at most 30 nights, and a
// room deleted while it is being held is a clear 409, never a 500 (docs/decisions/008-hold-limits.md).

vi.setConfig({ testTimeout: 60_000 });

/** A stay with `count` rooms of one type (₹2,000, 2 people each). */
async function stayWithManyRooms(app: TestApp, count: number) {
  const owner = await createUser(app, { isAdmin: true });
  const [stay] = await app.db
    .insert(stays)
    .values({ ownerId: owner.id, name: 'Hill Top Lodge', type: 'Hotel', city: 'vizag', lowestPrice: 2000 })
    .returning();
  if (!stay) throw new Error('stay not created');
  const [type] = await app.db
    .insert(roomTypes)
    .values({ stayId: stay.id, title: 'Standard', description: 'Twin beds', price: 2000, maxPeople: 2 })
    .returning();
  if (!type) throw new Error('room type not created');
  const rooms = await app.db
    .insert(roomNumbers)
    .values(Array.from({ length: count }, (_, i) => ({ roomTypeId: type.id, stayId: stay.id, number: 100 + i })))
    .returning();
  return { stay, type, roomIds: rooms.sort((a, b) => a.number - b.number).map((r) => r.id) };
}

describe(`hold limits (${testEngine})`, async () => {
  const app = await build();
  const second = await buildOn(app.database, { jwtSecret: app.config.jwtSecret, sandbox: app.config.sandbox });

  const holdsOf = async (g: Guest) => app.db.select().from(bookings).where(eq(bookings.userId, g.user.id));

  it(`caps the rooms one account holds unpaid at ${LIMITS.maxHeldRooms}, over all its holds`, async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, LIMITS.maxHeldRooms + 2);
    const first = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(3),
      checkOut: day(4),
      roomNumberIds: s.roomIds.slice(0, LIMITS.maxHeldRooms - 1),
    });
    expect(first.statusCode).toBe(201);
    const last = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(3),
      checkOut: day(4),
      roomNumberIds: [s.roomIds[LIMITS.maxHeldRooms - 1] as string],
    });
    expect(last.statusCode).toBe(201);
    const over = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(3),
      checkOut: day(4),
      roomNumberIds: [s.roomIds[LIMITS.maxHeldRooms] as string],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'HOLD_LIMIT', message: BOOKING_MSG.heldRoomsCap(LIMITS.maxHeldRooms) });
    expect(await holdsOf(g)).toHaveLength(2);

    // A hold that ran out or was released no longer counts.
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, last.json().booking.id));
    expect(
      (
        await book(app, g, {
          stayId: s.stay.id,
          checkIn: day(3),
          checkOut: day(4),
          roomNumberIds: [s.roomIds[LIMITS.maxHeldRooms] as string],
        })
      ).statusCode,
    ).toBe(201);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/bookings/${first.json().booking.id}/cancel`,
      headers: g.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(
      (await book(app, g, { stayId: s.stay.id, checkIn: day(5), checkOut: day(6), roomNumberIds: s.roomIds.slice(0, 5) }))
        .statusCode,
    ).toBe(201);
    // Another guest is not affected.
    expect(
      (
        await book(app, await guest(app), {
          stayId: s.stay.id,
          checkIn: day(8),
          checkOut: day(9),
          roomNumberIds: s.roomIds.slice(0, 10),
        })
      ).statusCode,
    ).toBe(201);
  });

  it(`caps the room-nights one account holds unpaid at ${LIMITS.maxHeldRoomNights}`, async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, 4);
    const perRoom = LIMITS.maxHeldRoomNights / 3; // 3 rooms for 30 nights
    const ok = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(40),
      checkOut: day(40 + perRoom),
      roomNumberIds: s.roomIds.slice(0, 3),
    });
    expect(ok.statusCode).toBe(201);
    const over = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(40),
      checkOut: day(41),
      roomNumberIds: [s.roomIds[3] as string],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'HOLD_LIMIT', message: BOOKING_MSG.heldNightsCap(LIMITS.maxHeldRoomNights) });
  });

  it('20 simultaneous holds by one account, split between two processes, never hold more than the cap', async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, 20);
    const results = await Promise.all(
      s.roomIds.map((roomId, i) =>
        book(i % 2 ? second : app, g, { stayId: s.stay.id, checkIn: day(60), checkOut: day(61), roomNumberIds: [roomId] }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array(LIMITS.maxHeldRooms).fill(201), ...Array(20 - LIMITS.maxHeldRooms).fill(409)]);
    for (const r of results) if (r.statusCode === 409) expect(r.json().code).toBe('HOLD_LIMIT');
    const nights = await app.db.select().from(roomNights).where(eq(roomNights.stayId, s.stay.id));
    expect(nights).toHaveLength(LIMITS.maxHeldRooms);
  });

  it('refuses stays that start more than a year ahead, last over 30 nights, or have more rooms than the cap', async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, LIMITS.maxHeldRooms + 1);
    const far = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(LIMITS.bookingHorizonDays + 1),
      checkOut: day(LIMITS.bookingHorizonDays + 2),
      roomNumberIds: [s.roomIds[0] as string],
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors).toEqual({ checkIn: STAY_DATE_MSG.tooFarAhead });
    const year9999 = await book(app, g, {
      stayId: s.stay.id,
      checkIn: '9999-12-01',
      checkOut: '9999-12-02',
      roomNumberIds: [s.roomIds[0] as string],
    });
    expect(year9999.statusCode).toBe(400);
    const lastDay = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(LIMITS.bookingHorizonDays),
      checkOut: day(LIMITS.bookingHorizonDays + 1),
      roomNumberIds: [s.roomIds[0] as string],
    });
    expect(lastDay.statusCode).toBe(201);
    const long = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(10),
      checkOut: day(10 + LIMITS.maxNights + 1),
      roomNumberIds: [s.roomIds[1] as string],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ checkOut: STAY_DATE_MSG.tooLong });
    const many = await book(app, g, { stayId: s.stay.id, checkIn: day(10), checkOut: day(11), roomNumberIds: s.roomIds });
    expect(many.statusCode).toBe(400);
    expect(await holdsOf(g)).toHaveLength(1);
  });

  it("counts an account's live holds from its own rows, however many holds others have and whatever the statistics say", async () => {
    const s = await stayWithManyRooms(app, 1);
    const others = await createUser(app);
    const mine = await createUser(app);
    // Statistics taken while no hold was pending, then many pending holds of another account.
    await app.db.execute(sql`analyze bookings`);
    await app.db.execute(sql`
      insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, currency,
                            status, hold_expires_at, provider, hotel_name)
      select ${others.id}::uuid, ${s.stay.id}::uuid, current_date + 3, current_date + 4, 1, 1, 0, 200000, 'INR',
             'pending_payment', now() + interval '15 minutes', 'sandbox', 'Hill Top Lodge'
      from generate_series(1, 3000)`);
    const plan = await selectRows<{ 'QUERY PLAN': string }>(app.db, sql`explain ${heldBySql(mine.id, new Date())}`);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('bookings_user_holds_idx');
    expect(text).not.toContain('bookings_status_hold_idx');
  });

  it('a room deleted between reading it and holding it is a 409, and nothing is kept', async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, 2);
    const payments = app.deps.payments;
    const original = payments.createOrder;
    expect(payments.localOrders).toBe(true);
    payments.createOrder = async (...args: Parameters<typeof original>) => {
      payments.createOrder = original;
      // The admin deletes the room (it has no bookings yet) just after the guest's request read it (the sandbox's
      // order is made between reading the rooms and holding them).
      await app.db.delete(roomNumbers).where(eq(roomNumbers.id, s.roomIds[1] as string));
      return original.apply(payments, args);
    };
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(7), checkOut: day(8), roomNumberIds: s.roomIds });
    payments.createOrder = original;
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROOM_GONE', message: BOOKING_MSG.roomGone });
    expect(await holdsOf(g)).toEqual([]);
    expect(await app.db.select().from(roomNights).where(eq(roomNights.stayId, s.stay.id))).toEqual([]);
  });

  it('holds racing deletes of their rooms and stays, on two processes, never answer 5xx', async () => {
    const admin = await createUser(app, { isAdmin: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    const adminHeaders = { authorization: `Bearer ${login.json().adminLoginToken}` };
    const g = await guest(app);
    const statuses = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const s = await stayWithManyRooms(app, 1);
      await app.db.update(stays).set({ ownerId: admin.id }).where(eq(stays.id, s.stay.id));
      const roomId = s.roomIds[0] as string;
      const del =
        i % 2
          ? { method: 'DELETE' as const, url: `/api/admin/stays/${s.stay.id}` }
          : { method: 'DELETE' as const, url: `/api/admin/room-types/${s.type.id}/room-numbers/${roomId}` };
      const [held, deleted] = await Promise.all([
        book(i % 2 ? second : app, g, {
          stayId: s.stay.id,
          checkIn: day(90 + i),
          checkOut: day(91 + i),
          roomNumberIds: [roomId],
        }),
        (i % 2 ? app : second).inject({ ...del, headers: adminHeaders }),
      ]);
      statuses.add(held.statusCode).add(deleted.statusCode);
      expect(held.statusCode, held.body).toBeLessThan(500);
      expect(deleted.statusCode, deleted.body).toBeLessThan(500);
      if (held.statusCode === 201)
        await app.inject({ method: 'POST', url: `/api/bookings/${held.json().booking.id}/cancel`, headers: g.headers });
    }
    expect([...statuses].every((s) => s < 500)).toBe(true);
  });
});

describe(`hold attempts are rate limited per account (${testEngine})`, async () => {
  const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, holdsPerAccount: { max: 3, timeWindow: 60_000 } } });

  it('answers 429 to the 4th hold attempt of one guest, whatever the address; another guest is not affected', async () => {
    const g = await guest(app);
    const s = await stayWithManyRooms(app, 6);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        remoteAddress: `203.0.113.${i + 1}`,
        payload: {
          stayId: s.stay.id,
          checkIn: day(20 + i),
          checkOut: day(21 + i),
          adults: 1,
          roomNumberIds: [s.roomIds[i] as string],
        },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().message).toBe(API_MSG.tooManyFor(Number(res.headers['retry-after'])));
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(
      (
        await book(app, await guest(app), {
          stayId: s.stay.id,
          checkIn: day(30),
          checkOut: day(31),
          roomNumberIds: [s.roomIds[5] as string],
        })
      ).statusCode,
    ).toBe(201);
  });
});
