import type { SearchSort } from '@repo/shared/schemas/search';
import type { Queryable } from '#src/db/client.ts';
import {
  type AvailabilityFilter,
  cityRanks,
  indexNights,
  indexSeasons,
  indexStays,
  indexTypes,
  type HitRow,
  type IndexStayRow,
  type StayRow,
} from './search.repository.ts';

/**
 * The availability of a city's stays kept in the API process, so that a new search in a city of thousands of stays
 * reads no row (ADR 037). Per city, loaded from the database the first time the city is searched (searches there are
 * answered by the SQL statement until then), each stay with its live room types (largest first), their seasons,
 * and its rooms' nights that block them from yesterday on (room_nights: a confirmed booking's, a hold's until it
 * lapses, a block's). The database reports every change to a stay, its rooms or its room-nights (ADR 006): the stay
 * is marked and read again before the city's next search is answered, so a search sees every change reported before
 * it — as the forgotten answers of ADR 013 do. Its rules are the search statement's (searchSql), line for line; the
 * test apps/api/test/search-index.test.ts compares both on thousands of random searches.
 */

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a yyyy-MM-dd date. */
const dayOf = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
/** 1900-01-05, a Friday, as dayOf: weekendsBefore counts from it (search.repository.ts). */
const FRIDAY_1900 = dayOf('1900-01-05');
const weekendsBefore = (day: number) => {
  const x = day - FRIDAY_1900;
  return Math.floor((x + 6) / 7) + Math.floor((x + 5) / 7);
};

type Season = { from: number; to: number; price: number; weekendPrice: number | null; minNights: number | null };
const TYPE_FIELDS = 5;
const NIGHT_FIELDS = 4;
type IndexedStay = {
  row: StayRow;
  id: string;
  name: string;
  type: string;
  amenities: readonly string[];
  shownRating: number;
  distance: number;
  rank: number;
  seasonsUntil: number | null;
  /**
   * Live room types, largest first (max_people desc, id desc), as the search's running count takes them: TYPE_FIELDS
   * numbers each (max people, price, weekend price or NaN, minimum nights, live rooms), and each one's seasons.
   */
  types: Float64Array;
  seasons: Season[][];
  /**
   * The blocking nights, by night, NIGHT_FIELDS numbers each: the day, the (room, type) pair it blocks (numbered from
   * 0), the position of that type in `types` (-1: not a live type), until when (ms; Infinity: for good). One array
   * per stay, read in one sweep.
   */
  nights: Float64Array;
  /** Its place in the city's nights by night (ByNight), or -1 when read since that was built. */
  slot: number;
  /** Where its types' taken counts start in ByNight's counts. */
  typeBase: number;
};
/**
 * A city's blocking nights by night, all stays together (built from the stays' own arrays): a search reads the nights
 * of its dates as one run of memory, not a few nights in each of thousands of places. Per night from `base`:
 * `start[d]`..`start[d + 1]` in the entry arrays: the stay's slot, its (room, type) pair numbered across the city, the
 * taken count it adds to (typeBase + the type's position, -1: not a live type), until when. A stay read again since
 * (slot -1 on its new entry) is counted from its own arrays, its old entries skipped (`gone`); after enough such
 * stays it is built anew.
 */
type ByNight = {
  base: number;
  start: Int32Array;
  slot: Int32Array;
  pair: Int32Array;
  counter: Int32Array;
  until: Float64Array;
  gone: Uint8Array;
  goneCount: number;
  pairs: number;
  counters: number;
  /** Per search: a stamp per pair (seen on the dates), and the taken count per stay and type. */
  seen: Int32Array;
  stamp: number;
  taken: Int32Array;
};

type CityIndex = {
  stays: Map<string, IndexedStay>;
  byNight: ByNight | null;
  /** Stays read again since byNight was built (counted from their own arrays). */
  apart: number;
  ready: boolean;
  /** Stays reported changed since they were read. */
  dirty: Set<string>;
  /** The first night held (yesterday when loaded): an earlier check-in is answered by the SQL statement. */
  fromDay: number;
  refreshing: Promise<void> | null;
  /** Whether the stays being read again are many (searches do not wait for them). */
  busy: boolean;
};

/** Changed stays a search waits to have read again (some tens of ms); more, and the statement answers meanwhile. */
const WAIT_FOR_AT_MOST = 200;

/** Stays read per statement while a city loads (some 200 nights each at a busy site): what is read at once stays small. */
const LOAD_CHUNK = 100;

