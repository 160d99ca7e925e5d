import { describe, expect, it } from 'vitest';
import { calendarBounds, clampDays, daysStartingToday, daysStartingTodayValue, normalizeRange, quickRange } from './date-range';

const today = '2026-11-22'; // a Sunday
const bounds = calendarBounds(today);

describe('search calendar rules', () => {
  it('offers days from today up to 20 years ahead', () => {
    expect(bounds).toEqual({ minDate: today, maxDate: '2046-11-22' });
  });

  it('keeps a start and a later end as picked', () => {
    expect(normalizeRange('2026-11-25', '2026-11-28', bounds)).toEqual({ checkIn: '2026-11-25', checkOut: '2026-11-28' });
    // The first click alone: start = end.
    expect(normalizeRange('2026-11-25', '2026-11-25', bounds)).toEqual({ checkIn: '2026-11-25', checkOut: '2026-11-25' });
  });

  it('swaps an end picked before the start', () => {
    expect(normalizeRange('2026-12-10', '2026-12-03', bounds)).toEqual({ checkIn: '2026-12-03', checkOut: '2026-12-10' });
  });

  it('clips past days and days beyond the maximum (disabled days)', () => {
    expect(normalizeRange('2026-11-01', '2026-11-24', bounds)).toEqual({ checkIn: today, checkOut: '2026-11-24' });
    expect(normalizeRange('2046-11-01', '2050-01-01', bounds)).toEqual({ checkIn: '2046-11-01', checkOut: '2046-11-22' });
  });

  it('clamps the number inputs to 0..99999', () => {
    expect(clampDays(-5)).toBe(0);
    expect(clampDays('7')).toBe(7);
    expect(clampDays(123456)).toBe(99_999);
    expect(clampDays('abc')).toBe(0);
    expect(clampDays(2.7)).toBe(2);
  });

  it("'days starting today' starts today and ends that many days later, within the bounds", () => {
    expect(daysStartingToday(3, today)).toEqual({ checkIn: today, checkOut: '2026-11-25' });
    expect(daysStartingToday(99_999_999, today)).toEqual({ checkIn: today, checkOut: bounds.maxDate });
    expect(daysStartingTodayValue({ checkIn: today, checkOut: '2026-11-25' }, today)).toBe(3);
    expect(daysStartingTodayValue({ checkIn: '2026-11-23', checkOut: '2026-11-25' }, today)).toBeNull();
  });

  it('quick ranges start today and always hold at least one night', () => {
    expect(quickRange('today', today)).toEqual({ checkIn: today, checkOut: '2026-11-23' });
    // Sunday: the week ends today, so the range runs to tomorrow.
    expect(quickRange('thisWeek', today)).toEqual({ checkIn: today, checkOut: '2026-11-23' });
    expect(quickRange('thisWeek', '2026-11-18')).toEqual({ checkIn: '2026-11-18', checkOut: '2026-11-22' });
    expect(quickRange('thisMonth', today)).toEqual({ checkIn: today, checkOut: '2026-11-30' });
    expect(quickRange('thisMonth', '2026-11-30')).toEqual({ checkIn: '2026-11-30', checkOut: '2026-12-01' });
  });
});
