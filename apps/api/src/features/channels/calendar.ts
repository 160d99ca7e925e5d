import { createHash } from 'node:crypto';
import { addDays, INDIA_TZ, toIsoDate } from '@repo/shared/domain/dates';
import ical from 'ical-generator';
import ICAL from 'ical.js';
import { CHANNEL_API_MSG } from './messages.ts';

/** An imported event as the nights it takes: [from, to) India dates (to is the check-out day). */
export type EventNights = { uid: string; from: string; to: string };
export type ParsedCalendar = { eventsRead: number; events: EventNights[] };
/** The nights that can matter: from `from` (today, India) to `until` (the night after the last that can be sold). */
export type CalendarWindow = { from: string; until: string };

/** A calendar file that could not be read. */
export class NotACalendarError extends Error {
  constructor() {
    super(CHANNEL_API_MSG.notCalendar);
  }
}

/** A calendar refused for its size or the work it asks for: `words` is what the owner is shown. */
export class CalendarRefusedError extends Error {
  readonly words: string;
  constructor(words: string) {
    super(words);
    this.words = words;
  }
}

/**
 * What one feed may hold (ADR 044). One room's calendar for two years holds a few hundred events (a night a booking
 * is at most 730 from today, plus some history); past these limits a calendar is refused whole, its reason in words:
 * - `events`: VEVENTs in the file;
 * - `components`: components of any kind (events, their alarms, time zones and their rules), however nested;
 * - `nights`: events and occurrences within the window, each one block of the room;
 * - `repeats`: occurrences of repeating events looked at, past ones included (a daily rule from 1900 has 46,000).
 */
export const CALENDAR_LIMITS = { events: 1_500, components: 5_000, nights: 1_500, repeats: 20_000 } as const;
export type CalendarLimits = { readonly [K in keyof typeof CALENDAR_LIMITS]: number };

/** How many lines open a component, and how many of those an event, as the sites write them (upper case). */
function countComponents(text: string): { components: number; events: number } {
  let components = 0;
  let events = 0;
  for (let at = text.indexOf('\nBEGIN:'); at !== -1; at = text.indexOf('\nBEGIN:', at + 7)) {
    components++;
    if (text.startsWith('VEVENT', at + 7)) events++;
  }
  return { components, events };
}

/**
 * Refuses, without parsing it, a file that is no calendar or holds more events or components than a feed may: one
 * scan of at most the fetch's 2 MB, done before the file is parsed. It is the quick way out for what the sites write;
 * the reader counts again what it parsed, however it was written (lower case, folded lines).
 */
export function precheckCalendar(text: string, limits: CalendarLimits = CALENDAR_LIMITS): void {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new NotACalendarError();
  const { components, events } = countComponents(text);
  if (events > limits.events) throw new CalendarRefusedError(CHANNEL_API_MSG.tooManyEvents(limits.events));
  if (components > limits.components) throw new CalendarRefusedError(CHANNEL_API_MSG.tooComplex);
}

/** The components of a parsed tree, counted up to one past `max`. */
function countParsed(root: ICAL.Component, max: number): number {
  let n = 0;
  const stack = [root];
  for (let c = stack.pop(); c && n <= max; c = stack.pop()) {
    n++;
    stack.push(...c.getAllSubcomponents());
  }
  return n;
}

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

const uidOf = (v: ICAL.Component) => {
  const uid = v.getFirstPropertyValue('uid');
  return typeof uid === 'string' ? uid : '';
};
const isCancelled = (v: ICAL.Component) => {
  const status = v.getFirstPropertyValue('status');
  return typeof status === 'string' && status.toUpperCase() === 'CANCELLED';
};

/** The nights from an event's start to its end: at least the start's night (an event within one day takes it). */
function nightsOf(uid: string, start: string, end: string | null): EventNights {
  return { uid, from: start, to: end && end > start ? end : addDays(start, 1) };
}

/**
 * Reads an iCalendar file (RFC 5545) into the nights its events take within `window`, as India dates. Cancelled
 * events take none; a repeating event gives each occurrence in the window (its UID and date as the occurrence's id),
 * moved or cancelled occurrences (RECURRENCE-ID) as their exceptions say; an event without a UID is named by its
 * dates. Anything that is not a calendar is `NotACalendarError`; one past `limits` is `CalendarRefusedError`.
 */
export function readCalendar(text: string, window: CalendarWindow, limits: CalendarLimits = CALENDAR_LIMITS): ParsedCalendar {
  precheckCalendar(text, limits);
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new NotACalendarError();
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError();
  if (countParsed(root, limits.components) > limits.components) throw new CalendarRefusedError(CHANNEL_API_MSG.tooComplex);
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length > limits.events) throw new CalendarRefusedError(CHANNEL_API_MSG.tooManyEvents(limits.events));

  // The exceptions of each repeating event (RECURRENCE-ID), by UID, handed to their event: left to itself, ical.js
  // looks through every event of the file for each event it reads.
  const exceptions = new Map<string, ICAL.Component[]>();
  const repeating = new Set<string>();
  for (const v of vevents) {
    const uid = uidOf(v);
    if (v.hasProperty('recurrence-id')) exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
    else if (v.hasProperty('rrule') || v.hasProperty('rdate')) repeating.add(uid);
  }

  const events: EventNights[] = [];
  const seen = new Set<string>();
  let repeats = 0;
  const add = (e: EventNights) => {
    if (e.to <= window.from || e.from >= window.until) return;
    if (events.length >= limits.nights) throw new CalendarRefusedError(CHANNEL_API_MSG.tooManyNights(limits.nights));
    const key = seen.has(e.uid) ? `${e.uid}#${e.from}` : e.uid;
    seen.add(key);
    events.push({ ...e, uid: key });
  };
  for (const v of vevents) {
    try {
      const exception = v.hasProperty('recurrence-id');
      // An exception of a repeating event of this file is read with its event.
      if ((exception && repeating.has(uidOf(v))) || isCancelled(v)) continue;
      const event = new ICAL.Event(v, { exceptions: exception ? [] : (exceptions.get(uidOf(v)) ?? []) });
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
      // Only the window's occurrences are kept; the ones before it are counted with the others in `repeats`.
      const it = event.iterator();
      for (let next = it.next(); next; next = it.next()) {
        if (++repeats > limits.repeats) throw new CalendarRefusedError(CHANNEL_API_MSG.repeatsTooOften);
        const occurrence = event.getOccurrenceDetails(next);
        const day = indiaDate(occurrence.startDate, startTz);
        if (indiaDate(next, startTz) >= window.until && day >= window.until) break;
        if (occurrence.item !== event && isCancelled(occurrence.item.component)) continue;
        const to = occurrence.endDate ? indiaDate(occurrence.endDate, endTz) : null;
        add({ ...nightsOf(uid, day, to), uid: `${uid}#${indiaDate(next, startTz)}` });
      }
    } catch (err) {
      if (err instanceof CalendarRefusedError) throw err;
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
  // Every content line ends with CRLF, the last one too (RFC 5545 s.3.1, s.3.4); the library leaves the last bare.
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
