import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { GST_ACCOMMODATION_RATES } from './gst-rates.ts';
import {
  derivedRates,
  derivePrice,
  occupancyAddOn,
  type PartyCounts,
  partyCounts,
  partySize,
  planPriceProblem,
  pricePlan,
  splitParty,
} from './plans.ts';
import { nightlyPrices, type RoomTypeRates } from './rates.ts';

const rates: RoomTypeRates = { price: 2500, weekendPrice: 3000, minNights: 1, seasons: [] };
const occupancy = { singleLess: 300, extraAdult: 500, child: 400, infant: 0 };
// 2030-02-01 is a Friday.
const FRI = '2030-02-01';

describe('rate plans', () => {
  it('counts children by age band: 0–5, 6–12, and 13–17 as adults; an age not given counts 6–12', () => {
    expect(partyCounts(2, 3, [4, 7, 15])).toEqual({ adults: 3, children: 1, infants: 1 });
    expect(partyCounts(1, 2, [0])).toEqual({ adults: 1, children: 1, infants: 1 });
    expect(partyCounts(2, 2, [5, 6])).toEqual({ adults: 2, children: 1, infants: 1 });
    expect(partyCounts(2, 1, [12])).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(partyCounts(2, 1, [13])).toEqual({ adults: 3, children: 0, infants: 0 });
  });

  it('prices the party: one adult less, each adult past two and each child more, infants free by default', () => {
    expect(occupancyAddOn(occupancy, { adults: 1, children: 0, infants: 0 })).toBe(-300);
    expect(occupancyAddOn(occupancy, { adults: 2, children: 0, infants: 3 })).toBe(0);
    expect(occupancyAddOn(occupancy, { adults: 4, children: 1, infants: 0 })).toBe(1400);
  });

  it('derives by amount or by percent rounded half up, each of the parent prices', () => {
    expect(derivePrice({ kind: 'amount', value: 600 }, 2500)).toBe(3100);
    expect(derivePrice({ kind: 'percent', value: -10 }, 2500)).toBe(2250);
    // 1,005 × 0.9 = 904.5 → 905; 999 × 1.07 = 1,068.93 → 1,069.
    expect(derivePrice({ kind: 'percent', value: -10 }, 1005)).toBe(905);
    expect(derivePrice({ kind: 'percent', value: 7 }, 999)).toBe(1069);
    const season = { startsOn: addDays(FRI, 7), endsOn: addDays(FRI, 9), price: 4000, weekendPrice: null, minNights: 2 };
    expect(derivedRates({ ...rates, seasons: [season] }, { kind: 'amount', value: 600 })).toEqual({
      price: 3100,
      weekendPrice: 3600,
      minNights: 1,
      seasons: [{ ...season, price: 4600 }],
    });
  });

  it("a plan's total for any party and dates is the sum of its nights, each its parent's night derived plus the party's", () => {
    const season = fc.record({
      offset: fc.integer({ min: 0, max: 20 }),
      length: fc.integer({ min: 0, max: 6 }),
      price: fc.integer({ min: 500, max: 9000 }),
      weekendPrice: fc.option(fc.integer({ min: 500, max: 9000 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 9000 }),
        fc.option(fc.integer({ min: 800, max: 9000 }), { nil: null }),
        fc.array(season, { maxLength: 2 }),
        fc.oneof(
          fc.constant(null),
          fc.record({ kind: fc.constant('amount' as const), value: fc.integer({ min: -400, max: 2000 }) }),
          fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: -50, max: 80 }) }),
        ),
        fc.record({
          singleLess: fc.integer({ min: 0, max: 300 }),
          extraAdult: fc.integer({ min: 0, max: 900 }),
          child: fc.integer({ min: 0, max: 700 }),
          infant: fc.integer({ min: 0, max: 200 }),
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 17 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 1, max: 10 }),
        (price, weekendPrice, raw, derivation, occ, adults, ages, from, nights) => {
          // Seasons that do not share a night, as the owner's screen keeps them.
          const seasons = raw
            .map((s, i) => ({
              startsOn: addDays(FRI, s.offset + i * 30),
              endsOn: addDays(FRI, s.offset + i * 30 + s.length),
              price: s.price,
              weekendPrice: s.weekendPrice,
              minNights: null,
            }))
            .sort((a, b) => a.startsOn.localeCompare(b.startsOn));
          const own: RoomTypeRates = { price, weekendPrice, minNights: 1, seasons };
          const party = partyCounts(adults, ages.length, ages);
          const checkIn = addDays(FRI, from);
          const checkOut = addDays(checkIn, nights);
          const quote = pricePlan(own, { derivation, occupancy: occ }, party, checkIn, checkOut);
          const addOn = occupancyAddOn(occ, party);
          expect(quote.total).toBe(quote.nightlyPrices.reduce((a, b) => a + b, 0));
          expect(quote.nightlyPrices).toEqual(
            nightlyPrices(own, checkIn, checkOut).map((p) => derivePrice(derivation, p) + addOn),
          );
          expect(quote.breakdown.reduce((sum, l) => sum + l.price * l.nights, 0)).toBe(quote.total);
        },
      ),
      { numRuns: 300, seed: 20261129 },
    );
  });

  it('spreads a party over rooms: adults first, each to the emptiest room with a bed; none when it does not fit', () => {
    const party: PartyCounts = { adults: 3, children: 2, infants: 1 };
    const rooms = splitParty(party, [2, 4]);
    expect(rooms).toEqual([
      { adults: 2, children: 0, infants: 0 },
      { adults: 1, children: 2, infants: 1 },
    ]);
    expect(rooms?.reduce((n, r) => n + partySize(r), 0)).toBe(partySize(party));
    expect(splitParty(party, [2, 3])).toBeUndefined();
    expect(splitParty({ adults: 2, children: 1, infants: 0 }, [4])).toEqual([{ adults: 2, children: 1, infants: 0 }]);
  });

  it('refuses a plan whose night for some party fits no GST slab or costs nothing, naming the field that makes it', () => {
    const today = '2026-11-29';
    // ₹7,400 + ₹600 breakfast = ₹8,000: between the 5 % and 18 % slabs (₹7,876–8,850).
    expect(
      planPriceProblem([8000], { singleLess: 0, extraAdult: 0, child: 0, infant: 0 }, 2, today, GST_ACCOMMODATION_RATES)?.field,
    ).toBe('adjustment');
    // ₹8,900 with breakfast is over ₹7,500 before tax at 18 %: it fits.
    expect(
      planPriceProblem([8900], { singleLess: 0, extraAdult: 0, child: 0, infant: 0 }, 2, today, GST_ACCOMMODATION_RATES),
    ).toBeUndefined();
    // A third adult at ₹500 puts ₹7,400 at ₹7,900.
    expect(
      planPriceProblem([7400], { singleLess: 0, extraAdult: 500, child: 0, infant: 0 }, 3, today, GST_ACCOMMODATION_RATES)?.field,
    ).toBe('extraAdult');
    // ...but not in a room for two.
    expect(
      planPriceProblem([7400], { singleLess: 0, extraAdult: 500, child: 0, infant: 0 }, 2, today, GST_ACCOMMODATION_RATES),
    ).toBeUndefined();
    expect(
      planPriceProblem([500], { singleLess: 500, extraAdult: 0, child: 0, infant: 0 }, 2, today, GST_ACCOMMODATION_RATES)?.field,
    ).toBe('singleLess');
    expect(
      planPriceProblem([7400], { singleLess: 0, extraAdult: 0, child: 500, infant: 0 }, 3, today, GST_ACCOMMODATION_RATES)?.field,
    ).toBe('childPrice');
  });
});
