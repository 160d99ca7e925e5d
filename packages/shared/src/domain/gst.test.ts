import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteDeadline,
  gstRecordsKeptUntil,
  creditNoteInTime,
  creditOf,
  DOCUMENT_NUMBER,
  documentFileName,
  documentNumber,
  financialYear,
  gstBreakup,
  gstRatePercent,
  slabsOn,
  splitInclusive,
  tariffParts,
  type TaxSlab,
  unslabbedBandOf,
  unslabbedBands,
} from './gst.ts';
import { GST_ACCOMMODATION_RATES } from './gst-rates.ts';

/** The rates in force from 22 Sep 2025 (Notification 15/2025-CT(Rate)): up to ₹7,500 at 5 %, above at 18 %. */
const SEPT_2025: TaxSlab[] = slabsOn(GST_ACCOMMODATION_RATES, '2025-09-22');
const NOW = slabsOn(SEPT_2025, '2026-12-01');

describe('the rates table as the notifications state it', () => {
  it.each([
    // Before the table starts: nothing in force.
    ['2019-09-30', []],
    // 1 Oct 2019: up to ₹1,000 exempt, then 12 %, above ₹7,500 18 %.
    ['2019-10-01', [12, 18]],
    ['2022-07-17', [12, 18]],
    // 18 Jul 2022: the ₹1,000 exemption withdrawn (04/2022-CT(Rate)).
    ['2022-07-18', [12, 18]],
    ['2025-09-21', [12, 18]],
    // 22 Sep 2025: 5 % up to ₹7,500.
    ['2025-09-22', [5, 18]],
  ])('on %s the rates are %j', (day, rates) => {
    expect(slabsOn(GST_ACCOMMODATION_RATES, day).map((s) => s.ratePercent)).toEqual(rates);
  });

  it('taxes ₹999 at 12 % from 18 Jul 2022 and at 5 % from 22 Sep 2025; exempt only before 18 Jul 2022', () => {
    expect(gstRatePercent(slabsOn(GST_ACCOMMODATION_RATES, '2022-07-17'), 999)).toBe(0);
    expect(gstRatePercent(slabsOn(GST_ACCOMMODATION_RATES, '2022-07-18'), 999)).toBe(12);
    expect(gstRatePercent(slabsOn(GST_ACCOMMODATION_RATES, '2025-09-22'), 999)).toBe(5);
  });
});

describe('gstRatePercent (tariff includes the tax)', () => {
  it.each([
    [1, 5],
    [999, 5],
    [1000, 5],
    [1001, 5],
    [2500, 5],
    // A value of supply of ₹7,500 is still the 5 % slab (≤ ₹7,500): ₹7,500 is its value at any tariff up to 7,875.
    [7500, 5],
    [7501, 5],
    // 7875 / 1.05 = 7500 exactly: still the 5 % slab.
    [7875, 5],
    // 7876–8850 fit no slab (refused as prices, ADR 022); if met, the higher rate so tax is never under-charged.
    [7876, 18],
    [8850, 18],
    // 8851 / 1.18 = 7500.85: over ₹7,500, the 18 % slab.
    [8851, 18],
    [25000, 18],
  ])('₹%i a night → %i %%', (tariff, rate) => {
    expect(gstRatePercent(NOW, tariff)).toBe(rate);
  });

  it('charges 0 % when no rates are in force or the tariff is nothing', () => {
    expect(gstRatePercent([], 5000)).toBe(0);
    expect(gstRatePercent(NOW, 0)).toBe(0);
  });

  it('picks the rate whose value of supply falls in its own slab whenever one does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (tariff) => {
        const fits = NOW.map((s, i) => ({ s, next: NOW[i + 1] })).filter(({ s, next }) => {
          const value = tariff / (1 + s.ratePercent / 100);
          return value > s.tariffOver && (!next || value <= next.tariffOver);
        });
        const rate = gstRatePercent(NOW, tariff);
        if (fits.length > 0) expect(fits.map((f) => f.s.ratePercent)).toContain(rate);
        else {
          // In a gap, the higher of the two neighbouring rates.
          const lower = NOW.filter((s) => tariff / (1 + s.ratePercent / 100) > s.tariffOver).at(-1)!;
          const higher = NOW[NOW.indexOf(lower) + 1]!;
          expect(rate).toBe(higher.ratePercent);
        }
      }),
    );
  });

  it('never falls as the tariff rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(gstRatePercent(NOW, lo)).toBeLessThanOrEqual(gstRatePercent(NOW, hi));
      }),
    );
  });
});

