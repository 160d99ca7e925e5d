import type { Amenity, Experience, StayType } from '@repo/shared/constants/domain';
import { addDays } from '@repo/shared/domain/dates';
import { DERIVATION_KINDS, type PartyCounts } from '@repo/shared/domain/plans';
import { SEARCH_SORTS, type SearchSort } from '@repo/shared/schemas/search';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { namedStatement, type Queryable, selectRows } from '#src/db/client.ts';

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
  /** The party as plans price it (ADR 065): adults (with children of 13–17), children of 6–12, of 0–5. */
  party: PartyCounts;
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
  type: StayType;
  title: string;
  address: string;
  city: string;
  distance: number | string;
  description: string;
  overview: string;
  amenities: Amenity[];
  rating: number | string;
  experience: Experience;
  reviews_count: number | string;
  reviews_rating: number | string | null;
  featured: boolean;
  hotel_image: { key: string; width: number; height: number } | null;
  room_images: { key: string; width: number; height: number }[] | null;
  created_at: Date | string;
};

export type HitRow = StayRow & {
  lowest_price: number | string;
  lowest_total: number | string;
  free_rooms: number | string;
  total: number | string;
};

/** The rating guests see: the reviews' average once the stay has reviews, else the owner's (shownRating in shared). */
/** A stay a search may list: live, and for sale (stays.not_for_sale: someone can supply its nights, ADR 054). */
const LISTED = sql.raw('s.archived_at is null and s.not_for_sale is null');

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

/**
 * What a search's statement is shaped for: one room (the largest free room must hold the party: no running count of
 * rooms) and one night (a room has at most one row: no duplicates to drop). The common search (today to tomorrow, one
 * room) takes both.
 */
export type SearchShape = { oneRoom: boolean; oneNight: boolean };

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
  adults: number;
  children: number;
  infants: number;
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
    adults: f.party.adults,
    children: f.party.children,
    infants: f.party.infants,
    minPrice: f.minPrice ?? null,
    maxPrice: f.maxPrice ?? null,
    limit: f.limit,
    offset: f.offset,
  };
}

/**
 * Days from 1900-01-05 (a Friday) to `d`: Fridays before `d` are (x + 6) / 7 and Saturdays (x + 5) / 7 (x that count).
 * The weekend nights of [a, b) are wk(b) - wk(a); weekendNightsBetween in packages/shared/src/domain/rates.ts.
 */
const weekendsBefore = (d: SQL) => sql`((((${d}) - date '1900-01-05') + 6) / 7 + (((${d}) - date '1900-01-05') + 5) / 7)`;

/** The dates of a search, each sent once and used by name: `q.ci`, `q.co`, `q.nights`, `q.all_weekend`. */
export const searchDates = (checkIn: SQL | Placeholder, checkOut: SQL | Placeholder) => sql`(
  select ${checkIn}::date as ci, ${checkOut}::date as co, ${checkOut}::date - ${checkIn}::date as nights,
         ${weekendsBefore(sql`${checkOut}::date`)} - ${weekendsBefore(sql`${checkIn}::date`)} as all_weekend
) q`;

/**
 * What a room type (`t`, of the stay `s`) costs for the nights of `q` (searchDates) and the minimum nights that
 * apply, by arithmetic (rates.ts's priceStay; apps/api/test/rates.test.ts checks both agree): `seasons` is the type's
 * seasons that touch the dates as [nights, weekend nights, their price, their largest minimum nights], null when
 * none does — and not read at all (one condition, no plan node per type) for a stay whose seasons
 * (stays.seasons_until) all end before the check-in, as most do. `total` and `minNights` read it as `t.seasons`.
 * `planTotal` is what a rate plan `p` of the type costs for two adults (plans.ts's pricePlan, ADR 065): the standard
 * plan's `total`; an amount plan's plus the amount a night; a percent plan's each price derived (rounded half up),
 * its seasons read again only when they touch the dates. `addOn` is what a party adds to each night of `p`.
 */
