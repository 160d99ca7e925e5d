import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights } from '#src/db/schema/index.ts';
import { book, day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

describe(`booking race (${testEngine})`, async () => {
  const app = await build();

  it('lets exactly one of 50 simultaneous bookings of one room-night through', async () => {
    const s = await stayWithRooms(app);
    const guests = await Promise.all(Array.from({ length: 50 }, () => guest(app)));
    const results = await Promise.all(
      guests.map((g) => book(app, g, { stayId: s.stay.id, checkIn: day(40), checkOut: day(41), roomNumberIds: [s.r201] })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const [y, m, d] = day(40).split('-');
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(`Room 201 is already booked for the night of ${d}/${m}/${y}`);
    const nights = await app.db.select().from(roomNights).where(eq(roomNights.roomNumberId, s.r201));
    expect(nights).toHaveLength(1);
    expect(await app.db.select().from(bookings).where(eq(bookings.stayId, s.stay.id))).toHaveLength(1);
  });

  it('lets overlapping multi-room bookings race without deadlocks: each room-night is held once', async () => {
    const s = await stayWithRooms(app);
    const guests = await Promise.all(Array.from({ length: 20 }, () => guest(app)));
    const sets = [[s.r101, s.r102], [s.r102, s.r101], [s.r101], [s.r102, s.r201]];
    const results = await Promise.all(
      guests.map((g, i) =>
        book(app, g, {
          stayId: s.stay.id,
          checkIn: day(50 + (i % 2)),
          checkOut: day(52),
          roomNumberIds: sets[i % sets.length] ?? [],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThanOrEqual(1);
    const held = await app.db.select().from(roomNights);
    const keys = held.map((n) => `${n.roomNumberId}|${n.night}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
