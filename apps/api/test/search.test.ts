import { LIMITS } from '@repo/shared/constants/domain';
import { MSG } from '@repo/shared/constants/messages';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { STAY_DATE_MSG } from '@repo/shared/domain/stay-dates';
import { SEARCH_MSG, SEARCH_SORTS } from '@repo/shared/schemas/search';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, roomNights, roomNumbers, roomTypeRates, roomTypes, sessions, stays } from '#src/db/schema/index.ts';
import { namedStatement } from '#src/db/client.ts';
import {
  type AvailabilityFilter,
  findAvailableStays,
  type HitRow,
  searchShape,
  searchSql,
  searchValues,
} from '#src/features/search/search.repository.ts';
import { signToken, TOKEN_TTL_SECONDS } from '#src/features/auth/tokens.ts';
import { build, createUser, type TestApp, testEngine } from './helper.ts';

/** A guest with a live session and its signed token, made directly (this file is not about logging in). */
async function directGuest(app: TestApp) {
  const user = await createUser(app);
  const [session] = await app.db
    .insert(sessions)
    .values({ userId: user.id, audience: 'guest', expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000) })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not inserted');
  const token = await signToken(app.config.jwtSecret, user, session.id, 'guest');
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

type StayInput = Partial<typeof stays.$inferInsert> & { name: string; city: string };
type RoomInput = { price: number; maxPeople: number; numbers: number[]; title?: string };
type Status = 'pending_payment' | 'confirmed' | 'payment_failed' | 'expired' | 'cancelled';

const today = todayInIndia();
const D = addDays(today, 10);
const day = (n: number) => addDays(D, n);