export function pricedType(): {
  seasons: SQL;
  total: SQL;
  minNights: SQL;
  planTotal: SQL;
  addOn: (adults: SQL, children: SQL, infants: SQL) => SQL;
} {
  const from = sql`greatest(r.starts_on, q.ci)`;
  const to = sql`least(r.ends_on + 1, q.co)`;
  const nights = sql`(${to} - ${from})`;
  const weekend = sql`(${weekendsBefore(to)} - ${weekendsBefore(from)})`;
  const seasons = sql`case when s.seasons_until >= q.ci then (
    select array[sum(${nights}), sum(${weekend}),
                 sum((${nights} - ${weekend})::bigint * r.price + (${weekend})::bigint * coalesce(r.weekend_price, r.price)),
                 max(r.min_nights)]::bigint[]
    from room_type_rates r
    where r.stay_id = s.id and r.room_type_id = t.id and r.starts_on < q.co and r.ends_on >= q.ci) end`;
  const plainWeekend = sql`(q.all_weekend - coalesce(t.seasons[2], 0))`;
  const plainWeekday = sql`(q.nights - coalesce(t.seasons[1], 0) - ${plainWeekend})`;
  // Most types have neither a season on the dates nor a weekend price: every night at the base price.
  const total = sql`(case when t.seasons is null and t.weekend_price is null then q.nights::bigint * t.price
    else coalesce(t.seasons[3], 0) + ${plainWeekday}::bigint * t.price + ${plainWeekend}::bigint * coalesce(t.weekend_price, t.price) end)`;
  const minNights = sql`greatest(t.min_nights, t.seasons[4])`;
  const derived = (price: SQL) => sql`((2 * (${price})::bigint * (100 + p.adjust_value) + 100) / 200)`;
  const derivedSeasons = sql`coalesce((
    select sum((${nights} - ${weekend})::bigint * ${derived(sql`r.price`)} + (${weekend})::bigint * ${derived(sql`coalesce(r.weekend_price, r.price)`)})
    from room_type_rates r
    where r.stay_id = s.id and r.room_type_id = t.id and r.starts_on < q.co and r.ends_on >= q.ci), 0)::bigint`;
  const planTotal = sql`(case when p.adjust_kind is null then ${total}
    when p.adjust_kind = 'amount' then ${total} + q.nights::bigint * p.adjust_value
    else (case when t.seasons is null then 0 else ${derivedSeasons} end) + ${plainWeekday}::bigint * ${derived(sql`t.price`)}
         + ${plainWeekend}::bigint * ${derived(sql`coalesce(t.weekend_price, t.price)`)} end)`;
  const addOn = (adults: SQL, children: SQL, infants: SQL) =>
    sql`((case when ${adults} = 1 then -p.single_less else 0 end) + greatest(${adults} - 2, 0) * p.extra_adult
      + ${children} * p.child_price + ${infants} * p.infant_price)`;
  return { seasons, total, minNights, planTotal, addOn };
}

/**
 * The SQL of one search page in `sort` order for searches of `shape`, every filter a placeholder (SearchValues): one
 * statement per sort and shape, so that each is parsed and planned once per connection. Also used by the bench for
 * EXPLAIN ANALYZE.
 */
