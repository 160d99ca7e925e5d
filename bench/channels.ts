/**
 * Channel sync's budget (ADR 035), run by bench/run.ts on the bench catalogue: 2,000 imported calendars (one room
 * of each of 2,000 stays) synced in full, in passes, in a process of their own (bench/channels-sync.ts, as an API
 * process's scheduler would), while guests search. Searches that can never reuse an answer are measured in windows
 * that take turns, without sync and with a pass running, starting and ending without (a busy host's drift weighs on
 * both alike); with sync, the median window's p99 and throughput must stay within 10 % of the median window without.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type autocannon from 'autocannon';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import { CHANNEL_SETTINGS } from '../apps/api/src/config/config.ts';
import { BENCH_CITIES } from './catalogue.ts';
import { type BenchContext, type BenchSection, type Measure, median, windowsRow } from './context.ts';
import { hostileFeedsBench } from './hostile-feeds.ts';

/** One measuring window, and how many windows with a pass running (there is one more without). */
const SECONDS = 10;
const WINDOWS = 5;
const FEEDS = 2000;

/** Searches never asked before (every city × 150 days × 1–4 nights × 1–4 adults), from an offset so runs differ. */
function newSearches(headers: Record<string, string>, today: string, offset: number): autocannon.Request[] {
  let sent = offset;
  return [
    {
      method: 'GET',
      headers,
      setupRequest: (req) => {
        const i = sent++;
        const n = BENCH_CITIES.length;
        const checkIn = addDays(today, 1 + (Math.floor(i / n) % 150));
        const q = new URLSearchParams({
          city: BENCH_CITIES[i % n] as string,
          checkIn,
          checkOut: addDays(checkIn, 1 + (Math.floor(i / (n * 150)) % 4)),
          adults: String(1 + (Math.floor(i / (n * 600)) % 4)),
        });
        return { ...req, path: `/api/stays/search?${q}` };
      },
    },
  ];
}

export default async function channelsBench(ctx: BenchContext): Promise<BenchSection> {
  const { load, baseUrl, today, databaseUrl } = ctx;
  const guest = await ctx.newGuest();
  const headers = { authorization: `Bearer ${guest.token}` };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'channels-sync.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line === 'ready') resolve();
    });
    child.once('exit', (code) => reject(new Error(`the sync process exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Each `go` is answered by one `pass` line, in turn.
  const passWaiters: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('pass ')) passWaiters.shift()?.(line);
  });
  const pass = (feeds: number) => {
    const done = new Promise<string>((resolve) => passWaiters.push(resolve));
    child.stdin.write(`go ${feeds}\n`);
    return done;
  };
  try {
    await ready;
    const search = (name: string, offset: number) =>
      load(name, { url: baseUrl, duration: SECONDS, requests: newSearches(headers, today, offset) }).then((r) => r.measure);
    // A pass lasts at least a window at the production pace: the whole window is measured with feeds syncing.
    const perWindow = CHANNEL_SETTINGS.feedsPerSecond * SECONDS;
    const quiet: Measure[] = [];
    const syncing: Measure[] = [];
    for (let w = 0; w < WINDOWS; w++) {
      quiet.push(await search(`GET /api/stays/search (all new), no sync ${w + 1}`, 1_000_000 * (2 * w + 1)));
      const passed = pass(perWindow);
      syncing.push(await search(`GET /api/stays/search (all new), feeds syncing ${w + 1}`, 1_000_000 * (2 * w + 2)));
      // The next window without sync starts once this pass is done.
      await passed;
    }
    quiet.push(await search(`GET /api/stays/search (all new), no sync ${WINDOWS + 1}`, 1_000_000 * (2 * WINDOWS + 1)));
    // The rest of the feeds, in one pass, unmeasured.
    await pass(FEEDS - WINDOWS * perWindow);
    child.kill('SIGTERM');
    await exited;
    const hostile = await hostileFeedsBench(ctx, (offset) => newSearches(headers, today, offset));

    const passes = lines.flatMap((l) => {
      const m = /^pass (\d+) (\d+)$/.exec(l);
      return m ? [{ feeds: Number(m[1]), ms: Number(m[2]) }] : [];
    });
    const nights = Number(/^nights (\d+)$/.exec(lines.find((l) => l.startsWith('nights ')) ?? '')?.[1] ?? 0);
    const synced = passes.reduce((n, p) => n + p.feeds, 0);
    const measured = passes.slice(0, WINDOWS);
    const last = passes[WINDOWS];
    const baseP99 = median(quiet.map((m) => m.p99));
    const baseRps = median(quiet.map((m) => m.rps));
    const duringP99 = median(syncing.map((m) => m.p99));
    const duringRps = median(syncing.map((m) => m.rps));
    const checks = [
      {
        what: `channel sync: ${FEEDS.toLocaleString('en-IN')} feeds, every one read and applied`,
        budget: 'every feed synced',
        measured: `${synced} feeds; ${last ? `${last.feeds} in one pass of ${(last.ms / 1000).toFixed(1)} s` : 'the last pass did not finish'}`,
        ok: synced >= FEEDS,
      },
      {
        what: 'search p99 while feeds sync (median window, vs the median window without)',
        budget: '≤ +10 %',
        measured: `${duringP99} ms vs ${baseP99} ms (${(((duringP99 - baseP99) / baseP99) * 100).toFixed(1)} %)`,
        ok: duringP99 <= baseP99 * 1.1 && syncing.every((m) => m.non2xx === 0),
      },
      {
        what: 'search throughput while feeds sync (median window, vs the median window without)',
        budget: '≥ −10 %',
        measured: `${Math.round(duringRps)} req/s vs ${Math.round(baseRps)} (${(((duringRps - baseRps) / baseRps) * 100).toFixed(1)} %)`,
        ok: duringRps >= baseRps * 0.9,
      },
      ...hostile.checks,
    ];
    return {
      title: 'Channels',
      markdown: `${FEEDS.toLocaleString('en-IN')} imported calendars (one room of each of ${FEEDS.toLocaleString('en-IN')} stays, 4 stays of 1–3 nights each over the next 180 days), served from the sync process itself and synced by it as an API process's scheduler does (\`syncDue\` with the production settings: batches of 100 claimed, ${CHANNEL_SETTINGS.concurrency} fetched at once, at most ${CHANNEL_SETTINGS.feedsPerSecond} started a second); every feed is new, so each is fetched, read and applied in full (blocks inserted, nights taken, conflicts with the catalogue's bookings recorded and mailed). Searches that can never reuse an answer are measured in ${SECONDS} s windows at 32 connections that take turns: ${WINDOWS + 1} without sync and ${WINDOWS} with a pass of ${perWindow} feeds running (passes of ${measured.map((p) => `${(p.ms / 1000).toFixed(1)} s`).join(', ')}); the remaining ${last?.feeds ?? 0} feeds are synced in one pass afterwards. Nights blocked by feeds at the end: ${nights}.

| endpoint | p50 ms | p99 ms (range) | req/s (range) | requests | non-2xx |
|---|---|---|---|---|---|
${windowsRow('GET /api/stays/search (all new), no sync', quiet)}
${windowsRow('GET /api/stays/search (all new), feeds syncing', syncing)}

${hostile.markdown}`,
      checks,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
}