describe('slabsOn', () => {
  const WITH_CHANGE: TaxSlab[] = [
    ...SEPT_2025,
    { startsOn: '2027-04-01', tariffOver: 0, ratePercent: 0 },
    { startsOn: '2027-04-01', tariffOver: 2000, ratePercent: 12 },
  ];
  it('takes the rows of the latest start on or before the day, ascending', () => {
    expect(slabsOn(WITH_CHANGE, '2025-09-21')).toEqual([]);
    expect(slabsOn(WITH_CHANGE, '2025-09-22').map((s) => s.ratePercent)).toEqual([5, 18]);
    expect(slabsOn(WITH_CHANGE, '2027-03-31').map((s) => s.ratePercent)).toEqual([5, 18]);
    expect(slabsOn(WITH_CHANGE, '2027-04-01').map((s) => s.ratePercent)).toEqual([0, 12]);
    expect(slabsOn([...WITH_CHANGE].reverse(), '2027-04-01').map((s) => s.tariffOver)).toEqual([0, 2000]);
  });

  it('taxes every night at the rates of the time of supply, not of the night: a later change never re-prices', () => {
    const room = { number: 101, title: 'Deluxe', nightlyPrices: [1500, 1500, 1500] };
    // Paid on 30 Mar 2027 for nights across the change of 1 Apr 2027: all at the rates of 30 Mar.
    expect(gstBreakup([room], '2027-03-30', WITH_CHANGE).lines.map((l) => [l.nights, l.ratePercent])).toEqual([[3, 5]]);
    // Paid on 1 Apr 2027: all at the new rates.
    expect(gstBreakup([room], '2027-04-01', WITH_CHANGE).lines.map((l) => [l.nights, l.ratePercent])).toEqual([[3, 0]]);
  });
});

describe('unslabbedBands and unslabbedBandOf (prices that fit no slab)', () => {
  it('finds ₹7,876–8,850 between 5 % and 18 % over ₹7,500, and nothing below', () => {
    expect(unslabbedBands(NOW).map((b) => [b.from, b.to])).toEqual([[7876, 8850]]);
  });
  it.each([
    [7875, false],
    [7876, true],
    [8000, true],
    [8850, true],
    [8851, false],
    [999, false],
    [7500, false],
    [7501, false],
  ])('₹%i fits no slab today: %s', (tariff, inBand) => {
    expect(unslabbedBandOf(tariff, '2026-11-25', GST_ACCOMMODATION_RATES) !== undefined).toBe(inBand);
  });
  it('every tariff outside the bands has a value of supply inside its own slab', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (tariff) => {
        if (unslabbedBandOf(tariff, '2026-11-25', GST_ACCOMMODATION_RATES)) return;
        const rate = gstRatePercent(NOW, tariff);
        const slab = NOW.findIndex((s) => s.ratePercent === rate);
        const value = tariff / (1 + rate / 100);
        expect(value).toBeGreaterThan(NOW[slab]!.tariffOver);
        const next = NOW[slab + 1];
        if (next) expect(value).toBeLessThanOrEqual(next.tariffOver);
      }),
    );
  });
  it('checks the periods that start later too, but not those already over', () => {
    const later: TaxSlab[] = [
      ...GST_ACCOMMODATION_RATES,
      { startsOn: '2027-04-01', tariffOver: 0, ratePercent: 5 },
      { startsOn: '2027-04-01', tariffOver: 5000, ratePercent: 12 },
    ];
    // ₹5,300 fits today's 5 % slab, but from 2027-04-01 it is between 5 % and 12 % over ₹5,000 (₹5,251–5,600).
    expect(unslabbedBandOf(5300, '2026-11-25', GST_ACCOMMODATION_RATES)).toBeUndefined();
    expect(unslabbedBandOf(5300, '2026-11-25', later)).toMatchObject({ from: 5251, to: 5600 });
    // The 2019 period's gap (₹1,001–1,120 between exempt and 12 %) is over.
    expect(unslabbedBandOf(1100, '2026-11-25', GST_ACCOMMODATION_RATES)).toBeUndefined();
    expect(unslabbedBandOf(1100, '2020-01-01', GST_ACCOMMODATION_RATES)?.to).toBe(1120);
  });
});

