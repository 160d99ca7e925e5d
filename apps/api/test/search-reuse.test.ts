import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { roomTypes } from '#src/db/schema/index.ts';
import { book, day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

// Search answers reused for a few seconds (ADR 013): kept under the validated query, and forgotten when the database
// reports a change to a stay of their city. These tests prove the reuse never answers another search, never skips
// the guest check, never lets through a query that would be refused, and never misses a new city.
describe(`search answer reuse (${testEngine})`, async () => {
  const app = await build({ searchCacheMs: 60_000 });
  afterAll(() => app.close());
  const g = await guest(app);
  const s = await stayWithRooms(app);
  const url = (q: Record<string, string>) => `/api/stays/search?${new URLSearchParams(q)}`;
  const base = { city: 'bengaluru', checkIn: day(5), checkOut: day(6), adults: '2', children: '0', rooms: '1' };

  it('answers the same URL with the same body, and another URL with its own answer', async () => {
    const first = await app.inject({ url: url(base), headers: g.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().stays.map((x: { id: string }) => x.id)).toEqual([s.stay.id]);
    const again = await app.inject({ url: url(base), headers: g.headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toBe(first.body);
    // Five guests need more than the stay's beds in one room: another answer.
    const other = await app.inject({ url: url({ ...base, adults: '5' }), headers: g.headers });
    expect(other.statusCode).toBe(200);
    expect(other.json().stays).toEqual([]);
  });

  it('forgets the answers of a city when one of its stays is booked, added or changed, even within the reuse time', async () => {
    // Four guests in one room: only the suite (room 201) holds them.
    const four = { ...base, adults: '4', checkIn: day(30), checkOut: day(31) };
    const ids = async () => {
      const res = await app.inject({ url: url(four), headers: g.headers });
      expect(res.statusCode).toBe(200);
      return res.json().stays.map((x: { id: string }) => x.id) as string[];
    };
    // The other direction of a change may take a notification's time on PostgreSQL: asked again until it shows.
    const soon = { timeout: 2000, interval: 20 };
    await expect.poll(ids, soon).toContain(s.stay.id);
    const held = await book(app, g, { stayId: s.stay.id, checkIn: day(30), checkOut: day(31), roomNumberIds: [s.r201] });
    expect(held.statusCode).toBe(201);
    await expect.poll(ids, soon).not.toContain(s.stay.id);
    const other = await stayWithRooms(app, 'Newer Residency');
    await expect.poll(ids, soon).toContain(other.stay.id);
    await app.db.update(roomTypes).set({ maxPeople: 1 }).where(eq(roomTypes.id, other.suite.id));
    await expect.poll(ids, soon).not.toContain(other.stay.id);
  });

  it('finds a city added since the same query was answered, by the start of its name', async () => {
    const typed = { ...base, city: 'mysu' };
    const found = async () => {
      const res = await app.inject({ url: url(typed), headers: g.headers });
      expect(res.statusCode).toBe(200);
      return res.json().stays.map((x: { id: string }) => x.id) as string[];
    };
    expect((await app.inject({ url: url(typed), headers: g.headers })).json().stays).toEqual([]);
    const added = await stayWithRooms(app, 'Palace View', 'mysuru');
    await expect.poll(found, { timeout: 2000, interval: 20 }).toEqual([added.stay.id]);
  });

  it('still asks for a guest token, and still refuses a bad query', async () => {
    expect((await app.inject({ url: url(base) })).statusCode).toBe(401);
    expect((await app.inject({ url: url(base), headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    const bad = { ...base, checkIn: day(-2), checkOut: day(-1) };
    for (let i = 0; i < 2; i++) expect((await app.inject({ url: url(bad), headers: g.headers })).statusCode).toBe(400);
  });
});
