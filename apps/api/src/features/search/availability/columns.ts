import { AMENITIES, STAY_TYPES } from '@repo/shared/constants/domain';
import { derivePrice, type PlanPricing } from '@repo/shared/domain/plans';
import type { IndexStayRow, indexTypes, StayRow } from '../search.repository.ts';

export { DAY_MS, dayOf, weekendsBefore } from './days.ts';

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

/**
 * A room type: max people, price, weekend price (NaN: none), minimum nights, live rooms, and the largest minimum
 * nights of its seasons (NaN: none), with which a stay that is not priced skips its seasons when no season's minimum
 * can turn the dates away.
 */
export const TYPE_FIELDS = 6;
/** A season: first day, last day, price, weekend price (NaN: none), minimum nights (NaN: none). */
export const SEASON_FIELDS = 5;
/**
 * A rate plan (ADR 065): its kind (PLAN_STANDARD, PLAN_AMOUNT, PLAN_PERCENT), its adjustment, the four occupancy
 * prices (less for one adult, each extra adult, each child of 6–12, each of 0–5), and, worked out once when read,
 * its base and weekend price for two adults (the type's derived; NaN for the standard plan: the type's own).
 */
export const PLAN_FIELDS = 8;
export const PLAN_STANDARD = 0;
export const PLAN_AMOUNT = 1;
export const PLAN_PERCENT = 2;
/** What a kept stay's row (its strings and images, for the page) costs, about, beside its numbers. */
const ROW_BYTES = 1536;

/** The nights of a stay read since the city's by-night arrays were built, in night order (numbered within the stay). */
export type OwnNights = { day: Int32Array; pair: Int32Array; type: Int32Array; until: Float64Array };

/**
 * A typed array at least `size` long, keeping `a`'s values: `a` itself while it is long enough, else one twice as
 * long as needed.
 */
export function room<T extends Int32Array | Float64Array | Uint8Array>(a: T, size: number): T {
  if (a.length >= size) return a;
  const bigger = new (a.constructor as new (n: number) => T)(Math.max(16, size * 2));
  bigger.set(a);
  return bigger;
}

export type Season = { from: number; to: number; price: number; weekendPrice: number | null; minNights: number | null };
/** A live plan as read: its pricing (plans.ts). */
export type KeptPlan = PlanPricing;

/** A plan kind's code in the plans' array. */
const kindOf = (p: KeptPlan) =>
  p.derivation === null ? PLAN_STANDARD : p.derivation.kind === 'amount' ? PLAN_AMOUNT : PLAN_PERCENT;
export type TypeRow = Awaited<ReturnType<typeof indexTypes>>[number];

/**
 * A city's blocking nights by night, all stays together: a search reads the nights of its dates as one run of
 * memory, not a few nights in each of thousands of places. Per night from `base`: `start[d]`..`start[d + 1]` in the
 * entry arrays: the stay's slot, its (room, type) pair numbered across the city, the room type it counts against
 * (an index into the city's types, -1: not a live type), until when (ms; Infinity: for good). A dead slot's entries
 * are skipped.
 */
