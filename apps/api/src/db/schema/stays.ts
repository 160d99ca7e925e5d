import { EXPERIENCES, STAY_TYPES } from '@repo/shared/constants/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type StoredImage = { key: string; width: number; height: number };

export const stays = pgTable(
  'stays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    type: text('type', { enum: STAY_TYPES }).notNull(),
    title: text('title').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Stored lower-case. */
    city: text('city').notNull(),
    distance: doublePrecision('distance').notNull().default(0),
    description: text('description').notNull().default(''),
    overview: text('overview').notNull().default(''),
    /** The price the admin entered; the cheapest room type's price wins when rooms exist. */
    lowestPrice: integer('lowest_price').notNull().default(0),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    rating: numeric('rating', { precision: 3, scale: 1, mode: 'number' }).notNull().default(0),
    experience: text('experience', { enum: EXPERIENCES }).notNull().default('Good'),
    /** The stay's reviews: how many, and their average (1 decimal); kept with the reviews, in their transaction. */
    reviewsCount: integer('reviews_count').notNull().default(0),
    reviewsRating: numeric('reviews_rating', { precision: 3, scale: 1, mode: 'number' }),
    featured: boolean('featured').notNull().default(false),
    hotelImage: jsonb('hotel_image').$type<StoredImage | null>(),
    roomImages: jsonb('room_images').$type<StoredImage[]>().notNull().default([]),
    /** A stay with past bookings is archived instead of deleted. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stays_city_idx').on(t.city).where(sql`${t.archivedAt} is null`),
    index('stays_owner_type_idx').on(t.ownerId, t.type),
    index('stays_featured_idx').on(t.featured).where(sql`${t.archivedAt} is null`),
    index('stays_type_idx').on(t.type).where(sql`${t.archivedAt} is null`),
  ],
);

export const roomTypes = pgTable(
  'room_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Rupees per night. */
    price: integer('price').notNull(),
    maxPeople: integer('max_people').notNull(),
    /** How many live room numbers it has, kept by the database (triggers on room_numbers) for search. */
    liveRooms: integer('live_rooms').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_types_stay_idx').on(t.stayId),
    // A search reads a stay's live room types from this index alone, largest first.
    index('room_types_stay_live_idx').on(t.stayId, t.maxPeople, t.id, t.price, t.liveRooms).where(sql`${t.archivedAt} is null`),
  ],
);

export const roomNumbers = pgTable(
  'room_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    /** Denormalised from the room type so a number is unique within its stay. */
    stayId: uuid('stay_id')
      .notNull()
      .references(() => stays.id),
    number: integer('number').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_numbers_stay_number_key').on(t.stayId, t.number).where(sql`${t.archivedAt} is null`),
    index('room_numbers_type_idx').on(t.roomTypeId),
    index('room_numbers_stay_idx').on(t.stayId),
    // The target of room_nights' (room, stay) foreign key.
    uniqueIndex('room_numbers_id_stay_key').on(t.id, t.stayId),
    // A search reads a stay's live rooms and their types from this index alone (an index-only scan per stay).
    index('room_numbers_stay_live_idx').on(t.stayId, t.roomTypeId, t.id).where(sql`${t.archivedAt} is null`),
  ],
);
