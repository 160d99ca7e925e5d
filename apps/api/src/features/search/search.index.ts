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
};
type CityIndex = {
  stays: Map<string, IndexedStay>;
  ready: boolean;
  /** Stays reported changed since they were read. */
  dirty: Set<string>;
  /** The first night held (yesterday when loaded): an earlier check-in is answered by the SQL statement. */
  fromDay: number;
  refreshing: Promise<void> | null;
};

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
    const index: CityIndex = { stays: new Map(), ready: false, dirty: new Set(), fromDay: 0, refreshing: null };
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
      if (!index.refreshing) index.refreshing = this.refresh(city, index).finally(() => (index.refreshing = null));
      try {
        await index.refreshing;
      } catch {
        return null; // not read: the statement answers, and the city is read anew on a later search
      }
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
        index.stays.delete(id);
        if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
      }
      await this.read(city, index, rows);
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
    let taken = new Int32Array(8);
    for (const s of index.stays.values()) {
      if (f.type !== undefined && s.type !== f.type) continue;
      if (amenities.length > 0 && !amenities.every((a) => s.amenities.includes(a))) continue;
      if (f.minRating !== undefined && !(s.shownRating >= f.minRating)) continue;
      const types = s.types;
      const typeCount = types.length / TYPE_FIELDS;
      if (typeCount === 0) continue;
      if (taken.length < typeCount) taken = new Int32Array(typeCount * 2);
      else taken.fill(0, 0, typeCount);
      // The stay's rooms blocked on a night of the dates, each (room, type) once.
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
      const seasonsApply = s.seasonsUntil !== null && s.seasonsUntil >= ci;
      let freeRooms = 0;
      let lowest = Number.POSITIVE_INFINITY;
      let capacity = 0;
      let before = 0;
      let any = false;
      for (let k = 0; k < typeCount; k++) {
        const at = k * TYPE_FIELDS;
        const free = (types[at + 4] ?? 0) - (taken[k] ?? 0);
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
      const hit: Hit = { stay: s, lowest, free: freeRooms };
      const worst = top[top.length - 1];
      if (top.length >= keep && (worst === undefined || order(hit, worst) >= 0)) continue;
      let lo2 = 0;
      let hi2 = top.length;
      while (lo2 < hi2) {
        const mid = (lo2 + hi2) >> 1;
        const other = top[mid];
        if (other !== undefined && order(other, hit) <= 0) lo2 = mid + 1;
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
const byRank = (a: Hit, b: Hit) => a.stay.rank - b.stay.rank;
/** searchSql's orders: each ends with the stay's name and id (their rank in the database's order). */
const ORDER: Record<SearchSort, (a: Hit, b: Hit) => number> = {
  price_asc: (a, b) => a.lowest - b.lowest || b.stay.shownRating - a.stay.shownRating || byRank(a, b),
  price_desc: (a, b) => b.lowest - a.lowest || b.stay.shownRating - a.stay.shownRating || byRank(a, b),
  rating: (a, b) => b.stay.shownRating - a.stay.shownRating || a.lowest - b.lowest || byRank(a, b),
  distance: (a, b) => a.stay.distance - b.stay.distance || a.lowest - b.lowest || byRank(a, b),
};