export type ByNight = {
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
export type RangeCount = { taken: Uint8Array; at: number; lapses: number };

/** The date ranges whose taken counts a city keeps, at most (searches concentrate on a few dates; ADR 043)... */
export const RANGES_KEPT = 1024;
/** ...and the bytes they may take (a byte per room type of the city each). */
export const RANGES_BYTES = 16 * 1024 * 1024;

const typeCodes = new Map<string, number>(STAY_TYPES.map((t, i) => [t, i]));
export const codeOfType = (type: string) => typeCodes.get(type) ?? -1;
export const amenityBit = new Map<string, number>(AMENITIES.map((a, i) => [a, 1 << i]));
const bitsOf = (amenities: readonly string[]) => amenities.reduce((bits, a) => bits | (amenityBit.get(a) ?? 0), 0);

export const toNumber = (v: number | string | null) => (v === null ? null : Number(v));

function shownRatingOf(r: StayRow) {
  return Number(r.reviews_count) > 0 && r.reviews_rating !== null ? Number(r.reviews_rating) : Number(r.rating);
}

/**
 * A city's stays as columns, one slot per stay as read (struct of arrays: a search walks a few contiguous arrays, not
 * thousands of objects). A stay read again gets a new slot at the end, its old slot dead; the city is built anew
 * (`compact`) when enough slots are dead or read apart.
 */
export class City {
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
  /**
   * The highest occupancy prices of any of the stay's plans (each extra adult, each child of 6–12, each of 0–5):
   * with dearestNight they bound what a party's night may cost. cheapestNight already counts the lower single price.
   */
  maxExtraAdult = new Float64Array(0);
  maxChild = new Float64Array(0);
  maxInfant = new Float64Array(0);
  typeStart = new Int32Array(0);
  typeCount = new Int32Array(0);
  /** Where the stay's (room, type) pairs start in byNight's numbering, and how many it has. */
  pairBase = new Int32Array(0);
  pairCount = new Int32Array(0);
  /** Room types of every slot, largest first within a stay (max_people desc, id desc: the statement's running count). */
  types = new Float64Array(0);
  typeSeasonStart = new Int32Array(0);
  typeSeasonCount = new Int32Array(0);
  typePlanStart = new Int32Array(0);
  typePlanCount = new Int32Array(0);
  typesUsed = 0;
  seasons = new Float64Array(0);
  seasonsUsed = 0;
  plans = new Float64Array(0);
  plansUsed = 0;
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
      this.maxExtraAdult,
      this.maxChild,
      this.maxInfant,
      this.typeStart,
      this.typeCount,
      this.pairBase,
      this.pairCount,
      this.types,
      this.typeSeasonStart,
      this.typeSeasonCount,
      this.typePlanStart,
      this.typePlanCount,
      this.seasons,
      this.plans,
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

  /** Adds a stay as read (its live types largest first, their seasons and plans, its nights): a new slot, counted apart. */
  add(r: IndexStayRow, types: TypeRow[], seasonsOf: Map<string, Season[]>, plansOf: Map<string, KeptPlan[]>, nights: OwnNights) {
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
    this.maxExtraAdult = room(this.maxExtraAdult, size);
    this.maxChild = room(this.maxChild, size);
    this.maxInfant = room(this.maxInfant, size);
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
    let maxExtraAdult = 0;
    let maxChild = 0;
    let maxInfant = 0;
    const typesEnd = this.typesUsed + types.length;
    this.types = room(this.types, typesEnd * TYPE_FIELDS);
    this.typeSeasonStart = room(this.typeSeasonStart, typesEnd);
    this.typeSeasonCount = room(this.typeSeasonCount, typesEnd);
    this.typePlanStart = room(this.typePlanStart, typesEnd);
    this.typePlanCount = room(this.typePlanCount, typesEnd);
    for (const t of types) {
      const at = this.typesUsed;
      const own = seasonsOf.get(t.id) ?? [];
      let seasonMin = Number.NaN;
      for (const x of own) if (x.minNights !== null && !(x.minNights <= seasonMin)) seasonMin = x.minNights;
      this.types.set(
        [t.max_people, t.price, t.weekend_price ?? Number.NaN, t.min_nights, t.live_rooms, seasonMin].map(Number),
        at * TYPE_FIELDS,
      );
      const typePlans = plansOf.get(t.id) ?? [];
      // Every night price of the type (base, weekend, seasons'), derived by each plan: the stay's bounds.
      const prices = [Number(t.price), toNumber(t.weekend_price), ...own.flatMap((x) => [x.price, x.weekendPrice])].filter(
        (x): x is number => x !== null && !Number.isNaN(x),
      );
      this.typePlanStart[at] = this.plansUsed;
      this.typePlanCount[at] = typePlans.length;
      this.plans = room(this.plans, (this.plansUsed + typePlans.length) * PLAN_FIELDS);
      for (const plan of typePlans) {
        const d = plan.derivation;
        const o = plan.occupancy;
        for (const x of prices) {
          const derived = derivePrice(d, x);
          if (derived - o.singleLess < cheapest) cheapest = derived - o.singleLess;
          if (derived > dearest) dearest = derived;
        }
        maxExtraAdult = Math.max(maxExtraAdult, o.extraAdult);
        maxChild = Math.max(maxChild, o.child);
        maxInfant = Math.max(maxInfant, o.infant);
        const weekend = toNumber(t.weekend_price) ?? Number(t.price);
        this.plans.set(
          [
            kindOf(plan),
            d?.value ?? 0,
            o.singleLess,
            o.extraAdult,
            o.child,
            o.infant,
            d === null ? Number.NaN : derivePrice(d, Number(t.price)),
            d === null ? Number.NaN : derivePrice(d, weekend),
          ],
          this.plansUsed * PLAN_FIELDS,
        );
        this.plansUsed += 1;
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
    this.maxExtraAdult[slot] = maxExtraAdult;
    this.maxChild[slot] = maxChild;
    this.maxInfant[slot] = maxInfant;
    let pairs = 0;
    for (const p of nights.pair) if (p >= pairs) pairs = p + 1;
    this.pairCount[slot] = pairs;
    this.own.set(slot, nights);
    this.slotOf.set(r.id, slot);
  }
}
