import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gstBreakup } from './gst.ts';
import { GST_ACCOMMODATION_RATES } from './gst-rates.ts';
import { bookingAccount } from './marketplace.ts';
import { nightAccount } from './night-account.ts';

const terms = fc.record({
  byPlatform: fc.boolean(),
  feeBp: fc.integer({ min: 0, max: 10_000 }),
  feeGstBp: fc.constant(1800),
  tcsBp: fc.constantFrom(0, 50, 100),
  tdsBp: fc.constantFrom(10, 100, 500),
});

describe('nightAccount: what a night at a price credits its owner', () => {
  const platform = { byPlatform: true, feeBp: 1500, feeGstBp: 1800, tcsBp: 0, tdsBp: 10 };
  const registered = { byPlatform: false, feeBp: 1500, feeGstBp: 1800, tcsBp: 50, tdsBp: 10 };

  it('₹4,500 at 5 % under s.9(5): the platform keeps the GST, the fee and its GST, and withholds TDS', () => {
    expect(nightAccount(4500, 5, platform)).toEqual({
      gross: 450_000,
      gst: 21_428,
      taxable: 428_572,
      fee: 64_286,
      feeGst: 11_572,
      tcs: 0,
      tds: 429,
      net: 352_285,
    });
  });

  it('₹4,500 at 5 % by a registered owner: the GST stays in the credit (theirs to pay), TCS and TDS withheld', () => {
    const a = nightAccount(4500, 5, registered);
    expect(a).toMatchObject({ gst: 21_428, fee: 64_286, feeGst: 11_572, tcs: 2_142, tds: 429 });
    expect(a.net).toBe(450_000 - 64_286 - 11_572 - 2_142 - 429);
  });

  it('equals the settlement line of a one-night booking at that price, whatever the price and terms', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60_000 }), terms, (tariff, t) => {
        const invoice = gstBreakup([{ number: 1, title: 'R', nightlyPrices: [tariff] }], '2026-12-01', GST_ACCOMMODATION_RATES);
        const line = bookingAccount({ gross: invoice.total, gst: invoice.cgst + invoice.sgst, taxable: invoice.taxable }, t);
        const rate = invoice.lines[0]?.ratePercent ?? 0;
        expect(nightAccount(tariff, rate, t)).toEqual(line);
      }),
    );
  });
});
