import { addDays } from '@repo/shared/domain/dates';
import { partyCounts, pricePlan } from '@repo/shared/domain/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bookingRooms, bookings, ratePlans } from '#src/db/schema/index.ts';
import { book, day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, type TestApp, testEngine } from './helper.ts';

vi.setConfig({ testTimeout: 120_000 });

/** A small seeded random source (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Plan = { id: string; name: string; standard: boolean; mealPlan: string; cancellationPolicy: unknown };
type Quote = {
  id: string;
  name: string;
  meals: string;
  total: number;
  perNight: number;
  nightlyPrices: number[];
  policy: string;
};

// Rate plans (ADR 065): a standard plan per room type, plans derived from it, prices by occupancy and child age, the
// GST slab of each party's night, and one price for a party and dates in search, the room dialog, the hold and the
// invoice.
describe(`rate plans (${testEngine})`, async () => {
  const app: TestApp = await build();
  afterAll(() => app.close());
  const admin = await loginAdmin(app);
  const other = await loginAdmin(app);

  /** A stay owned by `admin`: Deluxe ₹2,500 (2 people) rooms 101, 102; Suite ₹4,000 (4 people) room 201. */
  async function ownedStay(city: string) {
    const s = await stayWithRooms(app, `Plans ${city}`, city);
    await app.db.execute(sql`update stays set owner_id = ${admin.user.id}::uuid where id = ${s.stay.id}::uuid`);
    return s;
  }
  const plansOf = async (roomTypeId: string, headers = admin.headers) =>
    app.inject({ url: `/api/admin/room-types/${roomTypeId}/plans`, headers });
  const plans = async (roomTypeId: string): Promise<Plan[]> => (await plansOf(roomTypeId)).json().plans;
  const addPlan = (roomTypeId: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'POST', url: `/api/admin/room-types/${roomTypeId}/plans`, headers, payload });
  const editPlan = (roomTypeId: string, planId: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'PUT', url: `/api/admin/room-types/${roomTypeId}/plans/${planId}`, headers, payload });
  const deletePlan = (roomTypeId: string, planId: string, headers = admin.headers) =>
    app.inject({ method: 'DELETE', url: `/api/admin/room-types/${roomTypeId}/plans/${planId}`, headers });
  const editRoomType = (roomTypeId: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/api/admin/room-types/${roomTypeId}`, headers: admin.headers, payload });
  const standardOf = async (roomTypeId: string) => {
    const found = (await plans(roomTypeId)).find((p) => p.standard);
    if (!found) throw new Error('no standard plan');
    return found;
  };
  /** The CP plan at +₹600 and the non-refundable one at −10 % of the journey. */
  async function familyPlans(roomTypeId: string) {
    const standard = await standardOf(roomTypeId);
    const cp = await addPlan(roomTypeId, {
      name: 'Bed and breakfast',
      mealPlan: 'CP',
      parentId: standard.id,
      adjustKind: 'amount',
      adjustValue: 600,
      extraAdult: 500,
      childPrice: 300,
    });
    expect(cp.statusCode, cp.body).toBe(201);
    const nr = await addPlan(roomTypeId, {
      name: 'Non-refundable',
      mealPlan: 'EP',
      parentId: standard.id,
      adjustKind: 'percent',
      adjustValue: -10,
      cancellationPolicy: { freeDays: 0, refundPercent: 0 },
      extraAdult: 500,
      childPrice: 300,
    });
    expect(nr.statusCode, nr.body).toBe(201);
    const std = await editPlan(roomTypeId, standard.id, { name: 'Standard', mealPlan: 'EP', extraAdult: 500, childPrice: 300 });
    expect(std.statusCode, std.body).toBe(200);
    return { standard: standard.id, cp: cp.json().plan.id as string, nr: nr.json().plan.id as string };
  }

  it('gives every room type a standard plan, room only under the stay policy; an owner adds, changes and deletes derived plans', async () => {
    const s = await ownedStay('alleppey');
    const [standard, ...more] = await plans(s.deluxe.id);
    expect(more).toEqual([]);
    expect(standard).toMatchObject({
      name: 'Standard',
      mealPlan: 'EP',
      standard: true,
      cancellationPolicy: null,
      parentId: null,
    });
    const ids = await familyPlans(s.suite.id);
    const listed = await plans(s.suite.id);
    expect(listed.map((p) => [p.id, p.mealPlan, p.standard])).toEqual([
      [ids.standard, 'EP', true],
      [ids.cp, 'CP', false],
      [ids.nr, 'EP', false],
    ]);
    expect(listed[2]?.cancellationPolicy).toEqual({ freeDays: 0, refundPercent: 0 });
    const changed = await editPlan(s.suite.id, ids.cp, {
      name: 'Breakfast',
      mealPlan: 'CP',
      parentId: ids.standard,
      adjustKind: 'amount',
      adjustValue: 700,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().plan).toMatchObject({ name: 'Breakfast', adjustValue: 700 });
    expect((await deletePlan(s.suite.id, ids.nr)).statusCode).toBe(200);
    expect((await plans(s.suite.id)).map((p) => p.id)).toEqual([ids.standard, ids.cp]);
    // The standard plan stays, and another owner sees none of it.
    const kept = await deletePlan(s.suite.id, ids.standard);
    expect(kept.statusCode).toBe(409);
    expect((await plansOf(s.suite.id, other.headers)).statusCode).toBe(404);
    expect(
      (
        await addPlan(
          s.suite.id,
          { name: 'X', mealPlan: 'AP', parentId: ids.standard, adjustKind: 'amount', adjustValue: 1 },
          other.headers,
        )
      ).statusCode,
    ).toBe(404);
    expect((await deletePlan(s.suite.id, ids.cp, other.headers)).statusCode).toBe(404);
    // A room type made from now on comes with its standard plan.
    const rows = await app.db.select().from(ratePlans).where(eq(ratePlans.roomTypeId, s.deluxe.id));
    expect(rows.map((r) => r.standard)).toEqual([true]);
  });

  it('answers bad plans with a 400 naming the field and changes nothing', async () => {
    const s = await ownedStay('coorg');
    const ids = await familyPlans(s.suite.id);
    const before = await plans(s.suite.id);
    const derived = { name: 'D', mealPlan: 'CP', parentId: ids.standard, adjustKind: 'amount', adjustValue: 100 };
    const cases: [string, Promise<Awaited<ReturnType<typeof addPlan>>>][] = [
      ['parentId', editPlan(s.suite.id, ids.cp, { ...derived, parentId: ids.cp })],
      ['parentId', addPlan(s.suite.id, { ...derived, parentId: ids.nr })],
      ['parentId', addPlan(s.suite.id, { ...derived, parentId: null })],
      ['parentId', addPlan(s.suite.id, { ...derived, parentId: (await standardOf(s.deluxe.id)).id })],
      ['parentId', editPlan(s.suite.id, ids.standard, derived)],
      ['adjustValue', addPlan(s.suite.id, { ...derived, adjustValue: -4000 })],
      ['adjustValue', addPlan(s.suite.id, { ...derived, adjustKind: 'percent', adjustValue: -100 })],
      ['singleLess', addPlan(s.suite.id, { ...derived, adjustValue: -3500, singleLess: 600 })],
      ['mealPlan', addPlan(s.suite.id, { ...derived, mealPlan: 'BB' })],
      ['childPrice', addPlan(s.suite.id, { ...derived, childPrice: -1 })],
    ];
    for (const [field, pending] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), res.body).toContain(field);
    }
    // A deleted parent is no parent.
    expect((await deletePlan(s.suite.id, ids.nr)).statusCode).toBe(200);
    const gone = await addPlan(s.suite.id, { ...derived, parentId: ids.nr });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fieldErrors.parentId).toBeDefined();
    expect((await plans(s.suite.id)).map((p) => p.id)).toEqual(before.filter((p) => p.id !== ids.nr).map((p) => p.id));
  });

  it('refuses a plan whose night fits no GST slab for a party the room holds, as the owner types it', async () => {
    const s = await ownedStay('kodaikanal');
    // ₹7,400 a night: 5 % (value 7,048). With breakfast at +₹600 a night is ₹8,000, which no slab fits (₹7,876–8,850:
    // at 5 % its value is over ₹7,500, at 18 % it is ₹7,500 or less).
    expect((await editRoomType(s.suite.id, { price: 7400 })).statusCode).toBe(200);
    const standard = await standardOf(s.suite.id);
    const breakfast = { name: 'Breakfast', mealPlan: 'CP', parentId: standard.id, adjustKind: 'amount', adjustValue: 600 };
    const refused = await addPlan(s.suite.id, breakfast);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.adjustValue).toMatch(/₹8,000.*fits no GST slab/);
    // +₹1,500: ₹8,900 a night, over ₹7,500 at 18 % — sold at 18 %.
    const crossing = await addPlan(s.suite.id, { ...breakfast, adjustValue: 1500 });
    expect(crossing.statusCode, crossing.body).toBe(201);
    // Occupancy counts too: a third adult at ₹500 puts the standard plan's night at ₹7,900.
    const third = await editPlan(s.suite.id, standard.id, { name: 'Standard', mealPlan: 'EP', extraAdult: 500 });
    expect(third.statusCode).toBe(400);
    expect(third.json().fieldErrors.extraAdult).toMatch(/₹7,900/);
    // A season the derived plan would make unsellable (₹6,600 + ₹1,500 = ₹8,100) is refused on its price.
    const season = await app.inject({
      method: 'POST',
      url: `/api/admin/room-types/${s.suite.id}/rates`,
      headers: admin.headers,
      payload: { startsOn: day(40), endsOn: day(45), price: 6600 },
    });
    expect(season.statusCode).toBe(400);
    expect(season.json().fieldErrors.price).toMatch(/^Breakfast: /);
    // So is a new base price the plan would make unsellable (₹7,000 + ₹1,500 = ₹8,500); the price stays as it was.
    const lower = await editRoomType(s.suite.id, { price: 7000 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fieldErrors.price).toMatch(/^Breakfast: .*₹8,500/);
    expect(
      (await app.inject({ url: `/api/admin/room-types/${s.suite.id}/rates`, headers: admin.headers })).json().roomType.price,
    ).toBe(7400);

    // The hold: the standard plan's ₹7,400 nights at 5 %, the breakfast plan's ₹8,900 nights at 18 %.
    const g = await guest(app);
    const taxOf = async (ratePlanIds: string[], from: number) => {
      const res = await book(app, g, {
        stayId: s.stay.id,
        checkIn: day(from),
        checkOut: day(from + 2),
        adults: 2,
        roomNumberIds: [s.r201],
        ratePlanIds,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().booking;
    };
    const plain = await taxOf([], 10);
    expect(plain.amount).toBe(2 * 7400 * 100);
    expect(plain.gst.lines.map((l: { ratePercent: number }) => l.ratePercent)).toEqual([5]);
    const cp = await taxOf([crossing.json().plan.id], 13);
    expect(cp.amount).toBe(2 * 8900 * 100);
    expect(cp.gst.lines.map((l: { ratePercent: number; title: string }) => [l.ratePercent, l.title])).toEqual([
      [18, 'Suite — Breakfast · Breakfast included'],
    ]);
  });

  it('prices a family of two adults and a child of 7 alike in search, the room dialog, the hold and its tax', async () => {
    const s = await ownedStay('wayanad');
    const ids = await familyPlans(s.suite.id);
    const g = await guest(app);
    const checkIn = day(20);
    const checkOut = addDays(checkIn, 2);
    const party = `adults=2&children=1&childAges=7`;
    const search = await app.inject({
      url: `/api/stays/search?city=wayanad&checkIn=${checkIn}&checkOut=${checkOut}&${party}`,
      headers: g.headers,
    });
    expect(search.statusCode, search.body).toBe(200);
    // Only the Suite holds three; its non-refundable plan is cheapest: ₹3,600 + ₹300 for the child a night.
    expect(search.json().stays[0]).toMatchObject({ lowestPrice: 3900, lowestTotal: 7800 });
    const dialog = await app.inject({
      url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}&${party}`,
      headers: g.headers,
    });
    expect(dialog.statusCode, dialog.body).toBe(200);
    const suite = dialog.json().roomTypes.find((t: { id: string }) => t.id === s.suite.id);
    expect(suite.plans.map((p: Quote) => [p.id, p.meals, p.total, p.perNight])).toEqual([
      [ids.standard, 'Room only', 8600, 4300],
      [ids.cp, 'Breakfast included', 9800, 4900],
      [ids.nr, 'Room only', 7800, 3900],
    ]);
    expect(suite.plans[2].nonRefundable).toBe(true);
    expect(dialog.json().lowestPrice).toBe(3900);
    // A child of 4 is free, one of 14 an adult (+₹500).
    const ages = async (list: string) =>
      (
        await app.inject({
          url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1&childAges=${list}`,
          headers: g.headers,
        })
      )
        .json()
        .roomTypes.find((t: { id: string }) => t.id === s.suite.id).plans[0].total;
    expect(await ages('4')).toBe(8000);
    expect(await ages('14')).toBe(9000);

    const held = await book(app, g, {
      stayId: s.stay.id,
      checkIn,
      checkOut,
      adults: 2,
      children: 1,
      childAges: [7],
      roomNumberIds: [s.r201],
      ratePlanIds: [ids.cp],
    });
    expect(held.statusCode, held.body).toBe(201);
    const booking = held.json().booking;
    expect(booking.amount).toBe(9800 * 100);
    expect(held.json().checkout.amount).toBe(9800 * 100);
    expect(booking.gst.total).toBe(9800 * 100);
    expect(booking.rooms).toEqual([
      { number: 201, title: 'Suite', pricePerNight: 4000, plan: 'Bed and breakfast', mealPlan: 'CP' },
    ]);
    const [row] = await app.db.select().from(bookingRooms).where(eq(bookingRooms.bookingId, booking.id));
    expect(row).toMatchObject({ ratePlanId: ids.cp, planName: 'Bed and breakfast', mealPlan: 'CP', nightlyPrices: [4900, 4900] });
    // My Orders names the plan.
    const mine = await app.inject({ url: '/api/me/bookings', headers: g.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = mine.json().bookings.find((b: { id: string }) => b.id === booking.id);
    expect(listed.rooms).toEqual([
      { number: 201, title: 'Suite', pricePerNight: 4000, plan: 'Bed and breakfast', mealPlan: 'CP' },
    ]);

    // The owner's reservations name it too.
    const reserved = await app.inject({ url: `/api/admin/reservations?stayId=${s.stay.id}`, headers: admin.headers });
    expect(reserved.statusCode, reserved.body).toBe(200);
    const listedForOwner = reserved.json().reservations.find((r: { id: string }) => r.id === booking.id);
    expect(listedForOwner.rooms).toEqual([{ number: 201, title: 'Suite', plan: 'Bed and breakfast · Breakfast included' }]);

    // The non-refundable plan's booking keeps its policy.
    const nr = await book(app, g, {
      stayId: s.stay.id,
      checkIn: addDays(checkIn, 5),
      checkOut: addDays(checkIn, 6),
      adults: 1,
      roomNumberIds: [s.r201],
      ratePlanIds: [ids.nr],
    });
    expect(nr.statusCode, nr.body).toBe(201);
    const [kept] = await app.db.select().from(bookings).where(eq(bookings.id, nr.json().booking.id));
    expect(kept?.cancellationPolicy).toEqual({ freeDays: 0, refundPercent: 0 });
  });

  it('answers a bad party with a 400 naming the field', async () => {
    const s = await ownedStay('munnar');
    const ids = await familyPlans(s.suite.id);
    const g = await guest(app);
    const checkIn = day(30);
    const checkOut = addDays(checkIn, 1);
    const old = await app.inject({
      url: `/api/stays/search?city=munnar&checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1&childAges=18`,
      headers: g.headers,
    });
    expect(old.statusCode).toBe(400);
    expect(old.json().fieldErrors.childAges).toMatch(/at most 17/);
    const tooMany = await app.inject({
      url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=1&childAges=3,5`,
      headers: g.headers,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.childAges).toBeDefined();
    const hold = (body: Record<string, unknown>) =>
      book(app, g, { stayId: s.stay.id, checkIn, checkOut, roomNumberIds: [s.r201], ...body });
    const cases: [string, Record<string, unknown>][] = [
      ['childAges', { adults: 2, children: 1, childAges: [18] }],
      ['childAges', { adults: 2, children: 1, childAges: [-1] }],
      ['childAges', { adults: 2, children: 0, childAges: [5] }],
      ['roomNumberIds', { adults: 4, children: 1, childAges: [2] }],
      ['ratePlanIds', { adults: 2, ratePlanIds: [(await standardOf(s.deluxe.id)).id] }],
      ['ratePlanIds', { adults: 2, ratePlanIds: [ids.cp, ids.nr] }],
    ];
    for (const [field, body] of cases) {
      const res = await hold(body);
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? {}), res.body).toContain(field);
    }
    expect(await app.db.select().from(bookings).where(eq(bookings.stayId, s.stay.id))).toEqual([]);
  });

  it('a plan total for any party and dates is the sum of its nights, the same in search, the dialog, the hold and its tax (seeded random)', async () => {
    const rnd = random(20261129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
    const g = await guest(app);
    for (let round = 0; round < 6; round++) {
      const s = await ownedStay(`propcity${round}`);
      const standard = await standardOf(s.suite.id);
      const occupancy = {
        singleLess: pick([0, 200, 450]),
        extraAdult: pick([0, 350, 800]),
        childPrice: pick([0, 250, 600]),
        infantPrice: pick([0, 0, 100]),
      };
      expect((await editPlan(s.suite.id, standard.id, { name: 'Standard', mealPlan: 'EP', ...occupancy })).statusCode).toBe(200);
      if (rnd() < 0.5) await editRoomType(s.suite.id, { weekendPrice: pick([4500, 3700]) });
      const from = 10 + Math.floor(rnd() * 30);
      if (rnd() < 0.5) {
        const season = {
          startsOn: day(from + 1),
          endsOn: day(from + 3),
          price: pick([5100, 3300]),
          weekendPrice: pick([null, 5900]),
        };
        const added = await app.inject({
          method: 'POST',
          url: `/api/admin/room-types/${s.suite.id}/rates`,
          headers: admin.headers,
          payload: season,
        });
        expect(added.statusCode, added.body).toBe(201);
      }
      const kind = pick(['amount', 'percent'] as const);
      const value = kind === 'amount' ? pick([-700, 600, 1100]) : pick([-13, -10, 7, 33]);
      const plan = await addPlan(s.suite.id, {
        name: 'Derived',
        mealPlan: pick(['CP', 'MAP', 'AP']),
        parentId: standard.id,
        adjustKind: kind,
        adjustValue: value,
        ...occupancy,
      });
      expect(plan.statusCode, plan.body).toBe(201);
      const planId: string = plan.json().plan.id;
      const nights = pick([1, 2, 3, 5]);
      const checkIn = day(from);
      const checkOut = addDays(checkIn, nights);
      const adults = 1 + Math.floor(rnd() * 3);
      const ages = Array.from({ length: Math.floor(rnd() * (5 - adults)) }, () => Math.floor(rnd() * 18));
      const party = `adults=${adults}&children=${ages.length}${ages.length ? `&childAges=${ages.join(',')}` : ''}`;
      const dialog = await app.inject({
        url: `/api/stays/${s.stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}&${party}`,
        headers: g.headers,
      });
      expect(dialog.statusCode, dialog.body).toBe(200);
      const types = dialog.json().roomTypes as { id: string; maxPeople: number; plans: (Quote & { fitsParty: boolean })[] }[];
      const suite = types.find((t) => t.id === s.suite.id);
      const quote = suite?.plans.find((p) => p.id === planId);
      if (!quote) throw new Error('no quote');
      // The total is the sum of its nights, each the shared rule's.
      expect(quote.total).toBe(quote.nightlyPrices.reduce((a, b) => a + b, 0));
      const rates = await app.inject({ url: `/api/admin/room-types/${s.suite.id}/rates`, headers: admin.headers });
      const { roomType, seasons } = rates.json();
      const expected = pricePlan(
        { price: roomType.price, weekendPrice: roomType.weekendPrice, minNights: roomType.minNights, seasons },
        {
          derivation: { kind, value },
          occupancy: {
            singleLess: occupancy.singleLess,
            extraAdult: occupancy.extraAdult,
            child: occupancy.childPrice,
            infant: occupancy.infantPrice,
          },
        },
        partyCounts(adults, ages.length, ages),
        checkIn,
        checkOut,
      );
      expect(quote.nightlyPrices).toEqual(expected.nightlyPrices);
      // Search: the lowest total of the plans of the types that hold the party.
      const found = await app.inject({
        url: `/api/stays/search?city=propcity${round}&checkIn=${checkIn}&checkOut=${checkOut}&${party}`,
        headers: g.headers,
      });
      const fitting = types.filter((t) => t.plans.some((p) => p.fitsParty)).flatMap((t) => t.plans.map((p) => p.total));
      expect(found.json().stays[0]?.lowestTotal, found.body).toBe(Math.min(...fitting));
      // The hold charges the quote, and its tax adds up to it.
      const held = await book(app, g, {
        stayId: s.stay.id,
        checkIn,
        checkOut,
        adults,
        children: ages.length,
        childAges: ages,
        roomNumberIds: [s.r201],
        ratePlanIds: [planId],
      });
      expect(held.statusCode, held.body).toBe(201);
      expect(held.json().booking.amount).toBe(quote.total * 100);
      expect(held.json().booking.gst.total).toBe(quote.total * 100);
      const lines = held.json().booking.gst.lines as { tariff: number; nights: number }[];
      expect(lines.reduce((sum, l) => sum + Math.round(l.tariff * 100) * l.nights, 0)).toBe(quote.total * 100);
    }
  });
});
