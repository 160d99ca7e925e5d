import { DEFAULT_POLICY, describePolicy, isNonRefundable } from '@repo/shared/domain/cancellation';
import { MEAL_PLAN_WORDS, NO_OCCUPANCY, type PartyCounts, partyCounts, partyInRoom, pricePlan } from '@repo/shared/domain/plans';
import { averageNightly, type RoomTypeRates } from '@repo/shared/domain/rates';
import type { PlanQuoteDto } from '@repo/shared/schemas/plans';
import { shownRating } from '@repo/shared/domain/reviews';
import type { RoomTypeDto } from '@repo/shared/schemas/room';
import { canonicalCity, type SearchParams, type SearchResult } from '@repo/shared/schemas/search';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { Queryable } from '#src/db/client.ts';
import { type Plan, plansByRoomType, seasonsByRoomType } from '#src/features/rates/index.ts';
import { notFound } from '#src/lib/errors.ts';
import { AnswerCache } from '#src/platform/answer-cache.ts';
import type { Deps } from '#src/platform/deps.ts';
import { stayHeading } from '#src/features/stays/index.ts';
import { type AvailabilityFilter, liveCities, roomAvailability, type StayRow } from './search.repository.ts';
import { availableStays, type SearchIndex } from './availability/index.ts';

/** Typed text this long or longer also finds cities that start with it ('chen' finds chennai). */
const CITY_PREFIX_MIN = 3;

/** What the guest typed, tidied: lower-case, trimmed, single spaces. */
const tidy = (city: string) => city.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The stored cities a typed city stands for: its canonical name (aliases applied) and, from
 * CITY_PREFIX_MIN characters on, every live city that starts with what was typed.
 */
function matchCities(typed: string, known: readonly string[]): string[] {
  const t = tidy(typed);
  const cities = new Set([canonicalCity(t)]);
  if (t.length >= CITY_PREFIX_MIN) for (const c of known) if (c.startsWith(t)) cities.add(c);
  return [...cities];
}

/** The availability filter of a validated search query. */
export function toFilter(q: SearchParams, knownCities: readonly string[] = []): AvailabilityFilter {
  return {
    cities: matchCities(q.city, knownCities),
    checkIn: q.checkIn,
    checkOut: q.checkOut,
    guests: q.adults + q.children,
    party: partyCounts(q.adults, q.children, q.childAges ?? []),
    rooms: q.rooms,
    type: q.type,
    amenities: q.amenities,
    minRating: q.minRating,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    sort: q.sort,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  };
}

