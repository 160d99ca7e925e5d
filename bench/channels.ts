/**
 * Channel sync's budget (ADR 035), run by bench/run.ts on the bench catalogue: 2,000 imported calendars (one room
 * of each of 2,000 stays) synced in full, pass after pass, in a process of their own (bench/channels-sync.ts, as an
 * API process's scheduler would), while guests search. Searches that can never reuse an answer are measured side by
 * side: without sync, with sync passes running, and without again; with sync, p99 and throughput must stay within
 * 10 % of the runs without.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type autocannon from 'autocannon';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import { BENCH_CITIES } from './catalogue.ts';
import type { BenchContext, BenchSection, Measure } from './context.ts';
import { hostileFeedsBench } from './hostile-feeds.ts';

const SECONDS = 15;

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
  const passDone = new Promise<void>((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('pass ')) resolve();
    });
  });
  try {
    await ready;
    const search = (name: string, offset: number) =>
      load(name, { url: baseUrl, duration: SECONDS, requests: newSearches(headers, today, offset) }).then((r) => r.measure);
    const before = await search('GET /api/stays/search (all new), no sync', 1_000_000);
    child.stdin.write('go\n');
    const during = await search('GET /api/stays/search (all new), 2,000 feeds syncing', 2_000_000);
    // The pass goes on at its pace until every feed is synced.
    await passDone;
    child.kill('SIGTERM');
    await exited;
    const after = await search('GET /api/stays/search (all new), no sync again', 3_000_000);
    const hostile = await hostileFeedsBench(ctx, (offset) => newSearches(headers, today, offset));

    const passes = lines.flatMap((l) => {
      const m = /^pass (\d+) (\d+)$/.exec(l);
      return m ? [{ feeds: Number(m[1]), ms: Number(m[2]) }] : [];
    });
    const nights = Number(/^nights (\d+)$/.exec(lines.find((l) => l.startsWith('nights ')) ?? '')?.[1] ?? 0);
    const first = passes[0];
    // The runs without sync, before and after, averaged: the machine's own drift weighs on both sides alike.
    const baseP99 = (before.p99 + after.p99) / 2;
    const baseRps = (before.rps + after.rps) / 2;
    const row = (m: Measure) => `| ${m.name} | ${m.p50} | ${m.p99} | ${Math.round(m.rps)} | ${m.requests} | ${m.non2xx} |`;
    const checks = [
      {
        what: 'channel sync: 2,000 feeds in one pass',
        budget: 'every feed synced',
        measured: first ? `${first.feeds} feeds in ${(first.ms / 1000).toFixed(1)} s` : 'no pass finished',
        ok: first !== undefined && first.feeds >= 2000,
      },
      {
        what: 'search p99 while feeds sync (vs the runs without, averaged)',
        budget: '≤ +10 %',
        measured: `${during.p99} ms vs ${baseP99.toFixed(1)} ms (${(((during.p99 - baseP99) / baseP99) * 100).toFixed(1)} %)`,
        ok: during.p99 <= baseP99 * 1.1 && during.non2xx === 0,
      },
      {
        what: 'search throughput while feeds sync (vs the runs without, averaged)',
        budget: '≥ −10 %',
        measured: `${Math.round(during.rps)} req/s vs ${Math.round(baseRps)} (${(((during.rps - baseRps) / baseRps) * 100).toFixed(1)} %)`,
        ok: during.rps >= baseRps * 0.9,
      },
      ...hostile.checks,
    ];
    return {
      title: 'Channels',
      markdown: `2,000 imported calendars (one room of each of 2,000 stays, 4 stays of 1–3 nights each over the next 180 days), served from the sync process itself and synced by it in one pass as an API process's scheduler does (\`syncDue\` with the production settings: batches of 100 claimed, 4 fetched at once, at most 20 started a second); every feed is new, so each is fetched, read and applied in full (blocks inserted, nights taken, conflicts with the catalogue's bookings recorded and mailed). Searches that can never reuse an answer are measured before the pass, during it and after it, ${SECONDS} s each at 32 connections. Pass: ${passes.map((p) => `${p.feeds} feeds in ${(p.ms / 1000).toFixed(1)} s`).join(', ') || 'none'}; nights blocked by feeds at the end: ${nights}.

| endpoint | p50 ms | p99 ms | req/s | requests | non-2xx |
|---|---|---|---|---|---|
${row(before)}
${row(during)}
${row(after)}

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
