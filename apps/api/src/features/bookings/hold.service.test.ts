import { eq, sql } from 'drizzle-orm';
import { selectRows } from '#src/db/client.ts';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights } from '#src/db/schema/index.ts';
import { day, guest, stayWithRooms } from '#test/bookings.fixtures.ts';
import { testApp } from '#test/service-fixtures.ts';
import type { BookingsDeps } from './deps.ts';
import * as repo from './bookings.repository.ts';
import { createBooking, sweepExpiredHolds } from './hold.service.ts';

describe('hold service', () => {
  const test = testApp();

  /** The app's dependencies with the clock set to `at`. */
  const at = (date: Date): BookingsDeps => ({ ...test.current.deps, clock: { now: () => date } });

  it('holds the rooms until the clock passes the hold time, and the sweep then frees the nights', async () => {
    const app = test.current;
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const start = new Date();
    const { booking, checkout } = await createBooking(
      at(start),
      g.user,
      {
        stayId: s.stay.id,
        checkIn: day(5),
        checkOut: day(7),
        adults: 2,
        children: 0,
        roomNumberIds: [s.r101, s.r201],
      },
      '127.0.0.1',
    );
    expect(booking.amount).toBe((2500 + 4000) * 2 * 100);
    expect(booking.holdExpiresAt).toBe(new Date(start.getTime() + app.config.holdMinutes * 60_000).toISOString());
    expect(checkout).toMatchObject({ orderId: expect.stringMatching(/^order_/), amount: booking.amount });
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, booking.id))).toHaveLength(4);

    expect(await sweepExpiredHolds(at(new Date(start.getTime() + 60_000)))).toBe(0);
    const later = new Date(start.getTime() + app.config.holdMinutes * 60_000 + 1);
    expect(await sweepExpiredHolds(at(later))).toBe(1);
    expect(await app.db.select().from(roomNights).where(eq(roomNights.bookingId, booking.id))).toEqual([]);
    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.status).toBe('expired');
  });

  it('refuses a room-night another hold has, naming the room and the night', async () => {
    const app = test.current;
    const [a, b] = [await guest(app), await guest(app)];
    const s = await stayWithRooms(app);
    const input = { stayId: s.stay.id, checkIn: day(9), checkOut: day(10), adults: 1, children: 0, roomNumberIds: [s.r102] };
    await createBooking(app.deps, a.user, input, '127.0.0.1');
    await expect(createBooking(app.deps, b.user, input, '127.0.0.1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'ROOM_TAKEN',
    });
  });

  it("reports a hold's stay once committed, and one a hold left unreported when its report comes due", async () => {
    const app = test.current;
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const heard: string[] = [];
    const stop = await app.dbListen('staybook_rooms', { onNotify: (p) => heard.push(p), onGap: () => {} });
    try {
      const input = { stayId: s.stay.id, checkIn: day(11), checkOut: day(12), adults: 1, children: 0, roomNumberIds: [s.r101] };
      await createBooking(app.deps, g.user, input, '127.0.0.1');
      await expect.poll(() => heard).toContain(`${s.stay.id} ${s.stay.city}`);
      const unreported = async () =>
        (await selectRows<{ n: number }>(app.db, sql`select count(*)::int as n from stay_changes_unreported`))[0]?.n;
      expect(await unreported()).toBe(0);

      // A hold whose process stopped between its commit and its report: the stay waits for the sweep of reports left.
      heard.length = 0;
      await createBooking(app.deps, g.user, { ...input, roomNumberIds: [s.r201] }, '127.0.0.1');
      await app.db.execute(sql`insert into stay_changes_unreported (booking_id, stay_id, city)
        values (gen_random_uuid(), ${s.stay.id}::uuid, ${s.stay.city})`);
      expect(await repo.reportStayChanges(app.db, { olderThanSeconds: 3600 })).toBe(0);
      expect(await repo.reportStayChanges(app.db, { olderThanSeconds: 0 })).toBe(1);
      expect(await unreported()).toBe(0);
      await expect.poll(() => heard.length).toBe(2);
    } finally {
      await stop();
    }
  });
});
