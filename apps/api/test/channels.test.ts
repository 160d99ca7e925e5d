import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_SETTINGS } from '#src/config/config.ts';
import { selectRows } from '#src/db/client.ts';
import { findFeed } from '#src/features/channels/channels.repository.ts';
import { syncDue } from '#src/features/channels/index.ts';
import { syncFeed } from '#src/features/channels/sync.service.ts';
import { book, day, guest } from './bookings.fixtures.ts';
import { build, loginAdmin, loginGuest, outboxFiles, testEngine, waitForMail } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

const ics = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Other site//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const compact = (iso: string) => iso.replaceAll('-', '');
const allDay = (uid: string, from: string, to: string, extra: string[] = []) =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART;VALUE=DATE:${compact(from)}`,
    `DTEND;VALUE=DATE:${compact(to)}`,
    ...extra,
    'END:VEVENT',
  ].join('\r\n');

/**
 * The other sites, served from this test run: each path answers what its entry says now (a test changes it between
 * fetches); the calendar of /airbnb.ics answers 304 to its own ETag.
 */
const feeds = new Map<string, (res: ServerResponse, ifNoneMatch?: string, authorization?: string) => void>();
const seenConditions: (string | undefined)[] = [];
const server = createServer((req, res) => {
  const handler = feeds.get(req.url ?? '');
  if (req.url === '/airbnb.ics') seenConditions.push(req.headers['if-none-match']);
  if (!handler) {
    res.writeHead(404).end();
    return;
  }
  handler(res, req.headers['if-none-match'], req.headers.authorization);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const serveCalendar = (path: string, body: string, etag: string) =>
  feeds.set(path, (res, ifNoneMatch) => {
    if (ifNoneMatch === etag) res.writeHead(304, { etag }).end();
    else res.writeHead(200, { 'content-type': 'text/calendar', etag }).end(body);
  });

describe(`channels: calendars in and out (${testEngine})`, async () => {
  const app = await build({ channels: { ...CHANNEL_SETTINGS, allowLocal: true, pollMs: 0, timeoutMs: 400 } });
  const owner = await loginAdmin(app);
  const other = await loginAdmin(app);
  const asha = await loginGuest(app);
  const stay = await createStay(app, owner.headers, { name: 'Backwater Homestay', city: 'kochi' });
  await addRooms(app, owner.headers, stay.id, { title: 'Deluxe', roomNumbers: [101, 102], price: 3000 });
  const rooms = await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: owner.headers });
  const byNumber = Object.fromEntries(
    (rooms.json().rooms as { number: number; roomNumberId: string }[]).map((r) => [
      r.number,
      { id: r.roomNumberId, number: r.number },
    ]),
  );
  const r101 = byNumber[101]!;
  const r102 = byNumber[102]!;
  // Sold here: room 101 for the nights +5 and +6.
  const sold = await insertBooking(app, {
    userId: asha.user.id,
    stayId: stay.id,
    from: 5,
    to: 7,
    status: 'confirmed',
    rooms: [r101],
  });

  const addFeed = (roomId: string, url: string, headers = owner.headers, label = 'Airbnb') =>
    app.inject({ method: 'POST', url: `/api/admin/rooms/${roomId}/feeds`, headers, payload: { url, label } });
  const occupancyOf = async (night: string) => {
    const res = await app.inject({
      url: `/api/admin/stays/${stay.id}/occupancy?month=${night.slice(0, 7)}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const grid = res.json() as { nights: string[]; rooms: { number: number; nights: string[] }[] };
    const i = grid.nights.indexOf(night);
    return Object.fromEntries(grid.rooms.map((r) => [r.number, r.nights[i]]));
  };
  const available = async (checkIn: string, checkOut: string) => {
    const res = await app.inject({
      url: `/api/stays/${stay.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`,
      headers: asha.headers,
    });
    return Object.fromEntries(
      (res.json().roomTypes as { roomNumbers: { number: number; available: boolean }[] }[]).flatMap((t) =>
        t.roomNumbers.map((n) => [n.number, n.available]),
      ),
    );
  };

  it('imports a calendar: new events block nights, changed ones move, removed and cancelled ones free them, a sold night is a conflict', async () => {
    serveCalendar(
      '/airbnb.ics',
      ics([
        allDay('stay-a@airbnb', day(10), day(12)),
        // A timed event in New York (defined in the file): 22:00 on +20 is +21 in India, 10:00 on +22 is +22 in India.
        [
          'BEGIN:VTIMEZONE',
          'TZID:America/New_York',
          'BEGIN:STANDARD',
          'DTSTART:19701101T020000',
          'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
          'TZOFFSETFROM:-0400',
          'TZOFFSETTO:-0500',
          'END:STANDARD',
          'BEGIN:DAYLIGHT',
          'DTSTART:19700308T020000',
          'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
          'TZOFFSETFROM:-0500',
          'TZOFFSETTO:-0400',
          'END:DAYLIGHT',
          'END:VTIMEZONE',
        ].join('\r\n'),
        [
          'BEGIN:VEVENT',
          'UID:stay-b@airbnb',
          'DTSTAMP:20261101T000000Z',
          `DTSTART;TZID=America/New_York:${compact(day(20))}T220000`,
          `DTEND;TZID=America/New_York:${compact(day(22))}T100000`,
          'END:VEVENT',
        ].join('\r\n'),
        // A time in UTC: 20:00 UTC on +30 is 01:30 on +31 in India.
        [
          'BEGIN:VEVENT',
          'UID:stay-c@airbnb',
          'DTSTAMP:20261101T000000Z',
          `DTSTART:${compact(day(30))}T200000Z`,
          `DTEND:${compact(day(32))}T050000Z`,
          'END:VEVENT',
        ].join('\r\n'),
        allDay('past@airbnb', day(-10), day(-8)),
      ]),
      '"v1"',
    );
    const added = await addFeed(r102.id, `${base}/airbnb.ics`);
    expect(added.statusCode).toBe(201);
    const feed = added.json().feed;
    expect(feed).toMatchObject({ label: 'Airbnb', eventsRead: 4, nightsBlocked: 2 + 1 + 1, lastError: null });
    expect(feed.lastSuccessAt).not.toBeNull();

    expect(await occupancyOf(day(10))).toEqual({ 101: 'free', 102: 'blocked' });
    expect(await occupancyOf(day(11))).toEqual({ 101: 'free', 102: 'blocked' });
    expect(await occupancyOf(day(12))).toEqual({ 101: 'free', 102: 'free' });
    expect(await occupancyOf(day(21))).toEqual({ 101: 'free', 102: 'blocked' });
    expect(await occupancyOf(day(20))).toEqual({ 101: 'free', 102: 'free' });
    expect(await occupancyOf(day(31))).toEqual({ 101: 'free', 102: 'blocked' });
    expect(await available(day(10), day(12))).toEqual({ 101: true, 102: false });
    // The room-night key refuses a guest's hold of a night a feed blocked.
    const g = await guest(app);
    const hold = await book(app, g, { stayId: stay.id, checkIn: day(11), checkOut: day(12), roomNumberIds: [r102.id] });
    expect(hold.statusCode).toBe(409);

    // The site has not changed: it is asked with its ETag and answers 304; nothing moves.
    const again = await app.inject({ method: 'POST', url: `/api/admin/feeds/${feed.id}/sync`, headers: owner.headers });
    expect(again.statusCode).toBe(200);
    expect(seenConditions.at(-1)).toBe('"v1"');
    expect(again.json().feed).toMatchObject({ eventsRead: 4, nightsBlocked: 4, lastError: null });

    // Then: A moves to +11..+14, B is cancelled, C is gone, D arrives over room 101's sold nights (on room 101's feed).
    serveCalendar(
      '/airbnb.ics',
      ics([allDay('stay-a@airbnb', day(11), day(14)), allDay('stay-b@airbnb', day(20), day(22), ['STATUS:CANCELLED'])]),
      '"v2"',
    );
    const moved = await app.inject({ method: 'POST', url: `/api/admin/feeds/${feed.id}/sync`, headers: owner.headers });
    expect(moved.json().feed).toMatchObject({ eventsRead: 2, nightsBlocked: 3 });
    expect(await occupancyOf(day(10))).toEqual({ 101: 'free', 102: 'free' });
    expect(await occupancyOf(day(13))).toEqual({ 101: 'free', 102: 'blocked' });
    expect(await occupancyOf(day(21))).toEqual({ 101: 'free', 102: 'free' });
    expect(await occupancyOf(day(31))).toEqual({ 101: 'free', 102: 'free' });

    // A calendar over nights sold here: the booking stands, the free night is blocked, the sold ones are conflicts.
    serveCalendar('/booking.ics', ics([allDay('bk-1@booking', day(4), day(7))]), '"b1"');
    const mails = new Set(outboxFiles(app));
    const clash = await addFeed(r101.id, `${base}/booking.ics`, owner.headers, 'Booking.com');
    expect(clash.statusCode).toBe(201);
    expect(clash.json().feed).toMatchObject({ nightsBlocked: 1, lastError: null });
    expect(await occupancyOf(day(4))).toMatchObject({ 101: 'blocked' });
    expect(await occupancyOf(day(5))).toMatchObject({ 101: 'booked' });
    const listed = await app.inject({ url: '/api/admin/channel-conflicts', headers: owner.headers });
    expect(listed.statusCode).toBe(200);
    const found = listed.json().conflicts as { night: string; roomNumber: number; bookingId: string; feedLabel: string }[];
    expect(found.map((c) => [c.roomNumber, c.night, c.bookingId, c.feedLabel])).toEqual([
      [101, day(5), sold.id, 'Booking.com'],
      [101, day(6), sold.id, 'Booking.com'],
    ]);
    const mail = await waitForMail(app, owner.user.email, mails);
    expect(mail.text).toContain('Calendar conflict at Backwater Homestay');
    expect(mail.text).toMatch(/Room 101, night of \d{2}\/\d{2}\/\d{4}: sold here/);
    // Another owner sees none of them; a second sync mails nothing new.
    expect((await app.inject({ url: '/api/admin/channel-conflicts', headers: other.headers })).json().conflicts).toEqual([]);
    const before = outboxFiles(app).length;
    feeds.set('/booking.ics', (res) =>
      res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics([allDay('bk-1@booking', day(4), day(7))])),
    );
    const clashFeedId = clash.json().feed.id as string;
    await app.inject({ method: 'POST', url: `/api/admin/feeds/${clashFeedId}/sync`, headers: owner.headers });
    expect(outboxFiles(app).length).toBe(before);

    // The calendar drops the event: its night is free and its conflicts are closed.
    feeds.set('/booking.ics', (res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics([])));
    await app.inject({ method: 'POST', url: `/api/admin/feeds/${clashFeedId}/sync`, headers: owner.headers });
    expect(await occupancyOf(day(4))).toMatchObject({ 101: 'free' });
    expect((await app.inject({ url: '/api/admin/channel-conflicts', headers: owner.headers })).json().conflicts).toEqual([]);

    // Removing a feed gives its nights back.
    const removed = await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feed.id}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(await occupancyOf(day(13))).toEqual({ 101: 'free', 102: 'free' });
  });

  it('tells the owner in words why a calendar could not be read, and backs off', async () => {
    feeds.set('/broken.ics', (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'));
    feeds.set('/garbled.ics', (res) => res.writeHead(200).end('BEGIN:VCALENDAR\r\nthis is : not ; right\r\n;;;\r\n'));
    // 10 MB, sent as it is made: the fetch stops at the cap.
    feeds.set('/huge.ics', (res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let sent = 0;
      const more = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => undefined);
      more();
    });
    // Never answers.
    feeds.set('/slow.ics', () => undefined);
    feeds.set('/moved.ics', (res) => res.writeHead(302, { location: '/airbnb.ics' }).end());
    const cases: [string, string | RegExp][] = [
      ['/missing.ics', 'the site answered 404'],
      ['/broken.ics', 'not a calendar'],
      ['/huge.ics', 'the calendar is larger than 2 MB'],
      ['/slow.ics', 'took longer than 0.4 s'],
    ];
    for (const [path, words] of cases) {
      const res = await addFeed(r102.id, `${base}${path}`, owner.headers, path);
      expect(res.statusCode, path).toBe(201);
      const feed = res.json().feed;
      expect(feed.lastError, path).toBe(words);
      expect(feed.lastSuccessAt, path).toBeNull();
      // The first failure waits twice the interval.
      expect(Date.parse(feed.nextFetchAt) - Date.parse(feed.lastAttemptAt), path).toBe(2 * 15 * 60_000);
      await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feed.id}`, headers: owner.headers });
    }
    // A garbled file with a calendar's start is read for what it holds (nothing).
    const garbled = await addFeed(r102.id, `${base}/garbled.ics`);
    expect(garbled.json().feed).toMatchObject({ nightsBlocked: 0 });
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${garbled.json().feed.id}`, headers: owner.headers });
    // A redirect is followed (each hop checked).
    const moved = await addFeed(r102.id, `${base}/moved.ics`);
    expect(moved.json().feed).toMatchObject({ lastError: null });
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${moved.json().feed.id}`, headers: owner.headers });
  });

  it('refuses a hostile calendar with the reason in its status, blocking nothing and never stalling the API', async () => {
    const night = (i: number) => compact(day(2 + (i % 600)));
    // The most plain events 2 MB holds (about 14,500); the same written in lower case, which only parsing counts.
    const plain: string[] = [];
    for (let i = 0, size = 0; size < 1_900_000; i++) {
      plain.push(`BEGIN:VEVENT\r\nUID:p${i}@site\r\nDTSTART;VALUE=DATE:${night(i)}\r\nSUMMARY:x\r\nEND:VEVENT`);
      size += (plain.at(-1)?.length ?? 0) + 2;
    }
    feeds.set('/plain.ics', (res) => res.writeHead(200).end(ics(plain)));
    feeds.set('/lower.ics', (res) => res.writeHead(200).end(ics(plain.slice(0, 1_600)).toLowerCase()));
    // Events that repeat every day since 1990: 20,000 occurrences are looked at, then the file is refused.
    const daily = Array.from(
      { length: 1_400 },
      (_, i) => `BEGIN:VEVENT\r\nUID:d${i}@site\r\nDTSTART;VALUE=DATE:19900101\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT`,
    );
    feeds.set('/daily.ics', (res) => res.writeHead(200).end(ics(daily)));
    // 60,000 components, each inside the one before.
    const nested = `${'BEGIN:X-NEST\r\n'.repeat(60_000)}${'END:X-NEST\r\n'.repeat(60_000)}`;
    feeds.set('/nested.ics', (res) => res.writeHead(200).end(ics([nested.trimEnd()])));
    // Three one-night stays repeating every day: more separate stays than a room can have in two years.
    const every = [0, 1, 2].map((i) => allDay(`n${i}@site`, day(2), day(3), ['RRULE:FREQ=DAILY;COUNT=800']));
    feeds.set('/nights.ics', (res) => res.writeHead(200).end(ics(every)));

    const cases: [string, string][] = [
      ['/plain.ics', 'the calendar has more than 1,500 events'],
      ['/lower.ics', 'the calendar has more than 1,500 events'],
      ['/daily.ics', 'the calendar’s repeating events repeat too often to read'],
      ['/nested.ics', 'the calendar is too complex to read'],
      ['/nights.ics', 'the calendar blocks more than 1,500 separate stays in the next two years'],
    ];
    for (const [path, words] of cases) {
      const res = await addFeed(r102.id, `${base}${path}`, owner.headers, path);
      expect(res.statusCode, path).toBe(201);
      expect(res.json().feed, path).toMatchObject({ lastError: words, lastSuccessAt: null, nightsBlocked: 0 });
      await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${res.json().feed.id}`, headers: owner.headers });
    }
    const [held] = await selectRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from room_nights where room_number_id = ${r102.id}::uuid and block_id is not null`,
    );
    expect(held?.n).toBe(0);

    // While the repeating file is read (the longest of them), the API answers: no request to /api/health, made
    // after whatever else the process had to do, waits a quarter of the sync's time (were the file read where
    // requests are answered, one request would wait nearly the whole of it).
    const health = async () => {
      const started = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      return performance.now() - started;
    };
    const started = performance.now();
    let syncing = true;
    const sync = addFeed(r102.id, `${base}/daily.ics`, owner.headers, 'Daily').finally(() => {
      syncing = false;
    });
    let answers = 0;
    let longest = 0;
    for (; syncing; answers++) longest = Math.max(longest, await health());
    const took = performance.now() - started;
    const feed = (await sync).json().feed;
    expect(feed.lastError).toBe('the calendar’s repeating events repeat too often to read');
    expect(answers).toBeGreaterThan(1);
    expect(longest / took).toBeLessThan(0.25);
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feed.id}`, headers: owner.headers });
  });

  it('syncs due feeds on schedule', async () => {
    serveCalendar('/scheduled.ics', ics([allDay('s-1', day(40), day(41))]), '"s1"');
    const res = await addFeed(r102.id, `${base}/scheduled.ics`, owner.headers, 'MakeMyTrip');
    const feedId = res.json().feed.id as string;
    // Not due yet: the pass leaves it alone.
    serveCalendar('/scheduled.ics', ics([allDay('s-1', day(40), day(42))]), '"s2"');
    await syncDue(app.deps);
    expect(await occupancyOf(day(41))).toMatchObject({ 102: 'free' });
    // Due: the pass reads it.
    await app.db.execute(sql`update channel_feeds set next_fetch_at = now() - interval '1 minute' where id = ${feedId}::uuid`);
    expect(await syncDue(app.deps)).toBe(1);
    expect(await occupancyOf(day(41))).toMatchObject({ 102: 'blocked' });
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feedId}`, headers: owner.headers });
  });

  it('keeps a past block as history when its event comes back later, and reads the same file once', async () => {
    serveCalendar('/returning.ics', ics([allDay('again@site', day(60), day(62))]), '"r1"');
    const feedId = (await addFeed(r102.id, `${base}/returning.ics`, owner.headers, 'Goibibo')).json().feed.id as string;
    // 70 days on, the same event is back a month later: the old block is past, the new nights are blocked.
    feeds.set('/returning.ics', (res) => res.writeHead(200).end(ics([allDay('again@site', day(90), day(92))])));
    const later = { ...app.deps, clock: { now: () => new Date(Date.now() + 70 * 86_400_000) } };
    const feed = await findFeed(app.db, feedId);
    await syncFeed(later, feed!);
    const after = await findFeed(app.db, feedId);
    expect(after).toMatchObject({ last_error: null, nights_blocked: 2, events_read: 1 });
    expect(await occupancyOf(day(90))).toMatchObject({ 102: 'blocked' });
    // The very same file again (no ETag): not read again, nothing changes.
    await syncFeed(later, after!);
    expect(await findFeed(app.db, feedId)).toMatchObject({ last_error: null, nights_blocked: 2, events_read: 1 });
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${feedId}`, headers: owner.headers });
  });

  it('exports a room’s taken nights as a calendar the sites accept, by a token that can be rotated', async () => {
    const blocked = await app.inject({
      method: 'POST',
      url: `/api/admin/stays/${stay.id}/blocks`,
      headers: owner.headers,
      payload: { roomNumberIds: [r101.id, r102.id], from: day(50), to: day(52), note: 'Painting' },
    });
    expect(blocked.statusCode).toBe(201);
    const channels = await app.inject({ url: `/api/admin/rooms/${r101.id}/channels`, headers: owner.headers });
    expect(channels.statusCode).toBe(200);
    const { roomExport, typeExport } = channels.json();
    const path = (url: string) => new URL(url).pathname;
    const res = await app.inject({ url: path(roomExport.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('DTSTART;VALUE=DATE:');
    expect(res.body).not.toContain(asha.user.email);
    expect(res.body).not.toContain(asha.user.firstName);
    const read = (text: string) =>
      new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => {
        const e = new ICAL.Event(v);
        expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
        expect(e.startDate.isDate).toBe(true);
        return { uid: e.uid, from: e.startDate.toString(), to: e.endDate.toString(), summary: e.summary };
      });
    const events = read(res.body);
    // The booking (+5..+7) and the owner's block (+50..+52).
    expect(events.map(({ from, to, summary }) => ({ from, to, summary }))).toEqual([
      { from: day(5), to: day(7), summary: 'Not available' },
      { from: day(50), to: day(52), summary: 'Not available' },
    ]);
    // The same UIDs on every fetch.
    expect(read((await app.inject({ url: path(roomExport.url) })).body).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    // The room type is full only when both rooms are: the block's nights.
    const type = read((await app.inject({ url: path(typeExport.url) })).body);
    expect(type.map(({ from, to }) => ({ from, to }))).toEqual([{ from: day(50), to: day(52) }]);

    const rotated = await app.inject({
      method: 'POST',
      url: `/api/admin/rooms/${r101.id}/channels/rotate`,
      headers: owner.headers,
      payload: { target: 'room' },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().roomExport.url).not.toBe(roomExport.url);
    expect(rotated.json().typeExport.url).toBe(typeExport.url);
    expect((await app.inject({ url: path(roomExport.url) })).statusCode).toBe(404);
    expect((await app.inject({ url: path(rotated.json().roomExport.url) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/calendars/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/calendars/..%2Fetc.ics' })).statusCode).toBe(404);
  });

  it('reads a calendar behind a password in its address and never shows the password', async () => {
    const expected = `Basic ${Buffer.from('ann:s3cret').toString('base64')}`;
    feeds.set('/private.ics', (res, _etag, authorization) => {
      if (authorization === expected) res.writeHead(200).end(ics([allDay('p@site', day(70), day(71))]));
      else res.writeHead(401).end();
    });
    const url = `${base.replace('http://', 'http://ann:s3cret@')}/private.ics`;
    const added = await addFeed(r102.id, url, owner.headers, 'Private');
    expect(added.json().feed).toMatchObject({ lastError: null, nightsBlocked: 1 });
    expect(added.json().feed.url).toBe(`${base.replace('http://', 'http://ann:••••@')}/private.ics`);
    const listed = await app.inject({ url: `/api/admin/rooms/${r102.id}/channels`, headers: owner.headers });
    expect(listed.body).not.toContain('s3cret');
    expect(listed.json().feeds.map((f: { url: string }) => f.url)).toContain(added.json().feed.url);
    await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${added.json().feed.id}`, headers: owner.headers });
  });

  it('lets an owner see and change only their own rooms’ calendars', async () => {
    serveCalendar('/mine.ics', ics([]), '"m"');
    const mine = (await addFeed(r101.id, `${base}/mine.ics`)).json().feed.id as string;
    const theirs = other.headers;
    expect((await app.inject({ url: `/api/admin/rooms/${r101.id}/channels`, headers: theirs })).statusCode).toBe(404);
    expect((await addFeed(r101.id, `${base}/mine.ics`, theirs)).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/rooms/${r101.id}/channels/rotate`,
          headers: theirs,
          payload: { target: 'type' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/admin/feeds/${mine}/sync`, headers: theirs })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/feeds/${mine}`, headers: theirs })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/rooms/${r101.id}/channels`, headers: asha.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/admin/rooms/${r101.id}/channels` })).statusCode).toBe(401);
    // Validation: 400 with the field's message.
    const bad = await addFeed(r101.id, 'ftp://example.com/cal.ics');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.url).toBe('The calendar address must be a web address starting with http:// or https://');
    const noLabel = await app.inject({
      method: 'POST',
      url: `/api/admin/rooms/${r101.id}/feeds`,
      headers: owner.headers,
      payload: { url: `${base}/mine.ics`, label: ' ' },
    });
    expect(noLabel.json().fieldErrors.label).toBe('Name the site this calendar comes from');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/rooms/${r101.id}/channels/rotate`,
          headers: owner.headers,
          payload: { target: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await app.inject({ url: '/api/admin/rooms/nope/channels', headers: owner.headers })).statusCode).toBe(400);
  });
});