describe('splitInclusive', () => {
  it('takes 5 % out of ₹2,500: taxable 2,380.95, CGST 59.52, SGST 59.52 (rounded half up per half)', () => {
    // 250000 × 500 / 21000 = 5952.38… → 5952 each half; taxable = 250000 − 11904.
    expect(splitInclusive(250_000, 5)).toEqual({ taxable: 238_096, cgst: 5_952, sgst: 5_952 });
  });
  it('takes 18 % out of ₹8,851', () => {
    // 885100 × 1800 / 23600 = 67507.6… → 67508.
    expect(splitInclusive(885_100, 18)).toEqual({ taxable: 750_084, cgst: 67_508, sgst: 67_508 });
  });
  it('leaves an exempt amount whole', () => {
    expect(splitInclusive(100_000, 0)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0 });
  });
  it('always reconciles, with equal halves within a paisa of the exact tax', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000_000 }), fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28), (amount, rate) => {
        const { taxable, cgst, sgst } = splitInclusive(amount, rate);
        expect(taxable + cgst + sgst).toBe(amount);
        expect(cgst).toBe(sgst);
        expect(taxable).toBeGreaterThanOrEqual(0);
        const exactTax = amount - amount / (1 + rate / 100);
        expect(Math.abs(cgst + sgst - exactTax)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('gstBreakup', () => {
  it('groups a room’s nights by equal tariff and rate, one line each, and adds the lines up', () => {
    const b = gstBreakup(
      [
        { number: 101, title: 'Deluxe', nightlyPrices: [2500, 2500, 3000] },
        { number: 7, title: 'Dorm', nightlyPrices: [800, 800, 800] },
        { number: 301, title: 'Suite', nightlyPrices: [9000, 9000, 9000] },
      ],
      '2026-12-01',
      SEPT_2025,
    );
    expect(b.lines.map((l) => [l.roomNumber, l.tariff, l.nights, l.ratePercent])).toEqual([
      [101, 2500, 2, 5],
      [101, 3000, 1, 5],
      [7, 800, 3, 5],
      [301, 9000, 3, 18],
    ]);
    expect(b.total).toBe((2500 * 2 + 3000 + 800 * 3 + 9000 * 3) * 100);
    // ₹800 is taxed too (no exemption since 18 Jul 2022): a night 80000 × 500 / 21000 = 1904.7… → 1905 each half,
    // three nights three times that.
    expect(b.lines[2]).toMatchObject({ taxable: 228_570, cgst: 5_715, sgst: 5_715 });
    // ₹9,000 at 18 %: a night 900000 × 1800 / 23600 = 68644.0… → 68644 each half; three nights 205932.
    expect(b.lines[3]).toMatchObject({ amount: 2_700_000, cgst: 205_932, sgst: 205_932, taxable: 2_288_136 });
    expect(b.taxable + b.cgst + b.sgst).toBe(b.total);
  });

  it('splits a line of n nights as n times one night, the figure the owner’s price form shows a night', () => {
    // ₹4,500 a night at 5 %: one night holds ₹4,285.72 before tax, so two hold 2 × ₹4,285.72 (not ₹8,571.42).
    const b = gstBreakup([{ number: 101, title: 'Deluxe', nightlyPrices: [4500, 4500] }], '2026-12-01', SEPT_2025);
    const night = tariffParts(4500, slabsOn(SEPT_2025, '2026-12-01'));
    expect(night).toEqual({ ratePercent: 5, gst: 21_428, taxable: 428_572 });
    expect(b.lines[0]).toMatchObject({ nights: 2, amount: 900_000, taxable: 2 * 428_572, cgst: 21_428, sgst: 21_428 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60_000 }), fc.integer({ min: 1, max: 30 }), (tariff, nights) => {
        const [line] = gstBreakup(
          [{ number: 1, title: 'R', nightlyPrices: Array.from({ length: nights }, () => tariff) }],
          '2026-12-01',
          SEPT_2025,
        ).lines;
        const one = tariffParts(tariff, slabsOn(SEPT_2025, '2026-12-01'));
        return line?.taxable === one.taxable * nights && (line?.cgst ?? 0) + (line?.sgst ?? 0) === one.gst * nights;
      }),
    );
  });

  it('is empty for no rooms', () => {
    expect(gstBreakup([], '2026-12-01', SEPT_2025)).toEqual({ lines: [], taxable: 0, cgst: 0, sgst: 0, total: 0 });
  });

  it('always reconciles: lines add to the totals and taxable + CGST + SGST = what the guest pays', () => {
    const room = fc.record({
      number: fc.integer({ min: 1, max: 999 }),
      title: fc.string({ maxLength: 10 }),
      nightlyPrices: fc.array(
        fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.constantFrom(1000, 1001, 7500, 7501, 7875, 7876, 8850, 8851)),
        {
          minLength: 1,
          maxLength: 30,
        },
      ),
    });
    fc.assert(
      fc.property(
        fc.array(room, { maxLength: 6 }),
        fc.constantFrom('2025-09-20', '2026-03-31', '2026-12-01'),
        (rooms, checkIn) => {
          const b = gstBreakup(rooms, checkIn, SEPT_2025);
          const paid = rooms.reduce((s, r) => s + r.nightlyPrices.reduce((a, p) => a + p * 100, 0), 0);
          expect(b.total).toBe(paid);
          expect(b.taxable + b.cgst + b.sgst).toBe(b.total);
          expect(b.cgst).toBe(b.sgst);
          expect(b.lines.reduce((s, l) => s + l.nights, 0)).toBe(rooms.reduce((s, r) => s + r.nightlyPrices.length, 0));
          for (const l of b.lines) {
            expect(l.taxable + l.cgst + l.sgst).toBe(l.amount);
            expect(l.amount).toBe(l.tariff * 100 * l.nights);
          }
        },
      ),
    );
  });
});

