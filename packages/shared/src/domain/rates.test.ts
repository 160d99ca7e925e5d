import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, stayNights } from './dates.ts';
import {
  amountOfNights,
  averageNightly,
  isWeekendNight,
  minNightsFor,
  nightlyPrices,
  priceStay,
  type RoomTypeRates,
  type Season,
  seasonsOverlap,
  weekendNightsBetween,
} from './rates.ts';

const base: RoomTypeRates = { price: 2000, weekendPrice: null, minNights: 1, seasons: [] };
// 2030-02-01 is a Friday.
const FRI = '2030-02-01';

describe('nightlyPrices', () => {
  it('is the base price every night without weekend price or seasons', () => {
    expect(nightlyPrices(base, '2030-01-28', '2030-02-04')).toEqual(Array(7).fill(2000));
  });
  it('charges the weekend price on Friday and Saturday nights only', () => {
    const rates = { ...base, weekendPrice: 2800 };
    // Thu, Fri, Sat, Sun nights
    expect(nightlyPrices(rates, '2030-01-31', '2030-02-04')).toEqual([2000, 2800, 2800, 2000]);
  });
  it("uses a season's price inside it, its weekend price on weekend nights, else its price", () => {
    const season: Season = { startsOn: FRI, endsOn: '2030-02-02', price: 3000, weekendPrice: null, minNights: null };
    const rates = { ...base, weekendPrice: 2800, seasons: [season] };
    expect(nightlyPrices(rates, '2030-01-31', '2030-02-04')).toEqual([2000, 3000, 3000, 2000]);
    const withWeekend = { ...rates, seasons: [{ ...season, endsOn: '2030-02-03', weekendPrice: 3500 }] };
    expect(nightlyPrices(withWeekend, '2030-01-31', '2030-02-05')).toEqual([2000, 3500, 3500, 3000, 2000]);
  });
  it('is empty without nights', () => {
    expect(nightlyPrices(base, FRI, FRI)).toEqual([]);
  });
});

describe('minNightsFor', () => {
  it("is the largest of the room type's and the touched seasons'", () => {
    const seasons: Season[] = [
      { startsOn: '2030-02-03', endsOn: '2030-02-10', price: 1, weekendPrice: null, minNights: 3 },
      { startsOn: '2030-03-01', endsOn: '2030-03-10', price: 1, weekendPrice: null, minNights: 5 },
    ];
    const rates = { ...base, minNights: 2, seasons };
    expect(minNightsFor(rates, FRI, '2030-02-03')).toBe(2); // leaves on the season's first day: no night in it
    expect(minNightsFor(rates, FRI, '2030-02-04')).toBe(3);
    expect(minNightsFor(rates, '2030-02-10', '2030-02-11')).toBe(3);
    expect(minNightsFor(rates, '2030-02-11', '2030-02-12')).toBe(2);
    expect(minNightsFor(rates, '2030-02-05', '2030-03-02')).toBe(5);
  });
});

describe('priceStay', () => {
  it('totals, groups the nights by price and says when the stay is too short', () => {
    const rates = { ...base, weekendPrice: 2800, minNights: 2 };
    const p = priceStay(rates, '2030-01-29', '2030-02-03');
    expect(p.nightlyPrices).toEqual([2000, 2000, 2000, 2800, 2800]);
    expect(p.total).toBe(11600);
    expect(p.breakdown).toEqual([
      { price: 2000, nights: 3, weekend: false },
      { price: 2800, nights: 2, weekend: true },
    ]);
    expect(p.bookable).toBe(true);
    expect(priceStay(rates, FRI, '2030-02-02').bookable).toBe(false);
    // One price every night: one line, weekend nights or not.
    expect(priceStay(base, '2030-01-31', '2030-02-04').breakdown).toEqual([{ price: 2000, nights: 4, weekend: false }]);
  });
});

describe('averageNightly and amountOfNights', () => {
  it('rounds halves up and sums paise', () => {
    expect(averageNightly(5001, 2)).toBe(2501);
    expect(averageNightly(5000, 3)).toBe(1667);
    expect(averageNightly(4999, 2)).toBe(2500);
    expect(amountOfNights([[2000, 2800], [1500]])).toBe(630000);
  });
});