function toStay(row: StayRow, lowestPrice: number): StayDto {
  return {
    ...stayHeading(row),
    distance: Number(row.distance),
    description: row.description,
    overview: row.overview,
    lowestPrice,
    // A hit's price is always its free room types' (for the dates).
    lowestPriceFromRooms: true,
    amenities: row.amenities,
    ...shownRating({
      rating: Number(row.rating),
      experience: row.experience,
      reviewsCount: Number(row.reviews_count),
      reviewsRating: row.reviews_rating === null ? null : Number(row.reviews_rating),
    }),
    reviewsCount: Number(row.reviews_count),
    reviewsRating: row.reviews_rating === null ? null : Number(row.reviews_rating),
    featured: row.featured,
    hotelImage: row.hotel_image ?? null,
    roomImages: row.room_images ?? [],
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What the search feature uses: the database and the answers it keeps. */
export type SearchDeps = Pick<Deps, 'db'> & {
  answers: SearchAnswers;
  /** The availability kept per city (ADR 037), when on. */
  index?: SearchIndex | undefined;
  /** True when the reader must see the database as it is now (their own write is recent, ADR 038): nothing kept is used. */
  fresh?: boolean;
  /** Told what answered a search that was not reused: the kept availability or the search statement. */
  onSource?: ((source: 'index' | 'statement') => void) | undefined;
};

/**
 * The answers the search feature keeps (per process), only while `listening`: the database reports every change to
 * a stay, its rooms or its room-nights (ADR 006), and the answers it could change are forgotten at once
 * (`forgetStay`): the search answers of the stay's city, and the stay's room availability. Search answers are fresh
 * for `searchCacheMs`, then served for up to three times as long while one background query refreshes them (a hold
 * that runs out is not a write); room availability for `stayCacheMs`. 0 turns either off.
 */
export type SearchAnswers = ReturnType<typeof createSearchAnswers>;

export function createSearchAnswers(cfg: { searchCacheMs: number; stayCacheMs: number }) {
  const knownCities: readonly string[] = [];
  return {
    // A page of results with its JSON is some 20 KB: at most about 40 MB of them. (A new search costs a few ms with
    // the kept availability, ADR 037: many more kept answers would cost more memory than they save.)
    results: new AnswerCache<SearchResult>({ ttlMs: cfg.searchCacheMs, staleMs: cfg.searchCacheMs * 2, max: 2000 }),
    rooms: new AnswerCache<RoomTypesResult>({ ttlMs: cfg.stayCacheMs, max: 20_000 }),
    // The live cities only widen prefix matches ('chen' finds chennai); the exact city is always searched. Read
    // again behind the searches after 30 s (a city new to the list clears it at once, see forgetStay).
    cities: new AnswerCache<string[]>({ ttlMs: cfg.searchCacheMs > 0 ? 30_000 : 0, staleMs: 60_000, max: 1 }),
    knownCities,
    listening: false,
  };
}

/** A search answer's key: the whole validated filter (the answer is filed under its cities, to forget them by city). */
const resultKey = (filter: AvailabilityFilter) => JSON.stringify(filter);

const NO_CITIES: readonly string[] = Object.freeze([]);

/**
 * The filter and answer key of a validated query, worked out once per query value (validated query strings are
 * reused, see lib/validation.ts) for as long as the list of live cities it was matched against is the same.
 */
const planned = new WeakMap<SearchParams, { known: readonly string[]; filter: AvailabilityFilter; key: string }>();

function planOf(q: SearchParams, known: readonly string[]) {
  let plan = planned.get(q);
  if (plan?.known !== known) {
    const filter = toFilter(q, known);
    plan = { known, filter, key: resultKey(filter) };
    planned.set(q, plan);
  }
  return plan;
}

/** The stays a validated search query finds (kept for a while, see SearchAnswers). */
export async function search(deps: SearchDeps, q: SearchParams): Promise<SearchResult> {
  const { db, answers } = deps;
  const known = q.city.trim().length >= CITY_PREFIX_MIN ? await answers.cities.get('all', () => liveCities(db)) : NO_CITIES;
  if (known.length > 0) answers.knownCities = known;
  const { filter, key } = planOf(q, known);
  if (deps.fresh) return searchStays(db, filter, q, undefined, deps.onSource);
  const load = () => searchStays(db, filter, q, deps.index, deps.onSource);
  return answers.listening ? answers.results.get(key, load, filter.cities) : load();
}

/** A stay's room types with availability and plans for the nights and party (kept for a while, see SearchAnswers). */
export async function roomTypes(
  deps: SearchDeps,
  stayId: string,
  checkIn: string,
  checkOut: string,
  party: PartyCounts = { adults: 2, children: 0, infants: 0 },
) {
  const load = () => stayRoomTypes(deps.db, stayId, checkIn, checkOut, party);
  const key = `${stayId}|${checkIn}|${checkOut}|${party.adults}|${party.children}|${party.infants}`;
  return deps.answers.listening && !deps.fresh ? deps.answers.rooms.get(key, load, [stayId]) : load();
}

/** A standard plan for a room type whose plans were not read (none: it was made a moment ago). */
const STANDARD: Omit<Plan, 'roomTypeId'> = {
  id: '00000000-0000-0000-0000-000000000000',
  name: 'Standard',
  mealPlan: 'EP',
  standard: true,
  cancellationPolicy: null,
  pricing: { derivation: null, occupancy: NO_OCCUPANCY },
};

/** Each plan of a room type priced for the dates and the party (the party in one room, else two adults). */
export function quotePlans(
  rates: RoomTypeRates,
  plans: readonly Omit<Plan, 'roomTypeId'>[],
  maxPeople: number,
  party: PartyCounts,
  stayPolicy: { freeDays: number; refundPercent: number },
  checkIn: string,
  checkOut: string,
): PlanQuoteDto[] {
  const { party: priced, fits } = partyInRoom(party, maxPeople);
  return plans.map((plan) => {
    const quote = pricePlan(rates, plan.pricing, priced, checkIn, checkOut);
    const policy = plan.cancellationPolicy ?? stayPolicy;
    return {
      id: plan.id,
      name: plan.name,
      mealPlan: plan.mealPlan,
      meals: MEAL_PLAN_WORDS[plan.mealPlan],
      cancellationPolicy: policy,
      policy: describePolicy(policy),
      nonRefundable: isNonRefundable(policy),
      nightlyPrices: quote.nightlyPrices,
      total: quote.total,
      perNight: averageNightly(quote.total, quote.nightlyPrices.length),
      fitsParty: fits,
    };
  });
}

/** A stay (in `city`) or its rooms changed: forget what may no longer hold. */
export function forgetStay(answers: SearchAnswers, stayId: string, city: string) {
  answers.rooms.forget(stayId);
  answers.results.forget(city);
  // A city the prefix matches do not know yet: read the list again.
  if (!answers.knownCities.includes(city)) answers.cities.clear();
}

/** Whether changes are heard: answers are kept only then, and forgotten whenever it changes. */
export function setListening(answers: SearchAnswers, listening: boolean) {
  answers.rooms.clear();
  answers.results.clear();
  answers.cities.clear();
  answers.listening = listening;
}

type RoomTypesResult = { roomTypes: RoomTypeDto[]; lowestPrice: number | null };

/**
 * Stays in the city with, for every night of the stay, at least `rooms` free room numbers whose largest
 * `rooms` hold the whole party; each with its lowest free nightly price and number of free rooms.
 */
export async function searchStays(
  db: Queryable,
  filter: AvailabilityFilter,
  q: Pick<SearchParams, 'page' | 'pageSize'>,
  index?: SearchIndex,
  onSource?: (source: 'index' | 'statement') => void,
): Promise<SearchResult> {
  const { rows, total, source } = await availableStays(db, filter, index);
  onSource?.(source);
  return {
    stays: rows.map((r) => ({
      ...toStay(r, Number(r.lowest_price)),
      freeRooms: Number(r.free_rooms),
      lowestTotal: Number(r.lowest_total),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Room types of a stay with each room number's availability for the nights, each priced for them by the one rule
 * (packages/shared/src/domain/rates.ts); the lowest price is the lowest average nightly price of a bookable type
 * with a free room (ADR 018). 404 for an unknown or archived stay.
 */
async function stayRoomTypes(
  db: Queryable,
  stayId: string,
  checkIn: string,
  checkOut: string,
  party: PartyCounts,
): Promise<RoomTypesResult> {
  const rows = await roomAvailability(db, stayId, checkIn, checkOut);
  if (rows.length === 0) throw notFound('Stay not found');
  // Most stays have no season on the dates: their seasons are read only when one may reach them.
  const until = rows[0]?.seasons_until;
  const [seasons, plans] = await Promise.all([
    until && until >= checkIn ? seasonsByRoomType(db, stayId, checkIn, checkOut) : new Map<string, never[]>(),
    plansByRoomType(db, stayId),
  ]);
  const first = rows[0];
  const stayPolicy = first ? { freeDays: Number(first.free_days), refundPercent: Number(first.refund_percent) } : DEFAULT_POLICY;
  const byType = new Map<string, RoomTypeDto>();
  for (const r of rows) {
    if (!r.room_type_id) continue;
    let type = byType.get(r.room_type_id);
    if (!type) {
      const price = Number(r.price);
      const maxPeople = Number(r.max_people);
      const rates: RoomTypeRates = {
        price,
        weekendPrice: r.weekend_price,
        minNights: Number(r.min_nights ?? 1),
        seasons: seasons.get(r.room_type_id) ?? [],
      };
      const typePlans = plans.get(r.room_type_id) ?? [STANDARD];
      // The room type's own price for the dates is its standard plan's (listed first) for the party.
      const quote = pricePlan(rates, (typePlans[0] ?? STANDARD).pricing, partyInRoom(party, maxPeople).party, checkIn, checkOut);
      type = {
        id: r.room_type_id,
        stayId: r.stay_id,
        title: r.title ?? '',
        description: r.description ?? '',
        price,
        maxPeople,
        roomNumbers: [],
        nightlyPrices: quote.nightlyPrices,
        total: quote.total,
        breakdown: quote.breakdown,
        minNights: quote.minNights,
        bookable: quote.bookable,
        plans: quotePlans(rates, typePlans, maxPeople, party, stayPolicy, checkIn, checkOut),
      };
      byType.set(r.room_type_id, type);
    }
    if (r.room_number_id !== null && r.number !== null)
      type.roomNumbers.push({ id: r.room_number_id, number: Number(r.number), available: r.taken === false });
  }
  const roomTypes = [...byType.values()];
  // The lowest average nightly price of a plan of a bookable type with a free room: of those that hold the party
  // in one room, or of all (at two adults) when none does.
  let lowestPrice: number | null = null;
  const open = roomTypes.filter((t) => t.bookable && t.nightlyPrices.length > 0 && t.roomNumbers.some((n) => n.available));
  const fitting = open.filter((t) => t.plans.some((p) => p.fitsParty));
  for (const t of fitting.length > 0 ? fitting : open)
    for (const p of t.plans) if (lowestPrice === null || p.perNight < lowestPrice) lowestPrice = p.perNight;
  return { roomTypes, lowestPrice };
}
