import type { RoomTypeDto } from '@repo/shared/schemas/room';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights, roomNumbers, roomTypes } from '#src/db/schema/index.ts';
import { cancelBooking } from '#src/features/bookings/cancel.service.ts';
import { confirmPaid } from '#src/features/bookings/payment.service.ts';
import { day } from './bookings.fixtures.ts';
import { holdRooms, inFull, testApp } from './service-fixtures.ts';

/**
 * A search reads room_nights.blocks_until and room_type_id instead of the bookings and rooms, and room_types.live_rooms
 * instead of counting rooms: each must always equal its recount, whichever way the rows were written.
 */
describe('what a search reads, kept by the database', () => {
  const test = testApp();

  /** Every night whose blocks_until differs from its booking's recount (none expected). */
  const drift = async () => {
    const rows = await test.current.db.execute(sql`
      select n.room_number_id, n.night, n.blocks_until, n.room_type_id, b.status, b.hold_expires_at
      from room_nights n
      join bookings b on b.id = n.booking_id
      join room_numbers r on r.id = n.room_number_id
      where n.room_type_id is distinct from r.room_type_id
         or n.blocks_until is distinct from (case
              when b.status = 'confirmed' then 'infinity'::timestamptz
              when b.status = 'pending_payment' then coalesce(b.hold_expires_at, '-infinity'::timestamptz)
              else '-infinity'::timestamptz end)
      union all
      select null, null, null, t.id, 'live_rooms ' || t.live_rooms, null
      from room_types t
      where t.live_rooms <> (select count(*) from room_numbers r where r.room_type_id = t.id and r.archived_at is null)`);
    return (rows as unknown as { rows: unknown[] }).rows;
  };
  const nightsOf = (bookingId: string) => test.current.db.select().from(roomNights).where(eq(roomNights.bookingId, bookingId));

  it('a hold blocks until it lapses, a confirmed booking for good', async () => {
    const app = test.current;
    const { booking } = await holdRooms(app, { nights: 2 });
    const nights = await nightsOf(booking.id);
    expect(nights).toHaveLength(2);
    for (const n of nights) expect(Date.parse(n.blocksUntil)).toBe(Date.parse(booking.holdExpiresAt ?? ''));

    await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_Blocking000001',
      source: 'browser',
    });
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
    await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_Blocking000002',
      source: 'browser',
    });
    await cancelBooking(app.deps, g.user, booking.id);
    expect(await nightsOf(booking.id)).toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('counts a room type’s live rooms as rooms are added, archived and deleted', async () => {
    const app = test.current;
    const { s } = await holdRooms(app, { from: 30 });
    const live = async (typeId: string) =>
      (await app.db.select({ n: roomTypes.liveRooms }).from(roomTypes).where(eq(roomTypes.id, typeId)))[0]?.n;
    expect(await live(s.deluxe.id)).toBe(2);
    expect(await live(s.suite.id)).toBe(1);
    await app.db.insert(roomNumbers).values([
      { roomTypeId: s.deluxe.id, stayId: s.stay.id, number: 103 },
      { roomTypeId: s.suite.id, stayId: s.stay.id, number: 202 },
    ]);
    expect([await live(s.deluxe.id), await live(s.suite.id)]).toEqual([3, 2]);
    await app.db.update(roomNumbers).set({ archivedAt: new Date() }).where(eq(roomNumbers.id, s.r102));
    expect(await live(s.deluxe.id)).toBe(2);
    await app.db.delete(roomNumbers).where(and(eq(roomNumbers.stayId, s.stay.id), eq(roomNumbers.number, 202)));
    expect(await live(s.suite.id)).toBe(1);
    expect(await drift()).toEqual([]);
  });
});