describe('financialYear', () => {
  it.each([
    ['2026-03-31', '2025-26'],
    ['2026-04-01', '2026-27'],
    ['2026-12-31', '2026-27'],
    ['2027-01-01', '2026-27'],
    ['2099-04-01', '2099-00'],
  ])('%s is in %s', (day, fy) => {
    expect(financialYear(day)).toBe(fy);
  });
});

describe('creditNoteDeadline (CGST Act s.34(2): 30 November after the end of the invoice’s financial year)', () => {
  it.each([
    // The last and first day of a financial year: a day apart, a year apart in deadline.
    ['2026-03-31', '2026-11-30'],
    ['2026-04-01', '2027-11-30'],
    ['2025-09-22', '2026-11-30'],
    ['2026-12-31', '2027-11-30'],
    ['2027-01-01', '2027-11-30'],
  ])('an invoice of %s may be credited until %s', (invoiced, deadline) => {
    expect(creditNoteDeadline(invoiced)).toBe(deadline);
  });

  it('is in time on 30 November and late from 1 December', () => {
    expect(creditNoteInTime('2026-03-31', '2026-11-30')).toBe(true);
    expect(creditNoteInTime('2026-03-31', '2026-12-01')).toBe(false);
    // An invoice of the next day belongs to the next year: the same 1 December is in time for it.
    expect(creditNoteInTime('2026-04-01', '2026-12-01')).toBe(true);
    expect(creditNoteInTime('2026-04-01', '2027-11-30')).toBe(true);
    expect(creditNoteInTime('2026-04-01', '2027-12-01')).toBe(false);
    // The day it is invoiced, a credit note is in time.
    expect(creditNoteInTime('2026-11-28', '2026-11-28')).toBe(true);
  });
});

describe('gstRecordsKeptUntil (CGST Act s.36: 72 months from the due date of the year’s annual return)', () => {
  it.each([
    // The last and first day of a financial year: a day apart, a year apart in keeping.
    ['2027-03-31', '2033-12-31'],
    ['2027-04-01', '2034-12-31'],
    ['2026-04-01', '2033-12-31'],
    ['2026-11-28', '2033-12-31'],
    ['2027-01-01', '2033-12-31'],
  ])('the records of %s are kept until %s', (day, until) => {
    expect(gstRecordsKeptUntil(day)).toBe(until);
  });
});

