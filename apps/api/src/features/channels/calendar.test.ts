import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { exportUid, NotACalendarError, readCalendar, writeCalendar } from './calendar.ts';

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
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => [e.uid, e.startDate.toString(), e.endDate.toString(), e.startDate.isDate])).toEqual([
      [exportUid('booking-1', '2026-12-01', 'staybook.in'), '2026-12-01', '2026-12-03', true],
      [exportUid('block-2', '2026-12-24', 'staybook.in'), '2026-12-24', '2026-12-25', true],
    ]);
    // And our own reader takes them as the same nights.
    expect(readCalendar(text, '2028-01-01').events.map(({ from, to }) => [from, to])).toEqual([
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
      '2027-12-01',
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
    expect(() => readCalendar('<html>Sign in</html>', '2027-01-01')).toThrow(NotACalendarError);
    expect(() => readCalendar('', '2027-01-01')).toThrow(NotACalendarError);
    expect(() => readCalendar('BEGIN:VCARD\r\nEND:VCARD\r\nBEGIN:VCALENDAR', '2027-01-01')).toThrow(NotACalendarError);
  });
});
