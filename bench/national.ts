/**
 * The national-scale section of `npm run bench` (ADR 037): 50,000 stays over 200 cities — one of 5,000 stays, five
 * of 1,000 — about 1,000,000 room numbers and 10,000,000 booked nights, in a database of its own
 * (staybook_bench_national on the bench's server), built once and reused while its definition (the SQL below) is
 * unchanged. New searches (none can reuse an answer) in the big city, a mid city and a small one, with every sort and
 * filter, each measured on two API processes in the same run: the search statement for every new search (as before
 * ADR 037, BENCH_SEARCH_INDEX=0) and the availability kept per city. Also the API processes' peak memory (VmHWM), and
 * the EXPLAIN ANALYZE of the statement in the big city.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { LIMITS } from '../packages/shared/src/constants/domain.ts';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import { newBillingAddress } from '../packages/shared/src/factories.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { sessions, users } from '../apps/api/src/db/schema/index.ts';
import { signToken, TOKEN_TTL_SECONDS } from '../apps/api/src/features/auth/tokens.ts';
import { searchShape, searchSql, searchValues } from '../apps/api/src/features/search/search.repository.ts';
import { toFilter } from '../apps/api/src/features/search/search.service.ts';
import { SearchQuery } from '../packages/shared/src/schemas/search.ts';
import { type BenchContext, type BenchSection, type Check, insertBenchOwner, type Measure } from './context.ts';

const log = (...a: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

const BIG_CITY = 'goa';
const MID_CITIES = ['bengaluru', 'delhi', 'mumbai', 'jaipur', 'chennai'];
const MID_CITY = 'bengaluru';
/** A small city: one of the 194 that share the other 40,000 stays (some 206 each). */
const SMALL_CITY = 'town007';

/**
 * The catalogue, statement by statement ($1 the owner, $2 the guest who booked, $3 the first day of bookings). Its
 * hash names the build: a change here builds the catalogue anew.
 */
const BUILD = [
  `set local session_replication_role = replica`,
  `set local synchronous_commit = off`,
  `insert into stays (owner_id, name, type, title, address, city, distance, description, overview, lowest_price,
                      amenities, rating, experience, featured)
   select $1::uuid,
          initcap(c.city) || ' ' || (array['Grand','Royal','Palm','Lake','Hill','Heritage','Garden','Sea'])[1 + (g % 8)] || ' ' || g,
          (array['Hotel','Villa','Resort','Cottage','Cabin'])[1 + ((g / 50) % 5)],
          'Stay ' || g, g || ' Main Road', c.city, ((g * 37) % 250) / 10.0,
          'A comfortable stay near the centre', 'Rooms, food and a friendly welcome.', 1000,
          case g % 4 when 0 then array['Free Wifi','Breakfast','Parking'] when 1 then array['Free Wifi','Spa','Gym']
                     when 2 then array['Breakfast','Cab service'] else array['Free Wifi','Breakfast','Spa','Gym','Parking','Cab service'] end,
          5 + ((g * 13) % 50) / 10.0,
          (array['Poor','Average','Good','Satisfactory','Excellent'])[1 + (g % 5)],
          g % 100 = 0
   from generate_series(1, 50000) g
   cross join lateral (select case
     when g <= 5000 then '${BIG_CITY}'
     when g <= 10000 then (array[${MID_CITIES.map((c) => `'${c}'`).join(',')}])[1 + (g - 5001) / 1000]
     else 'town' || lpad(((g % 194) + 1)::text, 3, '0') end as city) c`,
  `insert into room_types (stay_id, title, description, price, max_people)
   select s.id, (array['Standard','Deluxe','Family','Suite'])[t], 'A room with a view',
          800 + ((abs(hashtext(s.id::text)) + t * 7) % 40) * 100 + (t - 1) * 1500, (array[1, 2, 3, 4])[t]
   from stays s cross join generate_series(1, 4) t`,
  `update room_types set weekend_price = case when abs(hashtext(id::text)) % 3 = 0 then price + 500 + (abs(hashtext(id::text)) % 10) * 100 end,
                         min_nights = case when abs(hashtext(id::text)) % 10 = 1 then 2 else 1 end`,
  `insert into room_type_rates (room_type_id, stay_id, starts_on, ends_on, price, weekend_price, min_nights)
   select rt.id, rt.stay_id, $3::date + k * 30 + 5, $3::date + k * 30 + 14, rt.price + 1000,
          case when k % 2 = 0 then rt.price + 1800 end, case when k % 3 = 1 then 3 end
   from room_types rt cross join generate_series(0, 5) k
   where abs(hashtext(rt.stay_id::text)) % 5 = 0`,
  `update stays s set seasons_until = r.until from (select stay_id, max(ends_on) as until from room_type_rates group by stay_id) r
   where r.stay_id = s.id`,
  `insert into room_numbers (room_type_id, stay_id, number)
   select rt.id, rt.stay_id, (array[1, 2, 3, 4])[rt.max_people] * 100 + n
   from room_types rt cross join generate_series(1, 5) n`,
  `create temp table plan on commit drop as
   select gen_random_uuid() as booking_id, rn.id as room_number_id, rn.stay_id,
          ($3::date + (k * 40 + (abs(hashtext(rn.id::text)) % 36))) as check_in,
          3 + ((abs(hashtext(rn.id::text)) + k) % 2) as nights
   from room_numbers rn cross join generate_series(0, 2) k`,
  `insert into bookings (id, user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, status,
                         provider, provider_order_id, provider_payment_id, hotel_name, hold_expires_at)
   select p.booking_id, $2::uuid, p.stay_id, p.check_in, p.check_in + p.nights, p.nights, 2, 0, 250000 * p.nights,
          'confirmed', 'sandbox', 'order_' || replace(p.booking_id::text, '-', ''), 'pay_' || replace(p.booking_id::text, '-', ''),
          'Bench stay', now() - interval '1 hour'
   from plan p`,
  `insert into booking_rooms (booking_id, room_number_id, number, title, price_per_night)
   select p.booking_id, p.room_number_id, 0, 'Room', 2500 from plan p`,
  `insert into room_nights (room_number_id, night, booking_id, stay_id, room_type_id, blocks_until)
   select p.room_number_id, p.check_in + d, p.booking_id, p.stay_id, rn.room_type_id, 'infinity'
   from plan p join room_numbers rn on rn.id = p.room_number_id cross join lateral generate_series(0, p.nights - 1) d`,
  `select staybook_count_live_rooms(null)`,
];

