import { and, asc, count, eq, getTableName, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { bookings, passwordResets, sessions, staffMembers, stays, users } from '#src/db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type UserWithLogin = { user: UserRow; isLoggedIn: boolean };

/** True when the user has a live session (not revoked, not expired). */
const isLoggedIn = sql<boolean>`exists (
  select 1 from ${sessions} s
  where s.user_id = ${sql.identifier(getTableName(users))}.id and s.revoked_at is null and s.expires_at > now()
)`.mapWith(Boolean);

export function listLiveUsers(db: Queryable): Promise<UserWithLogin[]> {
  return db
    .select({ user: users, isLoggedIn })
    .from(users)
    .where(isNull(users.archivedAt))
    .orderBy(asc(users.createdAt), asc(users.email));
}

export async function findLiveUser(db: Queryable, id: string): Promise<UserWithLogin | undefined> {
  const [row] = await db
    .select({ user: users, isLoggedIn })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)));
  return row;
}

export async function emailOwner(db: Queryable, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

export async function updateUser(
  db: Queryable,
  id: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'mobile' | 'email' | 'isAdmin' | 'isPlatform'> & {
    adminRequestedAt?: Date | null;
  },
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** True when the user has any booking or manages any stay: rows that must be kept reference the account. */
export async function hasRecords(db: Queryable, userId: string): Promise<boolean> {
  const [b] = await db.select({ n: count() }).from(bookings).where(eq(bookings.userId, userId));
  if (Number(b?.n ?? 0) > 0) return true;
  const [s] = await db.select({ n: count() }).from(stays).where(eq(stays.ownerId, userId));
  if (Number(s?.n ?? 0) > 0) return true;
  // Staff, or an owner who had staff (ADR 066): what they did stays recorded under their account.
  const [m] = await db
    .select({ n: count() })
    .from(staffMembers)
    .where(or(eq(staffMembers.userId, userId), eq(staffMembers.ownerId, userId)));
  return Number(m?.n ?? 0) > 0;
}

export async function revokeSessions(db: Queryable, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function archiveUser(db: Queryable, userId: string) {
  await db.update(users).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function deleteUser(db: Queryable, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
}
