import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants/domain.ts';
import { MSG } from '../constants/messages.ts';
import { addDays, todayInIndia } from '../domain/dates.ts';
import { STAY_DATE_MSG } from '../domain/stay-dates.ts';
import { canonicalCity, SEARCH_MSG, SearchQuery, StayDatesQuery } from './search.ts';

const checkIn = addDays(todayInIndia(), 1);
const checkOut = addDays(checkIn, 2);
const base = { city: 'Bengaluru', checkIn, checkOut };

const messages = (input: unknown) => {
  const r = SearchQuery.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('SearchQuery', () => {
  it('lower-cases the city and fills the defaults', () => {
    expect(SearchQuery.parse(base)).toEqual({
      city: 'bengaluru',
      checkIn,
      checkOut,
      adults: 1,
      children: 0,
      rooms: 1,
      sort: 'price_asc',
      page: 1,
      pageSize: LIMITS.pageSize,
    });
  });

  it('reads numbers and lists from query-string text', () => {
    const q = SearchQuery.parse({
      ...base,
      adults: '3',
      children: '2',
      rooms: '2',
      amenities: 'Spa, Gym,Spa',
      minPrice: '1000',
      maxPrice: '5000',
      minRating: '7.5',
      sort: 'rating',
      page: '2',
      type: 'Villa',
    });
    expect(q).toMatchObject({ adults: 3, children: 2, rooms: 2, amenities: ['Spa', 'Gym'], minPrice: 1000, maxPrice: 5000 });
    expect(q).toMatchObject({ minRating: 7.5, sort: 'rating', page: 2, type: 'Villa' });
  });

  it("says 'City name cant be empty' for a missing or blank city", () => {
    expect(messages({ checkIn, checkOut })).toEqual([MSG.cityRequired]);
    expect(messages({ ...base, city: '   ' })).toEqual([MSG.cityRequired]);
  });

  it('applies the stay-date rules', () => {
    expect(messages({ ...base, checkIn: addDays(todayInIndia(), -1) })).toEqual([STAY_DATE_MSG.checkInPast]);
    expect(messages({ ...base, checkOut: checkIn })).toEqual([STAY_DATE_MSG.checkOutNotAfter]);
    expect(messages({ ...base, checkOut: addDays(checkIn, LIMITS.maxNights + 1) })).toEqual([STAY_DATE_MSG.tooLong]);
    expect(messages({ ...base, checkIn: '2026-02-30' })).toEqual(['Date must be a real date written yyyy-MM-dd']);
  });

  it('keeps the guest bounds: adults and rooms at least 1, children at least 0', () => {
    expect(messages({ ...base, adults: '0' })).toEqual(['Adults must be at least 1']);
    expect(messages({ ...base, rooms: '0' })).toEqual(['Rooms must be at least 1']);
    expect(messages({ ...base, children: '-1' })).toEqual(['Children must be at least 0']);
    expect(messages({ ...base, adults: 'two' })).toEqual(['Adults must be a number']);
  });

  it('refuses unknown filters and a price range upside down', () => {
    expect(messages({ ...base, type: 'Castle' })).toHaveLength(1);
    expect(messages({ ...base, amenities: 'Pool' })).toHaveLength(1);
    expect(messages({ ...base, sort: 'cheapest' })).toEqual(['Sort must be one of price_asc, price_desc, rating, distance']);
    expect(messages({ ...base, minRating: '11' })).toEqual(['Minimum rating must be from 0 to 10']);
    expect(messages({ ...base, minPrice: '5000', maxPrice: '1000' })).toEqual([SEARCH_MSG.priceRange]);
    expect(messages({ ...base, page: '0' })).toEqual(['Page must be at least 1']);
    expect(messages({ ...base, pageSize: '500' })).toEqual(['Page size can not exceed 50']);
  });
});

describe('StayDatesQuery', () => {
  it('accepts future dates and refuses a zero-night range', () => {
    expect(StayDatesQuery.safeParse({ checkIn, checkOut }).success).toBe(true);
    const r = StayDatesQuery.safeParse({ checkIn, checkOut: checkIn });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(STAY_DATE_MSG.checkOutNotAfter);
  });
});

describe('canonicalCity', () => {
  it('maps other spellings to the stored city name', () => {
    expect(canonicalCity(' Bangalore ')).toBe('bengaluru');
    expect(canonicalCity('MADRAS')).toBe('chennai');
    expect(canonicalCity('Chennai')).toBe('chennai');
    expect(canonicalCity('new   delhi')).toBe('new delhi');
  });
});
