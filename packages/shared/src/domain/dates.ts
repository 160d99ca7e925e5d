/**
 * Calendar dates of a stay are India dates (Asia/Kolkata) written `yyyy-MM-dd`.
 * The spec shows them as dd/MM/yyyy. A stay from the 22nd to the 24th occupies the nights of the 22nd and 23rd.
 */
export const INDIA_TZ = 'Asia/Kolkata';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True for a real calendar date written yyyy-MM-dd, from the year 100 on (Date.UTC reads the years 0–99 as 1900–1999,
 * so they were never taken). Worked out without a Date: a statement's response checks every date of every line.
 */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (y < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

/** India keeps UTC+05:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The last day todayInIndia() worked out, and the instant (ms) the next one starts. */
let today = { iso: '', until: 0 };

/**
 * Today's date in India, as yyyy-MM-dd (the same as toIsoDate(now, INDIA_TZ), without Intl: it runs per request).
 * Without `now`, the day is worked out once and reused until India's next midnight.
 */
export function todayInIndia(now?: Date): string {
  if (now) return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  const ms = Date.now();
  if (ms >= today.until || ms < today.until - DAY_MS) {
    const local = ms + INDIA_OFFSET_MS;
    today = { iso: new Date(local).toISOString().slice(0, 10), until: local - (local % DAY_MS) + DAY_MS - INDIA_OFFSET_MS };
  }
  return today.iso;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using one. */
function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar date of an instant in a time zone, as yyyy-MM-dd. */
export function toIsoDate(instant: Date, timeZone: string = INDIA_TZ): string {
  const parts = dateFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A local (browser) Date's calendar day as yyyy-MM-dd, without time-zone shifts. */
export function localDateToIso(d: Date): string {
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** The numbers of a yyyy-MM-dd (or yyyy-MM) date: year, month (1–12), day (NaN for a part that is missing). */
export function dateParts(date: string): [year: number, month: number, day: number] {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = date.split('-').map(Number);
  return [y, m, d];
}

/** yyyy-MM-dd to a local Date at midnight (for calendar widgets). */
export function isoToLocalDate(iso: string): Date {
  const [y, m, d] = dateParts(iso);
  return new Date(y, m - 1, d);
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = dateParts(iso);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Number of nights between check-in and check-out (0 when check-out is not after check-in). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const diff = (Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(diff) && diff > 0 ? Math.ceil(diff) : 0;
}

/** Each night of a stay, from check-in up to (not including) check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const n = nightsBetween(checkIn, checkOut);
  return Array.from({ length: n }, (_, i) => addDays(checkIn, i));
}

/** yyyy-MM-dd (or an instant) shown as dd/MM/yyyy; instants are read in India time. */
export function formatDate(value: string | Date): string {
  const iso = typeof value === 'string' && isIsoDate(value) ? value : toIsoDate(new Date(value));
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** 'dd/MM/yyyy to dd/MM/yyyy', as the search bar shows a range. */
export function formatRange(checkIn: string, checkOut: string): string {
  return `${formatDate(checkIn)} to ${formatDate(checkOut)}`;
}

/** A typed date in the spec's dd/MM/yyyy, as yyyy-MM-dd (null when it is not a real date). */
export function parseDisplayDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [, day = '', month = '', year = ''] = m;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
