import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingAccount,
  isZeroLine,
  lineDiff,
  MAX_FEE_BP,
  MAX_FEE_PERCENT,
  ofBp,
  periodOf,
  rateOn,
  settlementBalance,
  sumLines,
  TCS_RATES,
  TDS_RATES,
  TDS_RELIEF_LIMIT_PAISE,
  financialYearStart,
  quartersUpTo,
  tdsQuarterOf,
  tdsTermsOf,
} from './marketplace.ts';

const terms = fc.record({
  byPlatform: fc.boolean(),
  feeBp: fc.integer({ min: 0, max: 10_000 }),
  feeGstBp: fc.constant(1800),
  tcsBp: fc.constantFrom(0, 50, 100),
  tdsBp: fc.constantFrom(10, 100),
});
/** A booking's money: GST of 5 or 18 % inside a tax-inclusive gross. */
const money = fc
  .record({ gross: fc.integer({ min: 0, max: 50_000_000 }), rate: fc.constantFrom(5, 18) })
  .map(({ gross, rate }) => {
    const taxable = Math.round((gross * 100) / (100 + rate));
    return { gross, taxable, gst: gross - taxable };
  });

describe('the marketplace rules (property-tested)', () => {
  it('never withholds a negative TCS or TDS, nor any TCS on a supply under s.9(5)', () => {
    fc.assert(
      fc.property(money, terms, (m, t) => {
        const a = bookingAccount(m, t.byPlatform ? { ...t, tcsBp: 0 } : t);
        expect(a.tcs).toBeGreaterThanOrEqual(0);
        expect(a.tds).toBeGreaterThanOrEqual(0);
        expect(a.fee).toBeGreaterThanOrEqual(0);
        if (t.byPlatform) expect(a.tcs).toBe(0);
      }),
    );
  });

  it('a booking’s account always adds up: net = gross − (GST kept by the platform) − fee − GST on fee − TCS − TDS', () => {
    fc.assert(
      fc.property(money, terms, (m, t) => {
        const a = bookingAccount(m, t);
        expect(a.net).toBe(a.gross - (t.byPlatform ? a.gst : 0) - a.fee - a.feeGst - a.tcs - a.tds);
      }),
    );
  });

  it('the lines of a booking (first credit, then each refund as a difference) always sum to its account now', () => {
    fc.assert(
      fc.property(money, terms, fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 4 }), (m, t, refundPercents) => {
        const lines = [bookingAccount(m, t)];
        let credited = lines[0]!;
        let left = m;
        for (const p of refundPercents) {
          const back = Math.round((left.gross * p) / 100);
          const backTaxable = Math.round((left.taxable * p) / 100);
          left = { gross: left.gross - back, taxable: left.taxable - backTaxable, gst: left.gst - (back - backTaxable) };
          const now = bookingAccount(left, t);
          const line = lineDiff(now, credited);
          if (!isZeroLine(line)) lines.push(line);
          credited = now;
        }
        expect(sumLines(lines)).toEqual(bookingAccount(left, t));
      }),
    );
  });

  it('a payout never exceeds the balance, a negative balance is carried, and nothing is lost between settlements', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5_000_000, max: 5_000_000 }), { minLength: 1, maxLength: 30 }), (nets) => {
        let opening = 0;
        let paid = 0;
        for (const net of nets) {
          const b = settlementBalance(opening, net);
          expect(b.payable).toBeGreaterThanOrEqual(0);
          expect(b.payable).toBeLessThanOrEqual(Math.max(0, opening + net));
          expect(b.payable + b.carried).toBe(b.closing);
          paid += b.payable;
          opening = b.carried;
        }
        // Everything credited is either paid out or still carried (as a debt).
        expect(paid + opening).toBe(nets.reduce((a, n) => a + n, 0));
      }),
    );
  });

  it('a reversal mirrors its charge to the paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 10_000 }), (a, bp) => {
        expect(ofBp(-a, bp) + ofBp(a, bp)).toBe(0);
      }),
    );
  });
});

describe('the highest fee', () => {
  /** The most ever withheld besides the fee: the highest TCS and TDS without a PAN, 18 % GST on the fee. */
  const worst = { feeGstBp: 1800, tcsBp: 100, tdsBp: 500 };
  /** What an owner keeps of the value before tax (the stay's GST is the owner's to pay, or the platform's). */
  const keptOfTaxable = (m: { gross: number; gst: number; taxable: number }, t: Parameters<typeof bookingAccount>[1]) => {
    const a = bookingAccount(m, t);
    return a.taxable - a.fee - a.feeGst - a.tcs - a.tds;
  };

  it('is 79 %: the largest whole percent whose fee, GST on it, TCS and TDS never take more than the value before tax', () => {
    expect(MAX_FEE_BP).toBe(7900);
    expect(MAX_FEE_PERCENT).toBe(79);
    // One percent more takes more than the value: 80 % + 14.4 % GST + 1 % TCS + 5 % TDS = 100.4 %.
    expect(
      keptOfTaxable({ gross: 100_000, gst: 0, taxable: 100_000 }, { byPlatform: false, feeBp: MAX_FEE_BP + 100, ...worst }),
    ).toBeLessThan(0);
  });

  it('at the highest fee an owner is never left less than nothing, at any amount and rates (property-tested)', () => {
    // Each figure is rounded to the paisa on its own (the fee's GST as two halves): at ₹1.50 of value or less the
    // five roundings may take up to two paise more.
    const floorOf = (taxable: number) => (taxable > 150 ? 0 : -2);
    fc.assert(
      fc.property(
        money,
        fc.boolean(),
        fc.constantFrom(0, 50, 100),
        fc.constantFrom(10, 100, 500),
        (m, byPlatform, tcsBp, tdsBp) => {
          const t = { byPlatform, feeBp: MAX_FEE_BP, feeGstBp: 1800, tcsBp: byPlatform ? 0 : tcsBp, tdsBp };
          expect(keptOfTaxable(m, t)).toBeGreaterThanOrEqual(floorOf(m.taxable));
        },
      ),
    );
    for (let taxable = 0; taxable <= 20_000; taxable++)
      expect(
        keptOfTaxable({ gross: taxable, gst: 0, taxable }, { byPlatform: false, feeBp: MAX_FEE_BP, ...worst }),
        String(taxable),
      ).toBeGreaterThanOrEqual(floorOf(taxable));
  });
});

