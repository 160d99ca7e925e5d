import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  defaultSearchState,
  hasSearch,
  readSearchFilters,
  readSearchState,
  searchResultsHref,
  stayQuery,
  toSearchQuery,
  writeSearch,
} from './search-params';

describe('search state in the URL', () => {
  it('resets to an empty city, today to tomorrow, 1 adult, 0 children, 1 room', () => {
    const today = todayInIndia();
    expect(defaultSearchState()).toEqual({
      city: '',
      checkIn: today,
      checkOut: addDays(today, 1),
      adults: 1,
      children: 0,
      ages: [],
      rooms: 1,
    });
    const empty = new URLSearchParams();
    expect(hasSearch(empty)).toBe(false);
    expect(readSearchState(empty)).toEqual(defaultSearchState());
    expect(readSearchFilters(empty)).toEqual(DEFAULT_FILTERS);
  });

  it('round-trips a search with its filters, leaving defaults out of the URL', () => {
    const state = { city: 'Chennai', checkIn: '2030-01-10', checkOut: '2030-01-12', adults: 2, children: 1, ages: [7], rooms: 1 };
    const filters = {
      ...DEFAULT_FILTERS,
      type: 'Villa' as const,
      amenities: ['Spa' as const, 'Gym' as const],
      maxPrice: 8000,
      minRating: 8,
      sort: 'rating' as const,
      page: 2,
    };
    const params = writeSearch(state, filters);
    expect(params.has('minPrice')).toBe(false);
    expect(params.get('amenities')).toBe('Spa,Gym');
    expect(hasSearch(params)).toBe(true);
    expect(readSearchState(params)).toEqual(state);
    expect(readSearchFilters(params)).toEqual({ ...filters, minPrice: null });
    expect(writeSearch(state).toString()).toBe(
      'city=Chennai&checkIn=2030-01-10&checkOut=2030-01-12&adults=2&children=1&rooms=1&childAges=7',
    );
  });

  it('ignores filter values it does not know', () => {
    const f = readSearchFilters(
      new URLSearchParams('type=Castle&amenities=Pool,Spa&sort=random&page=-3&minRating=42&maxPrice=abc'),
    );
    expect(f).toEqual({ ...DEFAULT_FILTERS, amenities: ['Spa'] });
  });

  it('builds the API query and the stay page query', () => {
    const state = { city: 'Vizag', checkIn: '2030-02-01', checkOut: '2030-02-03', adults: 3, children: 0, ages: [], rooms: 2 };
    expect(toSearchQuery(state, { ...DEFAULT_FILTERS, amenities: ['Parking'] })).toMatchObject({
      city: 'Vizag',
      adults: 3,
      rooms: 2,
      amenities: 'Parking',
      sort: 'price_asc',
      page: 1,
    });
    expect(stayQuery(state)).toBe('city=Vizag&checkIn=2030-02-01&checkOut=2030-02-03&adults=3&children=0&rooms=2');
  });

  it('accepts only a search results address of this site as a way back', () => {
    expect(searchResultsHref('/?city=Goa&checkIn=2030-02-01&sort=rating&page=2')).toBe(
      '/?city=Goa&checkIn=2030-02-01&sort=rating&page=2',
    );
    expect(searchResultsHref('/?checkIn=2030-02-01')).toBeNull();
    expect(searchResultsHref('/')).toBeNull();
    expect(searchResultsHref('//evil.example/?city=Goa')).toBeNull();
    expect(searchResultsHref('https://evil.example/?city=Goa')).toBeNull();
    expect(searchResultsHref('/orders/1?city=Goa')).toBeNull();
    expect(searchResultsHref(undefined)).toBeNull();
  });
});
