import { AUDIENCES } from '@repo/shared/constants/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * The platform role (ADR 023): runs the site — every user, owners' approval. Only an admin holds it; an admin
     * without it is a stay owner, who manages only their own stays.
     */
    isPlatform: boolean('is_platform').notNull().default(false),
    /** Set when the account registered through the admin area and waits for an admin's approval. */
    adminRequestedAt: timestamp('admin_requested_at', { withTimezone: true }),
    /**
     * The billing address on record (printed on tax invoices, CGST Rules rule 46): one line, a PIN code and the GST
     * state code. Asked once: on My Profile, or by the first hold, which saves the address it was sold with.
     */
    billingAddress: text('billing_address'),
    billingPin: text('billing_pin'),
    billingState: text('billing_state'),
    /** A user with bookings is archived instead of deleted; archived users cannot log in. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** When the account opened the link mailed to its address; null until then (it can not hold rooms, ADR 024). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * Set when the person deleted their own account (ADR 023): the row stays only for the tax and payment records
     * that reference it, with its personal details replaced; it is archived too, so it can never sign in.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_platform_is_admin', sql`not ${t.isPlatform} or ${t.isAdmin}`),
    check('users_billing_pin_check', sql`${t.billingPin} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** A row's user (`user_id`, required). */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id);

export const sessions = pgTable(
  'sessions',
  {
    /** The JWT's `sid`. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    audience: text('audience', { enum: AUDIENCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_live_idx').on(t.userId).where(sql`${t.revokedAt} is null`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** sha256 of the mailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    audience: text('audience', { enum: AUDIENCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Email confirmation links: like password_resets, single use, stored as the token's sha256 only. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * sha256 of the address the link was mailed to: it confirms that address only, while it is the account's email
     * (ADR 045). Null for a link mailed before links named their address (migration 0025 ended those it could not tie).
     */
    emailHash: text('email_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

export const subscribers = pgTable('subscribers', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row once any account has ever had admin rights (written by a trigger on users, migration 0007): a new
 * admin registration gets admin rights only while this table is empty — "the first admin" means no admin has
 * ever existed, not that none is left.
 */
export const adminBootstrap = pgTable(
  'admin_bootstrap',
  {
    id: boolean('id').primaryKey().default(true),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('admin_bootstrap_one_row', sql`${t.id}`)],
);
