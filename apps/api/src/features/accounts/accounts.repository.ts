import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import { sessions, subscribers, users } from '#src/db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileChanges = Partial<
  Pick<
    UserRow,
    'firstName' | 'lastName' | 'mobile' | 'email' | 'emailConfirmedAt' | 'billingAddress' | 'billingPin' | 'billingState'
  >
>;

export async function findActiveUser(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)))
    .limit(1);
  return row;
}

/** True when the user has a session that is neither revoked nor expired, in either area. */
export async function hasLiveSession(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/** Applies the given fields; a taken email surfaces as the unique violation of `users_email_key`. */
export async function updateUser(db: Queryable, id: string, changes: ProfileChanges): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.archivedAt)))
    .returning();
  return row;
}

export async function isEmailTakenByOther(db: Queryable, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Adds the email once; a second time changes nothing. */
export async function addSubscriber(db: Queryable, email: string): Promise<void> {
  await db.insert(subscribers).values({ email }).onConflictDoNothing({ target: subscribers.email });
}
