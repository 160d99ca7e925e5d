import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '#src/db/client.ts';
import { bookings, reviews, stays, users } from '#src/db/schema/index.ts';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithName = { review: ReviewRow; firstName: string };

/** The booking row locked for the rest of the transaction (one review per booking, written once). */
export async function lockBooking(tx: Tx, id: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
  return row;
}

export async function findReviewOfBooking(q: Queryable, bookingId: string): Promise<ReviewRow | undefined> {
  const [row] = await q.select().from(reviews).where(eq(reviews.bookingId, bookingId)).limit(1);
  return row;
}

export async function insertReview(tx: Tx, values: typeof reviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await tx.insert(reviews).values(values).returning();
  if (!row) throw new Error('review not inserted');
  return row;
}

/** The guest's new rating and text; the owner's reply stays. */
export async function updateReview(tx: Tx, id: string, values: { rating: number; body: string; at: Date }): Promise<ReviewRow> {
  const [row] = await tx
    .update(reviews)
    .set({ rating: values.rating, body: values.body, updatedAt: values.at })
    .where(eq(reviews.id, id))
    .returning();
  if (!row) throw new Error('review vanished');
  return row;
}

export async function deleteReview(tx: Tx, id: string) {
  await tx.delete(reviews).where(eq(reviews.id, id));
}

/**
 * Sets the stay's review count and average (1 decimal) from its reviews, in the caller's transaction. The stay row
 * is locked first, by a statement of its own: the counting statement then starts after any other transaction that
 * changed this stay's reviews has committed, and sees their rows. (An UPDATE that waits for the row lock itself
 * would still count with the snapshot it took before waiting, and lose them.) So concurrent reviews, edits and
 * deletes of one stay count each other.
 */
export async function refreshStayRating(tx: Tx, stayId: string) {
  // "no key update", as the UPDATE below takes it: a new review's key-share lock on the stay (its foreign key) does
  // not conflict with it, so two new reviews of one stay do not deadlock.
  await tx.select({ id: stays.id }).from(stays).where(eq(stays.id, stayId)).for('no key update');
  await tx
    .update(stays)
    .set({
      reviewsCount: sql`(select count(*)::int from ${reviews} r where r.stay_id = ${stayId})`,
      reviewsRating: sql`(select round(avg(r.rating), 1) from ${reviews} r where r.stay_id = ${stayId})`,
    })
    .where(eq(stays.id, stayId));
}

/** A live stay's id and owner (undefined when it does not exist or is archived). */
export async function findLiveStay(q: Queryable, id: string) {
  const [row] = await q
    .select({ id: stays.id, ownerId: stays.ownerId })
    .from(stays)
    .where(and(eq(stays.id, id), isNull(stays.archivedAt)))
    .limit(1);
  return row;
}

/** One page of a stay's reviews, newest first, with the guests' first names, and how many there are in all. */
export async function reviewsOfStay(
  q: Queryable,
  stayId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ReviewWithName[]; total: number }> {
  const [rows, totals] = await Promise.all([
    q
      .select({ review: reviews, firstName: users.firstName })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.stayId, stayId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ n: count() }).from(reviews).where(eq(reviews.stayId, stayId)),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

/** A review with its stay's owner, locked for the rest of the transaction. */
export async function lockReviewWithOwner(tx: Tx, id: string) {
  const [row] = await tx
    .select({ review: reviews, ownerId: stays.ownerId })
    .from(reviews)
    .innerJoin(stays, eq(stays.id, reviews.stayId))
    .where(eq(reviews.id, id))
    .for('update', { of: reviews })
    .limit(1);
  return row;
}

export async function setReply(tx: Tx, id: string, reply: string, at: Date): Promise<ReviewRow> {
  const [row] = await tx.update(reviews).set({ reply, repliedAt: at }).where(eq(reviews.id, id)).returning();
  if (!row) throw new Error('review vanished');
  return row;
}

export async function firstNameOf(q: Queryable, userId: string): Promise<string> {
  const [row] = await q.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.firstName ?? '';
}