export function searchSql(sort: SearchSort, shape: SearchShape = { oneRoom: false, oneNight: false }): SQL {
  // The live stays of the city that pass the stay filters (index on stays(city)), each with its availability (a
  // lateral subquery, so every read is by that stay's id): its live room types largest first with their live room
  // counts (room_types_stay_live_idx), less the rooms of each type with a night in [checkIn, checkOut) that blocks
  // them (room_nights_stay_night_idx; no booking or room is read), each type priced for the nights (pricedType: its
  // seasons that touch the dates, if any) and left out when the stay is shorter than its minimum nights. From the
  // free counts: free rooms, the lowest average nightly price of a free type (ADR 018), and what the `rooms` largest
  // free rooms hold (types taken largest first, each for as many rooms as it has free and are still wanted). A stay
  // is available with at least `rooms` free rooms that hold the party. room_nights.blocks_until and room_type_id and
  // room_types.live_rooms are kept by the database (migration 0008, ADR 014). Shaped for one room, what the party
  // needs is the largest free room (no running count); for one night, a room has one row at most (none to drop).
  const priced = pricedType();
  // One room holds the whole party; with more, each room is priced for two adults (or one in a room for one). The
  // general statement asks which at run time, so that it answers a search of one room as its shaped statement does.
  const oneRoom = shape.oneRoom ? sql`true` : sql`(${p('rooms')}::int = 1)`;
  const partyAddOn = priced.addOn(
    sql`(case when ${oneRoom} then ${p('adults')}::int else least(2, t.max_people) end)`,
    sql`(case when ${oneRoom} then ${p('children')}::int else 0 end)`,
    sql`(case when ${oneRoom} then ${p('infants')}::int else 0 end)`,
  );
  return sql`
    select s.id, s.name, s.type, s.title, s.address, s.city, s.distance, s.description, s.overview, s.amenities,
           s.rating, s.experience, s.reviews_count, s.reviews_rating, s.featured, s.hotel_image, s.room_images, s.created_at,
           a.lowest_price, a.lowest_total, a.free_rooms, count(*) over () as total
    from ${searchDates(p('checkIn'), p('checkOut'))}
    cross join stays s
    cross join lateral (
      select sum(ft.free) as free_rooms, min((2 * ft.total + q.nights) / (2 * q.nights)) as lowest_price,
             min(ft.total) as lowest_total,
             ${shape.oneRoom ? sql`max(ft.max_people)` : sql`sum(ft.max_people * greatest(0, least(ft.free, ${p('rooms')}::int - ft.before)))`} as capacity
      from (
        select ${shape.oneRoom ? sql`case when t.max_people >= ${p('guests')}::int then t.total end` : sql`case when ${p('rooms')}::int > 1 or t.max_people >= ${p('guests')}::int then t.total end`} as total,
               t.max_people, t.free${
                 shape.oneRoom
                   ? sql``
                   : sql`,
               coalesce(sum(t.free) over (order by t.max_people desc, t.id desc rows between unbounded preceding and 1 preceding), 0) as before`
               }
        from (
          select t.id, t.max_people, t.free, ${priced.minNights} as min_nights,
                 -- Its cheapest live plan for the party (one room: the whole party; more: two adults a room).
                 (select min(${priced.planTotal} + q.nights::bigint * ${partyAddOn})
                  from rate_plans p where p.room_type_id = t.id and p.archived_at is null) as total
          from (
            select t.id, t.max_people, t.price, t.weekend_price, t.min_nights,
                   t.live_rooms - coalesce(cardinality(array_positions(tk.types, t.id)), 0) as free,
                   ${priced.seasons} as seasons
            from (
              -- The stay's taken rooms on the dates, once each, as the list of their types (read once per stay).
              ${
                shape.oneNight
                  ? sql`select array_agg(n.room_type_id) as types
              from room_nights n
              where n.stay_id = s.id and n.night = q.ci and n.blocks_until > now()`
                  : sql`select array_agg(d.room_type_id) as types
              from (
                select distinct n.room_type_id, n.room_number_id
                from room_nights n
                where n.stay_id = s.id and n.night >= q.ci and n.night < q.co and n.blocks_until > now()
              ) d`
              }
            ) tk
            cross join room_types t
            where t.stay_id = s.id and t.archived_at is null
            -- Largest first, as the running count of free rooms below wants them (read so from the index); a
            -- subquery of its own, so that each type's seasons are read once, not once per use.
            ${shape.oneRoom ? sql`` : sql`order by t.max_people desc, t.id desc`}
            offset 0
          ) t
        ) t
        where t.free > 0 and t.min_nights <= q.nights
      ) ft
    ) a
    where ${LISTED} and s.city = any(${p('cities')}::text[])
      and (${p('type')}::text is null or s.type = ${p('type')}::text)
      and s.amenities @> ${p('amenities')}::text[]
      and (${p('minRating')}::numeric is null or ${SHOWN_RATING} >= ${p('minRating')}::numeric)
      and a.free_rooms >= ${p('rooms')}::int and a.capacity >= ${p('guests')}::int
      and (${p('minPrice')}::int is null or a.lowest_price >= ${p('minPrice')}::int)
      and (${p('maxPrice')}::int is null or a.lowest_price <= ${p('maxPrice')}::int)
    order by ${ORDER[sort]}
    limit ${p('limit')}::int offset ${p('offset')}::int`;
}

/** The shape of a search's statement (SearchShape). */
export const searchShape = (f: Pick<AvailabilityFilter, 'rooms' | 'checkIn' | 'checkOut'>): SearchShape => ({
  oneRoom: f.rooms === 1,
  oneNight: addDays(f.checkIn, 1) === f.checkOut,
});

const SHAPES: SearchShape[] = [
  { oneRoom: false, oneNight: false },
  { oneRoom: false, oneNight: true },
  { oneRoom: true, oneNight: false },
  { oneRoom: true, oneNight: true },
];
const shapeKey = (sort: SearchSort, shape: SearchShape) =>
  `search_${sort}${shape.oneRoom ? '_1r' : ''}${shape.oneNight ? '_1n' : ''}`;

