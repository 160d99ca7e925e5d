import type { StaffRole } from '@repo/shared/domain/staff';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import {
  bookings,
  channelFeeds,
  formCReports,
  grievances,
  invoices,
  reviews,
  roomBlocks,
  roomNumbers,
  roomTypes,
  staffActions,
  staffInvites,
  staffMembers,
  staffMemberStays,
  stays,
  users,
} from '#src/db/schema/index.ts';

/** What an admin route may name, whose stay decides whether a staff member may reach it. */
export type SubjectKind =
  | 'stay'
  | 'booking'
  | 'roomType'
  | 'roomNumber'
  | 'block'
  | 'feed'
  | 'review'
  | 'grievance'
  | 'document'
  | 'formC';

/** The stay (and booking, for a booking) of a thing an admin route names; undefined when there is no such thing. */
export async function subjectOf(db: Queryable, kind: SubjectKind, id: string) {
  const one = async (rows: Promise<{ stayId: string; bookingId?: string | null }[]>) => (await rows)[0];
  switch (kind) {
    case 'stay':
      return one(db.select({ stayId: stays.id }).from(stays).where(eq(stays.id, id)).limit(1));
    case 'booking':
      return one(
        db.select({ stayId: bookings.stayId, bookingId: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1),
      );
    case 'roomType':
      return one(db.select({ stayId: roomTypes.stayId }).from(roomTypes).where(eq(roomTypes.id, id)).limit(1));
    case 'roomNumber':
      return one(db.select({ stayId: roomNumbers.stayId }).from(roomNumbers).where(eq(roomNumbers.id, id)).limit(1));
    case 'block':
      return one(db.select({ stayId: roomBlocks.stayId }).from(roomBlocks).where(eq(roomBlocks.id, id)).limit(1));
    case 'feed':
      return one(db.select({ stayId: channelFeeds.stayId }).from(channelFeeds).where(eq(channelFeeds.id, id)).limit(1));
    case 'review':
      return one(db.select({ stayId: reviews.stayId }).from(reviews).where(eq(reviews.id, id)).limit(1));
    case 'grievance':
      return one(
        db
          .select({ stayId: grievances.stayId, bookingId: grievances.bookingId })
          .from(grievances)
          .where(eq(grievances.id, id))
          .limit(1),
      );
    case 'formC':
      return one(
        db
          .select({ stayId: formCReports.stayId, bookingId: formCReports.bookingId })
          .from(formCReports)
          .where(eq(formCReports.id, id))
          .limit(1),
      );
    case 'document':
      return one(
        db
          .select({ stayId: bookings.stayId, bookingId: bookings.id })
          .from(invoices)
          .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
          .where(eq(invoices.id, id))
          .limit(1),
      );
  }
}

export type MemberRow = typeof staffMembers.$inferSelect;

/** The owner's live stays among `ids` (not archived), by id. */
export async function ownersStays(db: Queryable, ownerId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: stays.id, name: stays.name })
    .from(stays)
    .where(and(eq(stays.ownerId, ownerId), inArray(stays.id, [...ids]), isNull(stays.archivedAt)));
}