/** The catalogue's name: its statements and the migrations it is built on. */
function definitionHash(migrationsJournal: string) {
  return createHash('sha256').update(BUILD.join('\n;\n')).update(migrationsJournal).digest('hex').slice(0, 16);
}

type Built = { builtOn: string; stays: number; rooms: number; nights: number; buildSeconds: number; reused: boolean };

/** The national catalogue in its own database: reused when built from the same definition, else built anew. */
async function nationalCatalogue(serverUrl: string, today: string): Promise<{ url: string; built: Built }> {
  const url = new URL(serverUrl);
  url.pathname = '/staybook_bench_national';
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const journal = readFileSync(new URL('../apps/api/src/db/migrations/meta/_journal.json', import.meta.url), 'utf8');
  const hash = definitionHash(journal);
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const exists = (await c.query(`select 1 from pg_database where datname = 'staybook_bench_national'`)).rowCount === 1;
  if (exists) {
    const own = new pg.Client({ connectionString: url.toString() });
    await own.connect();
    const row = await own
      .query<Built & { hash: string; built_on: string }>(
        `select hash, built_on::text as built_on, stays, rooms, nights, build_seconds as "buildSeconds" from bench_catalogue`,
      )
      .then((r) => r.rows[0])
      .catch(() => undefined);
    await own.end();
    if (row?.hash === hash) {
      await c.end();
      log(`national catalogue reused (built ${row.built_on}, definition ${hash})`);
      return {
        url: url.toString(),
        built: {
          ...row,
          builtOn: row.built_on,
          stays: Number(row.stays),
          rooms: Number(row.rooms),
          nights: Number(row.nights),
          reused: true,
        },
      };
    }
  }
  log(`building the national catalogue (definition ${hash})`);
  await c.query('drop database if exists staybook_bench_national with (force)');
  await c.query('create database staybook_bench_national');
  await c.end();
  const t0 = Date.now();
  const database = await openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 });
  const owner = await insertBenchOwner(database.db);
  const [booker] = await database.db
    .insert(users)
    .values({ firstName: 'Bench', lastName: 'Booker', email: 'booker@bench.local', mobile: '9000000001', passwordHash: 'x' })
    .returning();
  await database.close();
  if (!owner || !booker) throw new Error('users not inserted');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('begin');
  // The values are ids and a date made here: written into the statements, each statement uses the ones it needs.
  const values = [owner.id, booker.id, today];
  for (const statement of BUILD) await client.query(statement.replace(/\$([123])/g, (_, i) => `'${values[Number(i) - 1]}'`));
  await client.query('commit');
  await client.query('vacuum (analyze)');
  await client.query('checkpoint');
  const counts = (
    await client.query<{ stays: string; rooms: string; nights: string }>(`
      select (select count(*) from stays) as stays, (select count(*) from room_numbers) as rooms,
             (select count(*) from room_nights) as nights`)
  ).rows[0];
  const buildSeconds = (Date.now() - t0) / 1000;
  const built: Built = {
    builtOn: today,
    stays: Number(counts?.stays),
    rooms: Number(counts?.rooms),
    nights: Number(counts?.nights),
    buildSeconds,
    reused: false,
  };
  await client.query(
    `create table bench_catalogue as select $1::text as hash, $2::date as built_on, $3::int as stays, $4::int as rooms,
            $5::int as nights, $6::numeric as build_seconds`,
    [hash, today, built.stays, built.rooms, built.nights, buildSeconds],
  );
  await client.end();
  log(`national catalogue built in ${buildSeconds.toFixed(0)} s: ${JSON.stringify(counts)}`);
  return { url: url.toString(), built };
}

