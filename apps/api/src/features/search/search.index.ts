import { AMENITIES, STAY_TYPES } from '@repo/shared/constants/domain';
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

/**
 * A room type: max people, price, weekend price (NaN: none), minimum nights, live rooms, and the largest minimum
 * nights of its seasons (NaN: none), with which a stay that is not priced skips its seasons when no season's minimum
 * can turn the dates away.
 */
const TYPE_FIELDS = 6;
/** A season: first day, last day, price, weekend price (NaN: none), minimum nights (NaN: none). */
const SEASON_FIELDS = 5;
/** What a kept stay's row (its strings and images, for the page) costs, about, beside its numbers. */
const ROW_BYTES = 1536;

/** The nights of a stay read since the city's by-night arrays were built, in night order (numbered within the stay). */
type OwnNights = { day: Int32Array; pair: Int32Array; type: Int32Array; until: Float64Array };

/**
 * A typed array at least `size` long, keeping `a`'s values: `a` itself while it is long enough, else one twice as
 * long as needed.
 */
function room<T extends Int32Array | Float64Array | Uint8Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const bigger = new (a.constructor as new (n: number) => T)(Math.max(16, size * 2));
  bigger.set(a);
  return bigger;
}

/**
 * A city's stays as columns, one slot per stay as read (struct of arrays: a search walks a few contiguous arrays, not
 * thousands of objects). A stay read again gets a new slot at the end, its old slot dead; the city is built anew
 * (`compact`) when enough slots are dead or read apart.
 */
class City {
  /** Per slot: the stay's row (for the page), null once dead. */
  rows: (IndexStayRow | null)[] = [];
  slots = 0;
  alive = new Uint8Array(0);
  typeCode = new Int32Array(0);
  amenityBits = new Int32Array(0);
  shownRating = new Float64Array(0);
  distance = new Float64Array(0);
  rank = new Float64Array(0);
  /** Days since 1970-01-01 of the last night with a season (NaN: none). */
  seasonsUntil = new Float64Array(0);
  /**
   * The lowest and highest price of a night in any of the stay's live room types, any day (base, weekend and season
   * prices): a stay's lowest average nightly price lies between them, so a stay they keep off the page is not priced.
   */
  cheapestNight = new Float64Array(0);
  dearestNight = new Float64Array(0);
  typeStart = new Int32Array(0);
  typeCount = new Int32Array(0);
  /** Where the stay's (room, type) pairs start in byNight's numbering, and how many it has. */
  pairBase = new Int32Array(0);
  pairCount = new Int32Array(0);
  /** Room types of every slot, largest first within a stay (max_people desc, id desc: the statement's running count). */
  types = new Float64Array(0);
  typeSeasonStart = new Int32Array(0);
  typeSeasonCount = new Int32Array(0);
  typesUsed = 0;
  seasons = new Float64Array(0);
  seasonsUsed = 0;
  /** The live slot of each stay id. */
  slotOf = new Map<string, number>();
  /** The nights of the slots added since byNight was built. */
  own = new Map<number, OwnNights>();
  byNight: ByNight | null = null;
  dead = 0;
  ready = false;
  /** Stays reported changed since they were read. */
  dirty = new Set<string>();
  /** The first night held (two days before the city was read): an earlier check-in is answered by the statement. */
  fromDay = 0;
  refreshing: Promise<void> | null = null;
  /** Whether the stays being read again are many (searches do not wait for them). */
  busy = false;
  lastUsed = 0;

  /** What the city's kept availability takes, about (its arrays, and its rows). */
  bytes(): number {
    let n = this.slotOf.size * ROW_BYTES;
    for (const a of [
      this.alive,
      this.typeCode,
      this.amenityBits,
      this.shownRating,
      this.distance,
      this.rank,
      this.seasonsUntil,
      this.cheapestNight,
      this.dearestNight,
      this.typeStart,
      this.typeCount,
      this.pairBase,
      this.pairCount,
      this.types,
      this.typeSeasonStart,
      this.typeSeasonCount,
      this.seasons,
    ])
      n += a.byteLength;
    for (const o of this.own.values()) n += o.day.byteLength * 3 + o.until.byteLength;
    const b = this.byNight;
    if (b)
      n +=
        b.start.byteLength +
        b.slot.byteLength +
        b.pair.byteLength +
        b.counter.byteLength +
        b.until.byteLength +
        b.seen.byteLength +
        b.taken.byteLength +
        b.ranges.size * b.taken.length;
    return n;
  }