// Properties
const dayArb = fc.integer({ min: 0, max: 4000 }).map((n) => addDays('2020-01-01', n));
const priceArb = fc.integer({ min: 1, max: 100_000 });
const seasonsArb = fc
  .array(
    fc.record({
      start: fc.integer({ min: 0, max: 120 }),
      length: fc.integer({ min: 1, max: 20 }),
      price: priceArb,
      weekendPrice: fc.option(priceArb, { nil: null }),
      minNights: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
    }),
    { maxLength: 6 },
  )
  .map((list) => {
    // Keep only seasons that do not overlap the ones kept before.
    const kept: Season[] = [];
    for (const s of list) {
      const season = {
        startsOn: addDays('2030-01-01', s.start),
        endsOn: addDays('2030-01-01', s.start + s.length - 1),
        price: s.price,
        weekendPrice: s.weekendPrice,
        minNights: s.minNights,
      };
      if (!kept.some((k) => seasonsOverlap(k, season))) kept.push(season);
    }
    return kept;
  });
const ratesArb = fc.record({
  price: priceArb,
  weekendPrice: fc.option(priceArb, { nil: null }),
  minNights: fc.integer({ min: 1, max: 14 }),
  seasons: seasonsArb,
});
const stayArb = fc.record({ from: fc.integer({ min: -10, max: 150 }), nights: fc.integer({ min: 0, max: 40 }) }).map((s) => ({
  checkIn: addDays('2030-01-01', s.from),
  checkOut: addDays('2030-01-01', s.from + s.nights),
  nights: s.nights,
}));

describe('rate properties', () => {
  it('counts weekend nights by arithmetic as by looking at each night', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 60 }), (from, n) => {
        const to = addDays(from, n);
        expect(weekendNightsBetween(from, to)).toBe(stayNights(from, to).filter(isWeekendNight).length);
      }),
    );
  });

  it('prices one night per night, the total is their sum and the breakdown covers every night', () => {
    fc.assert(
      fc.property(ratesArb, stayArb, (rates, stay) => {
        const p = priceStay(rates, stay.checkIn, stay.checkOut);
        expect(p.nightlyPrices).toHaveLength(stay.nights);
        expect(p.total).toBe(p.nightlyPrices.reduce((a, b) => a + b, 0));
        expect(p.breakdown.reduce((n, l) => n + l.nights, 0)).toBe(stay.nights);
        expect(p.breakdown.reduce((n, l) => n + l.nights * l.price, 0)).toBe(p.total);
        expect(new Set(p.breakdown.map((l) => l.price)).size).toBe(p.breakdown.length);
      }),
    );
  });

  it('without seasons or a weekend price every night is the base price', () => {
    fc.assert(
      fc.property(priceArb, stayArb, (price, stay) => {
        const p = nightlyPrices({ price, weekendPrice: null, minNights: 1, seasons: [] }, stay.checkIn, stay.checkOut);
        expect(p.every((x) => x === price)).toBe(true);
      }),
    );
  });

  it('a stay split in two costs the sum of its parts', () => {
    fc.assert(
      fc.property(ratesArb, stayArb, fc.nat(), (rates, stay, cut) => {
        const mid = addDays(stay.checkIn, stay.nights === 0 ? 0 : cut % (stay.nights + 1));
        expect(nightlyPrices(rates, stay.checkIn, stay.checkOut)).toEqual([
          ...nightlyPrices(rates, stay.checkIn, mid),
          ...nightlyPrices(rates, mid, stay.checkOut),
        ]);
      }),
    );
  });

  it("the minimum never falls below the room type's and grows with the stay", () => {
    fc.assert(
      fc.property(ratesArb, stayArb, (rates, stay) => {
        const min = minNightsFor(rates, stay.checkIn, stay.checkOut);
        expect(min).toBeGreaterThanOrEqual(rates.minNights);
        expect(minNightsFor(rates, stay.checkIn, addDays(stay.checkOut, 3))).toBeGreaterThanOrEqual(min);
      }),
    );
  });

  it('the average per night lies between the cheapest and dearest night', () => {
    fc.assert(
      fc.property(ratesArb, stayArb, (rates, stay) => {
        fc.pre(stay.nights > 0);
        const p = priceStay(rates, stay.checkIn, stay.checkOut);
        const avg = averageNightly(p.total, stay.nights);
        expect(avg).toBeGreaterThanOrEqual(Math.min(...p.nightlyPrices));
        expect(avg).toBeLessThanOrEqual(Math.max(...p.nightlyPrices));
      }),
    );
  });
});
