import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { roomNumbers, roomTypes, stayRef } from './stays.ts';
import { users } from './users.ts';

/**
 * A calendar of another site (Airbnb, Booking.com, …) imported into one room (ADR 035): fetched on a schedule, its
 * events become room_blocks of the room tied to the feed (feed_id), so their nights go through the same room-night
 * key as every booking and block.
 */
export const channelFeeds = pgTable(
  'channel_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: stayRef(),
    // A room deleted (never booked or blocked) takes its feeds with it; one with history is archived instead.
    roomNumberId: uuid('room_number_id')
      .notNull()
      .references(() => roomNumbers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    label: text('label').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    /** What the site answered last time, sent back as If-None-Match / If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The last calendar read (sha-256): the same file again changes nothing (sites that ignore conditions). */
    contentHash: text('content_hash'),
    /** When the feed is next due (the scheduler claims due feeds by moving it ahead). */
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    /** Fetches failed in a row (the back-off grows with it; 0 after a success). */
    failures: integer('failures').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** The last failure in words ('the site answered 404'), cleared by a success. */
    lastError: text('last_error'),
    eventsRead: integer('events_read').notNull().default(0),
    nightsBlocked: integer('nights_blocked').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channel_feeds_due_idx').on(t.nextFetchAt), index('channel_feeds_room_idx').on(t.roomNumberId)],
);

/**
 * The private export calendar of a room or of a room type: the token in its URL is the only key (rotating it
 * replaces the token, so the old URL answers 404).
 */
export const channelExports = pgTable(
  'channel_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: stayRef(),
    roomNumberId: uuid('room_number_id').references(() => roomNumbers.id, { onDelete: 'cascade' }),
    roomTypeId: uuid('room_type_id').references(() => roomTypes.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_exports_token_key').on(t.token),
    uniqueIndex('channel_exports_room_key').on(t.roomNumberId),
    uniqueIndex('channel_exports_type_key').on(t.roomTypeId),
    check('channel_exports_room_or_type', sql`(${t.roomNumberId} is null) <> (${t.roomTypeId} is null)`),
  ],
);

/**
 * A night an imported calendar says is taken elsewhere while a booking here holds it: the booking stands, the
 * owner is told. Resolved when the feed no longer claims the night or the booking lets it go.
 */
export const channelConflicts = pgTable(
  'channel_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedId: uuid('feed_id')
      .notNull()
      .references(() => channelFeeds.id, { onDelete: 'cascade' }),
    stayId: stayRef(),
    roomNumberId: uuid('room_number_id')
      .notNull()
      .references(() => roomNumbers.id),
    night: date('night', { mode: 'string' }).notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('channel_conflicts_open_key')
      .on(t.feedId, t.roomNumberId, t.night, t.bookingId)
      .where(sql`${t.resolvedAt} is null`),
    index('channel_conflicts_stay_idx').on(t.stayId, t.resolvedAt),
  ],
);
