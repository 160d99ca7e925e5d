import type { IndexStayRow } from '../search.repository.ts';
import { City, PLAN_FIELDS, RANGES_BYTES, RANGES_KEPT, SEASON_FIELDS, TYPE_FIELDS } from './columns.ts';

/**
 * Builds the city anew from its live slots: the columns without the dead, and the nights of every live stay by
 * night (the old by-night entries of the stays in it, and the own nights of those read since), own nights dropped.
 */
export function compact(from: City): City {
  const old = from.byNight;
  const remap = new Int32Array(from.slots).fill(-1);
  let live = 0;
  let types = 0;
  let seasons = 0;
  let plans = 0;
  for (let s = 0; s < from.slots; s++) {
    if (from.alive[s] !== 1) continue;
    remap[s] = live++;
    const tc = from.typeCount[s] ?? 0;
    for (let k = 0; k < tc; k++) {
      seasons += from.typeSeasonCount[(from.typeStart[s] ?? 0) + k] ?? 0;
      plans += from.typePlanCount[(from.typeStart[s] ?? 0) + k] ?? 0;
    }
    types += tc;
  }
  const next = new City();
  next.fromDay = from.fromDay;
  next.slots = live;
  next.rows = new Array<IndexStayRow | null>(live);
  next.alive = new Uint8Array(live).fill(1);
  next.typeCode = new Int32Array(live);
  next.amenityBits = new Int32Array(live);
  next.shownRating = new Float64Array(live);
  next.distance = new Float64Array(live);
  next.rank = new Float64Array(live);
  next.seasonsUntil = new Float64Array(live);
  next.cheapestNight = new Float64Array(live);
  next.dearestNight = new Float64Array(live);
  next.maxExtraAdult = new Float64Array(live);
  next.maxChild = new Float64Array(live);
  next.maxInfant = new Float64Array(live);
  next.typeStart = new Int32Array(live);
  next.typeCount = new Int32Array(live);
  next.pairBase = new Int32Array(live);
  next.pairCount = new Int32Array(live);
  next.types = new Float64Array(types * TYPE_FIELDS);
  next.typeSeasonStart = new Int32Array(types);
  next.typeSeasonCount = new Int32Array(types);
  next.seasons = new Float64Array(seasons * SEASON_FIELDS);
  next.typePlanStart = new Int32Array(types);
  next.typePlanCount = new Int32Array(types);
  next.plans = new Float64Array(plans * PLAN_FIELDS);
  let pairs = 0;
  let last = from.fromDay;
  for (let s = 0; s < from.slots; s++) {
    const n = remap[s] ?? -1;
    if (n < 0) continue;
    const row = from.rows[s] ?? null;
    next.rows[n] = row;
    if (row) next.slotOf.set(row.id, n);
    next.typeCode[n] = from.typeCode[s] ?? -1;
    next.amenityBits[n] = from.amenityBits[s] ?? 0;
    next.shownRating[n] = from.shownRating[s] ?? 0;
    next.distance[n] = from.distance[s] ?? 0;
    next.rank[n] = from.rank[s] ?? 0;
    next.seasonsUntil[n] = from.seasonsUntil[s] ?? Number.NaN;
    next.cheapestNight[n] = from.cheapestNight[s] ?? Number.NEGATIVE_INFINITY;
    next.dearestNight[n] = from.dearestNight[s] ?? Number.POSITIVE_INFINITY;
    next.maxExtraAdult[n] = from.maxExtraAdult[s] ?? 0;
    next.maxChild[n] = from.maxChild[s] ?? 0;
    next.maxInfant[n] = from.maxInfant[s] ?? 0;
    const ts = from.typeStart[s] ?? 0;
    const tc = from.typeCount[s] ?? 0;
    next.typeStart[n] = next.typesUsed;
    next.typeCount[n] = tc;
    next.types.set(from.types.subarray(ts * TYPE_FIELDS, (ts + tc) * TYPE_FIELDS), next.typesUsed * TYPE_FIELDS);
    for (let k = 0; k < tc; k++) {
      const ss = from.typeSeasonStart[ts + k] ?? 0;
      const sc = from.typeSeasonCount[ts + k] ?? 0;
      next.typeSeasonStart[next.typesUsed + k] = next.seasonsUsed;
      next.typeSeasonCount[next.typesUsed + k] = sc;
      next.seasons.set(from.seasons.subarray(ss * SEASON_FIELDS, (ss + sc) * SEASON_FIELDS), next.seasonsUsed * SEASON_FIELDS);
      next.seasonsUsed += sc;
      const ps = from.typePlanStart[ts + k] ?? 0;
      const pc = from.typePlanCount[ts + k] ?? 0;
      next.typePlanStart[next.typesUsed + k] = next.plansUsed;
      next.typePlanCount[next.typesUsed + k] = pc;
      next.plans.set(from.plans.subarray(ps * PLAN_FIELDS, (ps + pc) * PLAN_FIELDS), next.plansUsed * PLAN_FIELDS);
      next.plansUsed += pc;
    }
    next.typesUsed += tc;
    next.pairBase[n] = pairs;
    next.pairCount[n] = from.pairCount[s] ?? 0;
    pairs += from.pairCount[s] ?? 0;
    const o = from.own.get(s);
    if (o) for (const d of o.day) if (d > last) last = d;
  }
  if (old) last = Math.max(last, old.base + old.start.length - 2);
  const base = from.fromDay;
  const days = Math.max(0, last - base + 1);
  const start = new Int32Array(days + 1);
  // Counted per day: the old entries of live stays, then the own nights.
  if (old)
    for (let d = 0; d + 1 < old.start.length; d++)
      for (let e = old.start[d] ?? 0, end = old.start[d + 1] ?? 0; e < end; e++)
        if (from.alive[old.slot[e] ?? 0] === 1) start[d + 1] = (start[d + 1] ?? 0) + 1;
  for (const [s, o] of from.own)
    if (from.alive[s] === 1)
      for (const day of o.day) {
        const d = day - base;
        if (d >= 0) start[d + 1] = (start[d + 1] ?? 0) + 1;
      }
  for (let d = 0; d < days; d++) start[d + 1] = (start[d + 1] ?? 0) + (start[d] ?? 0);
  const entries = start[days] ?? 0;
  const fill = start.slice(0, days);
  const slot = new Int32Array(entries);
  const pair = new Int32Array(entries);
  const counter = new Int32Array(entries);
  const until = new Float64Array(entries);
  const put = (d: number, n: number, localPair: number, localType: number, u: number) => {
    const at = fill[d] ?? 0;
    fill[d] = at + 1;
    slot[at] = n;
    pair[at] = (next.pairBase[n] ?? 0) + localPair;
    counter[at] = localType >= 0 ? (next.typeStart[n] ?? 0) + localType : -1;
    until[at] = u;
  };
  if (old)
    for (let d = 0; d + 1 < old.start.length; d++)
      for (let e = old.start[d] ?? 0, end = old.start[d + 1] ?? 0; e < end; e++) {
        const s = old.slot[e] ?? 0;
        if (from.alive[s] !== 1) continue;
        const c = old.counter[e] ?? -1;
        put(
          d + old.base - base,
          remap[s] ?? 0,
          (old.pair[e] ?? 0) - (from.pairBase[s] ?? 0),
          c >= 0 ? c - (from.typeStart[s] ?? 0) : -1,
          old.until[e] ?? 0,
        );
      }
  for (const [s, o] of from.own) {
    if (from.alive[s] !== 1) continue;
    for (let i = 0; i < o.day.length; i++) {
      const d = (o.day[i] ?? 0) - base;
      if (d >= 0) put(d, remap[s] ?? 0, o.pair[i] ?? 0, o.type[i] ?? -1, o.until[i] ?? 0);
    }
  }
  next.byNight = {
    base,
    start,
    slot,
    pair,
    counter,
    until,
    seen: new Uint32Array(Math.ceil(pairs / 32)),
    taken: new Int32Array(types),
    ranges: new Map(),
    rangesMax: Math.min(RANGES_KEPT, Math.floor(RANGES_BYTES / Math.max(1, types))),
  };
  return next;
}