/** One prepared statement per sort and shape (16): each planned once per connection. */
const searchStatements = new Map(
  SEARCH_SORTS.flatMap((sort) =>
    SHAPES.map((shape) => {
      const name = shapeKey(sort, shape);
      return [name, namedStatement<HitRow>(name, searchSql(sort, shape))] as const;
    }),
  ),
);

/**
 * How many stays match in all (for a page past the end, where the window count is absent): one statement per shape,
 * as a shape prices the party its own way (ADR 065) and a price filter counts by that price.
 */
const countStatements = new Map(
  SHAPES.map((shape) => {
    const name = shapeKey('price_asc', shape).replace('search_price_asc', 'search_count');
    return [
      name,
      namedStatement<{ n: number | string }>(name, sql`select count(*) as n from (${searchSql('price_asc', shape)}) x`),
    ] as const;
  }),
);

/** Every live stay's city (for matching what a guest typed against the start of city names). */
export async function liveCities(db: Queryable): Promise<string[]> {
  const rows = await selectRows<{ city: string }>(db, sql`select distinct city from stays s where ${LISTED}`);
  return rows.map((r) => r.city);
}

export function findAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<HitRow[]> {
  const statement = searchStatements.get(shapeKey(f.sort, searchShape(f)));
  if (!statement) throw new Error(`no search statement for ${f.sort}`);
  return statement(db, searchValues(f));
}

/** Total of matches when the requested page lies past the end (the window count is then absent). */
export async function countAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<number> {
  const statement = countStatements.get(shapeKey('price_asc', searchShape(f)).replace('search_price_asc', 'search_count'));
  if (!statement) throw new Error('no count statement');
  const [row] = await statement(db, { ...searchValues(f), limit: 1_000_000, offset: 0 });
  return Number(row?.n ?? 0);
}

export type RoomAvailabilityRow = {
  stay_id: string;
  /** The last night any season of the stay may price (stays.seasons_until): none reach the dates when earlier. */
  seasons_until: string | null;
  /** The stay's cancellation policy (a plan without one of its own sells under it). */
  free_days: number;
  refund_percent: number;
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
  return roomAvailabilityStatement(db, { stayId, checkIn, checkOut });
}

// Raw rows (no per-field mapping: this answers every room dialog). The stay's taken rooms are read once for the
// statement (the subquery depends on the parameters only).
const roomAvailabilityStatement = namedStatement<RoomAvailabilityRow>(
  'room_availability',
  sql`
    select s.id as stay_id, s.seasons_until::text as seasons_until, s.cancellation_free_days as free_days,
           s.cancellation_refund_percent as refund_percent, t.id as room_type_id, t.title, t.description,
           t.price, t.weekend_price, t.min_nights, t.max_people, n.id as room_number_id, n.number,
           case when n.id is null then null else n.id = any(array(${takenRooms(
             sql`${sql.placeholder('stayId')}::uuid`,
             sql.placeholder('checkIn'),
             sql.placeholder('checkOut'),
           )})) end as taken
    from stays s
    left join room_types t on t.stay_id = s.id and t.archived_at is null
    left join room_numbers n on n.room_type_id = t.id and n.archived_at is null
    where s.id = ${sql.placeholder('stayId')}::uuid and s.archived_at is null
    order by t.price asc, t.title asc, t.id asc, n.number asc`,
);

/** A stay as the search index keeps it (availability/): its row, its rank in name order in its city, seasons' end. */
export type IndexStayRow = StayRow & { rank: number | string; seasons_until_day: number | string | null };

const STAY_COLUMNS = sql.raw(`s.id, s.name, s.type, s.title, s.address, s.city, s.distance, s.description, s.overview,
  s.amenities, s.rating, s.experience, s.reviews_count, s.reviews_rating, s.featured, s.hotel_image, s.room_images,
  s.created_at`);

/** A uuid[] parameter (one value, not a list of them). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The live stays of a city (or those of `ids` still live there), with their rank in the search's name order. */
export function indexStays(db: Queryable, o: { city: string; ids?: readonly string[] }): Promise<IndexStayRow[]> {
  return selectRows<IndexStayRow>(
    db,
    sql`select * from (
      select ${STAY_COLUMNS}, s.seasons_until - date '1970-01-01' as seasons_until_day,
             row_number() over (order by s.name asc, s.id asc) as rank
      from stays s
      where s.city = ${o.city} and ${LISTED}
    ) x ${o.ids ? sql`where x.id = any(${uuidArray(o.ids)})` : sql``}`,
  );
}

