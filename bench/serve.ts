/**
 * The API for the bench, in its own process so the load generator does not share its event loop:
 * the real app on the bench database, rate limits raised, no logs. Prints `listening <port>` when ready.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { CHANNEL_SETTINGS, loadConfig, testConfig } from '../apps/api/src/config/config.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const jwtSecret = process.env.BENCH_JWT_SECRET;
if (!databaseUrl || !jwtSecret) throw new Error('BENCH_DATABASE_URL and BENCH_JWT_SECRET are required');

const pick = <T extends object, K extends keyof T>(o: T, keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;

const tmp = mkdtempSync(path.join(tmpdir(), 'staybook-bench-'));
const app = await buildApp({
  config: testConfig({
    env: 'production',
    dataDir: tmp,
    databaseUrl,
    jwtSecret,
    rateLimits: {
      global: 100_000_000,
      login: 100_000_000,
      forgot: 100_000_000,
      loginPerAccount: { max: 100_000_000, timeWindow: 60_000 },
      forgotPerAccount: { max: 100_000_000, timeWindow: 60_000 },
      holdsPerAccount: { max: 100_000_000, timeWindow: 60_000 },
      register: { max: 100_000_000, timeWindow: 60_000 },
      confirmPerAccount: { max: 100_000_000, timeWindow: 60_000 },
      confirm: 100_000_000,
      emailChangesPerAccount: [{ max: 100_000_000, timeWindow: 60_000 }],
      confirmMailsPerAddress: [{ max: 100_000_000, timeWindow: 60_000 }],
    },
    // As in production (loadConfig): search answers, room availability and checked sessions reused; with
    // BENCH_NO_REUSE=1 no answer is kept, so every request does its work.
    ...pick(loadConfig({ DATA_DIR: tmp }), ['searchCacheMs', 'stayCacheMs', 'sessionCacheMs', 'addressShares']),
    // Behind one proxy, as deployed: each bench guest comes from an address of its own (X-Forwarded-For), so the
    // per-address shares of ADR 024 are checked on every hold as for guests at home.
    trustProxy: 1,
    ...(process.env.BENCH_NO_REUSE === '1' ? { searchCacheMs: 0, stayCacheMs: 0 } : {}),
    // The search as before the kept availability (ADR 037), to measure both in one run.
    searchIndex: process.env.BENCH_SEARCH_INDEX !== '0',
    explainReads: true,
    // BENCH_CHANNELS_ALLOW_LOCAL=1: calendars may be fetched from this machine (the hostile feeds' server).
    ...(process.env.BENCH_CHANNELS_ALLOW_LOCAL === '1' ? { channels: { ...CHANNEL_SETTINGS, allowLocal: true, pollMs: 0 } } : {}),
  }),
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
// BENCH_MEMORY_LOG=1: the process's memory each second on stderr (rss, V8 heap used and total, array buffers; MB).
if (process.env.BENCH_MEMORY_LOG === '1') {
  const mb = (n: number) => Math.round(n / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    console.error(
      `[memory ${process.pid}] rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} buffers ${mb(m.arrayBuffers)} external ${mb(m.external)}`,
    );
  }, 1000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
