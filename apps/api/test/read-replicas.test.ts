import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '#src/db/client.ts';
import { REPLICA_APPLICATION_NAME } from '#src/db/replicas.ts';
import { book, day, guest, sandboxPayment, stayWithRooms } from './bookings.fixtures.ts';
import { buildOn, type TestApp, until } from './helper.ts';
import { postgresBin, startPrimaryAndReplica } from './pg-replica.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const bin = postgresBin();
if (!bin) console.warn('read-replicas.test.ts skipped: no PostgreSQL server programs under /usr/lib/postgresql/*/bin');

/** Asks until `check` holds (at most 20 s: a replica replays the primary's changes, and is checked, in the background). */
const eventually = <T>(read: () => Promise<T> | T, check: (value: T) => boolean, what: string) =>
  until(read, check, { what, timeout: 20_000, interval: 25 });

/**
 * Reads from a real streaming replica (ADR 038): a primary PostgreSQL server and a replica of it made with
 * pg_basebackup, started by the test on ports 5443 and 5444 and removed after it.
 */
describe.skipIf(!bin)('reads from a streaming replica', async () => {
  const cluster = startPrimaryAndReplica(bin as string, { primary: 5443, replica: 5444 });
  const opened = await openDatabase({ url: cluster.primaryUrl, dataDir: null, poolSize: 5 });
  const database = { ...opened, url: cluster.primaryUrl, drop: opened.close };
  const replicaClient = new pg.Client({ connectionString: cluster.replicaUrl });
  replicaClient.on('error', () => {}); // the replica is stopped in the last test
  await replicaClient.connect();
  afterAll(async () => {
    await replicaClient.end().catch(() => {});
    await opened.close();
    cluster.stop();
  });
  // A lag limit long enough that a replica held still for the test stays in use (the next test lowers it).
  const app: TestApp = await buildOn(database, { databaseReplicaUrls: [cluster.replicaUrl], replicaMaxLagMs: 60_000 });
  afterAll(() => rmSync(app.dataDir, { recursive: true, force: true }));
  const replicas = app.reads.replicas;
  if (!replicas) throw new Error('no replicas');
  const s = await stayWithRooms(app, 'Replica Residency', 'bengaluru');
  const searchUrl = `/api/stays/search?city=bengaluru&checkIn=${day(20)}&checkOut=${day(22)}&adults=1`;
  const roomsUrl = `/api/stays/${s.stay.id}/room-types?checkIn=${day(20)}&checkOut=${day(22)}`;
  const booker = await guest(app);
  const visitor = await guest(app);
  const free = async (g: typeof visitor, cookie?: string, on: TestApp = app) => {
    const res = await on.inject({ url: roomsUrl, headers: { ...g.headers, ...(cookie ? { cookie } : {}) } });
    expect(res.statusCode).toBe(200);
    const types = res.json().roomTypes as { roomNumbers: { id: string; available: boolean }[] }[];
    return types.flatMap((t) => t.roomNumbers).find((n) => n.id === s.r101)?.available;
  };

  it('serves searches, stay pages and room availability from the replica once it has caught up', async () => {
    await eventually(
      () => replicas.check().then(() => replicas.state()),
      (st) => st[0]?.healthy === true,
      'in use',
    );
    // The stay reached the replica.
    await eventually(
      async () => (await app.inject({ url: searchUrl, headers: visitor.headers })).json().total as number,
      (n) => n === 1,
      'found on the replica',
    );
    const before = replicas.stats.replica;
    for (let i = 0; i < 10; i++) {
      expect((await app.inject({ url: searchUrl, headers: visitor.headers })).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/stays/${s.stay.id}`, headers: visitor.headers })).statusCode).toBe(200);
    }
    expect(await free(visitor)).toBe(true);
    expect(replicas.stats.replica - before).toBeGreaterThanOrEqual(21);
    // The replica's own view: the API's connections to it.
    const seen = await replicaClient.query(`select count(*)::int as n from pg_stat_activity where application_name = $1`, [
      REPLICA_APPLICATION_NAME,
    ]);
    expect(seen.rows[0].n).toBeGreaterThan(0);
  });

  it("shows a guest their own booking at once, while the replica has not replayed it (others see the replica's)", async () => {
    // Another API process (same secret, so the same tokens), in use of the replica before it holds still.
    const other = await buildOn(database, {
      jwtSecret: app.config.jwtSecret,
      databaseReplicaUrls: [cluster.replicaUrl],
      replicaMaxLagMs: 60_000,
    });
    const otherReplicas = other.reads.replicas;
    await eventually(
      () => otherReplicas?.check().then(() => otherReplicas.state()),
      (st) => st?.[0]?.healthy === true,
      'in use',
    );
    // The replica holds still: it answers, but replays nothing more.
    await replicaClient.query('select pg_wal_replay_pause()');
    try {
      const held = await book(app, booker, { stayId: s.stay.id, checkIn: day(20), checkOut: day(22), roomNumberIds: [s.r101] });
      expect(held.statusCode, held.body).toBe(201);
      const { booking, checkout } = held.json();
      await sandboxPayment(app, checkout);
      const onPrimary = await selectRows<{ status: string }>(app.db, sql`select status from bookings where id = ${booking.id}`);
      expect(onPrimary[0]?.status).toBe('confirmed');
      // Not on the replica yet.
      const onReplica = await replicaClient.query('select status from bookings where id = $1', [booking.id]);
      expect(onReplica.rowCount).toBe(0);
      expect(replicas.state()[0]?.healthy).toBe(true);

      // The guest who booked: My Orders and the stay's rooms from the primary (their write marks them).
      const mine = await app.inject({ url: '/api/me/bookings', headers: booker.headers });
      expect(mine.json().bookings.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([
        [booking.id, 'confirmed'],
      ]);
      expect(await free(booker)).toBe(false);
      // In another API process (no mark of its own), the cookie the write set does the same.
      const cookie = held.headers['set-cookie'];
      expect(typeof cookie === 'string' && cookie.startsWith('staybook_wrote=')).toBe(true);
      const otherBefore = otherReplicas?.stats.replica ?? 0;
      expect(await free(booker, String(cookie).split(';')[0], other)).toBe(false);
      // Another guest, who wrote nothing, is answered by the replica: a moment old.
      expect(await free(visitor, undefined, other)).toBe(true);
      expect(await free(visitor)).toBe(true);
      expect(otherReplicas?.stats.replica).toBeGreaterThan(otherBefore);
    } finally {
      await replicaClient.query('select pg_wal_replay_resume()');
    }
    await eventually(
      () => free(visitor),
      (v) => v === false,
      'replayed',
    );
  });

  it('takes a replica that falls behind out of use, and back once it catches up', async () => {
    const strict = await buildOn(database, {
      jwtSecret: app.config.jwtSecret,
      databaseReplicaUrls: [cluster.replicaUrl],
      replicaMaxLagMs: 200,
    });
    const r = strict.reads.replicas;
    if (!r) throw new Error('no replicas');
    await eventually(
      () => r.check().then(() => r.state()),
      (st) => st[0]?.healthy === true,
      'in use',
    );
    await replicaClient.query('select pg_wal_replay_pause()');
    try {
      // The primary moves on; the replica does not follow.
      await strict.db.execute(sql`update stays set overview = 'Renovated' where id = ${s.stay.id}`);
      await eventually(
        () => r.check().then(() => r.state()),
        (st) => st[0]?.healthy === false,
        'out of use',
      );
      const before = { ...r.stats };
      const page = await strict.inject({ url: `/api/stays/${s.stay.id}`, headers: visitor.headers });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().overview).toBe('Renovated');
      expect(r.stats.replica).toBe(before.replica);
      expect(r.stats.primary).toBeGreaterThan(before.primary);
    } finally {
      await replicaClient.query('select pg_wal_replay_resume()');
    }
    await eventually(
      () => r.check().then(() => r.state()),
      (st) => st[0]?.healthy === true,
      'back in use',
    );
  });

  it('loses no request when the replica stops in the middle of a load', async () => {
    const before = { ...replicas.stats };
    const statuses: number[] = [];
    let stopped = false;
    // 10 visitors at once, 30 requests each; after the 60th answer, with the others' statements in flight on the
    // replica, it stops as if it crashed.
    await Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        for (let i = 0; i < 30; i++) {
          const res = await app.inject({ url: (w + i) % 2 ? searchUrl : `/api/stays/${s.stay.id}`, headers: visitor.headers });
          statuses.push(res.statusCode);
          if (statuses.length === 60) {
            cluster.stopReplica();
            stopped = true;
          }
        }
      }),
    );
    expect(stopped).toBe(true);
    expect(statuses.filter((c) => c !== 200)).toEqual([]);
    expect(statuses).toHaveLength(300);
    expect(replicas.stats.replica).toBeGreaterThan(before.replica);
    expect(replicas.stats.primary).toBeGreaterThan(before.primary);
    expect(replicas.state()[0]?.healthy).toBe(false);
  });
});
