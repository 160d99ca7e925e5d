import { describe, expect, it } from 'vitest';
import { book, day, guest } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine } from './helper.ts';
import { addRooms, createStay } from './stays-helpers.ts';

// The reservations CSV defuses formulas whatever dresses up their start: invisible characters before the sign, or
// a full-width sign that spreadsheets read as its ASCII twin.
describe(`reservations CSV: formulas behind invisible or full-width characters (${testEngine})`, async () => {
  const app = await build();

  it("a guest named '\\u200B=HYPERLINK(…)' / '＝cmd' is written with a leading apostrophe", async () => {
    const owner = await loginAdmin(app);
    const stay = await createStay(app, owner.headers, { name: 'Quiet Stay', city: 'mysuru' });
    await addRooms(app, owner.headers, stay.id, { title: 'Deluxe', roomNumbers: [101, 102, 103], price: 3000 });
    const rooms = (await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: owner.headers })).json().rooms as {
      roomNumberId: string;
    }[];
    const names = [
      { firstName: '\u200B=HYPERLINK("x")', lastName: 'Rao' },
      { firstName: '\u2060+SUM(1)', lastName: 'Rao' },
      { firstName: '＝HYPERLINK("y")', lastName: '＠cmd' },
    ];
    for (const [i, n] of names.entries()) {
      const g = await guest(app);
      const renamed = await app.inject({ method: 'PATCH', url: '/api/me', headers: g.headers, payload: n });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const held = await book(app, g, {
        stayId: stay.id,
        checkIn: day(10),
        checkOut: day(11),
        roomNumberIds: [rooms[i]!.roomNumberId],
      });
      expect(held.statusCode, held.body).toBe(201);
    }
    const res = await app.inject({ url: `/api/admin/reservations/export?stayId=${stay.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const guestCells = res.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[4]);
    expect(guestCells.sort()).toEqual(
      [`"'\u200B=HYPERLINK(""x"") Rao"`, `'\u2060+SUM(1) Rao`, `"'＝HYPERLINK(""y"") ＠cmd"`].sort(),
    );
  });
});