  kill(slot: number) {
    if (this.alive[slot] !== 1) return;
    this.alive[slot] = 0;
    this.rows[slot] = null;
    this.own.delete(slot);
    this.dead += 1;
  }

  /** Adds a stay as read (its live types largest first, their seasons, its nights): a new slot, counted apart. */
  add(r: IndexStayRow, types: TypeRow[], seasonsOf: Map<string, Season[]>, nights: OwnNights) {
    const old = this.slotOf.get(r.id);
    if (old !== undefined) this.kill(old);
    const slot = this.slots++;
    const size = this.slots;
    this.alive = room(this.alive, size);
    this.typeCode = room(this.typeCode, size);
    this.amenityBits = room(this.amenityBits, size);
    this.shownRating = room(this.shownRating, size);
    this.distance = room(this.distance, size);
    this.rank = room(this.rank, size);
    this.seasonsUntil = room(this.seasonsUntil, size);
    this.cheapestNight = room(this.cheapestNight, size);
    this.dearestNight = room(this.dearestNight, size);
    this.typeStart = room(this.typeStart, size);
    this.typeCount = room(this.typeCount, size);
    this.pairBase = room(this.pairBase, size);
    this.pairCount = room(this.pairCount, size);
    this.rows[slot] = r;
    this.alive[slot] = 1;
    this.typeCode[slot] = codeOfType(r.type);
    this.amenityBits[slot] = bitsOf(r.amenities);
    this.shownRating[slot] = shownRatingOf(r);
    this.distance[slot] = Number(r.distance);
    this.rank[slot] = Number(r.rank);
    this.seasonsUntil[slot] = r.seasons_until_day === null ? Number.NaN : Number(r.seasons_until_day);
    this.typeStart[slot] = this.typesUsed;
    this.typeCount[slot] = types.length;
    let cheapest = Number.POSITIVE_INFINITY;
    let dearest = Number.NEGATIVE_INFINITY;
    const night = (price: number | null) => {
      if (price === null || Number.isNaN(price)) return;
      if (price < cheapest) cheapest = price;
      if (price > dearest) dearest = price;
    };
    const typesEnd = this.typesUsed + types.length;
    this.types = room(this.types, typesEnd * TYPE_FIELDS);
    this.typeSeasonStart = room(this.typeSeasonStart, typesEnd);
    this.typeSeasonCount = room(this.typeSeasonCount, typesEnd);
    for (const t of types) {
      const at = this.typesUsed;
      const own = seasonsOf.get(t.id) ?? [];
      let seasonMin = Number.NaN;
      for (const x of own) if (x.minNights !== null && !(x.minNights <= seasonMin)) seasonMin = x.minNights;
      this.types.set(
        [t.max_people, t.price, t.weekend_price ?? Number.NaN, t.min_nights, t.live_rooms, seasonMin].map(Number),
        at * TYPE_FIELDS,
      );
      night(Number(t.price));
      night(toNumber(t.weekend_price));
      for (const x of own) {
        night(x.price);
        night(x.weekendPrice);
      }
      this.typeSeasonStart[at] = this.seasonsUsed;
      this.typeSeasonCount[at] = own.length;
      this.seasons = room(this.seasons, (this.seasonsUsed + own.length) * SEASON_FIELDS);
      for (const x of own) {
        this.seasons.set(
          [x.from, x.to, x.price, x.weekendPrice ?? Number.NaN, x.minNights ?? Number.NaN],
          this.seasonsUsed * SEASON_FIELDS,
        );
        this.seasonsUsed += 1;
      }
      this.typesUsed += 1;
    }
    this.cheapestNight[slot] = cheapest;
    this.dearestNight[slot] = dearest;
    let pairs = 0;
    for (const p of nights.pair) if (p >= pairs) pairs = p + 1;
    this.pairCount[slot] = pairs;
    this.own.set(slot, nights);
    this.slotOf.set(r.id, slot);
  }

