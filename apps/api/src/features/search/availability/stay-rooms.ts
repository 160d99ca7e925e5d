import type { PartyCounts } from '@repo/shared/domain/plans';
import { type City, PLAN_AMOUNT, PLAN_FIELDS, PLAN_STANDARD, SEASON_FIELDS, TYPE_FIELDS, weekendsBefore } from './columns.ts';

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
  party: PartyCounts,
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
    // One room: only a type that holds the whole party is priced, for the party; more rooms: two adults a room.
    if (priced && (rooms !== 1 || maxPeople >= guests)) {
      let price: number;
      const plainWeekend = allWeekend - sWeekend;
      const plainWeekday = nights - sNights - plainWeekend;
      if (!seasonsApply && Number.isNaN(weekendPrice)) price = nights * basePrice;
      else price = sPrice + plainWeekday * basePrice + plainWeekend * (Number.isNaN(weekendPrice) ? basePrice : weekendPrice);
      const best = planPrices(
        c,
        ts + k,
        price,
        d,
        seasonsApply,
        plainWeekday,
        plainWeekend,
        rooms === 1 ? party : undefined,
        maxPeople,
      );
      if (best < cheapest) cheapest = best;
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

/**
 * The cheapest plan of type `t` for the dates (`standard`: its own prices' total), each plan's nights plus what the
 * party adds to each (`party` undefined: two adults, or one in a room for one). pricedType's planTotal and addOn.
 */
function planPrices(
  c: City,
  t: number,
  standard: number,
  d: Dates,
  seasonsApply: boolean,
  plainWeekday: number,
  plainWeekend: number,
  party: PartyCounts | undefined,
  maxPeople: number,
): number {
  const { plans } = c;
  const ps = c.typePlanStart[t] ?? 0;
  const pe = ps + (c.typePlanCount[t] ?? 0);
  const adults = party ? party.adults : Math.min(2, maxPeople);
  const children = party ? party.children : 0;
  const infants = party ? party.infants : 0;
  let cheapest = Number.POSITIVE_INFINITY;
  for (let j = ps * PLAN_FIELDS; j < pe * PLAN_FIELDS; j += PLAN_FIELDS) {
    const kind = plans[j] ?? PLAN_STANDARD;
    const value = plans[j + 1] ?? 0;
    let total: number;
    if (kind === PLAN_STANDARD) total = standard;
    else if (kind === PLAN_AMOUNT) total = standard + d.nights * value;
    else {
      total = plainWeekday * (plans[j + 6] ?? 0) + plainWeekend * (plans[j + 7] ?? 0);
      if (seasonsApply) total += derivedSeasons(c, t, d, value);
    }
    const addOn =
      (adults === 1 ? -(plans[j + 2] ?? 0) : 0) +
      Math.max(0, adults - 2) * (plans[j + 3] ?? 0) +
      children * (plans[j + 4] ?? 0) +
      infants * (plans[j + 5] ?? 0);
    total += d.nights * addOn;
    if (total < cheapest) cheapest = total;
  }
  return cheapest;
}

/** What the seasons of type `t` that touch the dates cost with each price derived by `percent` (rounded half up). */
function derivedSeasons(c: City, t: number, d: Dates, percent: number): number {
  const { seasons } = c;
  const f = (price: number) => Math.floor((2 * price * (100 + percent) + 100) / 200);
  const ss = c.typeSeasonStart[t] ?? 0;
  const se = ss + (c.typeSeasonCount[t] ?? 0);
  let sum = 0;
  for (let j = ss * SEASON_FIELDS; j < se * SEASON_FIELDS; j += SEASON_FIELDS) {
    const rFrom = seasons[j] ?? 0;
    const rTo = seasons[j + 1] ?? 0;
    if (!(rFrom < d.co && rTo >= d.ci)) continue;
    const from = Math.max(rFrom, d.ci);
    const to = Math.min(rTo + 1, d.co);
    const n = to - from;
    const w = weekendsBefore(to) - weekendsBefore(from);
    const rPrice = seasons[j + 2] ?? 0;
    const rWeekend = seasons[j + 3] ?? Number.NaN;
    sum += (n - w) * f(rPrice) + w * f(Number.isNaN(rWeekend) ? rPrice : rWeekend);
  }
  return sum;
}