/** The list of `key` in `map`, made empty the first time. */
function listIn<T>(map: Map<string, T[]>, key: string): T[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}

const toNumber = (v: number | string | null) => (v === null ? null : Number(v));

function shownRatingOf(r: StayRow) {
  return Number(r.reviews_count) > 0 && r.reviews_rating !== null ? Number(r.reviews_rating) : Number(r.rating);
}

export type IndexAnswer = { rows: HitRow[]; total: number };

export class SearchIndex {
  private cities = new Map<string, CityIndex>();
  private cityOfStay = new Map<string, string>();
  private listening = false;
  private seen = new Int32Array(1024);
  private stamp = 0;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number = Date.now,
    /** Changed stays a search waits to have read again; more, and the statement answers meanwhile. */
    private readonly waitForAtMost = WAIT_FOR_AT_MOST,
  ) {}

  /** Whether changes are heard: nothing is kept while they are not (searches go to the database). */
  setListening(listening: boolean) {
    this.listening = listening;
    this.cities.clear();
    this.cityOfStay.clear();
  }

  /** A stay (now in `city`) or its rooms or nights changed: read it again before the next search of its city. */
  stayChanged(stayId: string, city: string) {
    const before = this.cityOfStay.get(stayId);
    if (before !== undefined) this.cities.get(before)?.dirty.add(stayId);
    if (before !== city) this.cities.get(city)?.dirty.add(stayId);
  }

  /** Starts reading a city (resolves when it is ready). */
  load(city: string): Promise<void> {
    if (!this.listening || this.cities.has(city)) return Promise.resolve();
    const index: CityIndex = {
      stays: new Map(),
      byNight: null,
      apart: 0,
      ready: false,
      dirty: new Set(),
      fromDay: 0,
      refreshing: null,
      busy: false,
    };
    this.cities.set(city, index);
    return this.fill(city, index).catch(() => {
      if (this.cities.get(city) === index) this.cities.delete(city);
    });
  }

  /**
   * A search answered from the kept availability, or null when the database must answer it: changes are not heard,
   * the city is not kept yet (it starts loading), the search spans several cities (their names' order is the
   * database's), or it starts before the first night kept.
   */
  async search(f: AvailabilityFilter): Promise<IndexAnswer | null> {
    if (!this.listening || f.cities.length !== 1) return null;
    const city = f.cities[0];
    if (city === undefined) return null;
    const index = this.cities.get(city);
    if (!index) {
      void this.load(city);
      return null;
    }
    if (!index.ready || dayOf(f.checkIn) < index.fromDay) return null;
    while (index.dirty.size > 0 || index.refreshing) {
      if (!index.refreshing) {
        index.busy = index.dirty.size > this.waitForAtMost;
        index.refreshing = this.refresh(city, index)
          .catch(() => undefined)
          .finally(() => (index.refreshing = null));
      }
      // Many changed stays (a burst of bookings) take a while to read: the statement answers meanwhile.
      if (index.busy) return null;
      await index.refreshing;
      // Not read (the city is then read anew on a later search): the statement answers.
      if (this.cities.get(city) !== index) return null;
    }
    return this.answer(index, f);
  }

  private async fill(city: string, index: CityIndex) {
    const fromDay = dayOf(new Date(this.now() - 2 * DAY_MS).toISOString().slice(0, 10));
    const rows = await indexStays(this.db, { city });
    index.fromDay = fromDay;
    for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
      if (this.cities.get(city) !== index) return;
      await this.read(city, index, rows.slice(i, i + LOAD_CHUNK));
    }
    index.byNight = buildByNight(index);
    index.ready = true;
  }

  /** Reads the stays reported changed again (and the order of names when a name, or the city's stays, changed). */
  private async refresh(city: string, index: CityIndex) {
    const ids = [...index.dirty];
    index.dirty.clear();
    try {
      const rows = await indexStays(this.db, { city, ids });
      let reorder = rows.length !== ids.length;
      for (const r of rows) if (index.stays.get(r.id)?.name !== r.name) reorder = true;
      for (const id of ids) {
        const old = index.stays.get(id);
        const byNight = index.byNight;
        if (old && byNight && old.slot >= 0 && byNight.gone[old.slot] === 0) {
          byNight.gone[old.slot] = 1;
          byNight.goneCount += 1;
        }
        index.stays.delete(id);
        if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
      }
      await this.read(city, index, rows);
      index.apart += rows.length;
      // Built anew once a twentieth of the city is counted apart (a few ms for thousands of stays).
      if (index.byNight && (index.byNight.goneCount + index.apart) * 20 > index.stays.size + 50) {
        index.byNight = buildByNight(index);
        index.apart = 0;
      }
      if (reorder) {
        const ranks = await cityRanks(this.db, city);
        for (const r of ranks) {
          const s = index.stays.get(r.id);
          if (s) s.rank = Number(r.rank);
        }
      }
    } catch (err) {
      // Not read: the city is read anew on its next search.
      if (this.cities.get(city) === index) this.cities.delete(city);
      throw err;
    }
  }

  /** Reads `rows`' room types, seasons and nights into the city's index. */
  private async read(city: string, index: CityIndex, rows: IndexStayRow[]) {
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const fromIso = new Date(index.fromDay * DAY_MS).toISOString().slice(0, 10);
    const [types, seasons, nights] = await Promise.all([
      indexTypes(this.db, ids),
      indexSeasons(this.db, ids),
      indexNights(this.db, ids, fromIso),
    ]);
    const seasonsOf = new Map<string, Season[]>();
    for (const s of seasons) {
      listIn(seasonsOf, s.room_type_id).push({
        from: Number(s.starts_day),
        to: Number(s.ends_day),
        price: Number(s.price),
        weekendPrice: toNumber(s.weekend_price),
        minNights: toNumber(s.min_nights),
      });
    }
    const typesOf = new Map<string, (typeof types)[number][]>();
    for (const t of types) listIn(typesOf, t.stay_id).push(t);
    const nightsOf = new Map(nights.map((n) => [n.stay_id, n]));
    for (const r of rows) {
      const own = typesOf.get(r.id) ?? [];
      const packed = new Float64Array(own.length * TYPE_FIELDS);
      own.forEach((t, k) => {
        packed.set(
          [t.max_people, t.price, t.weekend_price ?? Number.NaN, t.min_nights, t.live_rooms].map(Number),
          k * TYPE_FIELDS,
        );
      });
      const n = nightsOf.get(r.id);
      const count = n?.days.length ?? 0;
      const packedNights = new Float64Array(count * NIGHT_FIELDS);
      let pairCount = 0;
      for (let i = 0; i < count; i++) {
        const pair = Number(n?.pairs[i]);
        packedNights[i * NIGHT_FIELDS] = Number(n?.days[i]);
        packedNights[i * NIGHT_FIELDS + 1] = pair;
        packedNights[i * NIGHT_FIELDS + 2] = Number(n?.types[i]);
        packedNights[i * NIGHT_FIELDS + 3] = Number(n?.until[i]);
        if (pair >= pairCount) pairCount = pair + 1;
      }
      index.stays.set(r.id, {
        row: r,
        id: r.id,
        name: r.name,
        type: r.type,
        amenities: r.amenities,
        shownRating: shownRatingOf(r),
        distance: Number(r.distance),
        rank: Number(r.rank),
        seasonsUntil: r.seasons_until_day === null ? null : Number(r.seasons_until_day),
        types: packed,
        seasons: own.map((t) => seasonsOf.get(t.id) ?? []),
        nights: packedNights,
        slot: -1,
        typeBase: 0,
      });
      this.cityOfStay.set(r.id, city);
      if (pairCount > this.seen.length) this.seen = new Int32Array(pairCount * 2);
    }
  }

  /** The search statement's rules over the kept stays (searchSql). */
  private answer(index: CityIndex, f: AvailabilityFilter): IndexAnswer {
    const ci = dayOf(f.checkIn);
    const co = dayOf(f.checkOut);
    const nights = co - ci;
    const allWeekend = weekendsBefore(co) - weekendsBefore(ci);
    const now = this.now();
    const amenities = f.amenities ?? [];
    // The page: only the first offset + limit hits in order are kept (a sorted list, filled by insertion); the rest
    // are counted.
    const keep = f.offset + f.limit;
    const order = ORDER[f.sort];
    const top: Hit[] = [];
    let total = 0;
    const byNight = index.byNight;
    if (byNight) countByNight(byNight, ci, co, now);
    const counted = byNight?.taken;
    let scratch = new Int32Array(8);
    for (const s of index.stays.values()) {
      if (f.type !== undefined && s.type !== f.type) continue;
      if (amenities.length > 0 && !amenities.every((a) => s.amenities.includes(a))) continue;
      if (f.minRating !== undefined && !(s.shownRating >= f.minRating)) continue;
      const types = s.types;
      const typeCount = types.length / TYPE_FIELDS;
      if (typeCount === 0) continue;
      // The stay's taken rooms per type: counted by night for the city, or from its own nights.
      let takenAt = 0;
      let taken: Int32Array = scratch;
      if (counted && s.slot >= 0) {
        taken = counted;
        takenAt = s.typeBase;
      } else {
        if (scratch.length < typeCount) scratch = new Int32Array(typeCount * 2);
        taken = scratch;
        taken.fill(0, 0, typeCount);
        const stamp = ++this.stamp;
        const ns = s.nights;
        const count = ns.length / NIGHT_FIELDS;
        let lo = 0;
        let hi = count;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if ((ns[mid * NIGHT_FIELDS] ?? 0) < ci) lo = mid + 1;
          else hi = mid;
        }
        for (let i = lo * NIGHT_FIELDS; i < ns.length && (ns[i] ?? co) < co; i += NIGHT_FIELDS) {
          if ((ns[i + 3] ?? 0) <= now) continue;
          const pair = (ns[i + 1] ?? 0) | 0;
          if (this.seen[pair] === stamp) continue;
          this.seen[pair] = stamp;
          const t = (ns[i + 2] ?? -1) | 0;
          if (t >= 0) taken[t] = (taken[t] ?? 0) + 1;
        }
      }
      const seasonsApply = s.seasonsUntil !== null && s.seasonsUntil >= ci;
      let freeRooms = 0;
      let lowest = Number.POSITIVE_INFINITY;
      let capacity = 0;
      let before = 0;
      let any = false;
      for (let k = 0; k < typeCount; k++) {
        const at = k * TYPE_FIELDS;
        const free = (types[at + 4] ?? 0) - (taken[takenAt + k] ?? 0);
        if (free <= 0) continue;
        const maxPeople = types[at] ?? 0;
        const basePrice = types[at + 1] ?? 0;
        const weekendPrice = types[at + 2] ?? Number.NaN; // NaN: none
        // pricedType: the seasons that touch the dates, then the plain nights at the type's prices.
        let sNights = 0;
        let sWeekend = 0;
        let sPrice = 0;
        let sMin: number | null = null;
        if (seasonsApply) {
          for (const r of s.seasons[k] ?? []) {
            if (!(r.from < co && r.to >= ci)) continue;
            const from = Math.max(r.from, ci);
            const to = Math.min(r.to + 1, co);
            const n = to - from;
            const w = weekendsBefore(to) - weekendsBefore(from);
            sNights += n;
            sWeekend += w;
            sPrice += (n - w) * r.price + w * (r.weekendPrice ?? r.price);
            if (r.minNights !== null && (sMin === null || r.minNights > sMin)) sMin = r.minNights;
          }
        }
        let price: number;
        if (!seasonsApply && Number.isNaN(weekendPrice)) price = nights * basePrice;
        else {
          const plainWeekend = allWeekend - sWeekend;
          const plainWeekday = nights - sNights - plainWeekend;
          price = sPrice + plainWeekday * basePrice + plainWeekend * (Number.isNaN(weekendPrice) ? basePrice : weekendPrice);
        }
        const typeMin = types[at + 3] ?? 0;
        const minNights = sMin === null ? typeMin : Math.max(typeMin, sMin);
        if (minNights > nights) continue;
        any = true;
        freeRooms += free;
        const average = Math.floor((2 * price + nights) / (2 * nights));
        if (average < lowest) lowest = average;
        if (f.rooms === 1) capacity = Math.max(capacity, maxPeople);
        else capacity += maxPeople * Math.max(0, Math.min(free, f.rooms - before));
        before += free;
      }
      if (!any || freeRooms < f.rooms || capacity < f.guests) continue;
      if (f.minPrice !== undefined && lowest < f.minPrice) continue;
      if (f.maxPrice !== undefined && lowest > f.maxPrice) continue;
      total += 1;
      // Most stays fall behind the page's last: compared as they are, nothing made for them.
      const worst = top[top.length - 1];
      if (top.length >= keep && (worst === undefined || order(s, lowest, worst.stay, worst.lowest) >= 0)) continue;
      const hit: Hit = { stay: s, lowest, free: freeRooms };
      let lo2 = 0;
      let hi2 = top.length;
      while (lo2 < hi2) {
        const mid = (lo2 + hi2) >> 1;
        const other = top[mid];
        if (other !== undefined && order(other.stay, other.lowest, s, lowest) <= 0) lo2 = mid + 1;
        else hi2 = mid;
      }
      top.splice(lo2, 0, hit);
      if (top.length > keep) top.pop();
    }
    const rows = top
      .slice(f.offset, f.offset + f.limit)
      .map((h): HitRow => ({ ...h.stay.row, lowest_price: h.lowest, free_rooms: h.free, total }));
    return { rows, total };
  }
}

