/**
 * `npm run bench`: the performance budgets (the `budget` figures below) on the PostgreSQL server.
 * Builds the bench catalogue in a fresh database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/staybook_bench — dropped and created), starts the API in its own process,
 * loads it with autocannon at 32 connections and writes bench/results.md. Exits 1 when a budget is missed.
 * An optional bench/booking.ts adds its own section (see context.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { addDays, todayInIndia } from '../packages/shared/src/domain/dates.ts';
import { newBillingAddress } from '../packages/shared/src/factories.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { sessions, users } from '../apps/api/src/db/schema/index.ts';
import {
  type AvailabilityFilter,
  searchShape,
  searchSql,
  searchValues,
} from '../apps/api/src/features/search/search.repository.ts';
import { toFilter } from '../apps/api/src/features/search/search.service.ts';
import { signToken, TOKEN_TTL_SECONDS } from '../apps/api/src/features/auth/tokens.ts';
import { SearchQuery } from '../packages/shared/src/schemas/search.ts';
import { BENCH_CITIES, buildCatalogue } from './catalogue.ts';
import { type BenchContext, type BenchSection, type Check, insertBenchOwner, type Measure } from './context.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/staybook_bench';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const JWT_SECRET = `bench-${Math.random().toString(36).slice(2)}-${Date.now()}-secret-long-enough`;
const here = import.meta.dirname;
/** BENCH_ONLY=national,booking: only these sections after the main figures; results.md is then left as it is. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const log = (...a: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

/** A connection to the server's postgres database (to create, drop and watch the bench's). */
async function adminClient() {
  const url = new URL(DATABASE_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

async function recreateDatabase() {
  const name = new URL(DATABASE_URL).pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected bench database name ${name}`);
  const admin = await adminClient();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

async function dropDatabase() {
  const name = new URL(DATABASE_URL).pathname.replace(/^\//, '');
  const admin = await adminClient();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/**
 * The bench's API as production runs it: bundled by esbuild as apps/api/build.mjs bundles the server (bench/serve.ts
 * with the app, packages left to node_modules, the migrations beside it), started with plain Node and the options of
 * apps/api/node-args.json, which `npm start` and the image use.
 */
const serveDir = path.join(here, '.serve');
const nodeArgs = JSON.parse(readFileSync(path.join(here, '../apps/api/node-args.json'), 'utf8')) as string[];
let bundled: Promise<string> | undefined;
function serveBundle(): Promise<string> {
  bundled ??= (async () => {
    rmSync(serveDir, { recursive: true, force: true });
    await build({
      // The server, and beside it the calendar reader's thread, as apps/api/build.mjs builds them.
      entryPoints: {
        serve: path.join(here, 'serve.ts'),
        'calendar-worker': path.join(here, '../apps/api/src/features/channels/calendar.worker.ts'),
      },
      outdir: serveDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [
        {
          name: 'packages-external',
          setup(b) {
            b.onResolve({ filter: /^[^./#]/ }, (args) =>
              args.path.startsWith('@repo/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    cpSync(path.join(here, '../apps/api/src/db/migrations'), path.join(serveDir, 'migrations'), { recursive: true });
    return path.join(serveDir, 'serve.js');
  })();
  return bundled;
}

const children = new Set<ChildProcess>();
async function startApi(
  opts: { reuse?: boolean; databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<{ baseUrl: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, await serveBundle()], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: opts.databaseUrl ?? DATABASE_URL,
      BENCH_JWT_SECRET: JWT_SECRET,
      NODE_ENV: 'production',
      ...(opts.reuse === false ? { BENCH_NO_REUSE: '1' } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  const port = await new Promise<number>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    rl.on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      children.delete(child);
    },
  };
}

function summarise(name: string, r: autocannon.Result): Measure {
  return {
    name,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Waits until the PostgreSQL server runs no statement of another session (at most 60 s): a load's requests still
 * running when it stops (autocannon abandons them) would otherwise share the cores with the next load.
 */
async function quiet() {
  const client = await adminClient();
  try {
    const t0 = Date.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      if (Date.now() - t0 > 60_000) {
        log(`  the server still runs ${rows[0]?.n} statements after 60 s: measuring anyway`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}

async function load(name: string, opts: autocannon.Options) {
  await quiet();
  log(`load: ${name}`);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts });
  const measure = summarise(name, result);
  log(`  p50 ${measure.p50} ms, p99 ${measure.p99} ms, ${Math.round(measure.rps)} req/s, non-2xx ${measure.non2xx}`);
  return { measure, result };
}

/** Varied searches: every city, dates spread over four months, 1–5 nights, parties of 1–6 in 1–2 rooms, some filters. */
function searchRequests(today: string) {
  const sorts = ['price_asc', 'price_desc', 'rating', 'distance'];
  const list: { path: string; filter: AvailabilityFilter }[] = [];
  for (let i = 0; i < 200; i++) {
    const city = BENCH_CITIES[(i * 7) % BENCH_CITIES.length] as string;
    const checkIn = addDays(today, 1 + ((i * 13) % 120));
    const checkOut = addDays(checkIn, 1 + (i % 5));
    const rooms = 1 + (i % 2);
    const adults = 1 + (i % 3) + (rooms - 1) * 2;
    const q: Record<string, string> = {
      city: i % 10 === 0 ? city.toUpperCase() : city,
      checkIn,
      checkOut,
      adults: String(adults),
      children: String(i % 4 === 0 ? 1 : 0),
      rooms: String(rooms),
      sort: sorts[i % 4] as string,
    };
    // A child's age, so that plans price the party by age band (ADR 065).
    if (i % 4 === 0) q.childAges = String((i * 5) % 18);
    if (i % 5 === 0) q.amenities = 'Free Wifi';
    if (i % 7 === 0) q.maxPrice = '4000';
    if (i % 9 === 0) q.type = 'Hotel';
    list.push({ path: `/api/stays/search?${new URLSearchParams(q)}`, filter: toFilter(SearchQuery.parse(q), BENCH_CITIES) });
  }
  return list;
}

/**
 * One request whose path is made just before it is sent: the i-th request sent (over all connections) gets
 * `path(i)`. A list of thousands of distinct requests would instead be built for every connection before the run,
 * blocking the load generator long enough for some requests to time out.
 */
function oneOff(headers: Record<string, string>, path: (i: number) => string): autocannon.Request[] {
  let sent = 0;
  return [{ method: 'GET', headers, setupRequest: (req) => ({ ...req, path: path(sent++) }) }];
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

async function main() {
  const started = Date.now();
  const today = todayInIndia();
  log(`database ${DATABASE_URL}`);
  await recreateDatabase();
  const database = await openDatabase({ url: DATABASE_URL, dataDir: null, poolSize: 2 });
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();

  const owner = await insertBenchOwner(database.db);
  let guests = 0;
  const newGuest = async () => {
    guests += 1;
    const [u] = await database.db
      .insert(users)
      .values({
        firstName: 'Bench',
        lastName: `Guest`,
        email: `guest${guests}@bench.local`,
        mobile: '9000000001',
        passwordHash: 'x',
        // A hold is sold with the billing address on record (the bench's holds send none).
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
    return { id: u.id, token: await signToken(JWT_SECRET, u, s.id, 'guest') };
  };
  const guest = await newGuest();
  if (!owner) throw new Error('owner not inserted');

  log('building the catalogue');
  const t0 = Date.now();
  const counts = await buildCatalogue(client, owner.id, guest.id, today);
  const buildSeconds = (Date.now() - t0) / 1000;
  log(`catalogue: ${JSON.stringify(counts)} in ${buildSeconds.toFixed(1)} s`);

  const api = await startApi();
  const headers = { authorization: `Bearer ${guest.token}` };
  const searches = searchRequests(today);
  const stayIds = (await client.query<{ id: string }>(`select id from stays order by random() limit 200`)).rows.map((r) => r.id);

  // Answers are checked before they are timed.
  for (const p of [
    searches[0]?.path,
    `/api/stays/${stayIds[0]}/room-types?checkIn=${addDays(today, 5)}&checkOut=${addDays(today, 7)}`,
  ]) {
    const res = await fetch(`${api.baseUrl}${p}`, { headers });
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  }
  const sample = (await (await fetch(`${api.baseUrl}${searches[1]?.path}`, { headers })).json()) as { total: number };

  // Warm-up: every search once (as after a few seconds of real traffic), then a few seconds of mixed load.
  const searchRequestList = searches.map((s) => ({ method: 'GET' as const, path: s.path, headers }));
  await load('warm-up (each search once)', {
    url: api.baseUrl,
    connections: 1,
    amount: searches.length,
    requests: searchRequestList,
  });
  await load('warm-up', { url: api.baseUrl, duration: 3, requests: searchRequestList });

  const health = (await load('GET /api/health', { url: `${api.baseUrl}/api/health` })).measure;
  const search = (
    await load('GET /api/stays/search', {
      url: api.baseUrl,
      requests: searches.map((s) => ({ method: 'GET' as const, path: s.path, headers })),
    })
  ).measure;
  // Searches that are all new, so none can reuse an answer (their own budget).
  const fresh = (
    await load('GET /api/stays/search (all new, no reuse)', {
      url: api.baseUrl,
      duration: 5,
      // Every city × 150 check-in days × 1–4 nights × 1–4 adults: 120,000 different searches before one repeats.
      requests: oneOff(headers, (i) => {
        const n = BENCH_CITIES.length;
        const city = BENCH_CITIES[i % n] as string;
        const checkIn = addDays(today, 1 + (Math.floor(i / n) % 150));
        const q = new URLSearchParams({
          city,
          checkIn,
          checkOut: addDays(checkIn, 1 + (Math.floor(i / (n * 150)) % 4)),
          adults: String(1 + (Math.floor(i / (n * 600)) % 4)),
        });
        return `/api/stays/search?${q}`;
      }),
    })
  ).measure;
  const detail = (
    await load('GET /api/stays/:id', {
      url: api.baseUrl,
      requests: stayIds.map((id) => ({ method: 'GET' as const, path: `/api/stays/${id}`, headers })),
    })
  ).measure;
  const rooms = (
    await load('GET /api/stays/:id/room-types', {
      url: api.baseUrl,
      requests: stayIds.map((id, i) => {
        const checkIn = addDays(today, 1 + ((i * 11) % 110));
        return {
          method: 'GET' as const,
          path: `/api/stays/${id}/room-types?checkIn=${checkIn}&checkOut=${addDays(checkIn, 1 + (i % 4))}`,
          headers,
        };
      }),
    })
  ).measure;

  // For the record (no budget): room availability for stays and dates never asked before, so none can reuse an answer.
  const freshStays = (await client.query<{ id: string }>(`select id from stays order by random() limit 2000`)).rows.map(
    (r) => r.id,
  );
  const roomsFresh = (
    await load('GET /api/stays/:id/room-types (all new, no reuse)', {
      url: api.baseUrl,
      duration: 5,
      // 2,000 stays × 60 check-in days: 120,000 requests never asked before.
      requests: oneOff(headers, (i) => {
        const id = freshStays[i % freshStays.length] as string;
        const checkIn = addDays(today, 121 + (Math.floor(i / freshStays.length) % 60));
        return `/api/stays/${id}/room-types?checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}`;
      }),
    })
  ).measure;

  const explainFilter = searches[3]?.filter as AvailabilityFilter;
  const explainQuery = new PgDialect().sqlToQuery(searchSql(explainFilter.sort, searchShape(explainFilter)));
  const plan = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${explainQuery.sql}`,
    fillPlaceholders(explainQuery.params, searchValues(explainFilter)),
  );

  const ratio = search.rps / health.rps;
  const checks: Check[] = [
    {
      what: 'catalogue',
      budget: '5,000 stays, 50 cities, 100,000 rooms, ~1,000,000 booked nights',
      measured: `${counts.stays} stays, ${BENCH_CITIES.length} cities, ${counts.rooms} rooms, ${counts.nights} nights`,
      ok: counts.stays === 5000 && counts.rooms === 100_000 && counts.nights >= 900_000,
    },
    {
      what: 'search p99 (32 connections)',
      budget: '≤ 50 ms',
      measured: `${search.p99} ms`,
      ok: search.p99 <= 50 && search.non2xx === 0,
    },
    {
      what: 'search throughput / health throughput',
      budget: '≥ 25 %',
      measured: `${(ratio * 100).toFixed(1)} %`,
      ok: ratio >= 0.25,
    },
    {
      what: 'new searches p99 (32 connections, none can reuse an answer)',
      budget: '≤ 100 ms',
      measured: `${fresh.p99} ms`,
      ok: fresh.p99 <= 100 && fresh.non2xx === 0,
    },
    { what: 'stay detail p99', budget: '≤ 30 ms', measured: `${detail.p99} ms`, ok: detail.p99 <= 30 && detail.non2xx === 0 },
    { what: 'room availability p99', budget: '≤ 30 ms', measured: `${rooms.p99} ms`, ok: rooms.p99 <= 30 && rooms.non2xx === 0 },
  ];

  const sections: BenchSection[] = [];
  // Optional sections, each its own budgets: booking (holds and races), owner (the occupancy calendar), payouts
  // (a month's settlement, a statement).
  for (const [file, title] of [
    ['booking.ts', 'Booking'],
    ['owner.ts', 'Owner'],
    ['payouts.ts', 'Payouts'],
    ['channels.ts', 'Channels'],
    ['national.ts', 'National scale'],
  ] as const) {
    const sectionModule = path.join(here, file);
    if (!existsSync(sectionModule) || (ONLY && !ONLY.includes(file.replace(/\.ts$/, '')))) continue;
    log(`running ${file}`);
    const mod = (await import(sectionModule)) as { default: (ctx: BenchContext) => Promise<BenchSection> };
    const ctx: BenchContext = {
      databaseUrl: DATABASE_URL,
      client,
      baseUrl: api.baseUrl,
      startApi,
      newGuest,
      load,
      today,
      jwtSecret: JWT_SECRET,
    };
    try {
      sections.push(await mod.default(ctx));
    } catch (err) {
      sections.push({
        title,
        markdown: `The ${title.toLowerCase()} bench failed: ${(err as Error).message}`,
        checks: [{ what: `${title.toLowerCase()} bench`, budget: 'runs', measured: 'failed', ok: false }],
      });
    }
  }
  await api.stop();
  await client.end();
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabase();

  const allChecks = [...checks, ...sections.flatMap((s) => s.checks)];
  const rows = [health, search, fresh, detail, rooms, roomsFresh]
    .map(
      (m) => `| ${m.name} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${Math.round(m.rps)} | ${m.requests} | ${m.non2xx} | ${m.errors} |`,
    )
    .join('\n');
  const md = `# Bench results

Run ${new Date().toISOString()} by \`npm run bench\` (${((Date.now() - started) / 1000).toFixed(0)} s). PostgreSQL server, one API process,
autocannon at ${CONNECTIONS} connections for ${DURATION} s per endpoint, on the same machine (${
    (await import('node:os')).cpus().length
  } cores, load average ${(await import('node:os')).loadavg()[0]?.toFixed(1)} at the end of the run). Catalogue built in ${buildSeconds.toFixed(1)} s: ${counts.stays} stays in ${BENCH_CITIES.length} cities, ${
    counts.rooms
  } room numbers, ${counts.nights} booked nights in ${counts.bookings} confirmed bookings.
Answers are reused per API process and forgotten as soon as the database reports a change (ADR 013): search
answers (fresh for 10 s, \`searchCacheMs\`, then served for up to 30 s while one background query refreshes them) when
a stay of their city changes, a stay's details and room availability (2 s) when the stay or its rooms change, checked
sessions when the user or session changes. Bookings never rely on any of it (the room_nights key decides). The rows 'all new, no
reuse' measure requests that can never reuse an answer; the EXPLAIN ANALYZE below is the query every new search runs
(a stay's blocking nights are read from room_nights alone, ADR 014).
Searches cycle through ${searches.length} different requests (every city, check-in over the next four months, 1–5 nights,
1–6 guests in 1–2 rooms, all four sorts, some with filters); a sample search found ${sample.total} stays.

## Budgets

| what | budget | measured | |
|---|---|---|---|
${allChecks.map((c) => `| ${c.what} | ${c.budget} | ${c.measured} | ${c.ok ? 'pass' : '**MISSED**'} |`).join('\n')}

## Latency and throughput

| endpoint | p50 ms | p99 ms | req/s | requests | non-2xx | errors |
|---|---|---|---|---|---|---|
${rows}

${sections.map((s) => `## ${s.title}\n\n${s.markdown}\n`).join('\n')}
## EXPLAIN ANALYZE of the search query

City \`${explainFilter.cities.join(', ')}\`, ${explainFilter.checkIn} to ${explainFilter.checkOut}, ${explainFilter.guests} guests, ${
    explainFilter.rooms
  } room(s), sort ${explainFilter.sort}.

\`\`\`
${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}
\`\`\`
`;
  const missed = allChecks.filter((c) => !c.ok);
  for (const c of allChecks) log(`${c.ok ? 'pass  ' : 'MISSED'} ${c.what}: ${c.measured} (budget ${c.budget})`);
  if (ONLY) {
    console.log(sections.map((s) => `## ${s.title}\n\n${s.markdown}\n`).join('\n'));
    process.exit(missed.length ? 1 : 0);
  }
  // `npm run budget` owns the "Page budgets" section: keep it.
  const file = path.join(here, 'results.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const pageBudgets = /^## Page budgets\s*$[\s\S]*?(?=^## (?!Page budgets)|(?![\s\S]))/m.exec(previous)?.[0];
  writeFileSync(file, pageBudgets ? `${md.trimEnd()}\n\n${pageBudgets.trimEnd()}\n` : md);
  log(`wrote bench/results.md`);
  process.exit(missed.length ? 1 : 0);
}

main().catch(async (err) => {
  console.error(err);
  for (const c of children) c.kill('SIGTERM');
  process.exit(2);
});
