import type { RoomTypeDto } from '@repo/shared/schemas/room';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights } from '#src/db/schema/index.ts';
import { cancelBooking } from '#src/features/bookings/cancel.service.ts';
import { confirmPaid } from '#src/features/bookings/payment.service.ts';
import { day } from './bookings.fixtures.ts';
import { holdRooms, testApp } from './service-fixtures.ts';

/**
 * room_nights.blocks_until is what a search reads instead of the bookings: it must always equal what the booking's
 * status and hold expiry say, whichever way the booking or its nights were written.
 */
describe('room-night blocking kept by the database', () => {
  const test = testApp();

  /** Every night whose blocks_until differs from its booking's recount (none expected). */
  const drift = async () => {
    const rows = await test.current.db.execute(sql`
      select n.room_number_id, n.night, n.blocks_until, b.status, b.hold_expires_at
      from room_nights n join bookings b on b.id = n.booking_id
      where n.blocks_until is distinct from (case
        when b.status = 'confirmed' then 'infinity'::timestamptz
        when b.status = 'pending_payment' then coalesce(b.hold_expires_at, '-infinity'::timestamptz)
        else '-infinity'::timestamptz end)`);
    return (rows as unknown as { rows: unknown[] }).rows;
  };
  const nightsOf = (bookingId: string) => test.current.db.select().from(roomNights).where(eq(roomNights.bookingId, bookingId));

  it('a hold blocks until it lapses, a confirmed booking for good', async () => {
    const app = test.current;
    const { booking } = await holdRooms(app, { nights: 2 });
    const nights = await nightsOf(booking.id);
    expect(nights).toHaveLength(2);
    for (const n of nights) expect(Date.parse(n.blocksUntil)).toBe(Date.parse(booking.holdExpiresAt ?? ''));

    await confirmPaid(app.deps, booking.id, { paymentId: 'pay_Blocking000001', source: 'browser' });
    for (const n of await nightsOf(booking.id)) expect(n.blocksUntil).toBe('infinity');
    expect(await drift()).toEqual([]);
  });

  it('follows a hold whose expiry changes, and a status that no longer blocks', async () => {
    const app = test.current;
    const { booking } = await holdRooms(app, { from: 9 });
    const past = new Date(Date.now() - 60_000);
    await app.db.update(bookings).set({ holdExpiresAt: past }).where(eq(bookings.id, booking.id));
    for (const n of await nightsOf(booking.id)) expect(Date.parse(n.blocksUntil)).toBe(past.getTime());
    await app.db.update(bookings).set({ status: 'payment_failed' }).where(eq(bookings.id, booking.id));
    for (const n of await nightsOf(booking.id)) expect(n.blocksUntil).toBe('-infinity');
    expect(await drift()).toEqual([]);
  });

  it('takes the booking’s state when nights are written directly, and frees them in search once lapsed', async () => {
    const app = test.current;
    const { g, s, booking } = await holdRooms(app, { from: 12 });
    await app.db.delete(roomNights).where(eq(roomNights.bookingId, booking.id));
    await app.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.id));
    await app.db.insert(roomNights).values({ roomNumberId: s.r101, night: day(12), bookingId: booking.id, stayId: s.stay.id });
    expect(await drift()).toEqual([]);

    const res = await app.inject({
      method: 'GET',
      url: `/api/stays/${s.stay.id}/room-types?checkIn=${day(12)}&checkOut=${day(13)}`,
      headers: g.headers,
    });
    expect(res.statusCode).toBe(200);
    const rooms = (res.json() as { roomTypes: RoomTypeDto[] }).roomTypes.flatMap((t) => t.roomNumbers);
    expect(rooms.find((r) => r.id === s.r101)?.available).toBe(true);
  });

  it('a cancelled booking leaves no night behind', async () => {
    const app = test.current;
    const { g, booking } = await holdRooms(app, { from: 20 });
    await confirmPaid(app.deps, booking.id, { paymentId: 'pay_Blocking000002', source: 'browser' });
    await cancelBooking(app.deps, g.user, booking.id);
    expect(await nightsOf(booking.id)).toEqual([]);
    expect(await drift()).toEqual([]);
  });
});