  /**
   * Builds the city anew from its live slots: the columns without the dead, and the nights of every live stay by
   * night (the old by-night entries of the stays in it, and the own nights of those read since), own nights dropped.
   */
  compact() {
    const old = this.byNight;
    const remap = new Int32Array(this.slots).fill(-1);
    let live = 0;
    let types = 0;
    let seasons = 0;
    for (let s = 0; s < this.slots; s++) {
      if (this.alive[s] !== 1) continue;
      remap[s] = live++;
      const tc = this.typeCount[s] ?? 0;
      for (let k = 0; k < tc; k++) seasons += this.typeSeasonCount[(this.typeStart[s] ?? 0) + k] ?? 0;
      types += tc;
    }
    const next = new City();
    next.fromDay = this.fromDay;
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
    next.typeStart = new Int32Array(live);
    next.typeCount = new Int32Array(live);
    next.pairBase = new Int32Array(live);
    next.pairCount = new Int32Array(live);
    next.types = new Float64Array(types * TYPE_FIELDS);
    next.typeSeasonStart = new Int32Array(types);
    next.typeSeasonCount = new Int32Array(types);
    next.seasons = new Float64Array(seasons * SEASON_FIELDS);
    let pairs = 0;
    let last = this.fromDay;
    for (let s = 0; s < this.slots; s++) {
      const n = remap[s] ?? -1;
      if (n < 0) continue;
      const row = this.rows[s] ?? null;
      next.rows[n] = row;
      if (row) next.slotOf.set(row.id, n);
      next.typeCode[n] = this.typeCode[s] ?? -1;
      next.amenityBits[n] = this.amenityBits[s] ?? 0;
      next.shownRating[n] = this.shownRating[s] ?? 0;
      next.distance[n] = this.distance[s] ?? 0;
      next.rank[n] = this.rank[s] ?? 0;
      next.seasonsUntil[n] = this.seasonsUntil[s] ?? Number.NaN;
      next.cheapestNight[n] = this.cheapestNight[s] ?? Number.NEGATIVE_INFINITY;
      next.dearestNight[n] = this.dearestNight[s] ?? Number.POSITIVE_INFINITY;
      const ts = this.typeStart[s] ?? 0;
      const tc = this.typeCount[s] ?? 0;
      next.typeStart[n] = next.typesUsed;
      next.typeCount[n] = tc;
      next.types.set(this.types.subarray(ts * TYPE_FIELDS, (ts + tc) * TYPE_FIELDS), next.typesUsed * TYPE_FIELDS);
      for (let k = 0; k < tc; k++) {
        const ss = this.typeSeasonStart[ts + k] ?? 0;
        const sc = this.typeSeasonCount[ts + k] ?? 0;
        next.typeSeasonStart[next.typesUsed + k] = next.seasonsUsed;
        next.typeSeasonCount[next.typesUsed + k] = sc;
        next.seasons.set(this.seasons.subarray(ss * SEASON_FIELDS, (ss + sc) * SEASON_FIELDS), next.seasonsUsed * SEASON_FIELDS);
        next.seasonsUsed += sc;
      }
      next.typesUsed += tc;
      next.pairBase[n] = pairs;
      next.pairCount[n] = this.pairCount[s] ?? 0;
      pairs += this.pairCount[s] ?? 0;
      const o = this.own.get(s);
      if (o) for (const d of o.day) if (d > last) last = d;
    }
    if (old) last = Math.max(last, old.base + old.start.length - 2);
    const base = this.fromDay;
    const days = Math.max(0, last - base + 1);
    const start = new Int32Array(days + 1);
    // Counted per day: the old entries of live stays, then the own nights.
    if (old)
      for (let d = 0; d + 1 < old.start.length; d++)
        for (let e = old.start[d] ?? 0, end = old.start[d + 1] ?? 0; e < end; e++)
          if (this.alive[old.slot[e] ?? 0] === 1) start[d + 1] = (start[d + 1] ?? 0) + 1;
    for (const [s, o] of this.own)
      if (this.alive[s] === 1)
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
          if (this.alive[s] !== 1) continue;
          const c = old.counter[e] ?? -1;
          put(
            d + old.base - base,
            remap[s] ?? 0,
            (old.pair[e] ?? 0) - (this.pairBase[s] ?? 0),
            c >= 0 ? c - (this.typeStart[s] ?? 0) : -1,
            old.until[e] ?? 0,
          );
        }
    for (const [s, o] of this.own) {
      if (this.alive[s] !== 1) continue;
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
}

type Season = { from: number; to: number; price: number; weekendPrice: number | null; minNights: number | null };
type TypeRow = Awaited<ReturnType<typeof indexTypes>>[number];

/**
 * A city's blocking nights by night, all stays together: a search reads the nights of its dates as one run of
 * memory, not a few nights in each of thousands of places. Per night from `base`: `start[d]`..`start[d + 1]` in the
 * entry arrays: the stay's slot, its (room, type) pair numbered across the city, the room type it counts against
 * (an index into the city's types, -1: not a live type), until when (ms; Infinity: for good). A dead slot's entries
 * are skipped.
 */
type ByNight = {
  base: number;
  start: Int32Array;
  slot: Int32Array;
  pair: Int32Array;
  counter: Int32Array;
  until: Float64Array;
  /** Per search: a bit per pair (seen on the dates), and the taken count per room type. */
  seen: Uint32Array;
  taken: Int32Array;
  /** The taken counts of the date ranges searched lately (ADR 043), the most recently used last; at most rangesMax. */
  ranges: Map<number, RangeCount>;
  rangesMax: number;
};

/**
 * A date range's taken count per room type, as counted at `at` (ms): it holds until `lapses`, when the first of the
 * blocking nights it counted runs out (Infinity: none runs out).
 */
type RangeCount = { taken: Uint8Array; at: number; lapses: number };

/** The date ranges whose taken counts a city keeps, at most (searches concentrate on a few dates; ADR 043)... */
const RANGES_KEPT = 1024;
/** ...and the bytes they may take (a byte per room type of the city each). */
const RANGES_BYTES = 16 * 1024 * 1024;

const typeCodes = new Map<string, number>(STAY_TYPES.map((t, i) => [t, i]));
const codeOfType = (type: string) => typeCodes.get(type) ?? -1;
const amenityBit = new Map<string, number>(AMENITIES.map((a, i) => [a, 1 << i]));
const bitsOf = (amenities: readonly string[]) => amenities.reduce((bits, a) => bits | (amenityBit.get(a) ?? 0), 0);

/** Changed stays a search waits to have read again (some tens of ms); more, and the statement answers meanwhile. */
const WAIT_FOR_AT_MOST = 200;

/** Stays read per statement while a city loads (some 200 nights each at a busy site): what is read at once stays small. */
const LOAD_CHUNK = 100;

/** What the kept availability of all cities may take, by default (SEARCH_INDEX_MB). */
export const SEARCH_INDEX_BYTES = 128 * 1024 * 1024;
/** A city not searched for this long is forgotten (read again on its next search). */
const IDLE_MS = 30 * 60_000;

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

export type SearchIndexOptions = {
  now?: () => number;
  /** Changed stays a search waits to have read again; more, and the statement answers meanwhile. */
  waitForAtMost?: number;
  /** What the kept cities may take together (the least recently searched are forgotten first). */
  maxBytes?: number;
  /** A city not searched for this long is forgotten. */
  idleMs?: number;
};

export class SearchIndex {
  private cities = new Map<string, City>();
  private cityOfStay = new Map<string, string>();
  /** Cities too large to keep within maxBytes, and when that was found: the statement answers them meanwhile. */
  private tooLarge = new Map<string, number>();
  private listening = false;
  private seen = new Int32Array(1024);
  private stamp = 0;
  private lastSweep = 0;
  private readonly now: () => number;
  private readonly waitForAtMost: number;
  private readonly maxBytes: number;
  private readonly idleMs: number;

