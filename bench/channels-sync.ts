/**
 * The channel bench's sync process (bench/channels.ts): serves 2,000 other sites' calendars from this process,
 * imports one into each of 2,000 rooms of different stays, prints `ready`, then on each `go <n>` (stdin) makes the
 * next n feeds not yet synced due and runs one sync pass over them with the production settings (each feed new:
 * fetched, read and applied in full), printing `pass <feeds> <ms>` when done, and on SIGTERM the nights the feeds
 * block.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { addDays, todayInIndia } from '../packages/shared/src/domain/dates.ts';
import { CHANNEL_SETTINGS, testConfig } from '../apps/api/src/config/config.ts';
import { openDatabase, selectRows } from '../apps/api/src/db/client.ts';
import { syncDue } from '../apps/api/src/features/channels/index.ts';
import { ChannelConflictMail } from '../apps/api/src/features/channels/events.ts';
import { mailConflicts } from '../apps/api/src/features/channels/mails.ts';
import { systemClock } from '../apps/api/src/platform/deps.ts';
import { createMailer } from '../apps/api/src/platform/mail.ts';
import { createOutbox } from '../apps/api/src/platform/outbox.ts';

const FEEDS = Number(process.env.BENCH_FEEDS ?? 2000);
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('BENCH_DATABASE_URL is required');

const today = todayInIndia();
let version = 0;
const compact = (d: string) => d.replaceAll('-', '');
/** Feed i's calendar at the current version: 4 stays of 1–3 nights over the next 180 days, moving with the version. */
function calendar(i: number) {
  const events: string[] = [];
  for (let k = 0; k < 4; k++) {
    const from = addDays(today, 5 + ((i * 7 + version * 3 + k * 43) % 170));
    const to = addDays(from, 1 + ((i + k + version) % 3));
    events.push(
      [
        'BEGIN:VEVENT',
        `UID:${i}-${k}@other.example`,
        'DTSTAMP:20261101T000000Z',
        `DTSTART;VALUE=DATE:${compact(from)}`,
        `DTEND;VALUE=DATE:${compact(to)}`,
        'SUMMARY:Reserved',
        'END:VEVENT',
      ].join('\r\n'),
    );
  }
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other site//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}
const server = createServer((req, res) => {
  const i = Number(/^\/feed\/(\d+)\.ics$/.exec(req.url ?? '')?.[1] ?? -1);
  if (i < 0) return void res.writeHead(404).end();
  const etag = `"v${version}"`;
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
  res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(calendar(i));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;

const dataDir = mkdtempSync(path.join(tmpdir(), 'staybook-bench-channels-'));
const config = testConfig({ dataDir, databaseUrl, channels: { ...CHANNEL_SETTINGS, allowLocal: true, pollMs: 0 } });
const database = await openDatabase({ url: databaseUrl, dataDir: null, poolSize: 4 });
const { db } = database;
const log = Fastify({ logger: false }).log;
const outbox = createOutbox(db, log);
const mail = createMailer({ smtpUrl: undefined, mailFrom: config.mailFrom, dataDir }, log);
outbox.handle(ChannelConflictMail, (p) => mailConflicts({ db, mail, config }, p.conflictIds));
const deps = { db, config, clock: systemClock, outbox, log };

// One room of each of 2,000 stays, each importing its own calendar, not due until a pass asks.
await db.execute(sql`
  insert into channel_feeds (stay_id, room_number_id, url, label, created_by, next_fetch_at)
  select r.stay_id, r.id, ${`http://127.0.0.1:${port}/feed/`} || (row_number() over (order by r.id) - 1) || '.ics', 'Other site', s.owner_id,
         'infinity'::timestamptz
  from (select distinct on (stay_id) id, stay_id from room_numbers where archived_at is null order by stay_id, number) r
  join stays s on s.id = r.stay_id
  order by r.id limit ${FEEDS}`);
console.log('ready');

let passes = Promise.resolve();
version++;
createInterface({ input: process.stdin }).on('line', (line) => {
  const n = Number(/^go (\d+)$/.exec(line)?.[1] ?? 0);
  passes = passes.then(async () => {
    await db.execute(sql`
      update channel_feeds set next_fetch_at = now() - interval '1 second'
      where id in (select id from channel_feeds where next_fetch_at = 'infinity' order by id limit ${n})`);
    const begun = performance.now();
    const synced = await syncDue(deps);
    console.log(`pass ${synced} ${Math.round(performance.now() - begun)}`);
  });
});
process.on('SIGTERM', async () => {
  await passes.catch(() => undefined);
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from room_nights where block_id in (select id from room_blocks where feed_id is not null)`,
  );
  console.log(`nights ${row?.n ?? 0}`);
  mail.close();
  await database.close();
  server.close();
  process.exit(0);
});