describe(`search and room availability (${testEngine})`, async () => {
  const app = await build();
  let owner: Awaited<ReturnType<typeof createUser>>;
  let guest: Awaited<ReturnType<typeof directGuest>>;

  beforeAll(async () => {
    owner = await createUser(app, { isAdmin: true });
    guest = await directGuest(app);
  });

  /** A stay with room types; returns the stay id and the room-number ids by number. */
  async function addStay(input: StayInput, rooms: RoomInput[]) {
    const [stay] = await app.db
      .insert(stays)
      .values({ ownerId: owner.id, type: 'Hotel', address: '1 MG Road', description: 'A calm stay', ...input })
      .returning({ id: stays.id });
    if (!stay) throw new Error('stay not inserted');
    const numbers = new Map<number, string>();
    for (const r of rooms) {
      const [type] = await app.db
        .insert(roomTypes)
        .values({ stayId: stay.id, title: r.title ?? `Room for ${r.maxPeople}`, price: r.price, maxPeople: r.maxPeople })
        .returning({ id: roomTypes.id });
      if (!type) throw new Error('room type not inserted');
      const inserted = await app.db
        .insert(roomNumbers)
        .values(r.numbers.map((number) => ({ roomTypeId: type.id, stayId: stay.id, number })))
        .returning({ id: roomNumbers.id, number: roomNumbers.number });
      for (const n of inserted) numbers.set(n.number, n.id);
    }
    return { id: stay.id, room: (n: number) => numbers.get(n) as string };
  }

  /** A booking of rooms for the nights [from, to), with its room_nights rows. */
  async function book(
    stayId: string,
    roomIds: string[],
    from: string,
    to: string,
    status: Status = 'confirmed',
    holdMinutes = 15,
  ) {
    const nights: string[] = [];
    for (let d = from; d < to; d = addDays(d, 1)) nights.push(d);
    const [b] = await app.db
      .insert(bookings)
      .values({
        userId: guest.user.id,
        stayId,
        checkIn: from,
        checkOut: to,
        nights: nights.length,
        adults: 1,
        amountPaise: 100_00,
        hotelName: 'Booked stay',
        status,
        holdExpiresAt: new Date(Date.now() + holdMinutes * 60_000),
      })
      .returning({ id: bookings.id });
    if (!b) throw new Error('booking not inserted');
    await app.db
      .insert(roomNights)
      .values(roomIds.flatMap((roomNumberId) => nights.map((night) => ({ roomNumberId, night, bookingId: b.id, stayId }))));
    return b.id;
  }

  const search = (query: Record<string, string | number>, headers: Record<string, string> | null = guest.headers) =>
    app.inject({ method: 'GET', url: '/api/stays/search', query: stringify(query), headers: headers ?? {} });
  const names = async (query: Record<string, string | number>) => {
    const res = await search(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().stays as { name: string }[]).map((s) => s.name);
  };

  it('hides a fully booked stay for its booked nights only; the checkout day is free', async () => {
    const full = await addStay({ name: 'Full House', city: 'agra' }, [{ price: 2000, maxPeople: 2, numbers: [101] }]);
    await addStay({ name: 'Open House', city: 'agra' }, [{ price: 2500, maxPeople: 2, numbers: [1] }]);
    await book(full.id, [full.room(101)], day(0), day(2));

    expect(await names({ city: 'agra', checkIn: day(0), checkOut: day(2) })).toEqual(['Open House']);
    expect(await names({ city: 'agra', checkIn: day(1), checkOut: day(3) })).toEqual(['Open House']);
    expect(await names({ city: 'agra', checkIn: day(2), checkOut: day(4) })).toEqual(['Full House', 'Open House']);
    // Leaving on the first booked night's date: the nights before are free.
    expect(await names({ city: 'agra', checkIn: addDays(D, -2), checkOut: day(0) })).toEqual(['Full House', 'Open House']);
  });

  it("keeps each room-night's stay the room's own: a night filed under another stay is refused", async () => {
    const here = await addStay({ name: 'Here Inn', city: 'agra' }, [{ price: 2000, maxPeople: 2, numbers: [7] }]);
    const there = await addStay({ name: 'There Inn', city: 'agra' }, [{ price: 2000, maxPeople: 2, numbers: [8] }]);
    const bookingId = await book(here.id, [here.room(7)], day(30), day(31));
    const misfiled = app.db
      .insert(roomNights)
      .values({ roomNumberId: here.room(7), night: day(31), bookingId, stayId: there.id });
    await expect(misfiled).rejects.toThrow();
    const rows = await app.db.select().from(roomNights).where(eq(roomNights.bookingId, bookingId));
    expect(rows.map((r) => [r.night, r.stayId])).toEqual([[day(30), here.id]]);
  });

  it('needs enough free rooms whose largest ones hold the whole party', async () => {
    await addStay({ name: 'Capacity Inn', city: 'bhopal' }, [
      { price: 1000, maxPeople: 2, numbers: [1, 2] },
      { price: 3000, maxPeople: 4, numbers: [3] },
    ]);
    const q = (adults: number, rooms: number, children = 0) =>
      names({ city: 'bhopal', checkIn: day(0), checkOut: day(1), adults, children, rooms });
    expect(await q(4, 1)).toEqual(['Capacity Inn']);
    expect(await q(5, 1)).toEqual([]);
    expect(await q(3, 1, 2)).toEqual([]);
    expect(await q(6, 2)).toEqual(['Capacity Inn']);
    expect(await q(7, 2)).toEqual([]);
    expect(await q(8, 3)).toEqual(['Capacity Inn']);
    expect(await q(1, 4)).toEqual([]);
  });

  it('checks the party against free rooms only, and prices the stay at its lowest free room', async () => {
    const stay = await addStay({ name: 'Busy Lodge', city: 'cuttack' }, [
      { price: 1000, maxPeople: 4, numbers: [1] },
      { price: 3000, maxPeople: 2, numbers: [2, 3] },
    ]);
    await book(stay.id, [stay.room(1)], day(0), day(1));
    const res = await search({ city: 'cuttack', checkIn: day(0), checkOut: day(1), adults: 2 });
    expect(res.json().stays).toMatchObject([{ name: 'Busy Lodge', lowestPrice: 3000, freeRooms: 2 }]);
    expect(await names({ city: 'cuttack', checkIn: day(0), checkOut: day(1), adults: 4 })).toEqual([]);
    expect(await names({ city: 'cuttack', checkIn: day(0), checkOut: day(1), adults: 4, rooms: 2 })).toEqual(['Busy Lodge']);
    const later = await search({ city: 'cuttack', checkIn: day(1), checkOut: day(2) });
    expect(later.json().stays).toMatchObject([{ lowestPrice: 1000, freeRooms: 3 }]);
  });

  it('a room booked on any one night of the stay is not free for the stay', async () => {
    const stay = await addStay({ name: 'One Room', city: 'durg' }, [{ price: 900, maxPeople: 2, numbers: [7] }]);
    await book(stay.id, [stay.room(7)], day(3), day(4));
    expect(await names({ city: 'durg', checkIn: day(0), checkOut: day(5) })).toEqual([]);
    expect(await names({ city: 'durg', checkIn: day(0), checkOut: day(3) })).toEqual(['One Room']);
    expect(await names({ city: 'durg', checkIn: day(4), checkOut: day(6) })).toEqual(['One Room']);
  });

  it('confirmed bookings and live holds block; expired holds and failed or cancelled bookings do not', async () => {
    const mk = async (name: string, status: Status, holdMinutes = 15) => {
      const s = await addStay({ name, city: 'erode' }, [{ price: 1500, maxPeople: 2, numbers: [1] }]);
      await book(s.id, [s.room(1)], day(0), day(2), status, holdMinutes);
    };
    await mk('Confirmed', 'confirmed');
    await mk('Live hold', 'pending_payment', 15);
    await mk('Expired hold', 'pending_payment', -1);
    await mk('Marked expired', 'expired', -1);
    await mk('Failed', 'payment_failed', -1);
    await mk('Cancelled', 'cancelled');
    expect((await names({ city: 'erode', checkIn: day(0), checkOut: day(1) })).sort()).toEqual([
      'Cancelled',
      'Expired hold',
      'Failed',
      'Marked expired',
    ]);
  });

  it('finds the city whatever its case, by its other spellings and by the start of its name', async () => {
    await addStay({ name: 'Garden City Stay', city: 'bengaluru' }, [{ price: 1800, maxPeople: 2, numbers: [1] }]);
    const q = (city: string) => names({ city, checkIn: day(0), checkOut: day(1) });
    expect(await q('Bengaluru')).toEqual(['Garden City Stay']);
    expect(await q('  BENGALURU ')).toEqual(['Garden City Stay']);
    expect(await q('Bangalore')).toEqual(['Garden City Stay']);
    expect(await q('beng')).toEqual(['Garden City Stay']);
    expect(await q('be')).toEqual([]);
    expect(await q('mumbai')).toEqual([]);
  });

  it('leaves out archived stays, room types and room numbers', async () => {
    const gone = await addStay({ name: 'Archived Stay', city: 'gaya' }, [{ price: 1000, maxPeople: 2, numbers: [1] }]);
    await app.db.update(stays).set({ archivedAt: new Date() }).where(eq(stays.id, gone.id));
    const rooms = await addStay({ name: 'No Live Rooms', city: 'gaya' }, [
      { price: 1000, maxPeople: 2, numbers: [1] },
      { price: 2000, maxPeople: 2, numbers: [2] },
    ]);
    await app.db
      .update(roomNumbers)
      .set({ archivedAt: new Date() })
      .where(eq(roomNumbers.id, rooms.room(1)));
    await app.db.update(roomTypes).set({ archivedAt: new Date() }).where(eq(roomTypes.price, 2000));
    expect(await names({ city: 'gaya', checkIn: day(0), checkOut: day(1) })).toEqual([]);
  });

  describe('filters, sorts and pages', () => {
    beforeAll(async () => {
      await addStay(
        { name: 'Alpha Hotel', city: 'hampi', type: 'Hotel', rating: 8.5, distance: 5, amenities: ['Free Wifi', 'Spa'] },
        [{ price: 3000, maxPeople: 2, numbers: [1] }],
      );
      await addStay(
        { name: 'Beta Villa', city: 'hampi', type: 'Villa', rating: 9.2, distance: 12, amenities: ['Free Wifi', 'Gym', 'Spa'] },
        [{ price: 6000, maxPeople: 4, numbers: [1] }],
      );
      await addStay({ name: 'Gamma Cabin', city: 'hampi', type: 'Cabin', rating: 6, distance: 1, amenities: ['Parking'] }, [
        { price: 1200, maxPeople: 2, numbers: [1, 2] },
      ]);
    });
    const base = { city: 'hampi', checkIn: day(0), checkOut: day(1) };

    it('filters by type, every amenity asked, price range and rating', async () => {
      expect(await names({ ...base, type: 'Villa' })).toEqual(['Beta Villa']);
      expect(await names({ ...base, amenities: 'Spa' })).toEqual(['Alpha Hotel', 'Beta Villa']);
      expect(await names({ ...base, amenities: 'Spa,Gym' })).toEqual(['Beta Villa']);
      expect(await names({ ...base, minPrice: 2000 })).toEqual(['Alpha Hotel', 'Beta Villa']);
      expect(await names({ ...base, maxPrice: 3000 })).toEqual(['Gamma Cabin', 'Alpha Hotel']);
      expect(await names({ ...base, minPrice: 3000, maxPrice: 3000 })).toEqual(['Alpha Hotel']);
      expect(await names({ ...base, minRating: 8.5 })).toEqual(['Alpha Hotel', 'Beta Villa']);
      expect(await names({ ...base, type: 'Resort' })).toEqual([]);
    });

    it('sorts by price (default), price high to low, rating and distance', async () => {
      expect(await names(base)).toEqual(['Gamma Cabin', 'Alpha Hotel', 'Beta Villa']);
      expect(await names({ ...base, sort: 'price_desc' })).toEqual(['Beta Villa', 'Alpha Hotel', 'Gamma Cabin']);
      expect(await names({ ...base, sort: 'rating' })).toEqual(['Beta Villa', 'Alpha Hotel', 'Gamma Cabin']);
      expect(await names({ ...base, sort: 'distance' })).toEqual(['Gamma Cabin', 'Alpha Hotel', 'Beta Villa']);
    });

    it('pages the results and reports the total', async () => {
      const first = (await search({ ...base, pageSize: 2 })).json();
      expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(first.stays.map((s: { name: string }) => s.name)).toEqual(['Gamma Cabin', 'Alpha Hotel']);
      const second = (await search({ ...base, pageSize: 2, page: 2 })).json();
      expect(second).toMatchObject({ total: 3, page: 2 });
      expect(second.stays.map((s: { name: string }) => s.name)).toEqual(['Beta Villa']);
      const past = (await search({ ...base, pageSize: 2, page: 5 })).json();
      expect(past).toMatchObject({ stays: [], total: 3, page: 5 });
      expect((await search(base)).json().pageSize).toBe(LIMITS.pageSize);
    });

    it('answers each hit with the stay fields', async () => {
      const [hit] = (await search({ ...base, type: 'Hotel' })).json().stays;
      expect(hit).toMatchObject({
        name: 'Alpha Hotel',
        type: 'Hotel',
        city: 'hampi',
        distance: 5,
        rating: 8.5,
        amenities: ['Free Wifi', 'Spa'],
        lowestPrice: 3000,
        freeRooms: 1,
        hotelImage: null,
        roomImages: [],
        experience: 'Good',
        featured: false,
      });
      expect(hit.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(hit.createdAt)).not.toBeNaN();
    });
  });

  it('refuses bad input with the right message', async () => {
    const ok = { city: 'agra', checkIn: day(0), checkOut: day(1) };
    const message = async (query: Record<string, string | number>) => {
      const res = await search(query);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await message({ checkIn: day(0), checkOut: day(1) })).toBe(MSG.cityRequired);
    expect(await message({ ...ok, city: '  ' })).toBe(MSG.cityRequired);
    expect(await message({ ...ok, checkIn: addDays(today, -1) })).toBe(STAY_DATE_MSG.checkInPast);
    expect(await message({ ...ok, checkOut: day(0) })).toBe(STAY_DATE_MSG.checkOutNotAfter);
    expect(await message({ ...ok, checkOut: addDays(day(0), LIMITS.maxNights + 1) })).toBe(STAY_DATE_MSG.tooLong);
    expect(await message({ ...ok, checkIn: 'tomorrow' })).toBe('Date must be a real date written yyyy-MM-dd');
    expect(await message({ ...ok, adults: 0 })).toBe('Adults must be at least 1');
    expect(await message({ ...ok, rooms: 0 })).toBe('Rooms must be at least 1');
    expect(await message({ ...ok, children: -1 })).toBe('Children must be at least 0');
    expect(await message({ ...ok, minPrice: 5000, maxPrice: 100 })).toBe(SEARCH_MSG.priceRange);
    expect(await message({ ...ok, sort: 'random' })).toBe('Sort must be one of price_asc, price_desc, rating, distance');
    expect(await message({ ...ok, type: 'Castle' })).toMatch(/^Type must be one of/);
    expect(await message({ ...ok, amenities: 'Pool' })).toMatch(/^Amenities must be from/);
    expect(await message({ ...ok, page: 'x' })).toBe('Page must be a number');
  });

  it('finds the same stays, prices and counts with the statement shaped for the search as with the general one', async () => {
    // A city of stays with every pricing and availability case: weekend prices, minimum nights, a season, rooms
    // taken for one night and for several, types of every size.
    const city = 'kochi';
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const stay = await addStay({ name: `Shape Stay ${i}`, city, rating: 5 + i }, [
        { price: 1500 + i * 300, maxPeople: 1 + (i % 2), numbers: [100 + i, 200 + i] },
        { price: 2400 + i * 100, maxPeople: 3, numbers: [300 + i] },
        { price: 3900 - i * 200, maxPeople: 4 + (i % 2), numbers: [400 + i, 500 + i, 600 + i] },
      ]);
      ids.push(stay.id);
      if (i % 2 === 0) await book(stay.id, [stay.room(100 + i), stay.room(400 + i)], day(1 + i), day(3 + i));
      if (i % 3 === 0) await book(stay.id, [stay.room(300 + i)], day(2), day(3));
      if (i === 4) await book(stay.id, [stay.room(500 + i), stay.room(600 + i), stay.room(200 + i)], day(0), day(6));
    }
    const types = await app.db.select({ id: roomTypes.id, stayId: roomTypes.stayId, price: roomTypes.price }).from(roomTypes);
    const ours = types.filter((t) => ids.includes(t.stayId));
    for (const [k, t] of ours.entries()) {
      if (k % 3 === 0)
        await app.db
          .update(roomTypes)
          .set({ weekendPrice: t.price + 700 })
          .where(eq(roomTypes.id, t.id));
      if (k % 4 === 1) await app.db.update(roomTypes).set({ minNights: 2 }).where(eq(roomTypes.id, t.id));
    }
    const seasonal = ours.filter((t) => t.stayId === ids[1]);
    await app.db.insert(roomTypeRates).values(
      seasonal.map((t, k) => ({
        roomTypeId: t.id,
        stayId: t.stayId,
        startsOn: day(2),
        endsOn: day(4),
        price: t.price + 1000,
        weekendPrice: k === 0 ? t.price + 1500 : null,
        minNights: k === 1 ? 3 : null,
      })),
    );
    const general = Object.fromEntries(
      SEARCH_SORTS.map((sort) => [sort, namedStatement<HitRow>(`test_search_general_${sort}`, searchSql(sort))]),
    );
    let shaped = 0;
    for (const sort of SEARCH_SORTS)
      for (let from = 0; from < 7; from += 2)
        for (const nights of [1, 2, 4])
          for (const [rooms, guests] of [
            [1, 1],
            [1, 4],
            [2, 3],
            [3, 8],
          ] as const) {
            const filter: AvailabilityFilter = {
              cities: [city],
              checkIn: day(from),
              checkOut: day(from + nights),
              guests,
              party: { adults: guests, children: 0, infants: 0 },
              rooms,
              sort,
              limit: 4,
              offset: 0,
            };
            const shape = searchShape(filter);
            if (shape.oneRoom || shape.oneNight) shaped += 1;
            const key = (rows: HitRow[]) =>
              rows.map((r) => `${r.id} ${Number(r.lowest_price)} ${Number(r.free_rooms)} ${Number(r.total)}`);
            expect(key(await findAvailableStays(app.db, filter)), JSON.stringify(filter)).toEqual(
              key(await (general[sort] as (typeof general)[string])(app.db, searchValues(filter))),
            );
          }
    expect(shaped).toBeGreaterThan(0);
  });

  it('a stay check-in today is allowed', async () => {
    expect((await search({ city: 'agra', checkIn: today, checkOut: addDays(today, 1) })).statusCode).toBe(200);
  });

  it('answers 401 without a live guest token', async () => {
    const q = { city: 'agra', checkIn: day(0), checkOut: day(1) };
    expect((await search(q, null)).statusCode).toBe(401);
    expect((await search(q, { authorization: 'Bearer not.a.token' })).statusCode).toBe(401);
    const stay = await addStay({ name: 'Token Test', city: 'kota' }, [{ price: 1000, maxPeople: 2, numbers: [1] }]);
    const res = await app.inject({ url: `/api/stays/${stay.id}/room-types`, query: { checkIn: day(0), checkOut: day(1) } });
    expect(res.statusCode).toBe(401);
  });

  describe('room types with availability', () => {
    const roomTypesOf = (id: string, checkIn: string, checkOut: string) =>
      app.inject({ url: `/api/stays/${id}/room-types`, query: { checkIn, checkOut }, headers: guest.headers });

    it('flags each room number free or taken for the nights', async () => {
      const stay = await addStay({ name: 'Flag Stay', city: 'leh' }, [
        { title: 'Deluxe', price: 4000, maxPeople: 3, numbers: [202, 201] },
        { title: 'Standard', price: 2000, maxPeople: 2, numbers: [101] },
      ]);
      await book(stay.id, [stay.room(201)], day(1), day(2));
      await book(stay.id, [stay.room(101)], day(0), day(1), 'pending_payment', -5);

      const res = await roomTypesOf(stay.id, day(0), day(2));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().roomTypes).toMatchObject([
        { title: 'Standard', price: 2000, maxPeople: 2, stayId: stay.id, roomNumbers: [{ number: 101, available: true }] },
        {
          title: 'Deluxe',
          price: 4000,
          maxPeople: 3,
          roomNumbers: [
            { number: 201, available: false, id: stay.room(201) },
            { number: 202, available: true, id: stay.room(202) },
          ],
        },
      ]);
      const after = (await roomTypesOf(stay.id, day(2), day(3))).json();
      expect(after.roomTypes[1].roomNumbers[0]).toMatchObject({ number: 201, available: true });
    });

    it('answers an empty list for a stay without rooms, 404 for unknown or archived stays', async () => {
      const empty = await addStay({ name: 'Roomless', city: 'leh' }, []);
      expect((await roomTypesOf(empty.id, day(0), day(1))).json()).toEqual({ roomTypes: [], lowestPrice: null });
      expect((await roomTypesOf('00000000-0000-4000-8000-000000000000', day(0), day(1))).statusCode).toBe(404);
      await app.db.update(stays).set({ archivedAt: new Date() }).where(eq(stays.id, empty.id));
      expect((await roomTypesOf(empty.id, day(0), day(1))).statusCode).toBe(404);
      expect((await roomTypesOf('not-a-uuid', day(0), day(1))).statusCode).toBe(400);
    });

    it('refuses past, reversed and too long date ranges', async () => {
      const stay = await addStay({ name: 'Date Rules', city: 'leh' }, [{ price: 1000, maxPeople: 2, numbers: [1] }]);
      const msg = async (a: string, b: string) => {
        const res = await roomTypesOf(stay.id, a, b);
        expect(res.statusCode).toBe(400);
        return res.json().message;
      };
      expect(await msg(addDays(today, -1), day(0))).toBe(STAY_DATE_MSG.checkInPast);
      expect(await msg(day(1), day(1))).toBe(STAY_DATE_MSG.checkOutNotAfter);
      expect(await msg(day(0), addDays(day(0), LIMITS.maxNights + 1))).toBe(STAY_DATE_MSG.tooLong);
    });
  });
});

function stringify(q: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
}
