import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, TEST_RATE_LIMITS } from '#src/config/config.ts';
import { build, createUser, DEFAULT_PASSWORD, testEngine, uniqueEmail, redisAnswers } from '../helper.ts';

// Rate limits cannot be walked around: not with an encoded path, not by rotating addresses against one account,
// not with a forged X-Forwarded-For, and not when Redis stops answering (docs/decisions/007-rate-limits.md).

vi.setConfig({ testTimeout: 60_000 });

const LIMIT = 3;
let address = 0;
/** A client address of its own for each case, so cases never share a counter. */
const newAddress = () => `198.51.100.${++address}`;

describe(`rate limits are counted by the route, not by the raw URL (${testEngine})`, async () => {
  const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, global: 8, login: LIMIT, forgot: LIMIT } });
  const user = await createUser(app);
  const admin = await createUser(app, { isAdmin: true });

  /** Spellings that reach the same route (or no route at all). */
  const variantsOf = (path: string) => {
    const [, area, ...rest] = path.split('/'); // '', 'api', ...
    const tail = rest.join('/');
    return [
      `/%61pi/${tail}`,
      `/%61%70%69/${tail}`,
      `/${area}/${tail.replace(/^a/, '%61')}`,
      `/${area}/${tail.replace(/n$/, '%6e').replace(/d$/, '%64')}`,
      `${path}?x=1`,
      `${path}/`,
      `/${path}`,
      `/API/${tail}`,
      `/${area}/./${tail}`,
      `/${area}/x/../${tail}`,
    ];
  };

  const cases = [
    { route: '/api/auth/login', body: { email: user.email, password: 'Wrong@12345' }, first: 401 },
    { route: '/api/admin/auth/login', body: { email: admin.email, password: 'Wrong@12345' }, first: 401 },
    { route: '/api/auth/forgot-password', body: { email: user.email }, first: 202 },
    { route: '/api/admin/auth/forgot-password', body: { email: admin.email }, first: 202 },
  ];
  for (const c of cases) {
    it(`${c.route}: once the limit is used, every other spelling of the path is refused too`, async () => {
      const remoteAddress = newAddress();
      const send = (url: string) => app.inject({ method: 'POST', url, payload: c.body, remoteAddress });
      for (let i = 0; i < LIMIT; i++) expect((await send(c.route)).statusCode).toBe(c.first);
      for (const url of variantsOf(c.route)) {
        const res = await send(url);
        expect([404, 429], url).toContain(res.statusCode);
      }
      expect((await send(c.route)).statusCode).toBe(429);
    });

    it(`${c.route}: the plain and encoded spellings share one counter`, async () => {
      const remoteAddress = newAddress();
      const urls = [c.route, ...variantsOf(c.route)];
      const statuses: number[] = [];
      for (let i = 0; statuses.filter((s) => s === c.first).length <= LIMIT && i < 40; i++) {
        const res = await app.inject({ method: 'POST', url: urls[i % urls.length] as string, payload: c.body, remoteAddress });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) break;
      }
      expect(statuses.filter((s) => s === c.first)).toHaveLength(LIMIT);
      expect(statuses.at(-1)).toBe(429);
    });
  }

  it('the global limit counts every API route by its route, encoded or not', async () => {
    const remoteAddress = newAddress();
    const urls = [
      '/api/stays?featured=true',
      '/%61pi/stays?featured=true',
      '/api/%73tays?featured=true',
      '/api/stays/?featured=true',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await app.inject({ url: urls[i % urls.length] as string, remoteAddress })).statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(8);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // The web app's own files are not API routes and stay unlimited.
    expect((await app.inject({ url: '/', remoteAddress })).statusCode).not.toBe(429);
  });
});