describe('documentNumber (GST rule 46(b): at most 16 characters, letters, digits, - and /)', () => {
  it('numbers invoices and credit notes by kind, short financial year and a six-digit sequence', () => {
    expect(documentNumber('INV', '2026-27', 42)).toBe('INV/26-27/000042');
    expect(documentNumber('CN', '2026-27', 1)).toBe('CN/26-27/000001');
    expect(documentNumber('INV', '2099-00', 999_999)).toBe('INV/99-00/999999');
  });

  it("names a file by its number and its supplier, so two suppliers' documents of one number differ", () => {
    const platform = documentFileName('TI/26-27/000001', { name: 'StayBook', gstin: '29AAKCS4821M1Z5' });
    const stay = documentFileName('TI/26-27/000001', { name: 'Sea Breeze', gstin: '29ABCDE1234F1Z5' });
    expect(platform).toBe('TI-26-27-000001-29AAKCS4821M1Z5.pdf');
    expect(stay).toBe('TI-26-27-000001-29ABCDE1234F1Z5.pdf');
    expect(platform).not.toBe(stay);
    // A bill of supply of a stay not registered: its name, short and file-safe.
    expect(documentFileName('BOS/25-26/000007', { name: "Raj's Heritage Homestay & Cottages", gstin: null })).toBe(
      'BOS-25-26-000007-raj-s-heritage-homestay.pdf',
    );
  });

  it('never exceeds 16 characters of the allowed set, for any kind, year and sequence', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('INV', 'CN'),
        fc.integer({ min: 2000, max: 2098 }),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, start, seq) => {
          const number = documentNumber(prefix, financialYear(`${start}-04-01`), seq);
          expect(number.length).toBeLessThanOrEqual(16);
          expect(number).toMatch(DOCUMENT_NUMBER);
        },
      ),
    );
  });

  it('refuses a sequence that would not fit', () => {
    expect(() => documentNumber('INV', '2026-27', 1_000_000)).toThrow(/rule 46/);
    expect(() => documentNumber('INV', '2026-27', 0)).toThrow(/rule 46/);
  });
});

describe('creditOf (a credit note for what is refunded)', () => {
  const rooms = [
    { number: 101, title: 'Deluxe', nightlyPrices: [2500, 2500, 3000] },
    { number: 7, title: 'Dorm', nightlyPrices: [800, 800, 800] },
    { number: 301, title: 'Suite', nightlyPrices: [9000, 9000, 9000] },
  ];
  const invoice = gstBreakup(rooms, '2026-12-01', SEPT_2025);

  it('credits each line in proportion, the remainder on the last, each re-split at its own rate', () => {
    // Half of ₹37,400 plus a paisa: the lines are halved and the odd paisa lands on the last line.
    const credit = creditOf(invoice, invoice.total / 2 + 1);
    expect(credit.total).toBe(invoice.total / 2 + 1);
    expect(credit.lines.map((l) => [l.roomNumber, l.ratePercent, l.amount])).toEqual([
      [101, 5, 250_000],
      [101, 5, 150_000],
      [7, 5, 120_000],
      [301, 18, 1_350_001],
    ]);
    expect(credit.lines[3]).toMatchObject(splitInclusive(1_350_001, 18));
    expect(credit.lines[2]).toMatchObject(splitInclusive(120_000, 5));
    expect(credit.taxable + credit.cgst + credit.sgst).toBe(credit.total);
  });

  it('is the whole breakup for the full amount, and nothing for none', () => {
    expect(creditOf(invoice, invoice.total)).toEqual(invoice);
    expect(creditOf(invoice, 0)).toEqual({ lines: [], taxable: 0, cgst: 0, sgst: 0, total: 0 });
  });

  it('always sums to the amount, line by line within the invoice, every line adding up', () => {
    const tariff = fc.integer({ min: 500, max: 40_000 });
    fc.assert(
      fc.property(
        fc.array(fc.array(tariff, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (nights, share) => {
          const b = gstBreakup(
            nights.map((p, i) => ({ number: i + 1, title: 'Room', nightlyPrices: p })),
            '2026-12-01',
            SEPT_2025,
          );
          const amount = Math.floor(b.total * share);
          const c = creditOf(b, amount);
          expect(c.total).toBe(amount);
          expect(c.lines.reduce((n, l) => n + l.amount, 0)).toBe(amount);
          expect(c.taxable + c.cgst + c.sgst).toBe(amount);
          for (const l of c.lines) {
            expect(l.taxable + l.cgst + l.sgst).toBe(l.amount);
            expect(l.cgst).toBe(l.sgst);
            expect(l.amount).toBeGreaterThan(0);
          }
          // Each credited line is within its invoice line.
          for (const l of c.lines) {
            const of = b.lines.find(
              (x) => x.roomNumber === l.roomNumber && x.tariff === l.tariff && x.ratePercent === l.ratePercent,
            );
            expect(l.amount).toBeLessThanOrEqual(of?.amount ?? 0);
          }
        },
      ),
    );
  });
});
