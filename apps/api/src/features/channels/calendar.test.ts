import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CalendarRefusedError, exportUid, NotACalendarError, precheckCalendar, readCalendar, writeCalendar } from './calendar.ts';
import { CalendarReader } from './calendar-reader.ts';

const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');

describe('calendar files', () => {
  it('writes events Airbnb and Booking.com read, and reads them back', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const text = writeCalendar(
      'Lake View · Room 101',
      [
        { key: 'booking-1', from: '2026-12-01', to: '2026-12-03' },
        { key: 'block-2', from: '2026-12-24', to: '2026-12-25' },
      ],
      now,
      'staybook.in',
    );
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
    expect(text).toContain('DTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261203');
    expect(text).toContain('DTSTAMP:20261126T100000Z');
    // Each line ends with CRLF, the last one too (RFC 5545 s.3.1).
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.endDate.toString(), e.startDate.isDate])).toEqual([
      [exportUid('booking-1', '2026-12-01', 'staybook.in'), '2026-12-01', '2026-12-03', true],
      [exportUid('block-2', '2026-12-24', 'staybook.in'), '2026-12-24', '2026-12-25', true],
    ]);
    // And our own reader takes them as the same nights.
    expect(readCalendar(text, { from: '2026-11-26', until: '2028-01-01' }).events.map(({ from, to }) => [from, to])).toEqual([
      ['2026-12-01', '2026-12-03'],
      ['2026-12-24', '2026-12-25'],
    ]);
  });

  it('reads time zones named but not defined, one-day events, repeats and leaves out cancelled ones', () => {
    const read = readCalendar(
      cal(
        // 23:00 in Kolkata on 1 Dec, without a VTIMEZONE: India's 1 Dec.
        'BEGIN:VEVENT',
        'UID:tz',
        'DTSTART;TZID=Asia/Kolkata:20261201T230000',
        'DTEND;TZID=Asia/Kolkata:20261203T090000',
        'END:VEVENT',
        // 23:00 in Los Angeles on 1 Dec is 2 Dec in India.
        'BEGIN:VEVENT',
        'UID:la',
        'DTSTART;TZID=America/Los_Angeles:20261201T230000',
        'DTEND;TZID=America/Los_Angeles:20261203T230000',
        'END:VEVENT',
        // An all-day event without an end takes its one night.
        'BEGIN:VEVENT',
        'UID:one',
        'DTSTART;VALUE=DATE:20261210',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:gone',
        'DTSTART;VALUE=DATE:20261211',
        'DTEND;VALUE=DATE:20261212',
        'STATUS:CANCELLED',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:weekly',
        'DTSTART;VALUE=DATE:20261205',
        'DTEND;VALUE=DATE:20261206',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'END:VEVENT',
      ),
      { from: '2026-11-26', until: '2027-12-01' },
    );
    expect(read.eventsRead).toBe(5);
    expect(read.events).toEqual([
      { uid: 'tz', from: '2026-12-01', to: '2026-12-03' },
      { uid: 'la', from: '2026-12-02', to: '2026-12-04' },
      { uid: 'one', from: '2026-12-10', to: '2026-12-11' },
      { uid: 'weekly#2026-12-05', from: '2026-12-05', to: '2026-12-06' },
      { uid: 'weekly#2026-12-12', from: '2026-12-12', to: '2026-12-13' },
      { uid: 'weekly#2026-12-19', from: '2026-12-19', to: '2026-12-20' },
    ]);
  });

  it('refuses what is not a calendar', () => {
    expect(() => readCalendar('<html>Sign in</html>', { from: '2026-11-26', until: '2027-01-01' })).toThrow(NotACalendarError);
    expect(() => readCalendar('', { from: '2026-11-26', until: '2027-01-01' })).toThrow(NotACalendarError);
    expect(() =>
      readCalendar('BEGIN:VCARD\r\nEND:VCARD\r\nBEGIN:VCALENDAR', { from: '2026-11-26', until: '2027-01-01' }),
    ).toThrow(NotACalendarError);
  });

  const window = { from: '2026-12-01', until: '2027-12-01' };
  const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'].join('\r\n');
  const refusal = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return err instanceof CalendarRefusedError ? err.words : `not refused: ${String(err)}`;
    }
    return 'read';
  };
  const limits = { events: 3, components: 6, nights: 3, repeats: 50 };

  it('refuses a file past the limits of a feed: events, components, nights in the window, repeats', () => {
    const day = (d: number) => `DTSTART;VALUE=DATE:202612${String(d).padStart(2, '0')}`;
    const four = cal(...[1, 2, 3, 4].map((d) => event(`e${d}`, day(d))));
    expect(refusal(() => precheckCalendar(four, limits))).toBe('the calendar has more than 3 events');
    expect(refusal(() => readCalendar(four, window, limits))).toBe('the calendar has more than 3 events');
    // Written in lower case, past the quick count: the reader counts what it parsed.
    expect(refusal(() => precheckCalendar(four.toLowerCase(), limits))).toBe('read');
    expect(refusal(() => readCalendar(four.toLowerCase(), window, limits))).toBe('the calendar has more than 3 events');
    // Components nested in one event count as much as events.
    const nested = cal(event('n', day(1), ...Array(5).fill('BEGIN:VALARM'), ...Array(5).fill('END:VALARM')));
    expect(refusal(() => readCalendar(nested, window, limits))).toBe('the calendar is too complex to read');
    // Three events, one of them past the window: three nights are in the limit; a fourth occurrence is not.
    expect(
      refusal(() =>
        readCalendar(cal(event('a', day(1)), event('b', day(2)), event('old', 'DTSTART;VALUE=DATE:20250101')), window, limits),
      ),
    ).toBe('read');
    const weekly = (count: number) => cal(event('w', day(1), `RRULE:FREQ=WEEKLY;COUNT=${count}`));
    expect(readCalendar(weekly(3), window, limits).events).toHaveLength(3);
    expect(refusal(() => readCalendar(weekly(4), window, limits))).toBe(
      'the calendar blocks more than 3 separate stays in the next two years',
    );
    // A daily rule from long ago is looked at occurrence by occurrence to the window: refused, however few it blocks.
    const since1990 = cal(event('d', 'DTSTART;VALUE=DATE:19900101', 'RRULE:FREQ=DAILY'));
    expect(refusal(() => readCalendar(since1990, window, limits))).toBe(
      'the calendar’s repeating events repeat too often to read',
    );
  });

  it('reads only the window of a repeating event, with its moved and cancelled occurrences', () => {
    const read = readCalendar(
      cal(
        event('yearly', 'DTSTART;VALUE=DATE:20201225', 'DTEND;VALUE=DATE:20201226', 'RRULE:FREQ=YEARLY'),
        event('weekly', 'DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261206', 'RRULE:FREQ=WEEKLY;COUNT=3'),
        // The second occurrence moved two days on, the third cancelled.
        event('weekly', 'RECURRENCE-ID;VALUE=DATE:20261212', 'DTSTART;VALUE=DATE:20261214', 'DTEND;VALUE=DATE:20261216'),
        event('weekly', 'RECURRENCE-ID;VALUE=DATE:20261219', 'DTSTART;VALUE=DATE:20261219', 'STATUS:CANCELLED'),
        // An exception whose event is not in the file is an event of its own.
        event('lonely', 'RECURRENCE-ID;VALUE=DATE:20261230', 'DTSTART;VALUE=DATE:20261230'),
      ),
      window,
    );
    expect(read.events).toEqual([
      { uid: 'yearly#2026-12-25', from: '2026-12-25', to: '2026-12-26' },
      { uid: 'weekly#2026-12-05', from: '2026-12-05', to: '2026-12-06' },
      { uid: 'weekly#2026-12-12', from: '2026-12-14', to: '2026-12-16' },
      { uid: 'lonely', from: '2026-12-30', to: '2026-12-31' },
    ]);
  });

  it('reads in a thread of its own, within a time: a file that takes longer is refused and the next is read', async () => {
    const reader = new CalendarReader(200, { ...limits, repeats: 1e9 });
    try {
      const one = cal(event('one', 'DTSTART;VALUE=DATE:20261210'));
      const first = await reader.read(one, window);
      expect(first.calendar?.events).toEqual([{ uid: 'one', from: '2026-12-10', to: '2026-12-11' }]);
      // The very file read last time is fingerprinted alike and not read again.
      expect(await reader.read(one, window, first.contentHash)).toEqual({ contentHash: first.contentHash, calendar: null });
      await expect(reader.read('<html>', window)).rejects.toBeInstanceOf(NotACalendarError);
      await expect(reader.read(cal(event('a'), event('b'), event('c'), event('d')), window)).rejects.toMatchObject({
        words: 'the calendar has more than 3 events',
      });
      // Every second from year 1 to the window: far longer than 0.2 s.
      const endless = cal(event('s', 'DTSTART:00010101T000000Z', 'RRULE:FREQ=SECONDLY'));
      await expect(reader.read(endless, window)).rejects.toMatchObject({
        words: 'the calendar took longer than 0.2 s to read',
      });
      expect((await reader.read(one, window)).calendar?.events).toHaveLength(1);
      // Background work: on Linux the reading thread has the lowest priority of the process's threads.
      if (process.platform === 'linux') expect(reader.niceness).toBe(19);
    } finally {
      await reader.close();
    }
  });
});