  constructor(
    private readonly db: Queryable,
    options: SearchIndexOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.waitForAtMost = options.waitForAtMost ?? WAIT_FOR_AT_MOST;
    this.maxBytes = options.maxBytes ?? SEARCH_INDEX_BYTES;
    this.idleMs = options.idleMs ?? IDLE_MS;
  }

  /** Whether changes are heard: nothing is kept while they are not (searches go to the database). */
  setListening(listening: boolean) {
    this.listening = listening;
    this.cities.clear();
    this.cityOfStay.clear();
  }

  /** The cities kept (ready or loading), and what they take together, about: for tests and the bench. */
  get kept(): { cities: string[]; bytes: number } {
    let bytes = 0;
    for (const c of this.cities.values()) bytes += c.bytes();
    return { cities: [...this.cities.keys()], bytes };
  }

  /** A stay (now in `city`) or its rooms or nights changed: read it again before the next search of its city. */
  stayChanged(stayId: string, city: string) {
    const before = this.cityOfStay.get(stayId);
    if (before !== undefined) this.cities.get(before)?.dirty.add(stayId);
    if (before !== city) this.cities.get(city)?.dirty.add(stayId);
  }

  /** Starts reading a city (resolves when it is ready, or is not kept). */
  load(city: string): Promise<void> {
    if (!this.listening || this.cities.has(city)) return Promise.resolve();
    const tooLargeAt = this.tooLarge.get(city);
    if (tooLargeAt !== undefined && this.now() - tooLargeAt < this.idleMs) return Promise.resolve();
    const index = new City();
    index.lastUsed = this.now();
    this.cities.set(city, index);
    return this.fill(city, index).catch(() => {
      if (this.cities.get(city) === index) this.forget(city);
    });
  }