/** Guests with a live session on the national database (signed with the bench's secret): their tokens. */
async function nationalGuests(url: string, jwtSecret: string, count: number): Promise<string[]> {
  const database = await openDatabase({ url, dataDir: null, poolSize: 1 });
  const tokens: string[] = [];
  try {
    for (let i = 0; i < count; i++) tokens.push(await nationalGuest(database, jwtSecret));
  } finally {
    await database.close();
  }
  return tokens;
}

let guestNumber = 0;
async function nationalGuest(database: Awaited<ReturnType<typeof openDatabase>>, jwtSecret: string) {
  guestNumber += 1;
  const email = `guest-${Date.now()}-${guestNumber}@bench.local`;
  const [u] = await database.db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Guest',
      email,
      mobile: '9000000002',
      passwordHash: 'x',
      ...newBillingAddress(),
      emailConfirmedAt: new Date(),
    })
    .returning();
  if (!u) throw new Error('guest not inserted');
  const [s] = await database.db
    .insert(sessions)
    .values({ userId: u.id, audience: 'guest', expiresAt: new Date(Date.now() + TOKEN_TTL_SECONDS * 1000) })
    .returning({ id: sessions.id });
  if (!s) throw new Error('session not inserted');
  return signToken(jwtSecret, u, s.id, 'guest');
}

const SORTS = ['price_asc', 'price_desc', 'rating', 'distance'] as const;
/** Holds measured on each API process, after WARM_UP holds on another night (as bench/booking.ts measures them). */
const HOLDS = 2000;
const WARM_UP = 500;

/** One statement on a connection of its own to `url`: its rows. */
async function queryOn<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The big city's rooms that a one-night hold may book. */
const bigCityRooms = (url: string) =>
  queryOn<{ id: string; stay_id: string }>(
    url,
    `select rn.id, rn.stay_id from room_numbers rn join room_types rt on rt.id = rn.room_type_id
      join stays s on s.id = rn.stay_id
      where s.city = $1 and rt.min_nights = 1 order by rn.id limit 4000`,
    [BIG_CITY],
  );

/** The night after every booked or held night of the city's stays, at least 200 days from today. */
async function nightAfterAll(url: string, city: string): Promise<string> {
  const rows = await queryOn<{ night: string }>(
    url,
    `select greatest(coalesce(max(n.night), current_date), current_date + 199)::text as night
     from room_nights n join stays s on s.id = n.stay_id where s.city = $1`,
    [city],
  );
  return addDays(rows[0]?.night ?? '2100-01-01', 1);
}

