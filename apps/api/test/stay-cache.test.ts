import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roomTypes, stays } from '#src/db/schema/index.ts';
import { archiveRoom, book, day, type Guest, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, type TestApp, testEngine } from './helper.ts';

// A stay's details and room availability are reused for a short time per process (stayCacheMs) and forgotten as soon as the
// database reports a change to the stay's rooms or room-nights (migration 0002_rooms_notify). Here the reuse is
// long (60 s), so a stale answer could only disappear because it was forgotten.

vi.setConfig({ testTimeout: 60_000 });

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await build({ stayCacheMs: 60_000 });
  b = await buildOn(a.database, { jwtSecret: a.config.jwtSecret, stayCacheMs: 60_000 });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

type Rooms = { roomTypes: { title: string; price: number; roomNumbers: { id: string; number: number; available: boolean }[] }[] };

async function rooms(app: TestApp, g: Guest, stayId: string, checkIn: string, checkOut: string): Promise<Rooms> {
  const res = await app.inject({
    url: `/api/stays/${stayId}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`,
    headers: g.headers,
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

const availability = (r: Rooms) =>
  Object.fromEntries(r.roomTypes.flatMap((t) => t.roomNumbers.map((n) => [n.number, n.available])));

/** Asks until `check` holds (at most 2 s: the other process hears of changes through the database). */
const eventually = (read: () => Promise<Rooms>, check: (r: Rooms) => boolean) =>
  expect.poll(async () => check(await read()), { timeout: 2000, interval: 20 }).toBe(true);

describe(`room availability reuse (${testEngine})`, () => {
  it('forgets a stay’s answers when a room is held, released, archived or repriced, in every process', async () => {
    const g = await guest(a);
    const s = await stayWithRooms(a);
    const [checkIn, checkOut] = [day(10), day(12)];
    const readA = () => rooms(a, g, s.stay.id, checkIn, checkOut);
    const readB = () => rooms(b, g, s.stay.id, checkIn, checkOut);
    expect(availability(await readA())).toEqual({ 101: true, 102: true, 201: true });
    expect(availability(await readB())).toEqual({ 101: true, 102: true, 201: true });

    // A hold made through process A: both processes show room 101 taken.
    const held = await book(a, g, { stayId: s.stay.id, checkIn: day(11), checkOut: day(12), roomNumberIds: [s.r101] });
    expect(held.statusCode).toBe(201);
    const taken = (r: Rooms) => availability(r)[101] === false;
    await eventually(readA, taken);
    await eventually(readB, taken);

    // Cancelled through process B: free again everywhere.
    const id = held.json().booking.id;
    expect((await b.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers: g.headers })).statusCode).toBe(200);
    const free = (r: Rooms) => availability(r)[101] === true;
    await eventually(readA, free);
    await eventually(readB, free);

    // A room archived and a price changed by hand in SQL.
    await archiveRoom(a, s.r102);
    await a.db.update(roomTypes).set({ price: 2600 }).where(eq(roomTypes.id, s.deluxe.id));
    const changed = (r: Rooms) => !(102 in availability(r)) && r.roomTypes.some((t) => t.price === 2600);
    await eventually(readA, changed);
    await eventually(readB, changed);

    // Nights taken by hand in SQL (as a script or another tool would).
    await a.db.execute(sql`
      insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, amount_paise, status, hotel_name)
      values (${g.user.id}, ${s.stay.id}, ${checkIn}, ${checkOut}, 2, 1, 800000, 'confirmed', 'x')`);
    await a.db.execute(sql`
      insert into room_nights (room_number_id, night, booking_id, stay_id)
      select ${s.r201}::uuid, ${checkIn}::date, id, stay_id from bookings where stay_id = ${s.stay.id} and status = 'confirmed'`);
    const suiteTaken = (r: Rooms) => availability(r)[201] === false;
    await eventually(readA, suiteTaken);
    await eventually(readB, suiteTaken);
  });

  it('forgets a stay’s details when the stay or its room prices change, in every process', async () => {
    const g = await guest(a);
    const s = await stayWithRooms(a, 'Old Name');
    const detail = (app: TestApp) => app.inject({ url: `/api/stays/${s.stay.id}`, headers: g.headers });
    /** Asks until `check` holds (at most 2 s: the other process hears of changes through the database). */
    const settle = (app: TestApp, check: (res: Awaited<ReturnType<typeof detail>>) => boolean) =>
      expect.poll(async () => check(await detail(app)), { timeout: 2000, interval: 20 }).toBe(true);
    expect((await detail(a)).json()).toMatchObject({ name: 'Old Name', lowestPrice: 2500 });
    expect((await detail(b)).json()).toMatchObject({ name: 'Old Name', lowestPrice: 2500 });
    await a.db.update(stays).set({ name: 'New Name' }).where(eq(stays.id, s.stay.id));
    await a.db.update(roomTypes).set({ price: 1900 }).where(eq(roomTypes.id, s.deluxe.id));
    const renamed = (res: Awaited<ReturnType<typeof detail>>) =>
      res.statusCode === 200 && res.json().name === 'New Name' && res.json().lowestPrice === 1900;
    await settle(a, renamed);
    await settle(b, renamed);
    await a.db.update(stays).set({ archivedAt: new Date() }).where(eq(stays.id, s.stay.id));
    const gone = (res: Awaited<ReturnType<typeof detail>>) => res.statusCode === 404;
    await settle(a, gone);
    await settle(b, gone);
  });

  it('reuses an answer while nothing changed, and answers 404 for an unknown stay every time', async () => {
    const g = await guest(a);
    const s = await stayWithRooms(a, 'Quiet Stay');
    const first = await rooms(a, g, s.stay.id, day(20), day(21));
    expect(await rooms(a, g, s.stay.id, day(20), day(21))).toEqual(first);
    // Reused, but never without a guest token.
    const again = `/api/stays/${s.stay.id}/room-types?checkIn=${day(20)}&checkOut=${day(21)}`;
    expect((await a.inject({ url: again })).statusCode).toBe(401);
    expect((await a.inject({ url: again, headers: { authorization: 'Bearer x.y.z' } })).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i++) {
      const res = await a.inject({
        url: `/api/stays/${unknown}/room-types?checkIn=${day(20)}&checkOut=${day(21)}`,
        headers: g.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
