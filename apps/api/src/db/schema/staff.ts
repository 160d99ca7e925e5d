import { STAFF_ROLES } from '@repo/shared/domain/staff';
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stays } from './stays.ts';
import { users } from './users.ts';

/**
 * A stay owner's staff (ADR 066): an invitation by email, then (once accepted) the account that works for the owner,
 * with a role on some of the owner's stays. Removing ends it (removed_at) and ends the member's admin sessions.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** The invited address, lower case. */
    email: text('email').notNull(),
    /** The account that accepted; null while the invitation is open. */
    userId: uuid('user_id').references(() => users.id),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live invitation or membership per address and owner; an account works for one owner at a time.
    uniqueIndex('staff_members_owner_email_key').on(t.ownerId, t.email).where(sql`${t.removedAt} is null`),
    uniqueIndex('staff_members_user_key').on(t.userId).where(sql`${t.removedAt} is null and ${t.userId} is not null`),
  ],
);

/** The stays a member is given. */
export const staffMemberStays = pgTable(
  'staff_member_stays',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.stayId] }), index('staff_member_stays_stay_idx').on(t.stayId)],
);

/** An invitation's mailed link: single use, stored as the token's sha256 only, with an expiry. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_invites_member_idx').on(t.memberId)],
);

/** What staff did (every write of theirs that succeeded), append-only: never updated or deleted (migration 0044). */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    /** The stay and booking acted on, as they were named: no foreign key, so a stay deleted later leaves the record whole. */
    stayId: uuid('stay_id'),
    bookingId: uuid('booking_id'),
    /** What was done, in words ('Cancelled the booking'). */
    action: text('action').notNull(),
    /** The request: method and route ('POST /api/admin/bookings/:id/cancel'). */
    route: text('route').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_actions_booking_idx').on(t.bookingId, t.at), index('staff_actions_owner_idx').on(t.ownerId, t.at)],
);
