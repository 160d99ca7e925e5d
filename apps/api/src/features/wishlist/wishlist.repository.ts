import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { stays, wishlistItems } from '#src/db/schema/index.ts';
import { cheapestRoomPrice } from '#src/features/stays/index.ts';

const live = isNull(stays.archivedAt);
const mine = (userId: string) => eq(wishlistItems.userId, userId);
const newestFirst = [desc(wishlistItems.createdAt), asc(wishlistItems.stayId)];

/** The guest's saved live stays with their cheapest room price, newest first. */
export async function savedStays(db: Queryable, userId: string, limit: number) {
  return await db
    .select({ stay: stays, roomPrice: cheapestRoomPrice })
    .from(wishlistItems)
    .innerJoin(stays, eq(stays.id, wishlistItems.stayId))
    .where(and(mine(userId), live))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** The ids of the guest's saved live stays, newest first. */
export async function savedStayIds(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: wishlistItems.stayId })
    .from(wishlistItems)
    .innerJoin(stays, eq(stays.id, wishlistItems.stayId))
    .where(and(mine(userId), live))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function isLiveStay(db: Queryable, stayId: string): Promise<boolean> {
  const rows = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.id, stayId), live))
    .limit(1);
  return rows.length > 0;
}

export async function isSaved(db: Queryable, userId: string, stayId: string): Promise<boolean> {
  const rows = await db
    .select({ id: wishlistItems.stayId })
    .from(wishlistItems)
    .where(and(mine(userId), eq(wishlistItems.stayId, stayId)))
    .limit(1);
  return rows.length > 0;
}

/** How many stays the guest keeps saved, archived ones included (they still take a place until removed). */
export async function savedCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wishlistItems).where(mine(userId));
  return Number(row?.n ?? 0);
}

/** Serialises changes to one guest's list for the rest of the transaction (its cap is counted right). */
export async function lockListOf(tx: Queryable, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('staybook:wishlist:' || ${userId}::text, 0))`);
}

/** Saves a stay; saving it again keeps the first save (and its place in the list). */
export async function insertItem(db: Queryable, userId: string, stayId: string) {
  await db.insert(wishlistItems).values({ userId, stayId }).onConflictDoNothing();
}

export async function deleteItem(db: Queryable, userId: string, stayId: string) {
  await db.delete(wishlistItems).where(and(mine(userId), eq(wishlistItems.stayId, stayId)));
}
