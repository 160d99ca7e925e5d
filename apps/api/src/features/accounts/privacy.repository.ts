import { and, asc, count, eq, inArray, isNotNull, isNull, notExists } from 'drizzle-orm';
import type { Queryable } from '#src/db/client.ts';
import {
  staffMembers,
  bookingRooms,
  bookings,
  emailConfirmations,
  feeInvoices,
  grievanceMessages,
  grievances,
  invoices,
  passwordResets,
  payments,
  payoutAccounts,
  payoutProfiles,
  payouts,
  refunds,
  reviews,
  sessions,
  settlements,
  stays,
  subscribers,
  users,
  wishlistItems,
} from '#src/db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** Everything stored of a user's bookings, in order of booking: the bookings, their rooms, money and invoice numbers. */
export async function bookingsOf(db: Queryable, userId: string) {
  // A desk booking's account is the admin who took it: its guest is someone else (ADR 064).
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.source, 'online')))
    .orderBy(asc(bookings.createdAt));
  const ids = rows.map((b) => b.id);
  if (ids.length === 0) return { rows, rooms: [], paid: [], refunded: [], issued: [] };
  const [rooms, paid, refunded, issued] = await Promise.all([
    db.select().from(bookingRooms).where(inArray(bookingRooms.bookingId, ids)).orderBy(asc(bookingRooms.number)),
    db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.createdAt)),
    db.select().from(refunds).where(inArray(refunds.bookingId, ids)).orderBy(asc(refunds.createdAt)),
    db
      .select({
        bookingId: invoices.bookingId,
        kind: invoices.kind,
        number: invoices.number,
        totalPaise: invoices.totalPaise,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .where(inArray(invoices.bookingId, ids))
      .orderBy(asc(invoices.issuedAt)),
  ]);
  return { rows, rooms, paid, refunded, issued };
}

export function reviewsOf(db: Queryable, userId: string) {
  return db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt));
}

export function wishlistOf(db: Queryable, userId: string) {
  return db
    .select({ stayId: wishlistItems.stayId, stayName: stays.name, savedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(stays, eq(stays.id, wishlistItems.stayId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt));
}

export function subscriptionsOf(db: Queryable, email: string) {
  return db.select().from(subscribers).where(eq(subscribers.email, email));
}

export function sessionsOf(db: Queryable, userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
}

/** A person's complaints (oldest first) and every message of their threads, in order. */
export async function complaintsOf(db: Queryable, userId: string) {
  const rows = await db.select().from(grievances).where(eq(grievances.userId, userId)).orderBy(asc(grievances.createdAt));
  const ids = rows.map((g) => g.id);
  const messages =
    ids.length === 0
      ? []
      : await db
          .select({
            grievanceId: grievanceMessages.grievanceId,
            author: grievanceMessages.author,
            body: grievanceMessages.body,
            createdAt: grievanceMessages.createdAt,
          })
          .from(grievanceMessages)
          .where(inArray(grievanceMessages.grievanceId, ids))
          .orderBy(asc(grievanceMessages.createdAt), asc(grievanceMessages.id));
  return { rows, messages };
}

/** The password-reset and email-confirmation links mailed to a person (their times; never the hashes). */
export async function mailedLinksOf(db: Queryable, userId: string) {
  const times = <T extends typeof passwordResets | typeof emailConfirmations>(t: T) => ({
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    usedAt: t.usedAt,
  });
  const [resets, confirmations] = await Promise.all([
    db.select(times(passwordResets)).from(passwordResets).where(eq(passwordResets.userId, userId)),
    db.select(times(emailConfirmations)).from(emailConfirmations).where(eq(emailConfirmations.userId, userId)),
  ]);
  return [
    ...resets.map((r) => ({ purpose: 'password-reset' as const, ...r })),
    ...confirmations.map((r) => ({ purpose: 'email-confirmation' as const, ...r })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * What is held about an owner as an owner, each row theirs only: the payout profile, every payout account (oldest
 * first), the stays they own (archived too), their settlements with the payouts made for them, and the platform's
 * fee invoices to them.
 */
export async function ownerRecordsOf(db: Queryable, ownerId: string) {
  const [profiles, accounts, owned, settled, paid, invoiced] = await Promise.all([
    db.select().from(payoutProfiles).where(eq(payoutProfiles.ownerId, ownerId)),
    db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.ownerId, ownerId))
      .orderBy(asc(payoutAccounts.createdAt), asc(payoutAccounts.id)),
    db.select().from(stays).where(eq(stays.ownerId, ownerId)).orderBy(asc(stays.createdAt), asc(stays.id)),
    db.select().from(settlements).where(eq(settlements.ownerId, ownerId)).orderBy(asc(settlements.periodStart)),
    db.select().from(payouts).where(eq(payouts.ownerId, ownerId)).orderBy(asc(payouts.createdAt), asc(payouts.attempt)),
    db.select().from(feeInvoices).where(eq(feeInvoices.ownerId, ownerId)).orderBy(asc(feeInvoices.issuedAt)),
  ]);
  return { profile: profiles[0], accounts, stays: owned, settlements: settled, payouts: paid, feeInvoices: invoiced };
}

export async function ownsStays(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(stays).where(eq(stays.ownerId, userId));
  return Number(row?.n ?? 0) > 0;
}

export async function hasBookings(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(bookings).where(eq(bookings.userId, userId));
  return Number(row?.n ?? 0) > 0;
}

/** Whether the account is a stay owner's staff now (accepted, not removed; ADR 066). */
export async function isStaffNow(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(staffMembers)
    .where(and(eq(staffMembers.userId, userId), isNull(staffMembers.removedAt)));
  return Number(row?.n ?? 0) > 0;
}

/** Whether the account was ever staff: its row stays (archived, erased) for the record of what staff did. */
export async function wasStaff(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffMembers).where(eq(staffMembers.userId, userId));
  return Number(row?.n ?? 0) > 0;
}

/** What is personal and not a record: the wishlist, a subscription of the email, reset links. */
export async function deletePersonalExtras(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(subscribers).where(eq(subscribers.email, email));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/**
 * The billing details a booking was asked for, cleared where no tax document was issued for it (an issued
 * invoice is an immutable record that keeps what it printed); the address each hold came from, cleared on all.
 */
export async function clearUninvoicedBillingDetails(tx: Queryable, userId: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ holdIp: null })
    .where(and(eq(bookings.userId, userId), isNotNull(bookings.holdIp)));
  await tx
    .update(bookings)
    .set({ guestGstin: null, guestCompany: null, guestAddress: null, guestPin: null, guestState: null, updatedAt: new Date() })
    .where(
      and(
        eq(bookings.userId, userId),
        notExists(tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.bookingId, bookings.id))),
      ),
    );
}

/** Replaces the person's details on the account row kept for the records, and archives it (it can never sign in). */
export async function eraseUserRow(
  tx: Queryable,
  userId: string,
  values: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'mobile' | 'passwordHash'>,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, isAdmin: false, isPlatform: false, adminRequestedAt: null, archivedAt: now, erasedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

export async function revokeSessions(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Removes an account that no record refers to, with its sessions. */
export async function deleteUserRow(tx: Queryable, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}
