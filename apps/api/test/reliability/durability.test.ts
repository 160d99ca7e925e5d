import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { testConfig } from '#src/config/config.ts';
import { type Database, openDatabase } from '#src/db/client.ts';
import { bookings, roomNights, roomNumbers, roomTypes, stays, users } from '#src/db/schema/index.ts';
import { testEngine } from '../helper.ts';

const apiRoot = path.resolve(import.meta.dirname, '../..');

/** A database target that survives closing: a PGlite folder, or a fresh database on the PostgreSQL server. */
async function durableTarget() {
  if (testEngine === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'staybook-durable-'));
    return {
      target: dir,
      open: () => openDatabase({ dataDir: dir }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const server = process.env.TEST_DATABASE_URL as string;
  const name = `staybook_durable_${randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    target: url.toString(),
    open: () => openDatabase({ url: url.toString(), dataDir: null, poolSize: 2 }),
    cleanup: async () => {
      const d = new pg.Client({ connectionString: server });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

async function seedRoom(db: Database['db']) {
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Kiran',
      lastName: 'Rao',
      email: `k${Date.now()}@example.com`,
      mobile: '9876543210',
      passwordHash: 'x',
      isAdmin: true,
    })
    .returning();
  const [stay] = await db
    .insert(stays)
    .values({ ownerId: user!.id, name: 'Lakeview', type: 'Hotel', city: 'chennai' })
    .returning();
  const [type] = await db.insert(roomTypes).values({ stayId: stay!.id, title: 'Deluxe', price: 2000, maxPeople: 2 }).returning();
  const [room] = await db.insert(roomNumbers).values({ roomTypeId: type!.id, stayId: stay!.id, number: 101 }).returning();
  return { userId: user!.id, stayId: stay!.id, roomNumberId: room!.id };
}

describe(`reliability (${testEngine})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  // Two starts of a file database, each migrating it: a minute on a slow, busy machine.
  it('keeps data written through the app across a restart', { timeout: 60_000 }, async () => {
    const t = await durableTarget();
    cleanups.push(t.cleanup);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-restart-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = testConfig({ dataDir, databaseUrl: testEngine === 'postgres' ? t.target : undefined });
    // On PGlite the app opens its own file database in dataDir/pglite, exactly as `npm start` does.
    const first = await buildApp({ config, logger: false });
    const email = `restart${Date.now()}@example.com`;
    const reg = await first.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Meera',
        lastName: 'Iyer',
        email,
        mobile: '9876543210',
        password: 'Secret@123',
        confirmPassword: 'Secret@123',
      },
    });
    expect(reg.statusCode).toBe(201);
    await first.close();

    const second = await buildApp({ config, logger: false });
    const login = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Secret@123' } });
    expect(login.statusCode).toBe(200);
    await second.close();
  });

  it('starts several processes at once on one empty database: each migrates safely, none fails', {
    timeout: 60_000,
  }, async () => {
    const t = await durableTarget();
    cleanups.push(t.cleanup);
    if (testEngine === 'postgres') {
      // Separate pools, as separate processes would have: without the migration lock one of them fails.
      const opened = await Promise.all([t.open(), t.open(), t.open()]);
      for (const d of opened) await d.close();
    } else {
      // PGlite: one process holds a folder; re-opening applies nothing twice.
      for (let i = 0; i < 2; i++) await (await t.open()).close();
    }
    const d = await t.open();
    const [row] = await d.db.select({ n: count() }).from(users);
    expect(row?.n).toBe(0);
    await d.close();
  });

  it('leaves nothing of a booking whose process was killed before it committed', { timeout: 60_000 }, async () => {
    const t = await durableTarget();
    cleanups.push(t.cleanup);
    const setup = await t.open();
    const ids = await seedRoom(setup.db);
    await setup.close(); // PGlite: one process at a time may hold the folder

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'hold-writer.ts'), t.target, ids.userId, ids.stayId, ids.roomNumberId],
      {
        cwd: apiRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child never got inside the transaction: ${stderr}`)), 40_000);
      child.stdout.on('data', (d) => {
        if (String(d).includes('inside')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${stderr}`)));
    });
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    const after = await t.open();
    const [b] = await after.db.select({ n: count() }).from(bookings).where(eq(bookings.stayId, ids.stayId));
    const [n] = await after.db.select({ n: count() }).from(roomNights).where(eq(roomNights.roomNumberId, ids.roomNumberId));
    expect(b?.n).toBe(0);
    expect(n?.n).toBe(0);
    // The room-night is free: another booking can take it.
    const [ok] = await after.db
      .insert(bookings)
      .values({
        userId: ids.userId,
        stayId: ids.stayId,
        checkIn: '2099-01-10',
        checkOut: '2099-01-11',
        nights: 1,
        adults: 1,
        amountPaise: 200_000,
        hotelName: 'Lakeview',
      })
      .returning();
    await after.db
      .insert(roomNights)
      .values({ roomNumberId: ids.roomNumberId, night: '2099-01-10', bookingId: ok!.id, stayId: ids.stayId });
    await after.close();
  });
});
