import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { partyCounts } from '@repo/shared/domain/plans';
import { SEARCH_SORTS } from '@repo/shared/schemas/search';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { SearchIndex } from '#src/features/search/availability/index.ts';
import { type AvailabilityFilter, countAvailableStays, findAvailableStays } from '#src/features/search/search.repository.ts';
import { createTestDatabase, testEngine, until } from './helper.ts';

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

const CITIES = { alpha: 150, beta: 40, gamma: 8 } as const;

/**
 * The availability kept per city (ADR 037) against the search statement it stands in for: the same stays, in the same
 * order, with the same prices, free rooms and totals, on thousands of random searches over a random catalogue with
 * confirmed bookings, live and lapsed holds, cancelled bookings, owners' blocks, seasons, weekend prices, minimum
 * nights, archived stays and stays not for sale, types and rooms, and names and prices that tie.
 */
describe(`search from the kept availability = the search statement (${testEngine})`, async () => {
  const database = await createTestDatabase();
  afterAll(() => database.drop());
  const db = database.db;
  const today = todayInIndia();
  const [owner] = await db
    .insert(users)
    .values({ firstName: 'O', lastName: 'W', email: 'owner@index.test', mobile: '9000000000', passwordHash: 'x', isAdmin: true })
    .returning();
  if (!owner) throw new Error('no owner');
  const ownerId = owner.id;
  await db.execute(sql`select setseed(0.37)`);
  const cityList = Object.entries(CITIES).flatMap(([c, n]) => Array.from({ length: n }, () => c));
  await db.execute(sql`
    insert into stays (owner_id, name, type, title, address, city, distance, description, overview, lowest_price,
                       amenities, rating, experience, featured, reviews_count, reviews_rating, archived_at,
                       not_for_sale)
    select ${owner.id}::uuid,
           (array['Lake View','lake view','Palm','Éden','Zeta','Hill Top'])[1 + floor(random() * 6)::int] || case when random() < 0.5 then '' else ' ' || (g % 7) end,
           (array['Hotel','Villa','Resort','Cottage','Cabin'])[1 + floor(random() * 5)::int],
           'Stay ' || g, g || ' Road', (${`{${cityList.join(',')}}`}::text[])[g], floor(random() * 8) / 2.0,
           'd', 'o', 1000,
           array(select a from unnest(array['Free Wifi','Breakfast','Cab service','Spa','Gym','Parking']) a where g > 0 and random() < 0.5),
           5 + floor(random() * 10) * 5 / 10.0,
           (array['Poor','Average','Good','Satisfactory','Excellent'])[1 + floor(random() * 5)::int],
           false,
           case when random() < 0.3 then 1 + floor(random() * 5)::int else 0 end,
           case when random() < 0.3 then 3 + floor(random() * 5) * 0.5 end,
           case when random() < 0.05 then now() end,
           case when random() < 0.05 then 'must_register' end
    from generate_series(1, ${cityList.length}::int) g`);
  await db.execute(sql`
    insert into room_types (stay_id, title, description, price, max_people, weekend_price, min_nights, archived_at)
    select s.id, 'T' || k, 'd', p, 1 + floor(random() * 4)::int,
           case when random() < 0.3 then p + 500 when random() < 0.1 then p - 200 end, case when random() < 0.15 then 2 + floor(random() * 2)::int else 1 end,
           case when random() < 0.08 then now() end
    from stays s cross join generate_series(1, 4) k cross join lateral (select 800 + floor(random() * 20)::int * 200 + k * 0 as p) x
    where random() < 0.8`);
  await db.execute(sql`
    insert into room_type_rates (room_type_id, stay_id, starts_on, ends_on, price, weekend_price, min_nights)
    select t.id, t.stay_id, ${today}::date + k * 12 + floor(random() * 5)::int, ${today}::date + k * 12 + 5 + floor(random() * 5)::int,
           t.price + case when random() < 0.25 then -300 else 700 end,
           case when random() < 0.5 then t.price + 1500 when random() < 0.2 then t.price - 400 end, case when random() < 0.3 then 3 end
    from room_types t cross join generate_series(0, 2) k
    where abs(hashtext(t.stay_id::text)) % 4 = 0`);
  // Rate plans (ADR 065): each type's standard plan (made with it) with random occupancy prices, and derived plans by
  // amount or by percent (odd percents, so that rounding matters), some deleted.
  await db.execute(sql`
    update rate_plans set single_less = case when random() < 0.4 then 100 * floor(random() * 4)::int else 0 end,
           extra_adult = case when random() < 0.5 then 100 * floor(random() * 8)::int else 0 end,
           child_price = case when random() < 0.5 then 50 * floor(random() * 10)::int else 0 end,
           infant_price = case when random() < 0.2 then 150 else 0 end
    where standard`);
  await db.execute(sql`
    insert into rate_plans (room_type_id, stay_id, name, meal_plan, parent_id, adjust_kind, adjust_value, single_less,
                            extra_adult, child_price, infant_price, archived_at)
    select p.room_type_id, p.stay_id, 'D' || k, 'CP', p.id, x.kind,
           case when x.kind = 'amount' then 100 * (floor(random() * 12)::int - 3) else floor(random() * 80)::int - 30 end,
           case when random() < 0.3 then 200 else 0 end, case when random() < 0.5 then 300 + 100 * k else 0 end,
           case when random() < 0.5 then 250 else 0 end, 0, case when random() < 0.1 then now() end
    from rate_plans p cross join generate_series(1, 2) k
    cross join lateral (select case when random() < 0.5 then 'amount' else 'percent' end || substr(p.id::text, 1, 0) as kind) x
    where p.standard and random() < 0.6`);
  await db.execute(sql`
    insert into room_numbers (room_type_id, stay_id, number, archived_at)
    select t.id, t.stay_id, k * 100 + n, case when random() < 0.05 then now() end
    from (select t.*, row_number() over (partition by t.stay_id order by t.id) as k from room_types t) t
    cross join generate_series(1, 4) n where n <= 1 + floor(random() * 4)::int`);
  // Bookings of one room each, 1–4 nights in the next 40 days: confirmed, held (live or lapsed), or over.
  await db.execute(sql`
    create temp table plan as
    select gen_random_uuid() as id, r.id as room_id, r.stay_id, ${today}::date + k * 10 + floor(random() * 6)::int as ci,
           1 + floor(random() * 4)::int as nights,
           (array['confirmed','confirmed','confirmed','pending_payment','pending_payment','cancelled','expired'])[1 + floor(random() * 7)::int] as status,
           case when random() < 0.5 then now() + interval '1 day' else now() - interval '1 day' end as hold_until
    from room_numbers r cross join generate_series(0, 3) k where random() < 0.55`);
  await db.execute(sql`
    insert into bookings (id, user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, status,
                          provider, provider_order_id, hotel_name, hold_expires_at)
    select p.id, ${owner.id}::uuid, p.stay_id, p.ci, p.ci + p.nights, p.nights, 1, 0, 100000, p.status, 'sandbox',
           'order_' || replace(p.id::text, '-', ''), 'S', p.hold_until
    from plan p`);
  await db.execute(sql`
    insert into room_nights (room_number_id, night, booking_id, stay_id)
    select p.room_id, p.ci + d, p.id, p.stay_id from plan p cross join lateral generate_series(0, p.nights - 1) d
    on conflict do nothing`);
  // Owners' blocks on a few rooms.
  await db.execute(sql`
    with b as (
      insert into room_blocks (stay_id, room_number_id, starts_on, ends_on, created_by)
      select r.stay_id, r.id, ${today}::date + 45, ${today}::date + 47, ${owner.id}::uuid from room_numbers r where random() < 0.1
      returning id, stay_id, room_number_id, starts_on, ends_on)
    insert into room_nights (room_number_id, night, block_id, stay_id)
    select b.room_number_id, d::date, b.id, b.stay_id from b cross join lateral generate_series(b.starts_on, b.ends_on - 1, interval '1 day') d
    on conflict do nothing`);
  await db.execute(sql`drop table plan`);

  const index = new SearchIndex(db);
  index.setListening(true);
  await Promise.all(Object.keys(CITIES).map((c) => index.load(c)));

  const rnd = random(20261126);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  function randomFilter(): AvailabilityFilter {
    const checkIn = addDays(today, Math.floor(rnd() * 50));
    const rooms = pick([1, 1, 1, 2, 3]);
    // Parties of adults and children of every age band (0–5, 6–12, 13–17).
    const adults = rooms + Math.floor(rnd() * 3 * rooms);
    const ages = Array.from({ length: pick([0, 0, 1, 2, 3]) }, () => Math.floor(rnd() * 18));
    return {
      cities: [pick(Object.keys(CITIES))],
      checkIn,
      checkOut: addDays(checkIn, pick([1, 1, 2, 3, 5, 8])),
      guests: adults + ages.length,
      party: partyCounts(adults, ages.length, ages),
      rooms,
      type: rnd() < 0.15 ? pick(['Hotel', 'Villa', 'Resort']) : undefined,
      amenities: rnd() < 0.2 ? [pick(['Free Wifi', 'Spa', 'Breakfast'])] : rnd() < 0.05 ? ['Free Wifi', 'Gym'] : undefined,
      minRating: rnd() < 0.15 ? pick([3, 3.5, 4, 4.5, 5, 7]) : undefined,
      minPrice: rnd() < 0.1 ? pick([1000, 2000, 3000]) : undefined,
      maxPrice: rnd() < 0.15 ? pick([1500, 2500, 4000]) : undefined,
      sort: pick(SEARCH_SORTS),
      limit: pick([10, 10, 20, 5]),
      offset: rnd() < 0.7 ? 0 : pick([5, 10, 20, 60, 200]),
    };
  }
  /** One search both ways: stays, their order, prices and free rooms, and the total. */
  async function compare(f: AvailabilityFilter) {
    const kept = await index.search(f);
    if (!kept) throw new Error(`not answered from the kept availability: ${JSON.stringify(f)}`);
    const rows = await findAvailableStays(db, f);
    const total = rows[0] ? Number(rows[0].total) : f.offset > 0 ? await countAvailableStays(db, f) : 0;
    const shape = (r: {
      id: string;
      lowest_price: number | string;
      lowest_total: number | string;
      free_rooms: number | string;
    }) => `${r.id} ${Number(r.lowest_price)} ${Number(r.lowest_total)} ${Number(r.free_rooms)}`;
    expect({ filter: f, total: kept.total, rows: kept.rows.map(shape) }).toEqual({ filter: f, total, rows: rows.map(shape) });
    return total;
  }

  it('answers 2,000 random searches exactly as the statement does', async () => {
    let found = 0;
    let empty = 0;
    for (let i = 0; i < 2000; i++) {
      const total = await compare(randomFilter());
      found += total;
      if (total === 0) empty += 1;
    }
    // The searches were varied: most found stays, some found none.
    expect(found).toBeGreaterThan(20_000);
    expect(empty).toBeGreaterThan(20);
    expect(empty).toBeLessThan(1500);
  });

  it("follows reported changes: a stay's new booking, its new name, a stay archived", async () => {
    const f: AvailabilityFilter = {
      cities: ['alpha'],
      checkIn: addDays(today, 60),
      checkOut: addDays(today, 62),
      guests: 1,
      party: { adults: 1, children: 0, infants: 0 },
      rooms: 1,
      sort: 'price_asc',
      limit: 200,
      offset: 0,
    };
    // A stay the search finds on the dates (its rooms, types and minimum nights are random), so that taking all its
    // rooms takes it out of the results.
    const [found] = await findAvailableStays(db, f);
    if (!found) throw new Error('no stay found on the dates');
    const stay = { id: found.id, city: 'alpha' };
    const before = await compare(f);
    // Every live room of the stay booked for the dates.
    await db.execute(sql`
      with b as (
        insert into room_blocks (stay_id, room_number_id, starts_on, ends_on, created_by)
        select r.stay_id, r.id, ${f.checkIn}::date, ${f.checkOut}::date, ${owner.id}::uuid
        from room_numbers r where r.stay_id = ${stay.id}::uuid returning id, stay_id, room_number_id)
      insert into room_nights (room_number_id, night, block_id, stay_id)
      select b.room_number_id, n, b.id, b.stay_id from b cross join (values (${f.checkIn}::date), (${f.checkOut}::date - 1)) v(n)
      on conflict do nothing`);
    index.stayChanged(stay.id, stay.city);
    expect(await compare(f)).toBe(before - 1);
    await db.execute(sql`update stays set name = 'Aardvark' where id = ${stay.id}::uuid`);
    await db.execute(sql`delete from room_nights where stay_id = ${stay.id}::uuid and block_id is not null`);
    index.stayChanged(stay.id, stay.city);
    expect(await compare(f)).toBe(before);
    for (let i = 0; i < 100; i++) await compare({ ...randomFilter(), cities: ['alpha'] });
    await db.execute(sql`update stays set archived_at = now() where id = ${stay.id}::uuid`);
    index.stayChanged(stay.id, stay.city);
    expect(await compare(f)).toBe(before - 1);
    // A few stays read again are counted apart from the city's nights by night; many, and those are built anew.
    const all = await selectRows<{ id: string }>(db, sql`select id from stays where city = 'alpha'`);
    // Three rounds, so that a city built anew is built anew again from what its last build kept.
    const rounds = [0, 1, 2].flatMap((k) => [all.slice(3 * k, 3 * k + 3), all.slice(9 + 40 * k, 49 + 40 * k)]);
    for (const [n, batch] of rounds.entries()) {
      await db.execute(sql`delete from room_nights where stay_id = any(${`{${batch.map((r) => r.id).join(',')}}`}::uuid[])
        and night = ${addDays(today, 3 + n)}::date`);
      for (const r of batch) index.stayChanged(r.id, 'alpha');
      for (let i = 0; i < 60; i++) await compare({ ...randomFilter(), cities: ['alpha'] });
    }
  });

  it('answers by the statement while many changed stays are read again, then by the kept availability', async () => {
    const patient = new SearchIndex(db, { waitForAtMost: 10 });
    patient.setListening(true);
    await patient.load('alpha');
    const f: AvailabilityFilter = { ...randomFilter(), cities: ['alpha'] };
    expect(await patient.search(f)).not.toBeNull();
    const all = await selectRows<{ id: string }>(db, sql`select id from stays where city = 'alpha' limit 50`);
    for (const r of all) patient.stayChanged(r.id, 'alpha');
    expect(await patient.search(f)).toBeNull();
    // Answered by the kept availability again once the changed stays have been read in the background.
    const kept = await until(
      () => patient.search(f),
      (answer) => answer !== null,
      { what: 'answered from the kept availability', timeout: 20_000, interval: 10 },
    );
    const rows = await findAvailableStays(db, f);
    expect(kept?.rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('keeps the cities within its memory: the least recently searched forgotten first, one too large not kept', async () => {
    const probe = new SearchIndex(db);
    probe.setListening(true);
    const sizes: Record<string, number> = {};
    for (const city of ['alpha', 'beta', 'gamma']) {
      const before = probe.kept.bytes;
      await probe.load(city);
      sizes[city] = probe.kept.bytes - before;
    }
    const { alpha = 0, beta = 0, gamma = 0 } = sizes;
    expect(alpha).toBeGreaterThan(beta + gamma);
    let clock = Date.now();
    const f = (city: string): AvailabilityFilter => ({
      ...randomFilter(),
      checkIn: addDays(today, 1),
      checkOut: addDays(today, 2),
      cities: [city],
    });
    // Room for beta and gamma only: alpha is read, found too large alone, and not kept (nor read again at once). A
    // city's size read again may differ by a few bytes (its stays come back in any order): half the margin to alpha.
    const room = beta + gamma + Math.floor((alpha - beta - gamma) / 2);
    const small = new SearchIndex(db, { maxBytes: room, now: () => clock, idleMs: 60_000 });
    small.setListening(true);
    await small.load('beta');
    await small.load('gamma');
    expect(await small.search(f('beta'))).not.toBeNull();
    await small.load('alpha');
    expect(small.kept.cities.sort()).toEqual(['beta', 'gamma']);
    expect(await small.search(f('alpha'))).toBeNull();
    expect(small.kept.cities).not.toContain('alpha');
    // Room for two of the three: alpha makes room by forgetting the least recently searched (gamma, not beta).
    const two = new SearchIndex(db, { maxBytes: alpha + beta + gamma / 2, now: () => clock, idleMs: 60_000 });
    two.setListening(true);
    await two.load('gamma');
    await two.load('beta');
    clock += 1000;
    expect(await two.search(f('beta'))).not.toBeNull();
    await two.load('alpha');
    expect(two.kept.cities.sort()).toEqual(['alpha', 'beta']);
    expect(two.kept.bytes).toBeLessThanOrEqual(alpha + beta + gamma / 2);
    // A city not searched for idleMs is forgotten on a later search of another; the one kept still answers right.
    const idle = new SearchIndex(db, { now: () => clock, idleMs: 60_000 });
    idle.setListening(true);
    await idle.load('beta');
    await idle.load('gamma');
    clock += 30_000;
    await idle.search(f('gamma'));
    clock += 45_000;
    await idle.search(f('gamma'));
    expect(idle.kept.cities).toEqual(['gamma']);
  });

  /** A stay alone in a city of its own (its room types and rooms added by the test). */
  async function loneStay(name: string, city: string) {
    const [stay] = await selectRows<{ id: string }>(
      db,
      sql`insert into stays (owner_id, name, type, title, address, city, distance, description, overview, lowest_price,
                             amenities, rating, experience, featured)
          values (${ownerId}::uuid, ${name}, 'Hotel', ${name}, '1 Road', ${city}, 1, 'd', 'o', 1000, '{}', 8, 'Good', false)
          returning id`,
    );
    if (!stay) throw new Error('no stay');
    return stay;
  }

  it("frees a lapsed hold's room on dates it counted before (a range's kept counts hold until a night runs out)", async () => {
    const stay = await loneStay('Lone', 'omega');
    await db.execute(sql`
      with t as (insert into room_types (stay_id, title, description, price, max_people)
                 values (${stay.id}::uuid, 'T', 'd', 1000, 2) returning id, stay_id),
           r as (insert into room_numbers (room_type_id, stay_id, number) select id, stay_id, 101 from t returning id, stay_id),
           b as (insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, status,
                                       provider, provider_order_id, hotel_name, hold_expires_at)
                 select ${owner.id}::uuid, stay_id, ${addDays(today, 5)}::date, ${addDays(today, 7)}::date, 2, 1, 0, 200000,
                        'pending_payment', 'sandbox', 'order_lone', 'Lone', now() + interval '10 minutes' from r returning id)
      insert into room_nights (room_number_id, night, booking_id, stay_id)
      select r.id, n, b.id, r.stay_id from r, b cross join (values (${addDays(today, 5)}::date), (${addDays(today, 6)}::date)) v(n)`);
    let clock = Date.now();
    const timed = new SearchIndex(db, { now: () => clock });
    timed.setListening(true);
    await timed.load('omega');
    const on = (checkIn: string, checkOut: string): AvailabilityFilter => ({
      cities: ['omega'],
      checkIn,
      checkOut,
      guests: 1,
      party: { adults: 1, children: 0, infants: 0 },
      rooms: 1,
      sort: 'price_asc',
      limit: 10,
      offset: 0,
    });
    const ranges = [on(addDays(today, 5), addDays(today, 6)), on(addDays(today, 4), addDays(today, 8))];
    // Held: each range counted, then answered again from what was kept of it.
    for (let i = 0; i < 2; i++) for (const f of ranges) expect((await timed.search(f))?.total).toBe(0);
    clock += 11 * 60_000;
    for (const f of ranges) expect((await timed.search(f))?.total).toBe(1);
  });

  it('counts a room type of more than 255 rooms right on dates searched again (its counts are not kept in a byte)', async () => {
    const stay = await loneStay('Tower', 'sigma');
    // 300 rooms of one type, every one blocked by its owner on one night.
    await db.execute(sql`
      with t as (insert into room_types (stay_id, title, description, price, max_people)
                 values (${stay.id}::uuid, 'T', 'd', 1000, 2) returning id, stay_id),
           r as (insert into room_numbers (room_type_id, stay_id, number)
                 select id, stay_id, g from t cross join generate_series(1, 300) g returning id, stay_id),
           b as (insert into room_blocks (stay_id, room_number_id, starts_on, ends_on, created_by)
                 select stay_id, id, ${addDays(today, 9)}::date, ${addDays(today, 10)}::date, ${owner.id}::uuid from r
                 returning id, stay_id, room_number_id)
      insert into room_nights (room_number_id, night, block_id, stay_id)
      select room_number_id, ${addDays(today, 9)}::date, id, stay_id from b`);
    const tower = new SearchIndex(db);
    tower.setListening(true);
    await tower.load('sigma');
    const f: AvailabilityFilter = {
      cities: ['sigma'],
      checkIn: addDays(today, 9),
      checkOut: addDays(today, 10),
      guests: 1,
      party: { adults: 1, children: 0, infants: 0 },
      rooms: 1,
      sort: 'price_asc',
      limit: 10,
      offset: 0,
    };
    for (let i = 0; i < 2; i++) expect((await tower.search(f))?.total).toBe(0);
  });

  it('leaves to the statement what it does not keep: several cities, a city not yet read, changes not heard', async () => {
    const f = randomFilter();
    expect(await index.search({ ...f, cities: ['alpha', 'beta'] })).toBeNull();
    expect(await index.search({ ...f, cities: ['delta'] })).toBeNull();
    index.setListening(false);
    expect(await index.search(f)).toBeNull();
  });
});