describe('rates by date', () => {
  it('TCS: 1 % until 9 July 2024, 0.5 % from 10 July 2024 (Notification 15/2024-Central Tax)', () => {
    expect(rateOn(TCS_RATES, '2024-07-09').bp).toBe(100);
    expect(rateOn(TCS_RATES, '2024-07-10').bp).toBe(50);
  });
  it('TDS: 1 % until 30 Sep 2024, then 0.1 %, 5 % without a PAN throughout (s.206AA, then s.397(2)); the 2025 Act from 1 Apr 2026', () => {
    expect(rateOn(TDS_RATES, '2024-09-30')).toMatchObject({ bp: 100, withoutPanBp: 500, section: 's.194-O' });
    expect(rateOn(TDS_RATES, '2024-10-01')).toMatchObject({ bp: 10, withoutPanBp: 500, section: 's.194-O' });
    expect(rateOn(TDS_RATES, '2026-03-31').section).toBe('s.194-O');
    expect(rateOn(TDS_RATES, '2026-04-01')).toMatchObject({ bp: 10, withoutPanBp: 500, section: 's.393(1) S.No. 8(v)' });
    expect(rateOn(TDS_RATES, '2026-04-01').law).toContain('2025');
    expect(() => rateOn(TDS_RATES, '2019-01-01')).toThrow();
  });
  it('TDS quarters: April to June is Q1 of its financial year, January to March Q4 of the year before', () => {
    expect(tdsQuarterOf('2026-04-01')).toBe('2026-27-Q1');
    expect(tdsQuarterOf('2026-09-30')).toBe('2026-27-Q2');
    expect(tdsQuarterOf('2026-11-28')).toBe('2026-27-Q3');
    expect(tdsQuarterOf('2027-03-31')).toBe('2026-27-Q4');
    expect(tdsQuarterOf('2099-12-31')).toBe('2099-00-Q3');
    expect(quartersUpTo('2026-11-28', 5)).toEqual(['2026-27-Q3', '2026-27-Q2', '2026-27-Q1', '2025-26-Q4', '2025-26-Q3']);
  });
  it('the financial year starts on 1 April', () => {
    expect(financialYearStart('2026-03-31')).toBe('2025-04-01');
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearStart('2026-12-31')).toBe('2026-04-01');
  });
  it('TDS relief: an individual or HUF with a PAN, within ₹5 lakh in the year, the crossing booking deducted whole', () => {
    const at = (pan: string | null, before: number, taxable = 1_000_00, day = '2026-11-30') =>
      tdsTermsOf({ day, pan, fyTaxableBefore: before, taxable });
    const limit = TDS_RELIEF_LIMIT_PAISE;
    expect(at('ABCPA1234F', 0)).toEqual({ bp: 0, section: 's.393(1) S.No. 8(v) (within ₹5 lakh)' });
    expect(at('ABCHA1234F', limit - 1_000_00)).toEqual({ bp: 0, section: 's.393(1) S.No. 8(v) (within ₹5 lakh)' });
    expect(at('ABCPA1234F', limit - 1_000_00 + 1)).toEqual({ bp: 10, section: 's.393(1) S.No. 8(v)' });
    expect(at('ABCPA1234F', limit)).toEqual({ bp: 10, section: 's.393(1) S.No. 8(v)' });
    // Not for a company, a firm or a trust, nor without a PAN.
    for (const pan of ['AAGCB7383J', 'AAGFB7383J', 'AAGTB7383J']) expect(at(pan, 0).bp, pan).toBe(10);
    expect(at(null, 0)).toEqual({ bp: 500, section: 's.393(1) S.No. 8(v) with s.397(2)' });
    // Under the 1961 Act: s.194-O(2).
    expect(at('ABCPA1234F', 0, 1_000_00, '2026-03-31')).toEqual({ bp: 0, section: 's.194-O(2)' });
    expect(at(null, 0, 1_000_00, '2026-03-31')).toEqual({ bp: 500, section: 's.194-O with s.206AA' });
  });
});

describe('settlement periods', () => {
  it('run Monday to Sunday, cut at the month’s end', () => {
    expect(periodOf('2026-11-26')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-06' });
    expect(periodOf('2026-11-30')).toEqual({ start: '2026-11-30', end: '2026-11-30' });
    expect(periodOf('2026-12-31')).toEqual({ start: '2026-12-28', end: '2026-12-31' });
    expect(periodOf('2027-01-01')).toEqual({ start: '2027-01-01', end: '2027-01-03' });
  });
  it('every day is in exactly one period, within one month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const p = periodOf(day);
        expect(p.start <= day && day <= p.end).toBe(true);
        expect(p.start.slice(0, 7)).toBe(p.end.slice(0, 7));
        expect(periodOf(p.start)).toEqual(p);
        expect(periodOf(p.end)).toEqual(p);
      }),
    );
  });
});
