import { addDays, isIsoDate, todayInIndia } from '@repo/shared/domain/dates';

/**
 * The shared search state (SPEC §3 search inputs) lives in the URL: ?city=&checkIn=&checkOut=&adults=&children=&rooms=
 * (plus optional filters). Home, results and the stay page read and write it through these helpers, so a search
 * can be reloaded and shared, and the stay page knows the dates and room count.
 */
export type SearchState = {
  city: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  rooms: number;
};

/** The default after a reset: empty city, today to tomorrow, 1 adult, 0 children, 1 room. */
export function defaultSearchState(): SearchState {
  const today = todayInIndia();
  return { city: '', checkIn: today, checkOut: addDays(today, 1), adults: 1, children: 0, rooms: 1 };
}

const int = (v: string | null, min: number, fallback: number) => {
  const n = v === null ? Number.NaN : Number(v);
  return Number.isInteger(n) && n >= min && n <= 99 ? n : fallback;
};

export function readSearchState(params: URLSearchParams): SearchState {
  const d = defaultSearchState();
  const checkIn = params.get('checkIn');
  const checkOut = params.get('checkOut');
  return {
    city: params.get('city')?.trim() ?? d.city,
    checkIn: checkIn && isIsoDate(checkIn) ? checkIn : d.checkIn,
    checkOut: checkOut && isIsoDate(checkOut) ? checkOut : d.checkOut,
    adults: int(params.get('adults'), 1, d.adults),
    children: int(params.get('children'), 0, d.children),
    rooms: int(params.get('rooms'), 1, d.rooms),
  };
}

/** True when the URL holds a search (a city was submitted). */
export const hasSearch = (params: URLSearchParams) => Boolean(params.get('city')?.trim());

export function writeSearchState(s: SearchState, extra: Record<string, string | undefined> = {}): URLSearchParams {
  const p = new URLSearchParams({
    city: s.city,
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    adults: String(s.adults),
    children: String(s.children),
    rooms: String(s.rooms),
  });
  for (const [k, v] of Object.entries(extra)) if (v) p.set(k, v);
  return p;
}

/** The part of the search that a stay page needs (dates and counts), as a query string. */
export function stayQuery(s: SearchState): string {
  return new URLSearchParams({
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    adults: String(s.adults),
    children: String(s.children),
    rooms: String(s.rooms),
  }).toString();
}
