import { addDays, isoToLocalDate, localDateToIso } from '@repo/shared/domain/dates';

/**
 * The search calendar's rules as plain functions (the picker widget only displays them). Dates are India
 * calendar dates written yyyy-MM-dd; the range's start is the check-in day and its end the check-out day.
 */
export type DateRange = { checkIn: string; checkOut: string };
export type CalendarBounds = { minDate: string; maxDate: string };

/** The calendar offers days from today (past nights cannot be booked) up to 20 years ahead. */
export function calendarBounds(today: string): CalendarBounds {
  const t = isoToLocalDate(today);
  const max = new Date(t.getFullYear() + 20, t.getMonth(), t.getDate());
  return { minDate: today, maxDate: localDateToIso(max) };
}

const clip = (d: string, b: CalendarBounds) => (d < b.minDate ? b.minDate : d > b.maxDate ? b.maxDate : d);

/**
 * A range as picked: an end before the start swaps the two, and days outside the bounds are clipped to them.
 * (A first click gives start = end; the second click sets the end.)
 */
export function normalizeRange(start: string, end: string, bounds: CalendarBounds): DateRange {
  const [a, b] = end < start ? [end, start] : [start, end];
  return { checkIn: clip(a, bounds), checkOut: clip(b, bounds) };
}

/** What a calendar number input holds: a whole number from 0 to 99999. */
export function clampDays(value: unknown): number {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return 0;
  return Math.min(99_999, Math.max(0, n));
}

/** At least one night: a range that would end on its start day ends the next day instead. */
const atLeastOneNight = (checkIn: string, checkOut: string): DateRange => ({
  checkIn,
  checkOut: checkOut > checkIn ? checkOut : addDays(checkIn, 1),
});

export type QuickRangeKey = 'today' | 'thisWeek' | 'thisMonth';

/**
 * The quick ranges that make sense for a future stay (the spec's Yesterday, Last Week and Last Month lie in the
 * past and are left out). Each starts today: Today is tonight, This Week runs to Sunday, This Month to its last day.
 */
export function quickRange(key: QuickRangeKey, today: string): DateRange {
  const t = isoToLocalDate(today);
  switch (key) {
    case 'today':
      return atLeastOneNight(today, today);
    case 'thisWeek': {
      const toSunday = (7 - t.getDay()) % 7;
      return atLeastOneNight(today, addDays(today, toSunday));
    }
    case 'thisMonth': {
      const last = new Date(t.getFullYear(), t.getMonth() + 1, 0);
      return atLeastOneNight(today, localDateToIso(last));
    }
  }
}

/** The input range 'days starting today': check-in today, check-out that many days later (clamped, clipped). */
export function daysStartingToday(value: unknown, today: string): DateRange {
  const bounds = calendarBounds(today);
  return { checkIn: today, checkOut: clip(addDays(today, clampDays(value)), bounds) };
}

/** The current value of 'days starting today' for a range, or null when the range does not start today. */
export function daysStartingTodayValue(range: DateRange, today: string): number | null {
  if (range.checkIn !== today) return null;
  const diff = Math.round((isoToLocalDate(range.checkOut).getTime() - isoToLocalDate(today).getTime()) / 86_400_000);
  return diff >= 0 ? diff : null;
}
