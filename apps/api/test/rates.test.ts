import { addDays } from '@repo/shared/domain/dates';
import { type Season, priceStay } from '@repo/shared/domain/rates';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '#src/db/client.ts';
import { bookingRooms, bookings, roomTypeRates, roomTypes, stays } from '#src/db/schema/index.ts';
import { pricedType, searchDates } from '#src/features/search/search.repository.ts';
import { book, day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, type TestApp, testEngine, until } from './helper.ts';
import { addRooms, createStay, multipart, stayFields } from './stays-helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

/** Asks until `check` holds (at most 2 s: a PostgreSQL server reports changes to the listening process shortly after commit). */
const eventually = <T>(read: () => Promise<T>, check: (value: T) => boolean) => until(read, check, { what: 'changed' });

/** The first Thursday at least `from` days ahead: a stay from it to Sunday has 1 weekday and 2 weekend nights. */
function thursdayFrom(from: number): string {
  let d = day(from);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 4) d = addDays(d, 1);
  return d;
}

describe(`prices by date (${testEngine})`, async () => {
  // Answers are kept long (60 s): a changed price can only show because the stay's answers were forgotten.
  const app: TestApp = await build({ searchCacheMs: 60_000, stayCacheMs: 60_000 });
  afterAll(() => app.close());
  const admin = await loginAdmin(app);
  const other = await loginAdmin(app);

  /** A stay owned by `admin` (the fixture's owner is moved to it): Deluxe ₹2,500 rooms 101, 102; Suite ₹4,000 room 201. */
  async function ownedStay(city: string) {
    const s = await stayWithRooms(app, `Rates ${city}`, city);
    await app.db.execute(sql`update stays set owner_id = ${admin.user.id}::uuid where id = ${s.stay.id}::uuid`);
    return s;
  }

  const rates = (roomTypeId: string, headers = admin.headers) =>
    app.inject({ url: `/api/admin/room-types/${roomTypeId}/rates`, headers });
  const addSeason = (roomTypeId: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'POST', url: `/api/admin/room-types/${roomTypeId}/rates`, headers, payload });
  const editSeason = (roomTypeId: string, id: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'PUT', url: `/api/admin/room-types/${roomTypeId}/rates/${id}`, headers, payload });
  const editRoomType = (roomTypeId: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'PUT', url: `/api/admin/room-types/${roomTypeId}`, headers, payload });
  const seasonsIn = async (roomTypeId: string) =>
    app.db.select().from(roomTypeRates).where(eq(roomTypeRates.roomTypeId, roomTypeId)).orderBy(roomTypeRates.startsOn);

  it('a season reaches at most two years ahead, added or edited: 400 with the field named, nothing stored', async () => {
    const s = await ownedStay('ooty');
    const far = await addSeason(s.deluxe.id, { startsOn: day(700), endsOn: '2099-12-31', price: 3000 });
    expect(far.statusCode).toBe(400);
    expect(far.json().fieldErrors.endsOn).toBe('Dates can be at most two years ahead');
    expect((await addSeason(s.deluxe.id, { startsOn: day(731), endsOn: day(731), price: 3000 })).statusCode).toBe(400);
    expect(await seasonsIn(s.deluxe.id)).toEqual([]);
    const ok = await addSeason(s.deluxe.id, { startsOn: day(700), endsOn: day(730), price: 3000 });
    expect(ok.statusCode, ok.body).toBe(201);
    const edit = await editSeason(s.deluxe.id, ok.json().season.id, { startsOn: day(700), endsOn: day(800), price: 3000 });
    expect(edit.statusCode).toBe(400);
    expect((await seasonsIn(s.deluxe.id)).map((r) => r.endsOn)).toEqual([day(730)]);
  });

  it("sets a room type's weekend price and minimum nights, and manages its seasons", async () => {
    const s = await ownedStay('kochi');
    expect((await editRoomType(s.deluxe.id, { weekendPrice: 2800, minNights: 2 })).statusCode).toBe(200);
    const season = { startsOn: day(30), endsOn: day(39), price: 3500, weekendPrice: 4000, minNights: 3 };
    const added = await addSeason(s.deluxe.id, season);
    expect(added.statusCode).toBe(201);
    const id = added.json().season.id;
    const read = await rates(s.deluxe.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      roomType: {
        id: s.deluxe.id,
        stayId: s.stay.id,
        stayName: 'Rates kochi',
        title: s.deluxe.title,
        price: 2500,
        weekendPrice: 2800,
        minNights: 2,
      },
      seasons: [{ id, ...season }],
    });
    // A season without weekend price or minimum (empty fields from the form).
    const edited = await editSeason(s.deluxe.id, id, { ...season, weekendPrice: '', minNights: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().season).toMatchObject({ weekendPrice: null, minNights: null });
    // The weekend price cleared; the list of rooms shows the room type's prices.
    expect((await editRoomType(s.deluxe.id, { weekendPrice: null })).statusCode).toBe(200);
    const list = await app.inject({ url: `/api/admin/stays/${s.stay.id}/rooms`, headers: admin.headers });
    expect(list.json().rooms[0]).toMatchObject({ price: 2500, weekendPrice: null, minNights: 2 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/admin/room-types/${s.deluxe.id}/rates/${id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await seasonsIn(s.deluxe.id)).toEqual([]);
  });

  it('refuses a season that shares a night with another (409) and changes nothing', async () => {
    const s = await ownedStay('ooty');
    const first = await addSeason(s.deluxe.id, { startsOn: day(20), endsOn: day(25), price: 3000 });
    const second = await addSeason(s.deluxe.id, { startsOn: day(26), endsOn: day(30), price: 3100 });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const overlap = await addSeason(s.deluxe.id, { startsOn: day(25), endsOn: day(26), price: 9999 });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'SEASON_OVERLAP' });
    expect(overlap.json().message).toMatch(/overlap/);
    // Moving the second season onto the first is refused too; moving it within its own dates is not.
    const moved = await editSeason(s.deluxe.id, second.json().season.id, { startsOn: day(24), endsOn: day(30), price: 3100 });
    expect(moved.statusCode).toBe(409);
    const own = await editSeason(s.deluxe.id, second.json().season.id, { startsOn: day(27), endsOn: day(30), price: 3200 });
    expect(own.statusCode).toBe(200);
    expect((await seasonsIn(s.deluxe.id)).map((r) => [r.startsOn, r.endsOn, r.price])).toEqual([
      [day(20), day(25), 3000],
      [day(27), day(30), 3200],
    ]);
    // Another room type of the stay may have a season on the same nights.
    expect((await addSeason(s.suite.id, { startsOn: day(20), endsOn: day(25), price: 5000 })).statusCode).toBe(201);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const s = await ownedStay('hampi');
    const bad = [
      { startsOn: day(20), endsOn: day(19), price: 3000 },
      { startsOn: day(20), endsOn: day(21), price: 0 },
      { startsOn: '2030-02-30', endsOn: day(21), price: 3000 },
      { startsOn: day(20), endsOn: day(21), price: 3000, minNights: 0 },
      { startsOn: day(20), endsOn: day(21), price: 3000, weekendPrice: -5 },
      { startsOn: day(20), endsOn: day(21), price: 'abc' },
      { endsOn: day(21), price: 3000 },
    ];
    for (const payload of bad) {
      const res = await addSeason(s.deluxe.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const reversed = await addSeason(s.deluxe.id, bad[0] as Record<string, unknown>);
    expect(reversed.json().fieldErrors.endsOn).toBeDefined();
    expect(await seasonsIn(s.deluxe.id)).toEqual([]);
    for (const payload of [{ weekendPrice: 0 }, { minNights: 0 }, { minNights: 2.5 }, { weekendPrice: 'x' }])
      expect((await editRoomType(s.deluxe.id, payload)).statusCode).toBe(400);
    const [row] = await app.db.select().from(roomTypes).where(eq(roomTypes.id, s.deluxe.id));
    expect(row).toMatchObject({ weekendPrice: null, minNights: 1 });
    const badId = await app.inject({ url: '/api/admin/room-types/not-a-uuid/rates', headers: admin.headers });
    expect(badId.statusCode).toBe(400);
  });

  it("answers another admin's room type and season with 404 and changes nothing", async () => {
    const s = await ownedStay('leh');
    const mine = await addSeason(s.deluxe.id, { startsOn: day(20), endsOn: day(25), price: 3000 });
    const id = mine.json().season.id;
    const body = { startsOn: day(40), endsOn: day(41), price: 1 };
    expect((await rates(s.deluxe.id, other.headers)).statusCode).toBe(404);
    expect((await addSeason(s.deluxe.id, body, other.headers)).statusCode).toBe(404);
    expect((await editSeason(s.deluxe.id, id, body, other.headers)).statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/admin/room-types/${s.deluxe.id}/rates/${id}`,
      headers: other.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await editRoomType(s.deluxe.id, { weekendPrice: 1 }, other.headers)).statusCode).toBe(404);
    // A season asked under another room type of the same owner is not found either.
    expect((await editSeason(s.suite.id, id, body)).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/room-types/${s.deluxe.id}/rates`, headers: {} })).statusCode).toBe(401);
    expect((await seasonsIn(s.deluxe.id)).map((r) => [r.startsOn, r.price])).toEqual([[day(20), 3000]]);
    const [row] = await app.db.select().from(roomTypes).where(eq(roomTypes.id, s.deluxe.id));
    expect(row?.weekendPrice).toBeNull();
  });

  it('prices search, the room dialog and the hold by night, and forgets kept answers when prices change', async () => {
    const s = await ownedStay('munnar');
    const g = await guest(app);
    const checkIn = thursdayFrom(10);
    const checkOut = addDays(checkIn, 3); // Thursday, Friday and Saturday nights
    const search = async () =>
      (
        await app.inject({
          url: `/api/stays/search?city=munnar&checkIn=${checkIn}&checkOut=${checkOut}&adults=1&rooms=1`,
          headers: g.headers,
        })
      ).json().stays[0];
    const dialog = async () =>
      (
        await app.inject({
          url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`,
          headers: g.headers,
        })
      ).json();
    // Before: every night at the base price (both answers now kept).
    expect((await search()).lowestPrice).toBe(2500);
    expect((await dialog()).roomTypes[0]).toMatchObject({
      title: s.deluxe.title,
      total: 7500,
      nightlyPrices: [2500, 2500, 2500],
    });

    expect((await editRoomType(s.deluxe.id, { weekendPrice: 2800 })).statusCode).toBe(200);
    const room = (await eventually(dialog, (d) => d.roomTypes[0].total !== 7500)).roomTypes[0];
    expect(room).toMatchObject({
      total: 8100,
      nightlyPrices: [2500, 2800, 2800],
      breakdown: [
        { price: 2500, nights: 1, weekend: false },
        { price: 2800, nights: 2, weekend: true },
      ],
      bookable: true,
    });
    expect((await dialog()).lowestPrice).toBe(2700);
    expect((await eventually(search, (h) => h.lowestPrice !== 2500)).lowestPrice).toBe(2700);

    // A season on the Thursday night: answers change at once too.
    expect((await addSeason(s.deluxe.id, { startsOn: checkIn, endsOn: checkIn, price: 2000 })).statusCode).toBe(201);
    expect((await eventually(dialog, (d) => d.roomTypes[0].total !== 8100)).roomTypes[0].nightlyPrices).toEqual([
      2000, 2800, 2800,
    ]);
    expect((await eventually(search, (h) => h.lowestPrice !== 2700)).lowestPrice).toBe(2533);

    // The hold: the sum of each room's nightly prices, kept per room; pricePerNight keeps the base price.
    const held = await book(app, g, { stayId: s.stay.id, checkIn, checkOut, roomNumberIds: [s.r101, s.r201] });
    expect(held.statusCode).toBe(201);
    expect(held.json().booking.amount).toBe((7600 + 3 * 4000) * 100);
    expect(held.json().checkout.amount).toBe((7600 + 3 * 4000) * 100);
    const rows = await app.db
      .select()
      .from(bookingRooms)
      .where(eq(bookingRooms.bookingId, held.json().booking.id))
      .orderBy(bookingRooms.number);
    expect(rows.map((r) => [r.number, r.pricePerNight, r.nightlyPrices])).toEqual([
      [101, 2500, [2000, 2800, 2800]],
      [201, 4000, [4000, 4000, 4000]],
    ]);
  });

  it('shows a room type too short for its minimum nights as not bookable, leaves it out of search and refuses its hold', async () => {
    const s = await ownedStay('puri');
    const g = await guest(app);
    const checkIn = day(20);
    const checkOut = day(22);
    // The Suite needs 3 nights in a season on these dates; the Deluxe needs 3 nights all year.
    expect((await addSeason(s.suite.id, { startsOn: day(21), endsOn: day(25), price: 4500, minNights: 3 })).statusCode).toBe(201);
    const types = (
      await app.inject({ url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`, headers: g.headers })
    ).json();
    expect(
      types.roomTypes.map((t: { title: string; bookable: boolean; minNights: number }) => [t.title, t.bookable, t.minNights]),
    ).toEqual([
      [s.deluxe.title, true, 1],
      ['Suite', false, 3],
    ]);
    const refused = await book(app, g, { stayId: s.stay.id, checkIn, checkOut, roomNumberIds: [s.r201] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.checkOut).toBe('Suite needs a stay of at least 3 nights for these dates');
    expect(
      await app.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.stayId, s.stay.id))),
    ).toEqual([]);

    expect((await editRoomType(s.deluxe.id, { minNights: 3 })).statusCode).toBe(200);
    const search = await app.inject({
      url: `/api/stays/search?city=puri&checkIn=${checkIn}&checkOut=${checkOut}&adults=1&rooms=1`,
      headers: g.headers,
    });
    expect(search.json().stays).toEqual([]);
    const longer = await app.inject({
      url: `/api/stays/search?city=puri&checkIn=${checkIn}&checkOut=${day(23)}&adults=1&rooms=1`,
      headers: g.headers,
    });
    expect(longer.json().stays).toHaveLength(1);
    expect((await book(app, g, { stayId: s.stay.id, checkIn, checkOut: day(23), roomNumberIds: [s.r201] })).statusCode).toBe(201);
  });

  it("keeps the lowest price the owner entered once the stay has room types, and says the rooms' price is shown", async () => {
    const stay = await createStay(app, admin.headers, { name: 'Typed Price', lowestPrice: '1500' });
    expect(stay).toMatchObject({ lowestPrice: 1500, lowestPriceFromRooms: false });
    await addRooms(app, admin.headers, stay.id, { price: 3000, roomNumbers: [101] });
    const read = await app.inject({ url: `/api/admin/stays/${stay.id}`, headers: admin.headers });
    expect(read.json()).toMatchObject({ lowestPrice: 3000, lowestPriceFromRooms: true });
    // The form sends the read-only field back (or any other value): the entry is kept as it was.
    const form = multipart(stayFields({ name: 'Typed Price', lowestPrice: '999' }));
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/admin/stays/${stay.id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().stay).toMatchObject({ lowestPrice: 3000, lowestPriceFromRooms: true });
    const [row] = await app.db.select({ lowestPrice: stays.lowestPrice }).from(stays).where(eq(stays.id, stay.id));
    expect(row?.lowestPrice).toBe(1500);
    // Without room types the owner's price is saved.
    const roomless = await createStay(app, admin.headers, { name: 'Roomless Price', lowestPrice: '1500' });
    const form2 = multipart(stayFields({ name: 'Roomless Price', lowestPrice: '1700' }));
    const saved2 = await app.inject({
      method: 'PUT',
      url: `/api/admin/stays/${roomless.id}`,
      headers: { ...admin.headers, ...form2.headers },
      payload: form2.payload,
    });
    expect(saved2.json().stay).toMatchObject({ lowestPrice: 1700, lowestPriceFromRooms: false });
  });

  it("a stay's seasons_until is the last night of its seasons, moved later with them and never earlier", async () => {
    const s = await ownedStay('agra');
    const until = async () =>
      (
        await selectRows<{ u: string | null }>(
          app.db,
          sql`select seasons_until::text as u from stays where id = ${s.stay.id}::uuid`,
        )
      )[0]?.u;
    expect(await until()).toBeNull();
    const season = { roomTypeId: s.deluxe.id, stayId: s.stay.id, price: 9000 };
    const [first] = await app.db
      .insert(roomTypeRates)
      .values({ ...season, startsOn: day(10), endsOn: day(14) })
      .returning();
    expect(await until()).toBe(day(14));
    await app.db.insert(roomTypeRates).values({ ...season, startsOn: day(2), endsOn: day(4) });
    expect(await until()).toBe(day(14));
    await app.db
      .update(roomTypeRates)
      .set({ endsOn: day(20) })
      .where(eq(roomTypeRates.id, first?.id ?? ''));
    expect(await until()).toBe(day(20));
    // Deleting a season leaves the bound: a later bound costs a search one empty read, never a wrong price.
    await app.db.delete(roomTypeRates).where(eq(roomTypeRates.id, first?.id ?? ''));
    expect(await until()).toBe(day(20));
  });

  it("search's SQL prices every room type as the shared rule does (random weekend prices, seasons and dates)", async () => {
    const s = await ownedStay('agra');
    const origin = day(5);
    const cases = fc.sample(
      fc.record({
        price: fc.integer({ min: 1, max: 50_000 }),
        weekendPrice: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
        minNights: fc.integer({ min: 1, max: 5 }),
        seasons: fc.array(
          fc.record({
            length: fc.integer({ min: 1, max: 9 }),
            gap: fc.integer({ min: 0, max: 6 }),
            price: fc.integer({ min: 1, max: 50_000 }),
            weekendPrice: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
            minNights: fc.option(fc.integer({ min: 1, max: 7 }), { nil: null }),
          }),
          { maxLength: 4 },
        ),
        from: fc.integer({ min: 0, max: 40 }),
        nights: fc.integer({ min: 1, max: 30 }),
      }),
      { numRuns: 30, seed: 18 },
    );
    for (const c of cases) {
      let start = 0;
      const seasons: Season[] = c.seasons.map((x) => {
        const season = {
          startsOn: addDays(origin, start + x.gap),
          endsOn: addDays(origin, start + x.gap + x.length - 1),
          price: x.price,
          weekendPrice: x.weekendPrice,
          minNights: x.minNights,
        };
        start += x.gap + x.length;
        return season;
      });
      await app.db.delete(roomTypeRates).where(eq(roomTypeRates.roomTypeId, s.deluxe.id));
      await app.db
        .update(roomTypes)
        .set({ price: c.price, weekendPrice: c.weekendPrice, minNights: c.minNights })
        .where(eq(roomTypes.id, s.deluxe.id));
      if (seasons.length)
        await app.db.insert(roomTypeRates).values(seasons.map((x) => ({ ...x, roomTypeId: s.deluxe.id, stayId: s.stay.id })));
      const checkIn = addDays(origin, c.from);
      const checkOut = addDays(checkIn, c.nights);
      const priced = pricedType();
      const [row] = await selectRows<{ total: string | number; min_nights: number }>(
        app.db,
        sql`select ${priced.total} as total, ${priced.minNights} as min_nights
            from ${searchDates(sql`${checkIn}`, sql`${checkOut}`)}
            cross join lateral (
              select t.price, t.weekend_price, t.min_nights, ${priced.seasons} as seasons
              from room_types t join stays s on s.id = t.stay_id
              where t.id = ${s.deluxe.id}::uuid
            ) t`,
      );
      const expected = priceStay({ ...c, seasons }, checkIn, checkOut);
      expect({ total: Number(row?.total), minNights: Number(row?.min_nights) }, JSON.stringify(c)).toEqual({
        total: expected.total,
        minNights: expected.minNights,
      });
    }
  });
});