type Hit = { stay: IndexedStay; lowest: number; free: number };
type Order = (a: IndexedStay, aLowest: number, b: IndexedStay, bLowest: number) => number;
/** searchSql's orders of two hits (a stay and its lowest price): each ends with the stay's name and id (their rank). */
const ORDER: Record<SearchSort, Order> = {
  price_asc: (a, al, b, bl) => al - bl || b.shownRating - a.shownRating || a.rank - b.rank,
  price_desc: (a, al, b, bl) => bl - al || b.shownRating - a.shownRating || a.rank - b.rank,
  rating: (a, al, b, bl) => b.shownRating - a.shownRating || al - bl || a.rank - b.rank,
  distance: (a, al, b, bl) => a.distance - b.distance || al - bl || a.rank - b.rank,
};

/** The city's nights by night, from its stays' own arrays; every stay gets its slot and the start of its counts. */
function buildByNight(index: CityIndex): ByNight {
  let entries = 0;
  let pairs = 0;
  let counters = 0;
  let last = index.fromDay;
  let slot = 0;
  const stays = [...index.stays.values()];
  for (const s of stays) {
    const n = s.nights.length / NIGHT_FIELDS;
    entries += n;
    let most = -1;
    for (let i = 0; i < s.nights.length; i += NIGHT_FIELDS) {
      most = Math.max(most, s.nights[i + 1] ?? 0);
      last = Math.max(last, s.nights[i] ?? 0);
    }
    s.slot = slot++;
    s.typeBase = counters;
    counters += s.types.length / TYPE_FIELDS;
    pairs += most + 1;
  }
  const base = index.fromDay;
  const days = last - base + 1;
  const start = new Int32Array(days + 1);
  for (const s of stays)
    for (let i = 0; i < s.nights.length; i += NIGHT_FIELDS) {
      const d = (s.nights[i] ?? base) - base;
      if (d >= 0) start[d + 1] = (start[d + 1] ?? 0) + 1;
    }
  for (let d = 0; d < days; d++) start[d + 1] = (start[d + 1] ?? 0) + (start[d] ?? 0);
  const fill = Int32Array.from(start);
  const slots = new Int32Array(entries);
  const pairOf = new Int32Array(entries);
  const counter = new Int32Array(entries);
  const until = new Float64Array(entries);
  let pairBase = 0;
  for (const s of stays) {
    let most = -1;
    for (let i = 0; i < s.nights.length; i += NIGHT_FIELDS) {
      const d = (s.nights[i] ?? base) - base;
      const pair = (s.nights[i + 1] ?? 0) | 0;
      most = Math.max(most, pair);
      if (d < 0) continue;
      const at = fill[d] ?? 0;
      fill[d] = at + 1;
      slots[at] = s.slot;
      pairOf[at] = pairBase + pair;
      const t = (s.nights[i + 2] ?? -1) | 0;
      counter[at] = t >= 0 ? s.typeBase + t : -1;
      until[at] = s.nights[i + 3] ?? 0;
    }
    pairBase += most + 1;
  }
  return {
    base,
    start,
    slot: slots,
    pair: pairOf,
    counter,
    until,
    gone: new Uint8Array(slot),
    goneCount: 0,
    pairs,
    counters,
    seen: new Int32Array(pairs),
    stamp: 0,
    taken: new Int32Array(counters),
  };
}

/** Counts, per stay and type, the (room, type) pairs blocked on a night of [ci, co) (each once) into `taken`. */
function countByNight(b: ByNight, ci: number, co: number, now: number) {
  b.taken.fill(0);
  const stamp = ++b.stamp;
  const to = Math.min(b.start.length - 1, co - b.base);
  const from = Math.min(to, Math.max(0, ci - b.base));
  for (let e = b.start[from] ?? 0, end = b.start[to] ?? 0; e < end; e++) {
    if ((b.until[e] ?? 0) <= now) continue;
    if (b.gone[b.slot[e] ?? 0] === 1) continue;
    const pair = b.pair[e] ?? 0;
    if (b.seen[pair] === stamp) continue;
    b.seen[pair] = stamp;
    const c = b.counter[e] ?? -1;
    if (c >= 0) b.taken[c] = (b.taken[c] ?? 0) + 1;
  }
}