  /**
   * A search answered from the kept availability, or null when the database must answer it: changes are not heard,
   * the city is not kept yet (it starts loading) or is too large to keep, the search spans several cities (their
   * names' order is the database's), or it starts before the first night kept.
   */
  async search(f: AvailabilityFilter): Promise<IndexAnswer | null> {
    if (!this.listening || f.cities.length !== 1) return null;
    const city = f.cities[0];
    if (city === undefined) return null;
    const now = this.now();
    if (now - this.lastSweep > Math.min(60_000, this.idleMs / 4)) this.sweep(now);
    let index = this.cities.get(city);
    if (!index) {
      void this.load(city);
      return null;
    }
    index.lastUsed = now;
    if (!index.ready || dayOf(f.checkIn) < index.fromDay) return null;
    while (index.dirty.size > 0 || index.refreshing) {
      if (!index.refreshing) {
        const reading = index;
        reading.busy = reading.dirty.size > this.waitForAtMost;
        reading.refreshing = this.refresh(city, reading)
          .catch(() => undefined)
          .finally(() => (reading.refreshing = null));
      }
      // Many changed stays (a burst of bookings) take a while to read: the statement answers meanwhile.
      if (index.busy) return null;
      await index.refreshing;
      // Not read (the city is then read anew on a later search), or built anew: the one now kept answers.
      const current = this.cities.get(city);
      if (!current?.ready) return null;
      index = current;
    }
    return this.answer(index, f);
  }

  /** Forgets a city (its stays are no longer heard of). */
  private forget(city: string) {
    const index = this.cities.get(city);
    if (!index) return;
    this.cities.delete(city);
    for (const id of index.slotOf.keys()) if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
  }

