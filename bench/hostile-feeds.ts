/**
 * Hostile calendar feeds (ADR 044), run by bench/channels.ts: an owner's room imports the worst files the 2 MB cap
 * allows, and "Read now" reads them one after another, each time a new file, in the API process that guests search
 * (as an owner, or a site an owner imports from, could do at will). Searches that can never reuse an answer are
 * measured in windows that take turns, without reads and with reads going on, starting and ending without; with
 * reads, the median window's p99 must stay within the windows without (their median, give or take their spread).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type autocannon from 'autocannon';
import { addDays } from '../packages/shared/src/domain/dates.ts';
import { signToken, TOKEN_TTL_SECONDS } from '../apps/api/src/features/auth/tokens.ts';
import { type BenchContext, type Check, type Measure, median, windowsRow } from './context.ts';

/** One measuring window, and how many windows with reads going on (there is one more without). */
const SECONDS = 8;
const WINDOWS = 4;

const compact = (iso: string) => iso.replaceAll('-', '');
const ics = (events: string[], seq: number) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//Hostile ${seq}//EN`, ...events, 'END:VCALENDAR', ''].join('\r\n');

/** The files, each made anew on every fetch (a new first line), so that none is skipped as already read. */
function hostileFiles(today: string): Record<string, (seq: number) => string> {
  // The most plain events 1.9 MB holds (about 14,500): refused by its count, before any parsing.
  const plain: string[] = [];
  for (let i = 0, size = 0; size < 1_900_000; i++) {
    const e = `BEGIN:VEVENT\r\nUID:p${i}@hostile\r\nDTSTART;VALUE=DATE:${compact(addDays(today, 1 + (i % 700)))}\r\nSUMMARY:x\r\nEND:VEVENT`;
    plain.push(e);
    size += e.length + 2;
  }
  // 1,400 events repeating daily since 1990: parsed, 20,000 occurrences looked at, refused.
  const daily = Array.from(
    { length: 1_400 },
    (_, i) => `BEGIN:VEVENT\r\nUID:d${i}@hostile\r\nDTSTART;VALUE=DATE:19900101\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT`,
  );
  // The largest file that is read whole: 1,500 one-night events with long descriptions (1.9 MB).
  const largest = Array.from(
    { length: 1_500 },
    (_, i) =>
      `BEGIN:VEVENT\r\nUID:l${i}@hostile\r\nDTSTART;VALUE=DATE:${compact(addDays(today, 1 + (i % 700)))}\r\nDESCRIPTION:${'x'.repeat(1_200)}\r\nEND:VEVENT`,
  );
  return {
    '/plain.ics': (seq) => ics(plain, seq),
    '/daily.ics': (seq) => ics(daily, seq),
    '/largest.ics': (seq) => ics(largest, seq),
  };
}