/** The owner's live invitations and members (not removed), oldest first, each with its stays and open link's end. */
export async function membersOf(db: Queryable, ownerId: string, now: Date) {
  const members = await db
    .select({
      member: staffMembers,
      firstName: users.firstName,
      lastName: users.lastName,
      inviteExpiresAt:
        sql<Date | null>`(select max(i.expires_at) from staff_invites i where i.member_id = ${staffMembers.id} and i.used_at is null and i.expires_at > ${now})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(staffMembers)
    .leftJoin(users, eq(users.id, staffMembers.userId))
    .where(and(eq(staffMembers.ownerId, ownerId), isNull(staffMembers.removedAt)))
    .orderBy(asc(staffMembers.invitedAt), asc(staffMembers.id));
  const ids = members.map((m) => m.member.id);
  const given = ids.length
    ? await db
        .select({ memberId: staffMemberStays.memberId, id: stays.id, name: stays.name })
        .from(staffMemberStays)
        .innerJoin(stays, eq(stays.id, staffMemberStays.stayId))
        .where(inArray(staffMemberStays.memberId, ids))
        .orderBy(asc(stays.name))
    : [];
  return members.map((m) => ({
    ...m,
    stays: given.filter((g) => g.memberId === m.member.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** A live member (or open invitation) of the owner, locked for the rest of the transaction. */
export async function lockMember(tx: Queryable, ownerId: string, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.id, id), eq(staffMembers.ownerId, ownerId), isNull(staffMembers.removedAt)))
    .for('update');
  return row;
}

/** Whether the owner has a live invitation or member of this address. */
export async function liveMemberOfEmail(db: Queryable, ownerId: string, email: string) {
  const [row] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.ownerId, ownerId), eq(staffMembers.email, email), isNull(staffMembers.removedAt)))
    .limit(1);
  return row;
}

/** Whether an account works for an owner now (accepted, not removed). */
export async function liveMembershipOfUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.userId, userId), isNull(staffMembers.removedAt)))
    .limit(1);
  return row;
}

export async function insertMember(tx: Queryable, values: { ownerId: string; email: string; role: StaffRole }) {
  const [row] = await tx.insert(staffMembers).values(values).returning();
  if (!row) throw new Error('insert into staff_members returned no row');
  return row;
}

/** Gives the member exactly these stays. */
export async function setMemberStays(tx: Queryable, memberId: string, stayIds: readonly string[]) {
  const now = await tx
    .select({ stayId: staffMemberStays.stayId })
    .from(staffMemberStays)
    .where(eq(staffMemberStays.memberId, memberId));
  const had = new Set(now.map((r) => r.stayId));
  const gone = [...had].filter((id) => !stayIds.includes(id));
  const added = stayIds.filter((id) => !had.has(id));
  if (gone.length)
    await tx.delete(staffMemberStays).where(and(eq(staffMemberStays.memberId, memberId), inArray(staffMemberStays.stayId, gone)));
  if (added.length) await tx.insert(staffMemberStays).values(added.map((stayId) => ({ memberId, stayId })));
}

export async function setMemberRole(tx: Queryable, memberId: string, role: StaffRole, now: Date) {
  await tx.update(staffMembers).set({ role, updatedAt: now }).where(eq(staffMembers.id, memberId));
}

export async function markRemoved(tx: Queryable, memberId: string, now: Date) {
  await tx.update(staffMembers).set({ removedAt: now, updatedAt: now }).where(eq(staffMembers.id, memberId));
}

export async function markAccepted(tx: Queryable, memberId: string, userId: string, now: Date) {
  await tx.update(staffMembers).set({ userId, acceptedAt: now, updatedAt: now }).where(eq(staffMembers.id, memberId));
}

export async function insertInvite(tx: Queryable, values: { memberId: string; tokenHash: string; expiresAt: Date }) {
  const [row] = await tx.insert(staffInvites).values(values).returning({ id: staffInvites.id });
  if (!row) throw new Error('insert into staff_invites returned no row');
  return row;
}

/** An invitation link while it can be used: unused, unexpired, its member neither removed nor accepted. */
export async function findLiveInvite(db: Queryable, id: string, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      inviteId: staffInvites.id,
      member: staffMembers,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
    })
    .from(staffInvites)
    .innerJoin(staffMembers, eq(staffMembers.id, staffInvites.memberId))
    .innerJoin(users, eq(users.id, staffMembers.ownerId))
    .where(
      and(
        eq(staffInvites.id, id),
        eq(staffInvites.tokenHash, tokenHash),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, now),
        isNull(staffMembers.removedAt),
        isNull(staffMembers.acceptedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The names of the stays a member is given. */
export async function stayNamesOf(db: Queryable, memberId: string) {
  const rows = await db
    .select({ id: stays.id, name: stays.name })
    .from(staffMemberStays)
    .innerJoin(stays, eq(stays.id, staffMemberStays.stayId))
    .where(eq(staffMemberStays.memberId, memberId))
    .orderBy(asc(stays.name));
  return rows;
}

/** Uses an invitation link if it still is unused: true when this call used it (two tabs accept once). */
export async function consumeInvite(tx: Queryable, inviteId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(staffInvites)
    .set({ usedAt: now })
    .where(and(eq(staffInvites.id, inviteId), isNull(staffInvites.usedAt)))
    .returning({ id: staffInvites.id });
  return rows.length === 1;
}

/** Ends every open link of a member (accepted or removed). */
export async function consumeMemberInvites(tx: Queryable, memberId: string, now: Date) {
  await tx
    .update(staffInvites)
    .set({ usedAt: now })
    .where(and(eq(staffInvites.memberId, memberId), isNull(staffInvites.usedAt)));
}

export async function insertAction(
  db: Queryable,
  values: {
    ownerId: string;
    memberId: string;
    actorId: string;
    stayId: string | null;
    bookingId: string | null;
    action: string;
    route: string;
  },
) {
  await db.insert(staffActions).values(values);
}

/** What staff did on a booking of the owner's, oldest first. */
export async function actionsOnBooking(db: Queryable, ownerId: string, bookingId: string) {
  return db
    .select({
      id: staffActions.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      action: staffActions.action,
      stayId: staffActions.stayId,
      bookingId: staffActions.bookingId,
      at: staffActions.at,
    })
    .from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.actorId))
    .where(and(eq(staffActions.ownerId, ownerId), eq(staffActions.bookingId, bookingId)))
    .orderBy(asc(staffActions.at), asc(staffActions.id));
}

/** The newest actions of the owner's staff (the Staff page). */
export async function recentActions(db: Queryable, ownerId: string, limit: number) {
  return db
    .select({
      id: staffActions.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      action: staffActions.action,
      stayId: staffActions.stayId,
      bookingId: staffActions.bookingId,
      at: staffActions.at,
    })
    .from(staffActions)
    .innerJoin(users, eq(users.id, staffActions.actorId))
    .where(eq(staffActions.ownerId, ownerId))
    .orderBy(desc(staffActions.at), desc(staffActions.id))
    .limit(limit);
}

/** Whether a booking is of one of the owner's stays. */
export async function bookingOfOwner(db: Queryable, ownerId: string, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(and(eq(bookings.id, bookingId), eq(stays.ownerId, ownerId)))
    .limit(1);
  return Boolean(row);
}
