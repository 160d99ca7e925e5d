import type { ByNight, OwnNights } from './columns.ts';

/**
 * Counts, per room type, the (room, type) pairs blocked on a night of [ci, co) (each once) into `taken`. The entries
 * of a dead slot count into its own room types, which no search reads; one night has each pair once. The counts of
 * a range searched lately are copied from what was kept of it, while none of the nights it counted has run out.
 */
export function countByNight(b: ByNight, ci: number, co: number, now: number) {
  const { start, until, pair, counter, seen, taken, ranges } = b;
  const to = Math.min(start.length - 1, co - b.base);
  const from = Math.min(to, Math.max(0, ci - b.base));
  const key = from * 65_536 + to;
  const kept = ranges.get(key);
  if (kept !== undefined) {
    ranges.delete(key);
    if (now >= kept.at && now < kept.lapses) {
      ranges.set(key, kept);
      taken.set(kept.taken);
      return;
    }
  }
  taken.fill(0);
  const first = start[from] ?? 0;
  const end = start[to] ?? 0;
  let lapses = Number.POSITIVE_INFINITY;
  if (to - from === 1) {
    for (let e = first; e < end; e++) {
      const u = until[e] ?? 0;
      if (u <= now) continue;
      if (u < lapses) lapses = u;
      const c = counter[e] ?? -1;
      if (c >= 0) taken[c] = (taken[c] ?? 0) + 1;
    }
  } else {
    // A bit per pair (some KB for a city of thousands of stays: it stays in the processor's nearest cache).
    seen.fill(0);
    for (let e = first; e < end; e++) {
      const u = until[e] ?? 0;
      if (u <= now) continue;
      if (u < lapses) lapses = u;
      const p = pair[e] ?? 0;
      const word = p >>> 5;
      const bit = 1 << (p & 31);
      const w = seen[word] ?? 0;
      if ((w & bit) !== 0) continue;
      seen[word] = w | bit;
      const c = counter[e] ?? -1;
      if (c >= 0) taken[c] = (taken[c] ?? 0) + 1;
    }
  }
  keepRange(b, key, now, lapses);
}

/** Keeps the taken counts just made for the range `key` (the least recently used range makes room), if each fits a byte. */
function keepRange(b: ByNight, key: number, now: number, lapses: number) {
  const { taken, ranges } = b;
  if (b.rangesMax === 0) return;
  for (let t = 0; t < taken.length; t++) if ((taken[t] ?? 0) > 255) return;
  if (ranges.size >= b.rangesMax) {
    const oldest = ranges.keys().next();
    if (!oldest.done) ranges.delete(oldest.value);
  }
  ranges.set(key, { taken: Uint8Array.from(taken), at: now, lapses });
}

/** A bit of memory a process's searches share: a stamp per (room, type) pair seen by the current count. */
export type Seen = { pairs: Int32Array; stamp: number };

/** Counts, per type of a stay read apart, its (room, type) pairs blocked on a night of [ci, co) (each once). */
export function countOwn(seen: Seen, o: OwnNights, taken: Int32Array, ci: number, co: number, now: number) {
  const stamp = ++seen.stamp;
  let lo = 0;
  let hi = o.day.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((o.day[mid] ?? 0) < ci) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < o.day.length && (o.day[i] ?? co) < co; i++) {
    if ((o.until[i] ?? 0) <= now) continue;
    const pair = o.pair[i] ?? 0;
    if (seen.pairs[pair] === stamp) continue;
    seen.pairs[pair] = stamp;
    const t = o.type[i] ?? -1;
    if (t >= 0) taken[t] = (taken[t] ?? 0) + 1;
  }
}
