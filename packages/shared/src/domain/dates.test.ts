import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  formatDate,
  formatRange,
  isIsoDate,
  isoToLocalDate,
  localDateToIso,
  nightsBetween,
  stayNights,
  todayInIndia,
  toIsoDate,
} from './dates.ts';

describe('isIsoDate', () => {
  it('accepts real calendar dates written yyyy-MM-dd', () => {
    expect(isIsoDate('2025-11-22')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
  it('refuses impossible dates and other formats', () => {
    for (const v of ['2025-02-29', '2025-13-01', '2025-04-31', '22/11/2025', '2025-1-5', '2025-11-22T00:00:00Z', '', 'soon']) {
      expect(isIsoDate(v), v).toBe(false);
    }
  });
  it('agrees with reading the date back from Date.UTC, on every month and day of 531 years (1900, 2000 and 2100 among them)', () => {
    const byDate = (v: string) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      return !!m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === v;
    };
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const years = [...Array.from({ length: 130 }, (_, i) => i), ...Array.from({ length: 400 }, (_, i) => 1850 + i), 9999];
    let real = 0;
    // Disagreements gathered and compared once: an expect per date made this the suite's slowest test.
    const disagreements: string[] = [];
    for (const y of years)
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const v = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const isReal = byDate(v);
          if (isIsoDate(v) !== isReal) disagreements.push(v);
          if (isReal) real += 1;
        }
    expect(disagreements).toEqual([]);
    expect(real).toBeGreaterThan(140_000);
  });
});

describe('today in India', () => {
  it('is the next day at 23:30 UTC (05:00 in India)', () => {
    expect(todayInIndia(new Date('2025-11-22T23:30:00Z'))).toBe('2025-11-23');
  });
  it('is the same day before 18:30 UTC and the next from 18:30 UTC', () => {
    expect(todayInIndia(new Date('2025-11-22T18:29:59Z'))).toBe('2025-11-22');
    expect(todayInIndia(new Date('2025-11-22T18:30:00Z'))).toBe('2025-11-23');
  });
  describe('without an instant (the clock now, the day reused until India midnight)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    it('turns at India midnight, and follows the clock when it goes back', () => {
      vi.useFakeTimers({ now: new Date('2025-11-22T18:29:59.999Z'), toFake: ['Date'] });
      expect(todayInIndia()).toBe('2025-11-22');
      vi.setSystemTime(new Date('2025-11-22T18:30:00Z'));
      expect(todayInIndia()).toBe('2025-11-23');
      vi.setSystemTime(new Date('2025-11-23T18:29:00Z'));
      expect(todayInIndia()).toBe('2025-11-23');
      vi.setSystemTime(new Date('2025-11-21T12:00:00Z'));
      expect(todayInIndia()).toBe('2025-11-21');
      vi.setSystemTime(new Date('2026-03-01T00:00:00Z'));
      expect(todayInIndia()).toBe('2026-03-01');
    });
  });
  it('crosses the year in India first', () => {
    expect(todayInIndia(new Date('2025-12-31T20:00:00Z'))).toBe('2026-01-01');
  });
  it('agrees with the Asia/Kolkata time zone at every half hour of two years', { timeout: 60_000 }, () => {
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 30 * 60_000) {
      const instant = new Date(t);
      expect(todayInIndia(instant)).toBe(toIsoDate(instant, 'Asia/Kolkata'));
    }
  });
  it('reads an instant in another zone when asked', () => {
    expect(toIsoDate(new Date('2025-11-22T23:30:00Z'), 'UTC')).toBe('2025-11-22');
  });
});

describe('nights', () => {
  it('counts the nights between check-in and check-out', () => {
    expect(nightsBetween('2025-11-22', '2025-11-24')).toBe(2);
    expect(nightsBetween('2025-11-22', '2025-11-23')).toBe(1);
    expect(nightsBetween('2025-12-30', '2026-01-02')).toBe(3);
    expect(nightsBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
  it('is 0 when check-out is not after check-in, or a date is not valid', () => {
    expect(nightsBetween('2025-11-22', '2025-11-22')).toBe(0);
    expect(nightsBetween('2025-11-24', '2025-11-22')).toBe(0);
    expect(nightsBetween('nonsense', '2025-11-22')).toBe(0);
  });
  it('lists each night of a stay, not the check-out day', () => {
    expect(stayNights('2025-11-22', '2025-11-24')).toEqual(['2025-11-22', '2025-11-23']);
    expect(stayNights('2025-12-31', '2026-01-02')).toEqual(['2025-12-31', '2026-01-01']);
    expect(stayNights('2025-11-22', '2025-11-22')).toEqual([]);
  });
  it('adds days across months and years', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});

describe('formatDate', () => {
  it('shows yyyy-MM-dd as dd/MM/yyyy', () => {
    expect(formatDate('2025-11-02')).toBe('02/11/2025');
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
  });
  it('shows an instant as its India date', () => {
    expect(formatDate(new Date('2025-11-22T23:30:00Z'))).toBe('23/11/2025');
    expect(formatDate('2025-11-22T10:00:00Z')).toBe('22/11/2025');
  });
  it('shows a range', () => {
    expect(formatRange('2025-11-22', '2025-11-24')).toBe('22/11/2025 to 24/11/2025');
  });
});

describe('local calendar dates', () => {
  it('round-trips a local date without time-zone shifts', () => {
    const d = isoToLocalDate('2025-03-09');
    expect(d.getFullYear()).toBe(2025);
    expect(d.getMonth()).toBe(2);
    expect(d.getDate()).toBe(9);
    expect(d.getHours()).toBe(0);
    expect(localDateToIso(d)).toBe('2025-03-09');
    expect(localDateToIso(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31');
  });
});
