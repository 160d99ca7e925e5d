import { type City, SEASON_FIELDS, TYPE_FIELDS, weekendsBefore } from './columns.ts';

/** The nights searched: check-in and check-out (days since 1970-01-01), their number and their weekend nights. */
export type Dates = { ci: number; co: number; nights: number; allWeekend: number };

/**
 * Whether stay `s` has, for every night of `d`, `rooms` free rooms of types whose minimum nights the dates meet and
 * whose largest `rooms` hold `guests` (its taken rooms per type at `taken[takenAt + k]`): NaN when not, else the
 * total of its cheapest such type when `priced` (else 0), with its free rooms of those types in `found` when
 * `priced`. A function of its own, so that the search's loop over the stays stays one loop.
 */
export function stayRooms(
  c: City,
  s: number,
  taken: Int32Array,
  takenAt: number,
  d: Dates,
  seasonsApply: boolean,
  priced: boolean,
  rooms: number,
  guests: number,
  found: { freeRooms: number },
): number {
  const { types, typeSeasonStart, typeSeasonCount, seasons } = c;
  const { ci, co, nights, allWeekend } = d;
  const ts = c.typeStart[s] ?? 0;
  const tc = c.typeCount[s] ?? 0;
  let freeRooms = 0;
  let cheapest = priced ? Number.POSITIVE_INFINITY : 0;
  let capacity = 0;
  let before = 0;
  let any = false;
  for (let k = 0; k < tc; k++) {
    const at = (ts + k) * TYPE_FIELDS;
    const free = (types[at + 4] ?? 0) - (taken[takenAt + k] ?? 0);
    if (free <= 0) continue;
    const typeMin = types[at + 3] ?? 0;
    if (typeMin > nights) continue;
    const maxPeople = types[at] ?? 0;
    const basePrice = types[at + 1] ?? 0;
    const weekendPrice = types[at + 2] ?? Number.NaN; // NaN: none
    // pricedType: the seasons that touch the dates, then the plain nights at the type's prices.
    let sNights = 0;
    let sWeekend = 0;
    let sPrice = 0;
    let sMin = Number.NaN;
    // A stay not priced reads its seasons only when a season's minimum nights may turn the dates away.
    if (seasonsApply && (priced || (types[at + 5] ?? Number.NaN) > nights)) {
      const ss = typeSeasonStart[ts + k] ?? 0;
      const se = ss + (typeSeasonCount[ts + k] ?? 0);
      for (let j = ss * SEASON_FIELDS; j < se * SEASON_FIELDS; j += SEASON_FIELDS) {
        const rFrom = seasons[j] ?? 0;
        const rTo = seasons[j + 1] ?? 0;
        if (!(rFrom < co && rTo >= ci)) continue;
        const from = Math.max(rFrom, ci);
        const to = Math.min(rTo + 1, co);
        const n = to - from;
        const w = weekendsBefore(to) - weekendsBefore(from);
        const rPrice = seasons[j + 2] ?? 0;
        const rWeekend = seasons[j + 3] ?? Number.NaN;
        const rMin = seasons[j + 4] ?? Number.NaN;
        sNights += n;
        sWeekend += w;
        sPrice += (n - w) * rPrice + w * (Number.isNaN(rWeekend) ? rPrice : rWeekend);
        if (!Number.isNaN(rMin) && (Number.isNaN(sMin) || rMin > sMin)) sMin = rMin;
      }
    }
    if (sMin > nights) continue;
    any = true;
    freeRooms += free;
    if (priced) {
      let price: number;
      if (!seasonsApply && Number.isNaN(weekendPrice)) price = nights * basePrice;
      else {
        const plainWeekend = allWeekend - sWeekend;
        const plainWeekday = nights - sNights - plainWeekend;
        price = sPrice + plainWeekday * basePrice + plainWeekend * (Number.isNaN(weekendPrice) ? basePrice : weekendPrice);
      }
      if (price < cheapest) cheapest = price;
    }
    if (rooms === 1) capacity = Math.max(capacity, maxPeople);
    else capacity += maxPeople * Math.max(0, Math.min(free, rooms - before));
    before += free;
    // Enough rooms (largest first): no later type adds to the capacity, and a stay not priced needs no more.
    if (!priced && before >= rooms) break;
  }
  if (!any || freeRooms < rooms || capacity < guests) return Number.NaN;
  found.freeRooms = freeRooms;
  return cheapest;
}
