import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '#src/db/client.ts';
import { bookings, grievanceMessages, grievances, stays, users } from '#src/db/schema/index.ts';

export type GrievanceRow = typeof grievances.$inferSelect;
export type MessageRow = typeof grievanceMessages.$inferSelect;

/** Whose tickets: a guest's own, those of an owner's stays, or every ticket (the platform). */
export type Scope = { userId: string } | { ownerId: string } | { all: true };

const scopeWhere = (scope: Scope): SQL | undefined =>
  'userId' in scope ? eq(grievances.userId, scope.userId) : 'ownerId' in scope ? eq(stays.ownerId, scope.ownerId) : undefined;

/** The guest's own booking (undefined for another guest's or none). */
export async function bookingOfUser(q: Queryable, userId: string, bookingId: string) {
  const [row] = await q
    .select({ id: bookings.id, stayId: bookings.stayId })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .limit(1);
  return row;
}

export async function insertGrievance(tx: Tx, values: typeof grievances.$inferInsert): Promise<GrievanceRow> {
  const [row] = await tx.insert(grievances).values(values).returning();
  if (!row) throw new Error('grievance not inserted');
  return row;
}

export async function insertMessage(tx: Tx, values: typeof grievanceMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await tx.insert(grievanceMessages).values(values).returning();
  if (!row) throw new Error('grievance message not inserted');
  return row;
}

/** The ticket locked for the rest of the transaction, with its stay's owner, if the scope may see it. */
export async function lockGrievance(tx: Tx, id: string, scope: Scope) {
  const [row] = await tx
    .select({ grievance: grievances, ownerId: stays.ownerId })
    .from(grievances)
    .innerJoin(stays, eq(stays.id, grievances.stayId))
    .where(and(eq(grievances.id, id), scopeWhere(scope)))
    .for('update', { of: grievances })
    .limit(1);
  return row;
}

export async function updateGrievance(tx: Tx, id: string, values: Partial<GrievanceRow>) {
  await tx.update(grievances).set(values).where(eq(grievances.id, id));
}

export type GrievanceListRow = {
  grievance: GrievanceRow;
  hotelName: string;
  orderId: string | null;
  from: string;
  to: string;
  guestFirstName: string;
  guestLastName: string;
};

/** Tickets the scope may see (one when `id` is given), newest first, with their booking and guest. */
export async function listGrievances(q: Queryable, scope: Scope, id?: string): Promise<GrievanceListRow[]> {
  return q
    .select({
      grievance: grievances,
      hotelName: bookings.hotelName,
      orderId: bookings.providerOrderId,
      from: bookings.checkIn,
      to: bookings.checkOut,
      guestFirstName: users.firstName,
      guestLastName: users.lastName,
    })
    .from(grievances)
    .innerJoin(bookings, eq(bookings.id, grievances.bookingId))
    .innerJoin(stays, eq(stays.id, grievances.stayId))
    .innerJoin(users, eq(users.id, grievances.userId))
    .where(and(scopeWhere(scope), id ? eq(grievances.id, id) : undefined))
    .orderBy(desc(grievances.createdAt), desc(grievances.serial));
}

/** The threads of these tickets, oldest message first, with each author's name. */
export async function messagesOf(q: Queryable, ids: readonly string[]) {
  if (!ids.length) return [];
  return q
    .select({ message: grievanceMessages, firstName: users.firstName, lastName: users.lastName })
    .from(grievanceMessages)
    .innerJoin(users, eq(users.id, grievanceMessages.authorId))
    .where(inArray(grievanceMessages.grievanceId, [...ids]))
    .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
}

export type ThreadRow = Awaited<ReturnType<typeof messagesOf>>[number];

/** A ticket's guest (for mails) and its stay's owner. */
export async function partiesOf(q: Queryable, grievanceId: string) {
  const [row] = await q
    .select({ grievance: grievances, guestEmail: users.email, guestFirstName: users.firstName, ownerId: stays.ownerId })
    .from(grievances)
    .innerJoin(users, eq(users.id, grievances.userId))
    .innerJoin(stays, eq(stays.id, grievances.stayId))
    .where(eq(grievances.id, grievanceId))
    .limit(1);
  return row;
}

export async function userEmail(q: Queryable, id: string) {
  const [row] = await q.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findMessage(q: Queryable, id: string) {
  const [row] = await q.select().from(grievanceMessages).where(eq(grievanceMessages.id, id)).limit(1);
  return row;
}

export async function hotelNameOf(q: Queryable, bookingId: string) {
  const [row] = await q
    .select({ hotelName: bookings.hotelName, orderId: bookings.providerOrderId })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