/** The rank of every live stay of a city in the search's name order. */
export function cityRanks(db: Queryable, city: string) {
  return selectRows<{ id: string; rank: number | string }>(
    db,
    sql`select s.id, row_number() over (order by s.name asc, s.id asc) as rank
        from stays s where s.city = ${city} and ${LISTED}`,
  );
}

/**
 * The live room types of the stays, with their live room counts (room_types.live_rooms), each stay's largest first
 * (max_people desc, id desc: the search statement's order).
 */
export function indexTypes(db: Queryable, stayIds: readonly string[]) {
  return selectRows<{
    id: string;
    stay_id: string;
    max_people: number;
    price: number;
    weekend_price: number | null;
    min_nights: number;
    live_rooms: number;
  }>(
    db,
    sql`select t.id, t.stay_id, t.max_people, t.price, t.weekend_price, t.min_nights, t.live_rooms
        from room_types t where t.stay_id = any(${uuidArray(stayIds)}) and t.archived_at is null
        order by t.stay_id, t.max_people desc, t.id desc`,
  );
}

/** The seasons (room_type_rates) of the stays' room types, their dates as days since 1970-01-01. */
export function indexSeasons(db: Queryable, stayIds: readonly string[]) {
  return selectRows<{
    room_type_id: string;
    starts_day: number | string;
    ends_day: number | string;
    price: number;
    weekend_price: number | null;
    min_nights: number | null;
  }>(
    db,
    sql`select r.room_type_id, r.starts_on - date '1970-01-01' as starts_day, r.ends_on - date '1970-01-01' as ends_day,
               r.price, r.weekend_price, r.min_nights
        from room_type_rates r where r.stay_id = any(${uuidArray(stayIds)})`,
  );
}

/**
 * The stays' nights from `from` that block their room now or later, one row per stay with its nights in night order
 * as arrays: the day (since 1970-01-01), the (room, type) pair (numbered from 0 within the stay), the index of the
 * type among the stay's live types in indexTypes' order (-1: not a live type), and until when in ms (Infinity: for
 * good). Numbers only: a city's million nights arrive as a few thousand rows.
 */
export function indexNights(db: Queryable, stayIds: readonly string[], from: string) {
  const ids = uuidArray(stayIds);
  return selectRows<{ stay_id: string; days: number[]; pairs: number[]; types: number[]; until: number[] }>(
    db,
    sql`select x.stay_id, array_agg(x.day order by x.day, x.pair) as days, array_agg(x.pair order by x.day, x.pair) as pairs,
               array_agg(x.type_index order by x.day, x.pair) as types, array_agg(x.until order by x.day, x.pair) as until
        from (
          select n.stay_id, n.night - date '1970-01-01' as day,
                 (dense_rank() over (partition by n.stay_id order by n.room_number_id, n.room_type_id))::int - 1 as pair,
                 coalesce(t.k, -1) as type_index,
                 case when n.blocks_until = 'infinity' then 'Infinity'::float8
                      else floor(extract(epoch from n.blocks_until) * 1000)::float8 end as until
          from room_nights n
          left join (
            select t.id, (row_number() over (partition by t.stay_id order by t.max_people desc, t.id desc))::int - 1 as k
            from room_types t where t.stay_id = any(${ids}) and t.archived_at is null
          ) t on t.id = n.room_type_id
          where n.stay_id = any(${ids}) and n.night >= ${from}::date and n.blocks_until > now()
        ) x
        group by x.stay_id`,
  );
}

/** The live rate plans of the stays' room types (ADR 065): what prices them, by room type. */
export function indexPlans(db: Queryable, stayIds: readonly string[]) {
  return selectRows<unknown>(
    db,
    sql`select p.room_type_id, p.adjust_kind, p.adjust_value, p.single_less, p.extra_adult, p.child_price, p.infant_price
        from rate_plans p where p.stay_id = any(${uuidArray(stayIds)}) and p.archived_at is null
        order by p.room_type_id, p.standard desc, p.created_at, p.id`,
  ).then((rows) => IndexPlanRows.parse(rows));
}

const IndexPlanRows = z.array(
  z.object({
    room_type_id: z.string(),
    adjust_kind: z.enum(DERIVATION_KINDS).nullable(),
    adjust_value: z.coerce.number(),
    single_less: z.coerce.number(),
    extra_adult: z.coerce.number(),
    child_price: z.coerce.number(),
    infant_price: z.coerce.number(),
  }),
);
