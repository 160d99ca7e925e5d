import type { Audience } from '@repo/shared/constants/domain';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import {
  adminBootstrap,
  emailConfirmations,
  passwordResets,
  sessions,
  staffMembers,
  staffMemberStays,
  users,
} from '#src/db/schema/index.ts';
import type { StaffScope } from '@repo/shared/domain/staff';
import { RETENTION } from '@repo/shared/domain/retention';

export type UserRow = typeof users.$inferSelect;

/** A user not archived, locked for the rest of the transaction (a profile or role change, a deletion). */
export async function lockLiveUser(tx: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.archivedAt)))
    .for('update');
  return row;
}
export type NewUser = Pick<
  typeof users.$inferInsert,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'mobile'
  | 'passwordHash'
  | 'isAdmin'
  | 'isPlatform'
  | 'adminRequestedAt'
  | 'emailConfirmedAt'
>;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user; a taken email surfaces as the unique violation of `users_email_key`. */
export async function insertUser(db: Queryable, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Admins who can act now (archived accounts do not count). */
export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.archivedAt)));
  return row?.n ?? 0;
}

/** Platform admins who can act now (ADR 023). */
export async function countActivePlatforms(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isPlatform, true), isNull(users.archivedAt)));
  return row?.n ?? 0;
}

/**
 * Serialises every change to who is an admin (registration, granting, demoting, deleting) for the rest of the
 * transaction: two "first admin" sign-ups cannot both get the flag, and two admins can not remove each other.
 */
export async function lockAdminSet(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('staybook:admin-registration'))`);
}

/** True once any account has ever had admin rights (kept by a trigger on users). */
export async function adminEverExisted(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: adminBootstrap.id }).from(adminBootstrap).limit(1);
  return Boolean(row);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertSession(db: Queryable, userId: string, audience: Audience, expiresAt: Date) {
  const [row] = await db.insert(sessions).values({ userId, audience, expiresAt }).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned no row');
  return row;
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user (after a password reset). */
export async function revokeUserSessions(db: Queryable, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertPasswordReset(
  db: Queryable,
  values: { userId: string; tokenHash: string; audience: Audience; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** The reset row for this user, token and audience while it is unused and unexpired. */
export async function findLiveReset(db: Queryable, userId: string, tokenHash: string, audience: Audience) {
  const [row] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.audience, audience),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        isNull(users.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks a reset token used, only if it still is unused: true when this call used it (so a link raced
 * from two tabs resets the password once).
 */
export async function consumeReset(db: Queryable, resetId: string): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

/** After a reset, every other link mailed to the user stops working too. */
export async function consumeUserResets(db: Queryable, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function insertEmailConfirmation(
  db: Queryable,
  values: { userId: string; tokenHash: string; emailHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmations).values(values);
}

/** A confirmation link of this user by its token, used or expired too, with its address (null when there is none). */
export async function findEmailConfirmation(db: Queryable, userId: string, tokenHash: string) {
  const [row] = await db
    .select({ id: emailConfirmations.id, emailHash: emailConfirmations.emailHash })
    .from(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, userId), eq(emailConfirmations.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a live confirmation link (unused, unexpired, mailed to `emailHash`'s address) and marks the account confirmed,
 * in one statement each under the caller's transaction, which holds the user's row lock: true when this call used it.
 */
export async function consumeEmailConfirmation(
  db: Queryable,
  linkId: string,
  userId: string,
  emailHash: string,
  now: Date,
): Promise<boolean> {
  const used = await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailConfirmations.id, linkId),
        eq(emailConfirmations.userId, userId),
        eq(emailConfirmations.emailHash, emailHash),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, now),
      ),
    )
    .returning({ id: emailConfirmations.id });
  if (used.length !== 1) return false;
  const confirmed = await db
    .update(users)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.archivedAt)))
    .returning({ id: users.id });
  return confirmed.length === 1;
}

/** Ends every open confirmation link of a user (once confirmed none is needed; a new email makes them all stale). */
export async function consumeUserConfirmations(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(emailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(emailConfirmations.userId, userId), isNull(emailConfirmations.usedAt)));
}

/** How long ended sessions and spent reset links are kept before they are deleted (the privacy notice says it). */
export const AUTH_RECORDS_KEPT_MS = RETENTION.signInRecordsDays * 24 * 60 * 60 * 1000;

/**
 * Deletes sessions that expired or were revoked, and reset links that expired or were used, more than
 * `AUTH_RECORDS_KEPT_MS` before `now`. None of them can sign anyone in any more. Returns how many of each went.
 */
export async function pruneAuthRecords(db: Queryable, now: Date): Promise<{ sessions: number; resets: number }> {
  const before = new Date(now.getTime() - AUTH_RECORDS_KEPT_MS);
  const gone = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.id });
  const spent = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, before), lt(passwordResets.usedAt, before)))
    .returning({ id: passwordResets.id });
  await db.delete(emailConfirmations).where(or(lt(emailConfirmations.expiresAt, before), lt(emailConfirmations.usedAt, before)));
  return { sessions: gone.length, resets: spent.length };
}

/** The user of a live session of the audience (not revoked, not expired, user not archived), with its end. */
export async function findLiveSession(db: Queryable, claims: { sid: string; id: string }, audience: Audience, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      mobile: users.mobile,
      isAdmin: users.isAdmin,
      isPlatform: users.isPlatform,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sid),
        eq(sessions.userId, claims.id),
        eq(sessions.audience, audience),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.archivedAt),
      ),
    )
    .limit(1);
  return row;
}

/** When a session ends (undefined for an unknown session). */
export async function sessionExpiry(db: Queryable, sessionId: string): Promise<Date | undefined> {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.expiresAt;
}

/**
 * Where an account works as staff (ADR 066): its live membership (accepted, not removed) with its owner, role and
 * stays; undefined when it is nobody's staff. An owner's stay archived or deleted since is not among the stays.
 */
export async function findStaffScope(db: Queryable, userId: string): Promise<StaffScope | undefined> {
  const rows = await db
    .select({
      memberId: staffMembers.id,
      ownerId: staffMembers.ownerId,
      role: staffMembers.role,
      stayId: staffMemberStays.stayId,
    })
    .from(staffMembers)
    .leftJoin(staffMemberStays, eq(staffMemberStays.memberId, staffMembers.id))
    .where(and(eq(staffMembers.userId, userId), isNull(staffMembers.removedAt), sql`${staffMembers.acceptedAt} is not null`));
  const first = rows[0];
  if (!first) return undefined;
  const stayIds = rows.flatMap((r) => (r.stayId ? [r.stayId] : []));
  return { memberId: first.memberId, ownerId: first.ownerId, role: first.role, stayIds };
}

/** Ends every live admin-area session of a user (a staff member removed); their guest sessions stay. */
export async function revokeAdminSessions(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), eq(sessions.audience, 'admin'), isNull(sessions.revokedAt)));
}
