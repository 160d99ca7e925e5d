// Two real API processes on one PostgreSQL server and one Redis, as in compose.yaml but without containers:
//   npx tsx deploy/verify-scale-out.ts
// 1. both processes start at the same moment on a new, empty database (both run the migrator);
// 2. a guest registered through process A logs in through process B, and B's token works on A
//    (one source of truth, one JWT_SECRET, no session state in a process);
// 3. login attempts alternate A, B, A, B… and the (LIMIT + 1)th gets 429: the counter lives in Redis.
// Settings: PG_URL (postgres://postgres@127.0.0.1:5432/postgres), REDIS_URL (redis://127.0.0.1:6379/11 — a
// logical database of its own), PORT_A (3107), PORT_B (3117). Exits non-zero when a check fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const PORTS = { A: Number(process.env.PORT_A ?? 3107), B: Number(process.env.PORT_B ?? 3117) };
/** The production login limit per minute (config.ts rateLimits.login). */
const LIMIT = 10;
const NAMESPACE = 'staybook-rl-';

const dbName = `staybook_scaleout_${randomBytes(4).toString('hex')}`;
const dbUrl = Object.assign(new URL(PG_URL), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-scaleout-'));
const jwtSecret = randomBytes(32).toString('base64url');
const processes: Record<string, ChildProcess> = {};
const logs: Record<string, string[]> = { A: [], B: [] };
let failures = 0;

function check(ok: boolean, what: string) {
  console.log(`${ok ? '  ok ' : '  FAIL'} ${what}`);
  if (!ok) failures++;
}

function start(name: 'A' | 'B') {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      GRIEVANCE_OFFICER_NAME: 'Scale-out check',
      GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@staybook.in',
      GRIEVANCE_OFFICER_PHONE: '+91 80 4000 0000',
      PLATFORM_CUSTOMER_CARE_PHONE: '+91 80 4000 1111',
      PLATFORM_CUSTOMER_CARE_EMAIL: 'care@staybook.in',
      HOST: '127.0.0.1',
      PORT: String(PORTS[name]),
      DATABASE_URL: dbUrl,
      REDIS_URL,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs[name]?.push(String(d)));
  child.stderr?.on('data', (d) => logs[name]?.push(String(d)));
  processes[name] = child;
  return child;
}

/** Resolves true when /api/ready answers, false when the process exits first. */
async function ready(name: 'A' | 'B', timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processes[name]?.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${PORTS[name]}/api/ready`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const api = (name: 'A' | 'B', p: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  fetch(`http://127.0.0.1:${PORTS[name]}${p}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

async function main() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const redis = new Redis(REDIS_URL);
  const stale = await redis.keys(`${NAMESPACE}*`);
  if (stale.length > 0) await redis.del(...stale);

  console.log(`1. Two processes start together on the empty database ${dbName}`);
  start('A');
  start('B');
  const [readyA, readyB] = await Promise.all([ready('A'), ready('B')]);
  console.log(`     A ready: ${readyA}, B ready: ${readyB}`);
  for (const name of ['A', 'B'] as const) {
    if ((name === 'A' ? readyA : readyB) === false) {
      const reason = (logs[name] ?? []).join('').match(/(?:message|detail)["']?:\s*["']([^"'\n]+)/)?.[1] ?? 'see its log';
      console.log(`     ${name} stopped during start (${reason}); restarting it, as the container runtime would`);
      start(name);
      check(await ready(name), `${name} ready after a restart`);
    }
  }
  const migrations = new pg.Client({ connectionString: dbUrl });
  await migrations.connect();
  const applied = await migrations.query('select count(*)::int as n from drizzle.__drizzle_migrations');
  await migrations.end();
  check(applied.rows[0]?.n > 0, `migrations recorded once each: ${applied.rows[0]?.n} row(s) in drizzle.__drizzle_migrations`);

  console.log('2. One database, one secret, no state in a process');
  const email = `scaleout.${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Scale@1234';
  const registered = await api('A', '/api/auth/register', {
    method: 'POST',
    body: { firstName: 'Meera', lastName: 'Iyer', email, mobile: '9876512345', password, confirmPassword: password },
  });
  check(registered.status === 201, `register through A → ${registered.status}`);
  const login = await api('B', '/api/auth/login', { method: 'POST', body: { email, password } });
  const token = login.ok ? ((await login.json()) as { loginToken: string }).loginToken : '';
  check(login.status === 200, `login through B → ${login.status}`);
  const me = await api('A', '/api/me', { token });
  check(me.status === 200, `B's token on A: GET /api/me → ${me.status}`);

  console.log(`3. Login attempts alternate A, B, …; the limit is ${LIMIT} a minute for both together`);
  // Step 2 spent one attempt on B already.
  const statuses: string[] = ['B:200'];
  for (let i = 1; i < LIMIT + 2; i++) {
    const name = i % 2 === 0 ? 'B' : 'A';
    const res = await api(name, '/api/auth/login', { method: 'POST', body: { email, password } });
    statuses.push(`${name}:${res.status}`);
  }
  console.log(`     ${statuses.join(' ')}`);
  const codes = statuses.map((s) => Number(s.split(':')[1]));
  check(
    codes.slice(0, LIMIT).every((c) => c === 200) && codes.slice(LIMIT).every((c) => c === 429),
    `attempts 1–${LIMIT} answered 200, attempts ${LIMIT + 1}–${codes.length} answered 429`,
  );
  const keys = await redis.keys(`${NAMESPACE}*`);
  const counters = await Promise.all(keys.map(async (k) => `${k} = ${await redis.get(k)}`));
  console.log(`     Redis counters: ${counters.join(', ')}`);
  check(
    counters.some((c) => c.includes('/api/auth/login') && c.endsWith(`= ${codes.length}`)),
    'one shared counter holds every attempt',
  );
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

async function cleanup() {
  await Promise.all(
    Object.values(processes).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await main();
} catch (err) {
  console.error(err);
  failures++;
} finally {
  await cleanup();
}
console.log(failures === 0 ? '\nScale-out checks passed.' : `\n${failures} scale-out check(s) failed.`);
process.exitCode = failures === 0 ? 0 : 1;
