import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newBillingAddress, newUser, uniqueEmail } from '@repo/shared/factories';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { cleanups } from './cleanups.ts';
import { type App, buildApp } from '#src/app.ts';
import { type Config, testConfig } from '#src/config/config.ts';
import { type Database, openDatabase } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { hashPassword } from '#src/features/auth/password.ts';

/**
 * Each test app's pool on the PostgreSQL server: small, and idle connections closed after a second, so that the test
 * files running at once (some open nine apps, as nine API processes) stay well within the server's connections.
 */
const TEST_POOL = { poolSize: 5, idleMs: 1000 };

/** Which engine this run tests: PGlite, or the PostgreSQL server when TEST_DB=postgres (url in TEST_DATABASE_URL). */
export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a newly created database on the
 * PostgreSQL server, each a copy of the one test/global-setup.ts migrated. `drop()` removes it.
 */
export async function createTestDatabase(): Promise<Database & { url?: string; drop: () => Promise<void> }> {
  if (testEngine === 'pglite') {
    const template = inject('pgliteTemplate');
    const pglite = template ? await PGlite.create({ loadDataDir: await openAsBlob(template) }) : undefined;
    const database = await openDatabase({ dataDir: null, ...(pglite && { pglite }) });
    return { ...database, drop: database.close };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `staybook_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), ...TEST_POOL, dataDir: null });
  return {
    ...database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = App & { database: Awaited<ReturnType<typeof createTestDatabase>>; dataDir: string };

/**
 * The real app on a fresh database, driven with app.inject (no port). Closed and dropped after the file.
 * Call at the top of a describe block or file: `const app = await build()` inside beforeAll, or `build()` per test.
 */
export async function build(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-test-'));
  const app = (await buildApp({ config: testConfig({ dataDir, ...overrides }), database, logger: false })) as TestApp;
  app.database = database;
  app.dataDir = dataDir;
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

export { uniqueEmail } from '@repo/shared/factories';

export const DEFAULT_PASSWORD = 'Secret@123';

/** Inserts a user directly (fast path for tests that are not about registration). */
export async function createUser(
  app: TestApp,
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    mobile: string;
    password: string;
    isAdmin: boolean;
    /** False for an account that has not confirmed its email address yet (tests about confirmation). */
    emailConfirmed: boolean;
    /** The platform role (ADR 023): makes the user an admin too. */
    isPlatform: boolean;
    /** The billing address on record: a Pune one unless given; null for a profile without one. */
    billing: ReturnType<typeof newBillingAddress> | null;
  }> = {},
) {
  const { isPlatform = false, emailConfirmed = true, billing = newBillingAddress(), ...rest } = overrides;
  const { isAdmin = isPlatform, ...fields } = rest;
  const { firstName, lastName, email, mobile, password } = newUser({
    email: uniqueEmail(isAdmin ? 'admin' : 'guest'),
    password: DEFAULT_PASSWORD,
    ...fields,
  });
  const [user] = await app.db
    .insert(users)
    .values({
      firstName,
      lastName,
      email,
      mobile,
      passwordHash: await hashPassword(password),
      isAdmin,
      isPlatform,
      emailConfirmedAt: emailConfirmed ? new Date() : null,
      ...billing,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { ...user, password };
}

/** Creates a guest and logs in through the API; returns the user, token and an auth header. */
export async function loginGuest(app: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, overrides);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`guest login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().loginToken as string;
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** Creates an admin (a stay owner unless `isPlatform`) and logs in through the admin API. */
export async function loginAdmin(app: TestApp, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(app, { ...overrides, isAdmin: true });
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  const token = res.json().adminLoginToken as string;
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * Another app on a database a `build()` app already uses, as N API processes share one PostgreSQL: on the
 * server it opens its own connection pool (and runs the migrator again, as every process does at start); on
 * PGlite it shares the in-memory instance. Closed after the file; the database itself stays with its owner.
 */
export async function buildOn(database: TestApp['database'], overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-test-'));
  const own = database.url ? await openDatabase({ url: database.url, ...TEST_POOL, dataDir: null }) : undefined;
  const app = (await buildApp({
    config: testConfig({ dataDir, ...overrides }),
    database: own ?? database,
    logger: false,
  })) as TestApp;
  app.database = database;
  app.dataDir = dataDir;
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await own?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

/** A mail the app wrote to `${dataDir}/outbox` (no SMTP), its quoted-printable soft breaks and escapes decoded. */
export type OutboxMail = { file: string; text: string };

export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Waits (up to `timeoutMs`) for a mail to `to` in the outbox whose file is not in `seen`. */
export function waitForMail(app: TestApp, to: string, seen: ReadonlySet<string> = new Set(), timeoutMs = 5000) {
  const addressed = new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\s*$`, 'im');
  return vi.waitFor(
    () => {
      for (const file of outboxFiles(app)) {
        if (seen.has(file)) continue;
        const text = decodeQuotedPrintable(readFileSync(path.join(app.dataDir, 'outbox', file), 'utf8'));
        if (addressed.test(text)) return { file, text } satisfies OutboxMail;
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    { timeout: timeoutMs, interval: 20 },
  );
}

/**
 * The first value `read` gives that `check` accepts, read again until then (vi.waitFor); fails after `timeout` ms
 * with the last value read. For what reaches the app in the background (a notification, a mail, a replica).
 */
export function until<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  { what = 'as expected', timeout = 2000, interval = 20 }: { what?: string; timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`still not ${what}: ${JSON.stringify(value)?.slice(0, 2000)}`);
      return value;
    },
    { timeout, interval },
  );
}

/** The files in the app's outbox (none when nothing was mailed). */
export const outboxFiles = (app: TestApp) => {
  const outbox = path.join(app.dataDir, 'outbox');
  return existsSync(outbox) ? readdirSync(outbox).sort() : [];
};

/** Whether a Redis server answers at `url` (tests that need one run only then). */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
