import { SEARCH_SORTS, type SearchSort } from '@repo/shared/schemas/search';
import { and, asc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { namedStatement, preparedPer, type Queryable, selectRows } from '#src/db/client.ts';
import { roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';

/**
 * The rooms of a stay with a night in [checkIn, checkOut) that blocks them: a confirmed booking's, or a hold's until
 * it lapses (room_nights.blocks_until, kept by the database from the booking). One index-only probe of
 * room_nights_stay_night_idx; no booking is read.
 */
const takenRooms = (stayId: SQL | Placeholder, checkIn: string | Placeholder, checkOut: string | Placeholder) => sql`
  select n.room_number_id
  from room_nights n
  where n.stay_id = ${stayId}
    and n.night >= ${checkIn}::date
    and n.night < ${checkOut}::date
    and n.blocks_until > now()`;

export type AvailabilityFilter = {
  /** Stored city names to search (the typed city after aliases, and cities that start with what was typed). */
  cities: readonly string[];
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
  type?: string | undefined;
  amenities?: readonly string[] | undefined;
  minRating?: number | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: SearchSort;
  limit: number;
  offset: number;
};

export type StayRow = {
  id: string;
  name: string;
  type: string;
  title: string;
  address: string;
  city: string;
  distance: number | string;
  description: string;
  overview: string;
  amenities: string[];
  rating: number | string;
  experience: string;
  reviews_count: number | string;
  reviews_rating: number | string | null;
  featured: boolean;
  hotel_image: { key: string; width: number; height: number } | null;
  room_images: { key: string; width: number; height: number }[] | null;
  created_at: Date | string;
};

export type HitRow = StayRow & { lowest_price: number | string; free_rooms: number | string; total: number | string };

/** The rating guests see: the reviews' average once the stay has reviews, else the owner's (shownRating in shared). */
const SHOWN_RATING = sql.raw(
  '(case when s.reviews_count > 0 and s.reviews_rating is not null then s.reviews_rating else s.rating end)',
);

const ORDER: Record<SearchSort, SQL> = {
  price_asc: sql`a.lowest_price asc, ${SHOWN_RATING} desc, s.name asc, s.id asc`,
  price_desc: sql`a.lowest_price desc, ${SHOWN_RATING} desc, s.name asc, s.id asc`,
  rating: sql`${SHOWN_RATING} desc, a.lowest_price asc, s.name asc, s.id asc`,
  distance: sql`s.distance asc, a.lowest_price asc, s.name asc, s.id asc`,
};

const p = (name: keyof SearchValues) => sql.placeholder(name);

/** The values of a search statement's placeholders (a filter not asked is null, no amenity asked is []). */
export type SearchValues = {
  cities: string[];
  type: string | null;
  amenities: string[];
  minRating: number | null;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: number;
  minPrice: number | null;
  maxPrice: number | null;
  limit: number;
  offset: number;
};

export function searchValues(f: AvailabilityFilter): SearchValues {
  return {
    cities: [...f.cities],
    type: f.type ?? null,
    amenities: [...(f.amenities ?? [])],
    minRating: f.minRating ?? null,
    checkIn: f.checkIn,
    checkOut: f.checkOut,
    rooms: f.rooms,
    guests: f.guests,
    minPrice: f.minPrice ?? null,
    maxPrice: f.maxPrice ?? null,
    limit: f.limit,
    offset: f.offset,
  };
}

/**
 * The SQL of one search page in `sort` order, every filter a placeholder (SearchValues): one statement per sort,
 * so that each is parsed and planned once per connection. Also used by the bench for EXPLAIN ANALYZE.
 */
/**
 * Days from 1900-01-05 (a Friday) to `d`: Fridays before `d` are (x + 6) / 7 and Saturdays (x + 5) / 7 (x that count).
 * The weekend nights of [a, b) are wk(b) - wk(a); weekendNightsBetween in packages/shared/src/domain/rates.ts.
 */
const weekendsBefore = (d: SQL) => sql`((((${d}) - date '1900-01-05') + 6) / 7 + (((${d}) - date '1900-01-05') + 5) / 7)`;

/**
 * Per room type of the stay in scope: what its nights in [checkIn, checkOut) cost (total, rupees) and the
 * minimum nights that apply, by arithmetic: the nights outside its seasons at the base or weekend price, plus each
 * season's nights at its prices (rates.ts's priceStay; apps/api/test/rates-sql.test.ts checks both agree). Seasons
 * are read from room_type_rates_stay_idx only for the stay's seasons that touch the dates, and not at all when the
 * stay's seasons (`seasonsUntil`, stays.seasons_until) all end before the check-in.
 */
export function pricedTypes(
  stay: { id: SQL; seasonsUntil: SQL },
  checkIn: SQL | Placeholder,
  checkOut: SQL | Placeholder,
): { seasons: SQL; total: SQL; minNights: SQL } {
  const ci = sql`${checkIn}::date`;
  const co = sql`${checkOut}::date`;
  const from = sql`greatest(r.starts_on, ${ci})`;
  const to = sql`least(r.ends_on + 1, ${co})`;
  const nights = sql`(${to} - ${from})`;
  const weekend = sql`(${weekendsBefore(to)} - ${weekendsBefore(from)})`;
  const seasons = sql`
    select r.room_type_id, sum(${nights})::int as nights, sum(${weekend})::int as weekend,
           sum((${nights} - ${weekend})::bigint * r.price + (${weekend})::bigint * coalesce(r.weekend_price, r.price))::bigint as total,
           max(r.min_nights) as min_nights
    from room_type_rates r
    where ${stay.seasonsUntil} >= ${ci} and r.stay_id = ${stay.id} and r.starts_on < ${co} and r.ends_on >= ${ci}
    group by r.room_type_id`;
  const allWeekend = sql`(${weekendsBefore(co)} - ${weekendsBefore(ci)})`;
  const plainWeekend = sql`(${allWeekend} - coalesce(ss.weekend, 0))`;
  const plainWeekday = sql`((${co} - ${ci}) - coalesce(ss.nights, 0) - ${plainWeekend})`;
  const total = sql`(coalesce(ss.total, 0) + ${plainWeekday}::bigint * t.price + ${plainWeekend}::bigint * coalesce(t.weekend_price, t.price))`;
  const minNights = sql`greatest(t.min_nights, ss.min_nights)`;
  return { seasons, total, minNights };
}

/**
 * The SQL of one search page in `sort` order, every filter a placeholder (SearchValues): one statement per sort,
 * so that each is parsed and planned once per connection. Also used by the bench for EXPLAIN ANALYZE.
 */
export function searchSql(sort: SearchSort): SQL {
  // The live stays of the city that pass the stay filters (index on stays(city)), each with its availability (a
  // lateral subquery, so every read is by that stay's id): its live room types largest first with their live room
  // counts (room_types_stay_live_idx), less the rooms of each type with a night in [checkIn, checkOut) that blocks
  // them (room_nights_stay_night_idx; no booking or room is read), each type priced for the nights (pricedTypes: its
  // seasons that touch the dates, if any) and left out when the stay is shorter than its minimum nights. From the
  // free counts: free rooms, the lowest average nightly price of a free type (ADR 018), and what the `rooms` largest
  // free rooms hold (types taken largest first, each for as many rooms as it has free and are still wanted). A stay
  // is available with at least `rooms` free rooms that hold the party. room_nights.blocks_until and room_type_id and
  // room_types.live_rooms are kept by the database (migration 0008, ADR 014).
  const priced = pricedTypes({ id: sql`s.id`, seasonsUntil: sql`s.seasons_until` }, p('checkIn'), p('checkOut'));
  const nights = sql`(${p('checkOut')}::date - ${p('checkIn')}::date)`;
  return sql`
    select s.id, s.name, s.type, s.title, s.address, s.city, s.distance, s.description, s.overview, s.amenities,
           s.rating, s.experience, s.reviews_count, s.reviews_rating, s.featured, s.hotel_image, s.room_images, s.created_at,
           a.lowest_price, a.free_rooms, count(*) over () as total
    from stays s
    cross join lateral (
      select sum(ft.free) as free_rooms, min((2 * ft.total + ${nights}) / (2 * ${nights})) as lowest_price,
             sum(ft.max_people * greatest(0, least(ft.free, ${p('rooms')}::int - ft.before))) as capacity
      from (
        select t.total, t.max_people, t.free,
               coalesce(sum(t.free) over (order by t.max_people desc, t.id desc rows between unbounded preceding and 1 preceding), 0) as before
        from (
          select t.id, t.max_people, t.live_rooms - coalesce(tk.n, 0)::int as free,
                 ${priced.total} as total, ${priced.minNights} as min_nights
          from room_types t
          left join (
            select n.room_type_id, count(distinct n.room_number_id) as n
            from room_nights n
            where n.stay_id = s.id and n.night >= ${p('checkIn')}::date and n.night < ${p('checkOut')}::date
              and n.blocks_until > now()
            group by n.room_type_id
          ) tk on tk.room_type_id = t.id
          left join (${priced.seasons}) ss on ss.room_type_id = t.id
          where t.stay_id = s.id and t.archived_at is null
        ) t
        where t.free > 0 and t.min_nights <= ${nights}
      ) ft
    ) a
    where s.archived_at is null and s.city = any(${p('cities')}::text[])
      and (${p('type')}::text is null or s.type = ${p('type')}::text)
      and s.amenities @> ${p('amenities')}::text[]
      and (${p('minRating')}::numeric is null or ${SHOWN_RATING} >= ${p('minRating')}::numeric)
      and a.free_rooms >= ${p('rooms')}::int and a.capacity >= ${p('guests')}::int
      and (${p('minPrice')}::int is null or a.lowest_price >= ${p('minPrice')}::int)
      and (${p('maxPrice')}::int is null or a.lowest_price <= ${p('maxPrice')}::int)
    order by ${ORDER[sort]}
    limit ${p('limit')}::int offset ${p('offset')}::int`;
}

const searchStatements = Object.fromEntries(
  SEARCH_SORTS.map((sort) => [sort, namedStatement<HitRow>(`search_${sort}`, searchSql(sort))]),
) as Record<SearchSort, ReturnType<typeof namedStatement<HitRow>>>;

/** How many stays match in all (one statement; for a page past the end, where the window count is absent). */
const countStatement = namedStatement<{ n: number | string }>(
  'search_count',
  sql`select count(*) as n from (${searchSql('price_asc')}) x`,
);

/** Every live stay's city (for matching what a guest typed against the start of city names). */
export async function liveCities(db: Queryable): Promise<string[]> {
  const rows = await selectRows<{ city: string }>(db, sql`select distinct city from stays where archived_at is null`);
  return rows.map((r) => r.city);
}

export function findAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<HitRow[]> {
  return searchStatements[f.sort](db, searchValues(f));
}

/** Total of matches when the requested page lies past the end (the window count is then absent). */
export async function countAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<number> {
  const [row] = await countStatement(db, { ...searchValues(f), limit: 1_000_000, offset: 0 });
  return Number(row?.n ?? 0);
}

export type RoomAvailabilityRow = {
  stay_id: string;
  /** The last night any season of the stay may price (stays.seasons_until): none reach the dates when earlier. */
  seasons_until: string | null;
  room_type_id: string | null;
  title: string | null;
  description: string | null;
  price: number | null;
  weekend_price: number | null;
  min_nights: number | null;
  max_people: number | null;
  room_number_id: string | null;
  number: number | null;
  taken: boolean | null;
};

/**
 * Room types of a live stay with each live room number and whether it is taken on any night of the stay.
 * No rows: the stay does not exist or is archived.
 */
export async function roomAvailability(
  db: Queryable,
  stayId: string,
  checkIn: string,
  checkOut: string,
): Promise<RoomAvailabilityRow[]> {
  return roomAvailabilityStatement(db).execute({ stayId, checkIn, checkOut });
}

const roomAvailabilityStatement = preparedPer((db) =>
  db
    .select({
      stay_id: stays.id,
      seasons_until: stays.seasonsUntil,
      room_type_id: roomTypes.id,
      title: roomTypes.title,
      description: roomTypes.description,
      price: roomTypes.price,
      weekend_price: roomTypes.weekendPrice,
      min_nights: roomTypes.minNights,
      max_people: roomTypes.maxPeople,
      room_number_id: roomNumbers.id,
      number: roomNumbers.number,
      // The stay's taken rooms are read once for the statement (the subquery depends on the parameters only).
      taken: sql<boolean | null>`case when ${roomNumbers.id} is null then null else ${roomNumbers.id} = any(array(${takenRooms(
        sql`${sql.placeholder('stayId')}::uuid`,
        sql.placeholder('checkIn'),
        sql.placeholder('checkOut'),
      )})) end`,
    })
    .from(stays)
    .leftJoin(roomTypes, and(eq(roomTypes.stayId, stays.id), isNull(roomTypes.archivedAt)))
    .leftJoin(roomNumbers, and(eq(roomNumbers.roomTypeId, roomTypes.id), isNull(roomNumbers.archivedAt)))
    .where(and(eq(stays.id, sql.placeholder('stayId')), isNull(stays.archivedAt)))
    .orderBy(asc(roomTypes.price), asc(roomTypes.title), asc(roomTypes.id), asc(roomNumbers.number))
    .prepare('room_availability'),
);
