import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { stayRef, stays } from './stays.ts';
import { userRef, users } from './users.ts';

/**
 * A guest's review of a stay, one per booking, written once the stay is over (checked out). The stay's shown
 * rating and experience come from its reviews once it has some; the owner may reply once.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique('reviews_booking_key')
      .references(() => bookings.id),
    stayId: stayRef(),
    userId: userRef(),
    /** 1–10, as the stays' ratings. */
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the guest last edited it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_stay_idx').on(t.stayId, t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} between 1 and 10`),
  ],
);

/** The stays a guest saved (the heart on a result card or stay page). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stayId] }), index('wishlist_items_user_idx').on(t.userId, t.createdAt)],
);
