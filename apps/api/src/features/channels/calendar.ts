import { createHash } from 'node:crypto';
import { addDays, INDIA_TZ, toIsoDate } from '@repo/shared/domain/dates';
import ical from 'ical-generator';
import ICAL from 'ical.js';
import { CHANNEL_API_MSG } from './messages.ts';

/** An imported event as the nights it takes: [from, to) India dates (to is the check-out day). */
export type EventNights = { uid: string; from: string; to: string };
export type ParsedCalendar = { eventsRead: number; events: EventNights[] };

/** A calendar file that could not be read. */
export class NotACalendarError extends Error {
  constructor() {
    super(CHANNEL_API_MSG.notCalendar);
  }
}

/** The most occurrences of one repeating event read (far more than a year of nightly repeats). */
const MAX_OCCURRENCES = 400;

/** How far `instant` is ahead of UTC in `timeZone`, in ms. */
function offsetIn(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - instant;
}

/** A wall-clock time in an IANA zone as an instant (a zone Intl does not know is taken as India's). */
function wallTimeIn(t: ICAL.Time, timeZone: string): Date {
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    zone = INDIA_TZ;
  }
  const first = wall - offsetIn(zone, wall);
  return new Date(wall - offsetIn(zone, first));
}

/**
 * The India date of an event's start or end. A date is itself; a time in UTC or in a zone the file defines is
 * converted by ical.js; a time in a zone named but not defined (common: TZID=Asia/Kolkata alone) is converted with
 * the zone's rules as Intl knows them; a floating time is taken as India's.
 */
function indiaDate(t: ICAL.Time, tzid: string | null): string {
  const iso = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  if (t.isDate) return iso;
  const zone = t.zone?.tzid;
  if (zone === 'UTC' || (zone && zone !== 'floating')) return toIsoDate(t.toJSDate());
  if (tzid) return toIsoDate(wallTimeIn(t, tzid));
  return iso;
}

const tzidOf = (v: ICAL.Component, name: string) => {
  const p = v.getFirstProperty(name);
  const tz = p?.getParameter('tzid');
  return typeof tz === 'string' ? tz : null;
};

/** The nights from an event's start to its end: at least the start's night (an event within one day takes it). */
function nightsOf(uid: string, start: string, end: string | null): EventNights {
  return { uid, from: start, to: end && end > start ? end : addDays(start, 1) };
}

/**
 * Reads an iCalendar file (RFC 5545) into the nights its events take, as India dates. Cancelled events take none;
 * a repeating event gives each occurrence up to `until` (its UID and date as the occurrence's id); an event without
 * a UID is named by its dates. Anything that is not a calendar is `NotACalendarError`.
 */
export function readCalendar(text: string, until: string): ParsedCalendar {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new NotACalendarError();
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new NotACalendarError();
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError();
  const vevents = root.getAllSubcomponents('vevent');
  const events: EventNights[] = [];
  const seen = new Set<string>();
  const add = (e: EventNights) => {
    const key = seen.has(e.uid) ? `${e.uid}#${e.from}` : e.uid;
    seen.add(key);
    events.push({ ...e, uid: key });
  };
  for (const v of vevents) {
    try {
      const status = v.getFirstPropertyValue('status');
      if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') continue;
      const event = new ICAL.Event(v);
      if (!event.startDate) continue;
      const startTz = tzidOf(v, 'dtstart');
      const endTz = tzidOf(v, 'dtend') ?? startTz;
      const start = indiaDate(event.startDate, startTz);
      const end = event.endDate ? indiaDate(event.endDate, endTz) : null;
      const uid = event.uid || `${start}/${end ?? ''}`;
      if (!event.isRecurring()) {
        add(nightsOf(uid, start, end));
        continue;
      }
      const length = end && end > start ? Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) : 1;
      const it = event.iterator();
      for (let i = 0, next = it.next(); next && i < MAX_OCCURRENCES; i++, next = it.next()) {
        const day = indiaDate(next, startTz);
        if (day >= until) break;
        add({ uid: `${uid}#${day}`, from: day, to: addDays(day, length) });
      }
    } catch {
      // One event the library can not read (a broken date) is left out; the others still count.
    }
  }
  return { eventsRead: vevents.length, events };
}

/** A taken run of nights to export: [from, to) and a stable id for its event. */
export type ExportRun = { key: string; from: string; to: string };

/** A stable, opaque UID: the same booking or block gives the same UID on every fetch, and reveals nothing. */
export const exportUid = (key: string, from: string, host: string) =>
  `${createHash('sha256').update(key).digest('hex').slice(0, 24)}-${from.replaceAll('-', '')}@${host}`;

/**
 * A calendar of unavailable nights as Airbnb and Booking.com read it: one all-day event per run (DTSTART;VALUE=DATE
 * its first night, DTEND the check-out day), a stable UID, DTSTAMP now, and no guest's data ("Not available").
 */
export function writeCalendar(name: string, runs: ExportRun[], now: Date, host: string): string {
  const cal = ical({ name, prodId: { company: 'StayBook', product: 'Channel sync', language: 'EN' } });
  for (const r of runs)
    cal.createEvent({
      id: exportUid(r.key, r.from, host),
      start: r.from,
      end: r.to,
      allDay: true,
      summary: 'Not available',
      stamp: now,
    });
  return cal.toString();
}