  /** Forgets the cities not searched for idleMs. */
  private sweep(now: number) {
    this.lastSweep = now;
    for (const [city, index] of this.cities) if (now - index.lastUsed > this.idleMs) this.forget(city);
  }

  /**
   * Keeps what the cities take within maxBytes: the least recently searched others are forgotten first; a city too
   * large alone is forgotten and not read again for idleMs (the statement answers it).
   */
  private trim(city: string) {
    const own = this.cities.get(city);
    if (!own) return;
    let total = 0;
    const sizes = new Map<string, number>();
    for (const [c, index] of this.cities) {
      const b = index.bytes();
      sizes.set(c, b);
      total += b;
    }
    if ((sizes.get(city) ?? 0) > this.maxBytes) {
      this.forget(city);
      this.tooLarge.set(city, this.now());
      return;
    }
    const others = [...this.cities].filter(([c]) => c !== city).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [c] of others) {
      if (total <= this.maxBytes) break;
      total -= sizes.get(c) ?? 0;
      this.forget(c);
    }
  }

  private async fill(city: string, index: City) {
    index.fromDay = dayOf(new Date(this.now() - 2 * DAY_MS).toISOString().slice(0, 10));
    const rows = await indexStays(this.db, { city });
    for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
      if (this.cities.get(city) !== index) return;
      await this.read(city, index, rows.slice(i, i + LOAD_CHUNK));
      // A city larger than all the kept availability may take is not kept: found as it is read.
      if (index.bytes() > this.maxBytes) {
        this.trim(city);
        return;
      }
    }
    if (this.cities.get(city) !== index) return;
    this.rebuild(city, index);
  }

  /** Replaces the city by its build from its live slots (ready, with what is still to read), then trims. */
  private rebuild(city: string, index: City) {
    const built = index.compact();
    built.ready = true;
    built.lastUsed = index.lastUsed;
    built.dirty = index.dirty;
    this.cities.set(city, built);
    this.trim(city);
  }

  /** Reads the stays reported changed again (and the order of names when a name, or the city's stays, changed). */
  private async refresh(city: string, index: City) {
    const ids = [...index.dirty];
    index.dirty.clear();
    try {
      const rows = await indexStays(this.db, { city, ids });
      let reorder = rows.length !== ids.length;
      for (const r of rows) {
        const slot = index.slotOf.get(r.id);
        if (slot === undefined || index.rows[slot]?.name !== r.name) reorder = true;
      }
      for (const id of ids) {
        const slot = index.slotOf.get(id);
        if (slot !== undefined) index.kill(slot);
        index.slotOf.delete(id);
        if (this.cityOfStay.get(id) === city) this.cityOfStay.delete(id);
      }
      await this.read(city, index, rows);
      if (reorder) {
        const ranks = await cityRanks(this.db, city);
        for (const r of ranks) {
          const slot = index.slotOf.get(r.id);
          if (slot !== undefined) index.rank[slot] = Number(r.rank);
        }
      }
      if (this.cities.get(city) !== index) return;
      // Built anew once a twentieth of the city is dead or counted apart (a few ms for thousands of stays).
      if ((index.dead + index.own.size) * 20 > index.slotOf.size + 50) this.rebuild(city, index);
    } catch (err) {
      // Not read: the city is read anew on its next search.
      if (this.cities.get(city) === index) this.forget(city);
      throw err;
    }
  }

  /** Reads `rows`' room types, seasons and nights into the city's index. */
  private async read(city: string, index: City, rows: IndexStayRow[]) {
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
    const typesOf = new Map<string, TypeRow[]>();
    for (const t of types) listIn(typesOf, t.stay_id).push(t);
    const nightsOf = new Map(nights.map((n) => [n.stay_id, n]));
    for (const r of rows) {
      const n = nightsOf.get(r.id);
      const own: OwnNights = {
        day: Int32Array.from(n?.days ?? [], Number),
        pair: Int32Array.from(n?.pairs ?? [], Number),
        type: Int32Array.from(n?.types ?? [], Number),
        until: Float64Array.from(n?.until ?? [], Number),
      };
      index.add(r, typesOf.get(r.id) ?? [], seasonsOf, own);
      this.cityOfStay.set(r.id, city);
      const pairs = index.pairCount[index.slots - 1] ?? 0;
      if (pairs > this.seen.length) this.seen = new Int32Array(pairs * 2);
    }
  }

  /** The search statement's rules over the kept stays (searchSql). */
  private answer(c: City, f: AvailabilityFilter): IndexAnswer {
    const ci = dayOf(f.checkIn);
    const co = dayOf(f.checkOut);
    const nights = co - ci;
    const allWeekend = weekendsBefore(co) - weekendsBefore(ci);
    const now = this.now();
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
        if (own) this.countOwn(own, taken, ci, co, now);
      }
      const seasonsApply = !Number.isNaN(seasonsUntil[s] ?? Number.NaN) && (seasonsUntil[s] ?? 0) >= ci;
      // Priced only when its price is filtered on or it may come before the page's last (all that is asked of the
      // others is whether they are available, to count them).
      const worst = top.length >= keep ? top[top.length - 1] : undefined;
      const priced = priceFiltered || worst === undefined || mayPrecede(f.sort, s, worst, c);
      const cheapest = stayRooms(c, s, taken, takenAt, dates, seasonsApply, priced, f.rooms, f.guests, found);
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
      insert(top, { slot: s, lowest, free: found.freeRooms }, order);
      if (top.length > keep) top.pop();
    }
    const rows: HitRow[] = [];
    for (const h of top.slice(f.offset, f.offset + f.limit)) {
      const row = c.rows[h.slot];
      if (row) rows.push({ ...row, lowest_price: h.lowest, free_rooms: h.free, total });
    }
    return { rows, total };
  }

  /** Counts, per type of a stay read apart, its (room, type) pairs blocked on a night of [ci, co) (each once). */
  private countOwn(o: OwnNights, taken: Int32Array, ci: number, co: number, now: number) {
    const stamp = ++this.stamp;
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
      if (this.seen[pair] === stamp) continue;
      this.seen[pair] = stamp;
      const t = o.type[i] ?? -1;
      if (t >= 0) taken[t] = (taken[t] ?? 0) + 1;
    }
  }
}

