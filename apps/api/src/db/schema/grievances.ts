import { GRIEVANCE_AUTHORS, GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES } from '@repo/shared/schemas/grievance';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookingRef } from './bookings.ts';
import { stayRef } from './stays.ts';
import { userRef, users } from './users.ts';

/**
 * A guest's complaint about one of their bookings (a grievance ticket): its number (`serial`, shown GRV-000042),
 * its two clocks (acknowledge within 48 hours, resolve within one month: shared domain/grievances.ts, written at
 * raising so a later change of the rule leaves existing tickets as they were promised), and its state. Tickets and
 * their messages are never deleted.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serial: integer('serial').notNull().generatedAlwaysAsIdentity().unique('grievances_serial_key'),
    bookingId: bookingRef(),
    stayId: stayRef(),
    userId: userRef(),
    category: text('category', { enum: GRIEVANCE_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: GRIEVANCE_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    /** The first answer by the stay's owner or the platform. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: GRIEVANCE_AUTHORS }),
  },
  (t) => [
    index('grievances_user_idx').on(t.userId, t.createdAt),
    index('grievances_stay_idx').on(t.stayId, t.createdAt),
    check('grievances_closed', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/** A ticket's thread: the guest's follow-ups and the answers of the stay's owner or the platform, in order. */
export const grievanceMessages = pgTable(
  'grievance_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grievanceId: uuid('grievance_id')
      .notNull()
      .references(() => grievances.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    author: text('author', { enum: GRIEVANCE_AUTHORS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grievance_messages_grievance_idx').on(t.grievanceId, t.createdAt)],
);