export async function hostileFeedsBench(
  ctx: BenchContext,
  searches: (offset: number) => autocannon.Request[],
): Promise<{ markdown: string; checks: Check[] }> {
  const { client, load, today } = ctx;
  const files = hostileFiles(today);
  let seq = 0;
  const server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) res.writeHead(200, { 'content-type': 'text/calendar' }).end(file(seq++));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // An API process that may fetch from this machine (the bench's feed server), as the journeys' is.
  const api = await ctx.startApi({ env: { BENCH_CHANNELS_ALLOW_LOCAL: '1' } });
  try {
    // The catalogue's owner, signed in to the admin area, imports into one of their rooms.
    const {
      rows: [owner],
    } = await client.query<{ id: string; first_name: string; last_name: string; email: string; mobile: string }>(
      `select id, first_name, last_name, email, mobile from users where email = 'owner@bench.local'`,
    );
    const {
      rows: [room],
    } = await client.query<{ id: string }>(
      `select rn.id from room_numbers rn join stays s on s.id = rn.stay_id where s.owner_id = $1 order by rn.id limit 1`,
      [owner?.id],
    );
    if (!owner || !room) throw new Error('no owner or room in the catalogue');
    const {
      rows: [session],
    } = await client.query<{ id: string }>(
      `insert into sessions (user_id, audience, expires_at) values ($1, 'admin', now() + interval '1 day') returning id`,
      [owner.id],
    );
    const token = await signToken(
      ctx.jwtSecret,
      { id: owner.id, firstName: owner.first_name, lastName: owner.last_name, email: owner.email, mobile: owner.mobile },
      session?.id ?? '',
      'admin',
      TOKEN_TTL_SECONDS,
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const feedIds: { path: string; id: string; lastError: string | null }[] = [];
    for (const path of Object.keys(files)) {
      const res = await fetch(`${api.baseUrl}/api/admin/rooms/${room.id}/feeds`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${feedBase}${path}`, label: path }),
      });
      if (res.status !== 201) throw new Error(`adding ${path} answered ${res.status}: ${await res.text()}`);
      const { feed } = (await res.json()) as { feed: { id: string; lastError: string | null } };
      feedIds.push({ path, id: feed.id, lastError: feed.lastError });
    }

    const search = (name: string, offset: number) =>
      load(name, { url: api.baseUrl, duration: SECONDS, requests: searches(offset) }).then((r) => r.measure);
    // "Read now" on each hostile feed in turn, for as long as a window runs.
    let reads = 0;
    const readWhile = async (during: Promise<Measure>) => {
      let reading = true;
      const reader = (async () => {
        for (let i = 0; reading; i++) {
          const feed = feedIds[i % feedIds.length];
          const res = await fetch(`${api.baseUrl}/api/admin/feeds/${feed?.id}/sync`, {
            method: 'POST',
            headers: { authorization: headers.authorization },
          });
          if (res.status !== 200) throw new Error(`Read now answered ${res.status}`);
          await res.arrayBuffer();
          reads++;
        }
      })();
      // A reader's failure is the bench's, once the window is done (not an unhandled rejection meanwhile).
      const readerDone = reader.then(
        () => null,
        (err: unknown) => err,
      );
      const measure = await during;
      reading = false;
      const failed = await readerDone;
      if (failed) throw failed;
      return measure;
    };
    // A window first that is not counted: the API process of this section is new, and its first searches warm it up.
    await search('warm-up, not counted', 3_900_000);
    const quiet: Measure[] = [];
    const reading: Measure[] = [];
    for (let w = 0; w < WINDOWS; w++) {
      quiet.push(await search(`no feed read ${w + 1}`, 4_000_000 + 100_000 * (2 * w)));
      reading.push(await readWhile(search(`hostile feeds read ${w + 1}`, 4_000_000 + 100_000 * (2 * w + 1))));
    }
    quiet.push(await search(`no feed read ${WINDOWS + 1}`, 4_000_000 + 100_000 * (2 * WINDOWS)));

    // Run-to-run noise: how far the windows without reads stray from their median, at least 10 % of it.
    const baseP99 = median(quiet.map((m) => m.p99));
    const p99s = quiet.map((m) => m.p99);
    const noise = Math.max(Math.max(...p99s) - baseP99, baseP99 - Math.min(...p99s), baseP99 * 0.1);
    const duringP99 = median(reading.map((m) => m.p99));
    const checks: Check[] = [
      {
        what: 'search p99 while hostile feeds are read (vs the runs without, averaged)',
        budget: `within run-to-run noise (± ${noise.toFixed(1)} ms)`,
        measured: `${duringP99} ms vs ${baseP99} ms; ${reads} reads`,
        ok: duringP99 <= baseP99 + noise && reading.every((m) => m.non2xx === 0) && reads > 0,
      },
      {
        what: 'hostile feeds refused with the reason in their status',
        budget: 'the two over the limits refused, the largest allowed read',
        measured: feedIds.map((f) => `${f.path}: ${f.lastError ?? 'read'}`).join('; '),
        ok:
          feedIds.find((f) => f.path === '/plain.ics')?.lastError?.includes('events') === true &&
          feedIds.find((f) => f.path === '/daily.ics')?.lastError?.includes('repeat') === true &&
          feedIds.find((f) => f.path === '/largest.ics')?.lastError === null,
      },
    ];
    for (const f of feedIds)
      await fetch(`${api.baseUrl}/api/admin/feeds/${f.id}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      });
    return {
      markdown: `Hostile feeds (ADR 044), in an API process of their own that guests search: one room imports the largest plain file the 2 MB cap allows (about 14,500 events: refused by its count), 1,400 events repeating daily since 1990 (parsed, refused after 20,000 occurrences) and the largest file read whole (1,500 events, 1.9 MB); "Read now" reads them in turn, each a new file, while searches that can never reuse an answer run at 32 connections, in ${SECONDS} s windows that take turns: ${WINDOWS + 1} without reads and ${WINDOWS} with reads going on (${reads} reads in all). Statuses: ${feedIds.map((f) => `${f.path} ${f.lastError ? `'${f.lastError}'` : 'read'}`).join(', ')}.

| endpoint | p50 ms | p99 ms (range) | req/s (range) | requests | non-2xx |
|---|---|---|---|---|---|
${windowsRow('GET /api/stays/search (all new), no feed read', quiet)}
${windowsRow('GET /api/stays/search (all new), hostile feeds read again and again', reading)}`,
      checks,
    };
  } finally {
    await api.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
