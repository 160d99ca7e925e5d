import type { SearchSort } from '@repo/shared/schemas/search';
import { and, asc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { preparedPer, type Queryable } from '#src/db/client.ts';
import { roomNumbers, roomTypes, stays } from '#src/db/schema/index.ts';

/** A room-night blocks a room only while its booking is confirmed or holds it unexpired (a lapsed hold frees it). */
const blocking = sql`(b.status = 'confirmed' or (b.status = 'pending_payment' and b.hold_expires_at > now()))`;

/** The rooms of a stay with a night in [checkIn, checkOut) that blocks them (one probe of room_nights_stay_night_idx). */
const takenRooms = (stayId: SQL | Placeholder, checkIn: string | Placeholder, checkOut: string | Placeholder) => sql`
  select n.room_number_id
  from room_nights n
  join bookings b on b.id = n.booking_id
  where n.stay_id = ${stayId}
    and n.night >= ${checkIn}::date
    and n.night < ${checkOut}::date
    and ${blocking}`;

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
  featured: boolean;
  hotel_image: { key: string; width: number; height: number } | null;
  room_images: { key: string; width: number; height: number }[] | null;
  created_at: Date | string;
};

export type HitRow = StayRow & { lowest_price: number | string; free_rooms: number | string; total: number | string };

const ORDER: Record<SearchSort, SQL> = {
  price_asc: sql`a.lowest_price asc, s.rating desc, s.name asc, s.id asc`,
  price_desc: sql`a.lowest_price desc, s.rating desc, s.name asc, s.id asc`,
  rating: sql`s.rating desc, a.lowest_price asc, s.name asc, s.id asc`,
  distance: sql`s.distance asc, a.lowest_price asc, s.name asc, s.id asc`,
};

/** The SQL of one search page (also used by the bench for EXPLAIN ANALYZE). */
export function searchSql(f: AvailabilityFilter): SQL {
  const stayFilters: SQL[] = [
    sql`s.archived_at is null`,
    sql`s.city = any(array[${sql.join(
      f.cities.map((c) => sql`${c}`),
      sql`, `,
    )}]::text[])`,
  ];
  if (f.type) stayFilters.push(sql`s.type = ${f.type}`);
  if (f.amenities?.length)
    stayFilters.push(
      sql`s.amenities @> array[${sql.join(
        f.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  if (f.minRating !== undefined) stayFilters.push(sql`s.rating >= ${f.minRating}`);

  const priceFilters: SQL[] = [sql`true`];
  if (f.minPrice !== undefined) priceFilters.push(sql`a.lowest_price >= ${f.minPrice}`);
  if (f.maxPrice !== undefined) priceFilters.push(sql`a.lowest_price <= ${f.maxPrice}`);

  // candidate: the live stays of the city that pass the stay filters (index on stays(city)).
  // taken: per stay, an array of the rooms with a taken night in [checkIn, checkOut).
  // free: their live room numbers (per stay, from room_numbers_stay_live_idx alone) not taken, ranked by size within
  // the stay. Both are read per stay (the rooms in a subquery that offset 0 keeps apart): joined as whole tables, the
  // planner may instead hash every taken night of those dates in every city (a seq scan of bookings), 4× slower.
  // available: stays with at least `rooms` free rooms whose `rooms` largest hold the party; lowest free price.
  return sql`
    with candidate as materialized (
      select s.id, s.name, s.type, s.title, s.address, s.city, s.distance, s.description, s.overview, s.amenities,
             s.rating, s.experience, s.featured, s.hotel_image, s.room_images, s.created_at
      from stays s
      where ${sql.join(stayFilters, sql` and `)}
    ),
    free as (
      select rt.stay_id, rt.price, rt.max_people,
             row_number() over (partition by rt.stay_id order by rt.max_people desc) as size_rank
      from candidate c
      cross join lateral (select array(${takenRooms(sql`c.id`, f.checkIn, f.checkOut)}) as ids) taken
      cross join lateral (
        select t.id, t.stay_id, t.price, t.max_people from room_types t where t.stay_id = c.id and t.archived_at is null offset 0
      ) rt
      join lateral (
        select r.id, r.room_type_id
        from room_numbers r
        where r.stay_id = c.id and r.archived_at is null and r.id <> all(taken.ids)
        offset 0
      ) rn on rn.room_type_id = rt.id
    ),
    available as (
      select stay_id, count(*) as free_rooms, min(price) as lowest_price
      from free
      group by stay_id
      having count(*) >= ${f.rooms}
         and coalesce(sum(max_people) filter (where size_rank <= ${f.rooms}), 0) >= ${f.guests}
    )
    select s.*, a.lowest_price, a.free_rooms, count(*) over () as total
    from available a
    join candidate s on s.id = a.stay_id
    where ${sql.join(priceFilters, sql` and `)}
    order by ${ORDER[f.sort]}
    limit ${f.limit} offset ${f.offset}`;
}

/** Every live stay's city (for matching what a guest typed against the start of city names). */
export async function liveCities(db: Queryable): Promise<string[]> {
  const res = (await db.execute(sql`select distinct city from stays where archived_at is null`)) as unknown as Rows<{
    city: string;
  }>;
  return res.rows.map((r) => r.city);
}

type Rows<T> = { rows: T[] };

export async function findAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<HitRow[]> {
  const res = (await db.execute(searchSql(f))) as unknown as Rows<HitRow>;
  return res.rows;
}

/** Total of matches when the requested page lies past the end (the window count is then absent). */
export async function countAvailableStays(db: Queryable, f: AvailabilityFilter): Promise<number> {
  const res = (await db.execute(
    sql`select count(*) as n from (${searchSql({ ...f, limit: 1_000_000, offset: 0 })}) x`,
  )) as unknown as Rows<{
    n: number | string;
  }>;
  return Number(res.rows[0]?.n ?? 0);
}

export type RoomAvailabilityRow = {
  stay_id: string;
  room_type_id: string | null;
  title: string | null;
  description: string | null;
  price: number | null;
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
      room_type_id: roomTypes.id,
      title: roomTypes.title,
      description: roomTypes.description,
      price: roomTypes.price,
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