describe(`per-account limits on login and forgot-password (${testEngine})`, async () => {
  const app = await build({
    rateLimits: {
      ...TEST_RATE_LIMITS,
      loginPerAccount: { max: LIMIT, timeWindow: 60_000 },
      forgotPerAccount: { max: 2, timeWindow: 60_000 },
    },
  });

  it('failed logins of one account from rotating addresses get 429, even with the right password next', async () => {
    const user = await createUser(app);
    const login = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email.toUpperCase(), password },
        remoteAddress: newAddress(),
      });
    for (let i = 0; i < LIMIT; i++) expect((await login('Wrong@12345')).statusCode).toBe(401);
    const blocked = await login(DEFAULT_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toEqual(expect.any(String));
    // Another account is not affected; nor is the admin area's own counter.
    const other = await createUser(app);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: DEFAULT_PASSWORD },
      remoteAddress: newAddress(),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('successful logins do not use up the account quota', async () => {
    const user = await createUser(app);
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
        remoteAddress: newAddress(),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('forgot-password is limited per account, alike for known and unknown emails', async () => {
    const user = await createUser(app);
    for (const email of [user.email, uniqueEmail('nobody')]) {
      const ask = () =>
        app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: newAddress() });
      const statuses = [(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode];
      expect(statuses, email).toEqual([202, 202, 429]);
    }
  });
});

describe('LOGINS_PER_MINUTE', () => {
  it('sets the logins an address may try a minute: 10 unless set, a whole number from 1', () => {
    const env = { DATA_DIR: `/tmp/staybook-config-${randomBytes(4).toString('hex')}` };
    expect(loadConfig({ ...env }).rateLimits.login).toBe(10);
    expect(loadConfig({ ...env, LOGINS_PER_MINUTE: '200' }).rateLimits.login).toBe(200);
    expect(() => loadConfig({ ...env, LOGINS_PER_MINUTE: '0' })).toThrow(/LOGINS_PER_MINUTE/);
    expect(() => loadConfig({ ...env, LOGINS_PER_MINUTE: 'many' })).toThrow(/LOGINS_PER_MINUTE|number/);
  });
});

describe('TRUST_PROXY trusts a number of hops, not the leftmost X-Forwarded-For', () => {
  it('reads TRUST_PROXY as a hop count', () => {
    const env = { DATA_DIR: `/tmp/staybook-config-${randomBytes(4).toString('hex')}` };
    expect(loadConfig({ ...env }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'all' })).toThrow(/TRUST_PROXY/);
  });

  it('a forged left part of X-Forwarded-For gives no fresh counter; the proxy-seen address does', async () => {
    const app = await build({ trustProxy: 1, rateLimits: { ...TEST_RATE_LIMITS, login: LIMIT } });
    const user = await createUser(app);
    const login = (forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'Wrong@12345' },
        remoteAddress: '172.18.0.5', // the proxy
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await login(`10.9.${i}.1, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429, 429, 429]);
    // A different client behind the same proxy has its own counter.
    expect((await login('203.0.113.8')).statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Redis: shared counters while it answers, per-process counters (never none) while it does not.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const redisUp = await redisAnswers(redisUrl);

describe('rate limits when Redis does not answer', () => {
  const rateLimits = { ...TEST_RATE_LIMITS, login: LIMIT };

  it('with Redis unreachable from the start, logins are still limited (per process)', async () => {
    // Nothing listens on port 1.
    const app = await build({ redisUrl: 'redis://127.0.0.1:1', rateLimitNamespace: 'staybook-test-down-', rateLimits });
    const user = await createUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: DEFAULT_PASSWORD } }))
          .statusCode,
      );
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it.runIf(redisUp)('when Redis goes away mid-run, counting goes on in the process', async () => {
    // A TCP relay to Redis that the test can cut.
    const target = new URL(redisUrl);
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as net.AddressInfo).port;
    const namespace = `staybook-test-cut-${randomBytes(4).toString('hex')}-`;

    const app = await build({ redisUrl: `redis://127.0.0.1:${port}`, rateLimitNamespace: namespace, rateLimits });
    const user = await createUser(app);
    const login = async () =>
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: DEFAULT_PASSWORD } }))
        .statusCode;
    expect([await login(), await login()]).toEqual([200, 200]);
    const probe = new Redis(redisUrl);
    try {
      expect((await probe.keys(`${namespace}*`)).length).toBeGreaterThan(0); // counted in Redis
      const keys = await probe.keys(`${namespace}*`);
      if (keys.length) await probe.del(...keys);
    } finally {
      probe.disconnect();
    }

    await new Promise<void>((resolve) => {
      relay.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
    const after: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) after.push(await login());
    expect(after).toEqual([...Array(LIMIT).fill(200), 429]);
  });
});