/**
 * Brings the planner's statistics of bookings up to date, as autovacuum keeps a live server's (migration 0023): the
 * catalogue was analysed when it held no hold, and a reused one holds the holds of earlier runs.
 */
const analyzeBookings = (url: string) => queryOn(url, 'analyze bookings');

/** The home address of the n-th guest (serve.ts trusts one proxy). */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `amount` one-night holds of different room-nights from `first`, on 32 connections, spread over `tokens` from the
 * `guest`-th on (one count over a process's warm-up and measure, so that no guest reaches the cap).
 */
async function holds(
  ctx: BenchContext,
  baseUrl: string,
  rooms: { id: string; stay_id: string }[],
  tokens: string[],
  first: string,
  label: string,
  { amount, guest }: { amount: number; guest: number },
) {
  let n = 0;
  return (
    await ctx.load(`holds in ${BIG_CITY}, ${label}`, {
      url: baseUrl,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/api/bookings',
          setupRequest: (req) => {
            const i = n++;
            const g = (guest + i) % tokens.length;
            const room = rooms[i % rooms.length] as { id: string; stay_id: string };
            const checkIn = addDays(first, Math.floor(i / rooms.length));
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${tokens[g]}`,
                'x-forwarded-for': addressOf(g),
              },
              body: JSON.stringify({
                stayId: room.stay_id,
                checkIn,
                checkOut: addDays(checkIn, 1),
                adults: 1,
                children: 0,
                roomNumberIds: [room.id],
              }),
            };
          },
        },
      ],
    })
  ).measure;
}

/**
 * The i-th new search in `city`: check-in over the next 120 days from `from`, 1–5 nights, 1–4 adults in 1–2 rooms,
 * every sort, and a filter on most (amenities, type, rating, price range), pages 1–3: no two alike in 19,200.
 */
function newSearch(city: string, from: string, i: number): Record<string, string> {
  const checkIn = addDays(from, 1 + (i % 120));
  const j = Math.floor(i / 120);
  const rooms = 1 + (j % 2);
  const q: Record<string, string> = {
    city,
    checkIn,
    checkOut: addDays(checkIn, 1 + (Math.floor(j / 2) % 5)),
    adults: String(rooms + (Math.floor(j / 10) % 3)),
    rooms: String(rooms),
    sort: SORTS[Math.floor(j / 30) % 4] as string,
  };
  switch (i % 7) {
    case 1:
      q.amenities = 'Free Wifi';
      break;
    case 2:
      q.type = 'Hotel';
      break;
    case 3:
      q.minRating = '4';
      break;
    case 4:
      q.minPrice = '1500';
      q.maxPrice = '4000';
      break;
    case 5:
      q.page = String(2 + (i % 2));
      break;
    default:
  }
  return q;
}

/** The process's peak resident memory (VmHWM of /proc/<pid>/status), MB. */
function peakMemoryMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

export default async function national(ctx: BenchContext): Promise<BenchSection> {
  const { url, built } = await nationalCatalogue(ctx.databaseUrl, ctx.today);
  // Searches start from the later of today and the day the catalogue was built (its bookings start there).
  const from = [built.builtOn, ctx.today].sort().at(-1) ?? ctx.today;
  const holdGuests = Math.ceil((WARM_UP + HOLDS) / LIMITS.maxHeldRooms) + 32;
  const [token, ...guests] = await nationalGuests(url, ctx.jwtSecret, 1 + 2 * holdGuests);
  const headers = { authorization: `Bearer ${token}` };
  const roomsOfBigCity = await bigCityRooms(url);
  const cities = [
    { city: BIG_CITY, label: `big city (${BIG_CITY}, 5,000 stays)` },
    { city: MID_CITY, label: `mid city (${MID_CITY}, 1,000 stays)` },
    { city: SMALL_CITY, label: `small city (${SMALL_CITY}, ~206 stays)` },
  ];
  let offset = 0;
  const run = async (baseUrl: string, city: string, name: string) => {
    const start = offset;
    offset += 100_000;
    let sent = 0;
    return (
      await ctx.load(name, {
        url: baseUrl,
        requests: [
          {
            method: 'GET',
            headers,
            setupRequest: (req) => ({
              ...req,
              path: `/api/stays/search?${new URLSearchParams(newSearch(city, from, start + sent++))}`,
            }),
          },
        ],
      })
    ).measure;
  };

  // Both processes at once, to compare their answers; then each measured alone.
  const before = await ctx.startApi({ databaseUrl: url, env: { BENCH_SEARCH_INDEX: '0' } });
  const after = await ctx.startApi({ databaseUrl: url });
  const readyMs: Record<string, number> = {};
  for (const { city } of cities) {
    const t0 = Date.now();
    for (let i = 0; ; i++) {
      const res = await fetch(`${after.baseUrl}/api/stays/search?${new URLSearchParams(newSearch(city, from, 900_000 + i))}`, {
        headers,
      });
      await res.arrayBuffer();
      if (res.headers.get('x-staybook-search') === 'index') break;
      if (Date.now() - t0 > 120_000) throw new Error(`${city} was not kept after 2 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    readyMs[city] = Date.now() - t0;
    log(`${city} kept after ${readyMs[city]} ms`);
  }
  let compared = 0;
  let differ = 0;
  for (const { city } of cities)
    for (let i = 0; i < 100; i++) {
      const path = `/api/stays/search?${new URLSearchParams(newSearch(city, from, 500_000 + i * 37))}`;
      const [a, b] = await Promise.all(
        [before, after].map(async (api) => (await fetch(`${api.baseUrl}${path}`, { headers })).text()),
      );
      compared += 1;
      if (a !== b) differ += 1;
    }
  log(`answers compared: ${compared}, differing: ${differ}`);
  const keptMemory = peakMemoryMb(after.pid);

  const measures: { city: string; label: string; old: Measure; now: Measure }[] = [];
  for (const { city, label } of cities) {
    const old = await run(before.baseUrl, city, `new searches, ${label}, search statement`);
    const now = await run(after.baseUrl, city, `new searches, ${label}, kept availability`);
    measures.push({ city, label, old, now });
  }
  // Holds in the big city on each process (the second keeps the city's availability, told of every hold), on nights
  // after every night held so far (a catalogue reused keeps the holds of earlier runs).
  const firstFree = await nightAfterAll(url, BIG_CITY);
  await analyzeBookings(url);
  // Each process warmed up by WARM_UP holds two nights later (its hold path compiled, its connections' statements
  // prepared): the figures are those of a running service.
  const measureHolds = async (baseUrl: string, tokens: string[], night: string, label: string) => {
    await holds(ctx, baseUrl, roomsOfBigCity, tokens, addDays(night, 2), `${label}, warm-up`, { amount: WARM_UP, guest: 0 });
    return holds(ctx, baseUrl, roomsOfBigCity, tokens, night, label, { amount: HOLDS, guest: WARM_UP });
  };
  const holdsBefore = await measureHolds(before.baseUrl, guests.slice(0, holdGuests), firstFree, 'search statement');
  const holdsAfter = await measureHolds(after.baseUrl, guests.slice(holdGuests), addDays(firstFree, 1), 'kept availability');
  // A search there after the holds reads the stays they changed again before it answers.
  const t0 = Date.now();
  const res = await fetch(`${after.baseUrl}/api/stays/search?${new URLSearchParams(newSearch(BIG_CITY, from, 990_000))}`, {
    headers,
  });
  await res.arrayBuffer();
  const refreshMs = Date.now() - t0;
  const memory = { before: peakMemoryMb(before.pid), after: peakMemoryMb(after.pid) };
  await before.stop();
  await after.stop();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const filter = toFilter(
    SearchQuery.parse({
      city: BIG_CITY,
      checkIn: addDays(from, 30),
      checkOut: addDays(from, 33),
      adults: '2',
      sort: 'price_asc',
    }),
  );
  const query = new PgDialect().sqlToQuery(searchSql(filter.sort, searchShape(filter)));
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.sql}`,
    fillPlaceholders(query.params, searchValues(filter)),
  );
  await client.end();

  const [big, , small] = measures;
  if (!big || !small) throw new Error('no measures');
  const checks: Check[] = [
    {
      what: 'national catalogue',
      budget: '50,000 stays, 200 cities, ~1,000,000 rooms, ~10,000,000 booked nights',
      measured: `${built.stays} stays, ${built.rooms} rooms, ${built.nights} nights`,
      ok: built.stays === 50_000 && built.rooms >= 900_000 && built.nights >= 9_000_000,
    },
    {
      what: `new searches in the 5,000-stay city p99 (32 connections)`,
      budget: '≤ 100 ms',
      measured: `${big.now.p99} ms (search statement: ${big.old.p99} ms)`,
      ok: big.now.p99 <= 100 && big.now.non2xx === 0 && big.now.errors === 0,
    },
    {
      what: `new searches in the 5,000-stay city throughput`,
      budget: '≥ 300 req/s',
      measured: `${Math.round(big.now.rps)} req/s (search statement: ${Math.round(big.old.rps)} req/s)`,
      ok: big.now.rps >= 300,
    },
    {
      what: 'new searches in a small city p99, no slower than the search statement',
      budget: `≤ ${small.old.p99} ms`,
      measured: `${small.now.p99} ms`,
      ok: small.now.p99 <= small.old.p99 && small.now.non2xx === 0,
    },
    {
      what: 'peak API memory (VmHWM, kept availability of the three cities)',
      budget: '≤ 512 MB',
      measured: `${memory.after} MB (search statement: ${memory.before} MB)`,
      ok: memory.after <= 512,
    },
    {
      what: `holds in ${BIG_CITY} p99 (32 connections), process keeping the city's availability`,
      budget: '≤ 100 ms',
      measured: `${holdsAfter.p99} ms (search statement only: ${holdsBefore.p99} ms)`,
      ok: holdsAfter.p99 <= 100 && holdsAfter.non2xx === 0 && holdsAfter.errors === 0,
    },
    {
      what: 'answers of both processes alike',
      budget: `${compared} of ${compared}`,
      measured: `${compared - differ} of ${compared}`,
      ok: differ === 0,
    },
  ];
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  const markdown = `Catalogue \`staybook_bench_national\` (${built.reused ? `reused, built on ${built.builtOn}` : `built in ${built.buildSeconds.toFixed(0)} s`}):
${built.stays} stays in 200 cities (${BIG_CITY} 5,000; ${MID_CITIES.join(', ')} 1,000 each; 194 towns ~206 each), ${built.rooms}
room numbers, ${built.nights} booked nights (3 confirmed bookings of 3–4 nights per room in 120 days), seasons on a fifth of
the stays. New searches only (no two alike, so no answer is reused): check-in over 120 days, 1–5 nights, 1–4 adults in
1–2 rooms, every sort, and amenities, type, rating, price-range filters and pages 2–3 in turn; ${ctx.today === from ? '' : `dates from ${from}; `}32
connections for each row. Both API processes ran in the same run on the same database: the search statement for every new
search (as before ADR 037) and the availability kept per city. The kept availability of each city was read on its first
search: ${cities.map((c) => `${c.city} ${((readyMs[c.city] ?? 0) / 1000).toFixed(1)} s`).join(', ')} (searches there
were answered by the statement meanwhile). ${compared} searches asked of both answered alike byte for byte: ${compared - differ}.
The machine's 2 cores were shared with other work during the run.

| new searches | p50 ms | p99 ms | req/s | requests | non-2xx | errors |
|---|---|---|---|---|---|---|
${[...measures.flatMap((m) => [m.old, m.now]), holdsBefore, holdsAfter]
  .map((m) => `| ${m.name} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${Math.round(m.rps)} | ${m.requests} | ${m.non2xx} | ${m.errors} |`)
  .join('\n')}

Holds: ${HOLDS} one-night holds of different rooms of ${BIG_CITY} on each process (the last two rows), after ${WARM_UP}
on a later night; the second
keeping the city's availability and told of each hold; its next search there read the ${
    new Set(roomsOfBigCity.slice(0, HOLDS).map((r) => r.stay_id)).size
  } changed stays again and answered in ${refreshMs} ms.

Peak API memory (VmHWM): ${memory.after} MB with the kept availability of the three cities (${keptMemory} MB once the
three were kept and compared, before the loads), ${memory.before} MB with the statement alone.

EXPLAIN ANALYZE of the search statement in ${BIG_CITY} (${filter.checkIn} to ${filter.checkOut}, 2 adults, 1 room,
sort price_asc) — what every new search there ran before ADR 037; the kept availability reads no row:

\`\`\`
${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}
\`\`\`
`;
  return { title: 'National scale', markdown, checks };
}
