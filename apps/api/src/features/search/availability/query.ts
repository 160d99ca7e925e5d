import type { PartyCounts } from '@repo/shared/domain/plans';
import type { SearchSort } from '@repo/shared/schemas/search';
import type { AvailabilityFilter, HitRow } from '../search.repository.ts';
import { amenityBit, type City, codeOfType, dayOf, weekendsBefore } from './columns.ts';
import { countByNight, countOwn, type Seen } from './nights.ts';
import { type Dates, stayRooms } from './stay-rooms.ts';

export type IndexAnswer = { rows: HitRow[]; total: number };

/** The search statement's rules over a city's kept stays (searchSql), at `now` (ms). */
export function answer(c: City, f: AvailabilityFilter, now: number, seen: Seen): IndexAnswer {
  const ci = dayOf(f.checkIn);
  const co = dayOf(f.checkOut);
  const nights = co - ci;
  const allWeekend = weekendsBefore(co) - weekendsBefore(ci);
  // Stay filters as codes and bits; a type or amenity no code knows is compared as words (the schemas allow none).
  const typeWanted = f.type === undefined ? -2 : codeOfType(f.type);
  let bits = 0;
  const otherAmenities: string[] = [];
  for (const a of f.amenities ?? []) {
    const bit = amenityBit.get(a);
    if (bit === undefined) otherAmenities.push(a);
    else bits |= bit;
  }
  const { alive, typeCode, amenityBits, shownRating, distance, rank, seasonsUntil, typeStart, typeCount } = c;
  const dates: Dates = { ci, co, nights, allWeekend };
  const found = { freeRooms: 0 };
  const priceFiltered = f.minPrice !== undefined || f.maxPrice !== undefined;
  // The page: only the first offset + limit hits in order are kept (a sorted list, filled by insertion); the rest
  // are counted.
  const keep = f.offset + f.limit;
  const order = orderOf(f.sort, shownRating, rank, distance);
  const top: Hit[] = [];
  let total = 0;
  const byNight = c.byNight;
  if (byNight) countByNight(byNight, ci, co, now);
  const counted = byNight?.taken;
  let scratch = new Int32Array(8);
  for (let s = 0; s < c.slots; s++) {
    if (alive[s] !== 1) continue;
    if (typeWanted !== -2) {
      if (typeWanted === -1 ? c.rows[s]?.type !== f.type : typeCode[s] !== typeWanted) continue;
    }
    if (((amenityBits[s] ?? 0) & bits) !== bits) continue;
    if (otherAmenities.length > 0 && !otherAmenities.every((a) => c.rows[s]?.amenities.some((x) => x === a))) continue;
    if (f.minRating !== undefined && !((shownRating[s] ?? 0) >= f.minRating)) continue;
    const tc = typeCount[s] ?? 0;
    if (tc === 0) continue;
    // The stay's taken rooms per type: counted by night for the city, or from its own nights.
    let takenAt = typeStart[s] ?? 0;
    let taken: Int32Array = counted ?? scratch;
    const own = c.own.size > 0 ? c.own.get(s) : undefined;
    if (own || !counted) {
      if (scratch.length < tc) scratch = new Int32Array(tc * 2);
      taken = scratch;
      takenAt = 0;
      taken.fill(0, 0, tc);
      if (own) countOwn(seen, own, taken, ci, co, now);
    }
    const seasonsApply = !Number.isNaN(seasonsUntil[s] ?? Number.NaN) && (seasonsUntil[s] ?? 0) >= ci;
    // Priced only when its price is filtered on or it may come before the page's last (all that is asked of the
    // others is whether they are available, to count them).
    const worst = top.length >= keep ? top[top.length - 1] : undefined;
    const priced = priceFiltered || worst === undefined || mayPrecede(f.sort, s, worst, c, f.party);
    const cheapest = stayRooms(c, s, taken, takenAt, dates, seasonsApply, priced, f.rooms, f.guests, f.party, found);
    if (Number.isNaN(cheapest)) continue;
    if (!priced) {
      total += 1;
      continue;
    }
    // The lowest average nightly price, rounded half up: that of the cheapest type (the average grows with it).
    const lowest = Math.floor((2 * cheapest + nights) / (2 * nights));
    if (f.minPrice !== undefined && lowest < f.minPrice) continue;
    if (f.maxPrice !== undefined && lowest > f.maxPrice) continue;
    total += 1;
    // Most stays fall behind the page's last: compared as they are, nothing made for them.
    if (worst !== undefined && order(s, lowest, worst.slot, worst.lowest) >= 0) continue;
    insert(top, { slot: s, lowest, total: cheapest, free: found.freeRooms }, order);
    if (top.length > keep) top.pop();
  }
  const rows: HitRow[] = [];
  for (const h of top.slice(f.offset, f.offset + f.limit)) {
    const row = c.rows[h.slot];
    if (row) rows.push({ ...row, lowest_price: h.lowest, lowest_total: h.total, free_rooms: h.free, total });
  }
  return { rows, total };
}

/** Puts `hit` in its place on the page (sorted by `order`). */
function insert(top: Hit[], hit: Hit, order: Order) {
  let lo = 0;
  let hi = top.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const other = top[mid];
    if (other !== undefined && order(other.slot, other.lowest, hit.slot, hit.lowest) <= 0) lo = mid + 1;
    else hi = mid;
  }
  top.splice(lo, 0, hit);
}

type Hit = { slot: number; lowest: number; total: number; free: number };
type Order = (a: number, aLowest: number, b: number, bLowest: number) => number;

/** searchSql's orders of two hits (a slot and its lowest price): each ends with the stay's name and id (their rank). */
function orderOf(sort: SearchSort, rating: Float64Array, rank: Float64Array, distance: Float64Array): Order {
  const r = (s: number) => rating[s] ?? 0;
  const k = (s: number) => rank[s] ?? 0;
  const d = (s: number) => distance[s] ?? 0;
  switch (sort) {
    case 'price_asc':
      return (a, al, b, bl) => al - bl || r(b) - r(a) || k(a) - k(b);
    case 'price_desc':
      return (a, al, b, bl) => bl - al || r(b) - r(a) || k(a) - k(b);
    case 'rating':
      return (a, al, b, bl) => r(b) - r(a) || al - bl || k(a) - k(b);
    case 'distance':
      return (a, al, b, bl) => d(a) - d(b) || al - bl || k(a) - k(b);
  }
}

/**
 * Whether stay `s` may come before `worst` in the sort, whatever its price for the dates: its lowest average nightly
 * price is a whole number between its cheapest and dearest night (prices are whole rupees), and the rating and the
 * distance come before the price in their sorts.
 */
function mayPrecede(sort: SearchSort, s: number, worst: Hit, c: City, party: PartyCounts): boolean {
  switch (sort) {
    case 'price_asc':
      return (c.cheapestNight[s] ?? Number.NEGATIVE_INFINITY) <= worst.lowest;
    case 'price_desc': {
      // The dearest night of any plan, and the most the party may add to it.
      const most =
        (c.dearestNight[s] ?? Number.POSITIVE_INFINITY) +
        Math.max(0, party.adults - 2) * (c.maxExtraAdult[s] ?? 0) +
        party.children * (c.maxChild[s] ?? 0) +
        party.infants * (c.maxInfant[s] ?? 0);
      return most >= worst.lowest;
    }
    case 'rating':
      return (c.shownRating[s] ?? 0) >= (c.shownRating[worst.slot] ?? 0);
    case 'distance':
      return (c.distance[s] ?? 0) <= (c.distance[worst.slot] ?? 0);
  }
}
