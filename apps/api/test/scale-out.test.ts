import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bookings, roomNights } from '#src/db/schema/index.ts';
import { book, day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, createUser, type TestApp, testEngine, redisAnswers } from './helper.ts';

// Scale-out: N stateless API processes on one PostgreSQL share their rate-limit counters through Redis
// (docs/decisions/003-scale-out.md). With TEST_DB=postgres and a Redis answering on REDIS_URL (or
// 127.0.0.1:6379) two apps on one database prove the login limit is shared; otherwise one app proves the
// limit with its in-memory store. Both runs show what separate in-memory stores would allow, that a
// booking race split between two processes still has one winner. A dead Redis: security/rate-limits.test.ts.

// Each test builds fresh apps (database, migrations) and hashes passwords: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const LIMIT = 4;
const rateLimits = { ...TEST_RATE_LIMITS, global: 1000, login: LIMIT, forgot: LIMIT };
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const sharedRun = testEngine === 'postgres' && (await redisAnswers(redisUrl));

/** Logs in `attempts` times, the i-th attempt on apps[i % apps.length]; returns the status codes. */
async function alternateLogins(apps: TestApp[], credentials: { email: string; password: string }, attempts: number) {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const app = apps[i % apps.length] as TestApp;
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials });
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      expect(res.json()).toMatchObject({ message: expect.any(String) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  }
  return statuses;
}

if (sharedRun) {
  describe('two API processes on one PostgreSQL share the login rate limit through Redis', () => {
    const namespace = `staybook-test-rl-${randomBytes(6).toString('hex')}-`;

    afterAll(async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });

    it(`answers 429 to the ${LIMIT + 1}th login attempt when attempts alternate between the two processes`, async () => {
      const first = await build({ redisUrl, rateLimitNamespace: namespace, rateLimits });
      const second = await buildOn(first.database, { redisUrl, rateLimitNamespace: namespace, rateLimits });
      // One database: a user written through one process logs in through the other.
      const user = await createUser(first);

      const statuses = await alternateLogins([first, second], user, LIMIT + 2);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

      // Every attempt was counted once, in Redis, under the shared key.
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${namespace}*`);
      const counts = await Promise.all(keys.map((k) => redis.get(k)));
      redis.disconnect();
      expect(counts.map(Number)).toContain(LIMIT + 2);
    });

    it('would let each process allow its own quota with in-memory counters (why REDIS_URL is needed)', async () => {
      const first = await build({ rateLimits });
      const second = await buildOn(first.database, { rateLimits });
      const user = await createUser(first);
      const statuses = await alternateLogins([first, second], user, 2 * LIMIT + 1);
      expect(statuses.slice(0, 2 * LIMIT)).toEqual(Array(2 * LIMIT).fill(200));
      expect(statuses[2 * LIMIT]).toBe(429);
    });
  });
} else {
  describe(`one API process (${testEngine}, in-memory counters) enforces the login rate limit`, () => {
    it(`answers 429 to the ${LIMIT + 1}th login attempt`, async () => {
      const app = await build({ rateLimits });
      const user = await createUser(app);
      const statuses = await alternateLogins([app], user, LIMIT + 2);
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    });

    it('counts per process without Redis: two processes on one database allow a quota each', async () => {
      const first = await build({ rateLimits });
      const second = await buildOn(first.database, { rateLimits });
      const user = await createUser(first);
      const statuses = await alternateLogins([first, second], user, 2 * LIMIT + 1);
      expect(statuses.slice(0, 2 * LIMIT)).toEqual(Array(2 * LIMIT).fill(200));
      expect(statuses[2 * LIMIT]).toBe(429);
    });
  });
}

describe(`two API processes on one database (${testEngine}${sharedRun ? ', one Redis' : ''})`, () => {
  it('give exactly one of 50 simultaneous bookings of one room-night, alternating between them, the room', async () => {
    const redis = sharedRun ? { redisUrl, rateLimitNamespace: `staybook-test-race-${randomBytes(6).toString('hex')}-` } : {};
    const first = await build(redis);
    const second = await buildOn(first.database, { ...redis, jwtSecret: first.config.jwtSecret });
    const s = await stayWithRooms(first);
    const guests = await Promise.all(Array.from({ length: 50 }, () => guest(first)));
    const results = await Promise.all(
      guests.map((g, i) =>
        book(i % 2 ? second : first, g, {
          stayId: s.stay.id,
          checkIn: day(30),
          checkOut: day(31),
          roomNumberIds: [s.r201],
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    // Both processes answered for real: each refused some of the guests it served.
    expect(results.filter((r, i) => i % 2 === 1 && r.statusCode === 409).length).toBeGreaterThan(0);
    expect(results.filter((r, i) => i % 2 === 0 && r.statusCode === 409).length).toBeGreaterThan(0);
    const nights = await first.db.select().from(roomNights).where(eq(roomNights.roomNumberId, s.r201));
    expect(nights).toHaveLength(1);
    expect(await first.db.select().from(bookings).where(eq(bookings.stayId, s.stay.id))).toHaveLength(1);
  });
});