/** The nights searched: check-in and check-out (days since 1970-01-01), their number and their weekend nights. */
type Dates = { ci: number; co: number; nights: number; allWeekend: number };

/**
 * Whether stay `s` has, for every night of `d`, `rooms` free rooms of types whose minimum nights the dates meet and
 * whose largest `rooms` hold `guests` (its taken rooms per type at `taken[takenAt + k]`): NaN when not, else the
 * total of its cheapest such type when `priced` (else 0), with its free rooms of those types in `found` when
 * `priced`. A function of its own, so that the search's loop over the stays stays one loop.
 */
function stayRooms(
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

type Hit = { slot: number; lowest: number; free: number };
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
function mayPrecede(sort: SearchSort, s: number, worst: Hit, c: City): boolean {
  switch (sort) {
    case 'price_asc':
      return (c.cheapestNight[s] ?? Number.NEGATIVE_INFINITY) <= worst.lowest;
    case 'price_desc':
      return (c.dearestNight[s] ?? Number.POSITIVE_INFINITY) >= worst.lowest;
    case 'rating':
      return (c.shownRating[s] ?? 0) >= (c.shownRating[worst.slot] ?? 0);
    case 'distance':
      return (c.distance[s] ?? 0) <= (c.distance[worst.slot] ?? 0);
  }
}

/**
 * Counts, per room type, the (room, type) pairs blocked on a night of [ci, co) (each once) into `taken`. The entries
 * of a dead slot count into its own room types, which no search reads; one night has each pair once. The counts of
 * a range searched lately are copied from what was kept of it, while none of the nights it counted has run out.
 */
function countByNight(b: ByNight, ci: number, co: number, now: number) {
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
