import { AMENITIES, type Amenity, LIMITS, STAY_TYPES, type StayType } from '@repo/shared/constants/domain';
import { addDays, isIsoDate, todayInIndia } from '@repo/shared/domain/dates';
import { CHILD_AGE } from '@repo/shared/domain/plans';
import { isOneOf } from '@repo/shared/domain/one-of';
import { SEARCH_SORTS, type SearchSort } from '@repo/shared/constants/domain';
import type { SearchQuery } from '@repo/shared/schemas/search';
import { hasSearch } from './has-search';

/**
 * The shared search state lives in the URL: ?city=&checkIn=&checkOut=&adults=&children=&rooms=
 * (plus optional filters). Home, results and the stay page read and write it through these helpers, so a search
 * can be reloaded and shared, and the stay page knows the dates and room count.
 */
export type SearchState = {
  city: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  /** The ages of the children whose age was given (?childAges=7,3; each 0–17), at most one per child. */
  ages: number[];
  rooms: number;
};

/** The default after a reset: empty city, today to tomorrow, 1 adult, 0 children, 1 room. */
export function defaultSearchState(): SearchState {
  const today = todayInIndia();
  return { city: '', checkIn: today, checkOut: addDays(today, 1), adults: 1, children: 0, ages: [], rooms: 1 };
}

const int = (v: string | null, min: number, fallback: number) => {
  const n = v === null ? Number.NaN : Number(v);
  return Number.isInteger(n) && n >= min && n <= 99 ? n : fallback;
};

/** The children's ages of ?childAges=7,3 (whole years 0–17; others dropped), at most `children` of them. */
function readAges(v: string | null, children: number): number[] {
  if (!v) return [];
  return v
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= CHILD_AGE.max)
    .slice(0, children);
}

export function readSearchState(params: URLSearchParams): SearchState {
  const d = defaultSearchState();
  const checkIn = params.get('checkIn');
  const checkOut = params.get('checkOut');
  const children = int(params.get('children'), 0, d.children);
  return {
    city: params.get('city')?.trim() ?? d.city,
    checkIn: checkIn && isIsoDate(checkIn) ? checkIn : d.checkIn,
    checkOut: checkOut && isIsoDate(checkOut) ? checkOut : d.checkOut,
    adults: int(params.get('adults'), 1, d.adults),
    children,
    ages: readAges(params.get('childAges'), children),
    rooms: int(params.get('rooms'), 1, d.rooms),
  };
}

export { hasSearch };

export function writeSearchState(s: SearchState, extra: Record<string, string | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams({
    city: s.city,
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    adults: String(s.adults),
    children: String(s.children),
    rooms: String(s.rooms),
  });
  if (s.ages.length > 0) p.set('childAges', s.ages.join(','));
  for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
  return p;
}

/**
 * The search a stay page carries, as a query string: the dates and counts its room dialog and totals use, and the
 * city its Back link returns to (so a reloaded or shared stay page keeps them).
 */
export function stayQuery(s: SearchState): string {
  return writeSearchState(s).toString();
}

/** The result filters, sort and page (optional in the URL; absent means 'any' and the defaults). */
export type SearchFilters = {
  type: StayType | null;
  amenities: Amenity[];
  minPrice: number | null;
  maxPrice: number | null;
  minRating: number | null;
  sort: SearchSort;
  page: number;
};

export const DEFAULT_FILTERS: SearchFilters = {
  type: null,
  amenities: [],
  minPrice: null,
  maxPrice: null,
  minRating: null,
  sort: 'price_asc',
  page: 1,
};

const num = (v: string | null, min: number, max: number) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};

export function readSearchFilters(params: URLSearchParams): SearchFilters {
  const type = params.get('type');
  const sort = params.get('sort');
  const amenities = (params.get('amenities') ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => isOneOf(AMENITIES, a));
  const page = num(params.get('page'), 1, 1000);
  return {
    type: isOneOf(STAY_TYPES, type) ? type : null,
    amenities: [...new Set(amenities)],
    minPrice: num(params.get('minPrice'), 0, 10_000_000),
    maxPrice: num(params.get('maxPrice'), 0, 10_000_000),
    minRating: num(params.get('minRating'), 0, LIMITS.ratingMax),
    sort: isOneOf(SEARCH_SORTS, sort) ? sort : DEFAULT_FILTERS.sort,
    page: page !== null && Number.isInteger(page) ? page : 1,
  };
}

/** The URL of a search with its filters (defaults left out, so a plain search has a short URL). */
export function writeSearch(s: SearchState, f: SearchFilters = DEFAULT_FILTERS): URLSearchParams {
  return writeSearchState(s, {
    type: f.type ?? undefined,
    amenities: f.amenities.length ? f.amenities.join(',') : undefined,
    minPrice: f.minPrice === null ? undefined : String(f.minPrice),
    maxPrice: f.maxPrice === null ? undefined : String(f.maxPrice),
    minRating: f.minRating === null ? undefined : String(f.minRating),
    sort: f.sort === DEFAULT_FILTERS.sort ? undefined : f.sort,
    page: f.page > 1 ? String(f.page) : undefined,
  });
}

/** The API query of a search (GET /api/stays/search). */
export function toSearchQuery(s: SearchState, f: SearchFilters): SearchQuery {
  return {
    city: s.city,
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    adults: s.adults,
    children: s.children,
    childAges: s.ages.length > 0 ? s.ages.join(',') : undefined,
    rooms: s.rooms,
    type: f.type ?? undefined,
    amenities: f.amenities.length ? f.amenities.join(',') : undefined,
    minPrice: f.minPrice ?? undefined,
    maxPrice: f.maxPrice ?? undefined,
    minRating: f.minRating ?? undefined,
    sort: f.sort,
    page: f.page,
  };
}

/**
 * `href` when it is the address of a search's results ('/?city=…', this site only), else null. A login page or a
 * stay page sends the guest back there, so nothing else (another site, another screen) is accepted.
 */
export function searchResultsHref(href: unknown): string | null {
  if (typeof href !== 'string' || !href.startsWith('/?')) return null;
  const params = new URLSearchParams(href.slice(2));
  return hasSearch(params) ? `/?${params.toString()}` : null;
}

/** The history state of a link out of the results: the results' own address, for the way back. */
export type ResultsState = { from: string };

/** Where a Back link on a page opened from the results goes: the results in the history state, else null. */
export const resultsHrefOf = (state: unknown): string | null =>
  searchResultsHref(state && typeof state === 'object' && 'from' in state ? state.from : null);
