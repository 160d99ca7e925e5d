import { canonicalCity, type SearchParams, SearchResult } from '@repo/shared/schemas/search';
import { type RoomTypeDto, RoomTypesList } from '@repo/shared/schemas/room';
import type { StayDto } from '@repo/shared/schemas/stay';
import type { Queryable } from '#src/db/client.ts';
import { todayInIndia } from '@repo/shared/domain/dates';
import { notFound } from '#src/lib/errors.ts';
import { TtlCache } from './search.cache.ts';
import {
  type AvailabilityFilter,
  countAvailableStays,
  findAvailableStays,
  type HitRow,
  liveCities,
  roomAvailability,
  type StayRow,
} from './search.repository.ts';

/** Typed text this long or longer also finds cities that start with it ('chen' finds chennai). */
export const CITY_PREFIX_MIN = 3;

/** What the guest typed, tidied: lower-case, trimmed, single spaces. */
const tidy = (city: string) => city.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The stored cities a typed city stands for: its canonical name (aliases applied) and, from
 * CITY_PREFIX_MIN characters on, every live city that starts with what was typed.
 */
export function matchCities(typed: string, known: readonly string[]): string[] {
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
    id: row.id,
    name: row.name,
    type: row.type as StayDto['type'],
    title: row.title,
    address: row.address,
    city: row.city,
    distance: Number(row.distance),
    description: row.description,
    overview: row.overview,
    lowestPrice,
    amenities: row.amenities as StayDto['amenities'],
    rating: Number(row.rating),
    experience: row.experience as StayDto['experience'],
    featured: row.featured,
    hotelImage: row.hotel_image ?? null,
    roomImages: row.room_images ?? [],
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The answer key (and how to load it) of each URL answered today, so that the same URL can be answered again from
 * `cache` without validating it anew: it validated the same way all day.
 */
function urlMemo(cache: TtlCache<string>) {
  const seen = new Map<string, { key: string; load: () => Promise<string> }>();
  return {
    remember(url: string, key: string, load: () => Promise<string>) {
      if (seen.size >= 20_000) seen.clear();
      seen.set(`${todayInIndia()}|${url}`, { key, load });
    },
    /** The kept answer (fresh, or served while it is refreshed), if any. */
    reuse(url: string): Promise<string> | undefined {
      const s = seen.get(`${todayInIndia()}|${url}`);
      return s && cache.has(s.key) ? cache.get(s.key, s.load) : undefined;
    },
  };
}

/**
 * The search feature of one app. Answers are kept as the JSON sent (a reused answer costs no serialising), and only
 * while `listening`: the database reports every change to a stay, its rooms or its room-nights (ADR 006), and the
 * answers it could change are forgotten at once (`forgetStay`): search answers for the stay's city, and the stay's
 * room availability. Search answers are fresh for `cacheMs`, then served for up to three times as long while one
 * background query refreshes them (a hold that runs out is not a write); room availability for `stayCacheMs`.
 * 0 turns either off.
 */
export function createSearchService(db: Queryable, cacheMs: number, stayCacheMs = 0) {
  const answers = new TtlCache<string>(cacheMs, cacheMs * 3);
  // The cities each kept answer covers, to forget the answers of a city.
  const citiesOfAnswer = new Map<string, readonly string[]>();
  // The live cities only widen prefix matches ('chen' finds chennai); the exact city is always searched.
  const cities = new TtlCache<string[]>(cacheMs > 0 ? 30_000 : 0);
  const rooms = new TtlCache<string>(stayCacheMs);
  const searchUrls = urlMemo(answers);
  const roomsUrls = urlMemo(rooms);
  let knownCities: readonly string[] = [];
  let listening = false;
  return {
    /** The search's answer as JSON (a SearchResult); `url`, when given, lets `reusedAnswer` find it again. */
    async searchJson(q: SearchParams, url?: string): Promise<string> {
      const known = q.city.trim().length >= CITY_PREFIX_MIN ? await cities.get('all', () => liveCities(db)) : [];
      if (known.length > 0) knownCities = known;
      const filter = toFilter(q, known);
      const load = async () => JSON.stringify(SearchResult.parse(await searchStays(db, filter, q)));
      if (!listening || cacheMs <= 0) return load();
      const key = JSON.stringify(filter);
      if (citiesOfAnswer.size >= 20_000) {
        citiesOfAnswer.clear();
        answers.clear();
      }
      citiesOfAnswer.set(key, filter.cities);
      if (url) searchUrls.remember(url, key, load);
      return answers.get(key, load);
    },
    /**
     * The answer to a search URL answered before today, if it is still kept (fresh, or served while it is
     * refreshed): sent without validating the query again, as it validated the same way then. Anything else goes
     * the whole way (`searchJson`).
     */
    reusedAnswer(url: string): Promise<string> | undefined {
      return listening ? searchUrls.reuse(url) : undefined;
    },
    roomTypes: (stayId: string, checkIn: string, checkOut: string) => stayRoomTypes(db, stayId, checkIn, checkOut),
    /** A stay's room types with availability for the nights, as JSON (a RoomTypesList); `url` as for searchJson. */
    roomTypesJson(stayId: string, checkIn: string, checkOut: string, url?: string): Promise<string> {
      const load = async () => JSON.stringify(RoomTypesList.parse(await stayRoomTypes(db, stayId, checkIn, checkOut)));
      if (!listening || stayCacheMs <= 0) return load();
      const key = `${stayId}|${checkIn}|${checkOut}`;
      if (url) roomsUrls.remember(url, key, load);
      return rooms.get(key, load);
    },
    /** The kept room availability for a URL answered before today, as `reusedAnswer` for searches. */
    reusedRoomTypes(url: string): Promise<string> | undefined {
      return listening ? roomsUrls.reuse(url) : undefined;
    },
    /** A stay (in `city`) or its rooms changed: forget what may no longer hold. */
    forgetStay(stayId: string, city: string) {
      rooms.forget(`${stayId}|`);
      answers.forgetWhere((key) => citiesOfAnswer.get(key)?.includes(city) ?? false);
      // A city the prefix matches do not know yet: read the list again.
      if (!knownCities.includes(city)) cities.clear();
    },
    /** Whether changes are heard: answers are reused only then, and forgotten whenever it changes. */
    setListening(value: boolean) {
      rooms.clear();
      answers.clear();
      citiesOfAnswer.clear();
      cities.clear();
      listening = value;
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;

/**
 * Stays in the city with, for every night of the stay, at least `rooms` free room numbers whose largest
 * `rooms` hold the whole party; each with its lowest free nightly price and number of free rooms.
 */
export async function searchStays(db: Queryable, filter: AvailabilityFilter, q: SearchParams): Promise<SearchResult> {
  const rows: HitRow[] = await findAvailableStays(db, filter);
  const total = rows[0] ? Number(rows[0].total) : filter.offset > 0 ? await countAvailableStays(db, filter) : 0;
  return {
    stays: rows.map((r) => ({ ...toStay(r, Number(r.lowest_price)), freeRooms: Number(r.free_rooms) })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Room types of a stay with each room number's availability for the nights; 404 for an unknown or archived stay. */
export async function stayRoomTypes(
  db: Queryable,
  stayId: string,
  checkIn: string,
  checkOut: string,
): Promise<{ roomTypes: RoomTypeDto[] }> {
  const rows = await roomAvailability(db, stayId, checkIn, checkOut);
  if (rows.length === 0) throw notFound('Stay not found');
  const byType = new Map<string, RoomTypeDto>();
  for (const r of rows) {
    if (!r.room_type_id) continue;
    let type = byType.get(r.room_type_id);
    if (!type) {
      type = {
        id: r.room_type_id,
        stayId: r.stay_id,
        title: r.title ?? '',
        description: r.description ?? '',
        price: Number(r.price),
        maxPeople: Number(r.max_people),
        roomNumbers: [],
      };
      byType.set(r.room_type_id, type);
    }
    if (r.room_number_id !== null && r.number !== null)
      type.roomNumbers.push({ id: r.room_number_id, number: Number(r.number), available: r.taken === false });
  }
  return { roomTypes: [...byType.values()] };
}
