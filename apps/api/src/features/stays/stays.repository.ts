import type { StayType } from '@repo/shared/constants/domain';
import { and, asc, count, desc, eq, getTableName, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { preparedPer, type Queryable } from '#src/db/client.ts';
import { bookings, ratePlans, roomBlocks, roomNights, roomNumbers, roomTypes, stays, users } from '#src/db/schema/index.ts';
import type { StayRow } from './stay-dto.ts';

/**
 * SQL for the cheapest live room type's nightly price of the `stays` row in scope (null when it has none).
 * Select it next to the stay's columns and hand both to `toStayDto`. (Drizzle leaves column names unqualified in a
 * single-table select, so the outer reference is spelled out.)
 */
export const cheapestRoomPrice: SQL.Aliased<number | null> = sql<number | null>`(
  select min(rt.price) from ${roomTypes} rt
  where rt.stay_id = ${sql.identifier(getTableName(stays))}.id and rt.archived_at is null
)`
  .mapWith(Number)
  .as('cheapest_room_price');

/**
 * The rating guests see, in SQL over the `stays` row in scope: the reviews' average once the stay has reviews, else
 * the owner's rating (as `shownRating` in packages/shared).
 */
export const shownRatingSql: SQL<number> = sql<number>`(case when ${stays.reviewsCount} > 0 and ${stays.reviewsRating} is not null then ${stays.reviewsRating} else ${stays.rating} end)`;

export type StayValues = Omit<typeof stays.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
export type StayWithPrice = { stay: StayRow; roomPrice: number | null };

const live = isNull(stays.archivedAt);
/** Live and for sale: what the home page lists and counts, as the searches do (ADR 054). */
const listed = and(live, isNull(stays.notForSale));

async function selectStays(db: Queryable, where: SQL | undefined, opts: { limit?: number; byRating?: boolean } = {}) {
  const q = db
    .select({ stay: stays, roomPrice: cheapestRoomPrice })
    .from(stays)
    .where(where)
    .orderBy(...(opts.byRating ? [desc(shownRatingSql), asc(stays.name)] : [asc(stays.name), asc(stays.id)]));
  return opts.limit ? q.limit(opts.limit) : q;
}

const liveStayById = preparedPer((db) =>
  db
    .select({ stay: stays, roomPrice: cheapestRoomPrice })
    .from(stays)
    .where(and(eq(stays.id, sql.placeholder('id')), live))
    .prepare('find_live_stay'),
);

/** A live (not archived) stay with its cheapest room price. */
export async function findLiveStay(db: Queryable, id: string): Promise<StayWithPrice | undefined> {
  const [row] = await liveStayById(db).execute({ id });
  return row;
}

const stayPageById = preparedPer((db) =>
  db
    .select({ stay: stays, roomPrice: cheapestRoomPrice, ownerMobile: users.mobile })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.ownerId))
    .where(and(eq(stays.id, sql.placeholder('id')), live))
    .prepare('find_stay_page'),
);

/** A live stay for its own page: with its cheapest room price and its owner's mobile (the seller's contact number). */
export async function findStayPage(db: Queryable, id: string): Promise<(StayWithPrice & { ownerMobile: string }) | undefined> {
  const [row] = await stayPageById(db).execute({ id });
  return row;
}

/** The stay types an admin owns, in the product's order. */
export async function ownedTypes(db: Queryable, ownerId: string, order: readonly StayType[]): Promise<StayType[]> {
  const rows = await db
    .selectDistinct({ type: stays.type })
    .from(stays)
    .where(and(eq(stays.ownerId, ownerId), live));
  const have = new Set(rows.map((r) => r.type));
  return order.filter((t) => have.has(t));
}

export function ownedStays(db: Queryable, ownerId: string, type?: StayType) {
  return selectStays(db, and(eq(stays.ownerId, ownerId), live, type ? eq(stays.type, type) : undefined));
}

/** Stays for sale for the home page: featured ones only when asked, best rated first (by the rating guests see). */
export function publicStays(db: Queryable, opts: { featured?: boolean; limit: number }) {
  return selectStays(db, and(listed, opts.featured ? eq(stays.featured, true) : undefined), {
    limit: opts.limit,
    byRating: true,
  });
}

/** Stays for sale per value of a column, for the values asked (others are absent from the map). */
async function countBy(db: Queryable, column: typeof stays.city | typeof stays.type, values: string[]) {
  if (values.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ value: column, n: count() })
    .from(stays)
    .where(and(listed, inArray(column, values)))
    .groupBy(column);
  return new Map(rows.map((r) => [r.value, Number(r.n)]));
}
export const countByCity = (db: Queryable, cities: string[]) => countBy(db, stays.city, cities);
export const countByType = (db: Queryable, types: StayType[]) => countBy(db, stays.type, types);

export async function insertStay(db: Queryable, values: StayValues): Promise<StayRow> {
  const [row] = await db.insert(stays).values(values).returning();
  if (!row) throw new Error('stay not inserted');
  return row;
}

export async function updateStay(db: Queryable, id: string, values: Partial<StayValues>): Promise<StayRow> {
  const [row] = await db
    .update(stays)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stays.id, id))
    .returning();
  if (!row) throw new Error('stay not updated');
  return row;
}

/** Locks a live stay row for the rest of the transaction (concurrent edits and deletes queue up). */
export async function lockStay(tx: Queryable, id: string): Promise<StayRow | undefined> {
  const [row] = await tx
    .select()
    .from(stays)
    .where(and(eq(stays.id, id), live))
    .for('update');
  return row;
}

export async function hasAnyBooking(db: Queryable, stayId: string): Promise<boolean> {
  const rows = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.stayId, stayId)).limit(1);
  return rows.length > 0;
}

export async function archiveStay(db: Queryable, id: string) {
  await db.update(stays).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(stays.id, id));
}

/** Deletes a stay that has no booking, with its owner's blocks (their nights), room types, their plans and room numbers. */
export async function deleteStayWithRooms(db: Queryable, id: string) {
  await db.delete(roomNights).where(eq(roomNights.stayId, id));
  await db.delete(roomBlocks).where(eq(roomBlocks.stayId, id));
  await db.delete(roomNumbers).where(eq(roomNumbers.stayId, id));
  await db.delete(ratePlans).where(eq(ratePlans.stayId, id));
  await db.delete(roomTypes).where(eq(roomTypes.stayId, id));
  await db.delete(stays).where(eq(stays.id, id));
}

/** The image keys among `keys` that some stay (archived ones included) still shows. */
export async function keysInUse(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ hotelImage: stays.hotelImage, roomImages: stays.roomImages })
    .from(stays)
    .where(
      or(
        ...keys.map((k) =>
          or(sql`${stays.hotelImage} ->> 'key' = ${k}`, sql`${stays.roomImages} @> ${JSON.stringify([{ key: k }])}::jsonb`),
        ),
      ),
    );
  const used = new Set<string>();
  for (const r of rows) {
    if (r.hotelImage) used.add(r.hotelImage.key);
    for (const img of r.roomImages) used.add(img.key);
  }
  return new Set(keys.filter((k) => used.has(k)));
}
