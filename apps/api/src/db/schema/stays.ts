import { type Amenity, EXPERIENCES, STAY_TYPES } from '@repo/shared/constants/domain';
import type { CancellationPolicy } from '@repo/shared/domain/cancellation';
import { DERIVATION_KINDS, MEAL_PLANS } from '@repo/shared/domain/plans';
import { NOT_FOR_SALE } from '@repo/shared/domain/gst-supply';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
    /**
     * The GST code of the state or union territory the stay stands in ('29': Karnataka): the place of supply of its
     * nights (IGST Act s.12(3)); its GSTIN must be of this state. Null only for stays of unknown cities made before.
     */
    stateCode: text('state_code'),
    distance: doublePrecision('distance').notNull().default(0),
    description: text('description').notNull().default(''),
    overview: text('overview').notNull().default(''),
    /** The price the admin entered; the cheapest room type's price wins when rooms exist. */
    lowestPrice: integer('lowest_price').notNull().default(0),
    amenities: text('amenities').array().$type<Amenity[]>().notNull().default(sql`'{}'::text[]`),
    rating: numeric('rating', { precision: 3, scale: 1, mode: 'number' }).notNull().default(0),
    experience: text('experience', { enum: EXPERIENCES }).notNull().default('Good'),
    /** The stay's reviews: how many, and their average (1 decimal); kept with the reviews, in their transaction. */
    reviewsCount: integer('reviews_count').notNull().default(0),
    reviewsRating: numeric('reviews_rating', { precision: 3, scale: 1, mode: 'number' }),
    featured: boolean('featured').notNull().default(false),
    /** The business's registered name and GSTIN, printed on its tax invoices (address: the stay's address). */
    legalName: text('legal_name').notNull().default(''),
    gstin: text('gstin'),
    /**
     * The stay's cancellation policy, chosen by its owner: a cancel at least `cancellationFreeDays` days before the
     * check-in day is refunded in full, a later one before the check-in day gets `cancellationRefundPercent` %, none
     * after check-in. Each booking keeps the policy it was paid under (bookings.cancellation_policy).
     */
    cancellationFreeDays: integer('cancellation_free_days').notNull().default(1),
    cancellationRefundPercent: integer('cancellation_refund_percent').notNull().default(0),
    /**
     * No season of its room types ends after this night (null: it never had one), kept by the database (a trigger
     * on room_type_rates; it only grows, so it may be later than the seasons left): a search prices a stay's
     * seasons only when they may touch its dates.
     */
    /**
     * The platform's fee on this stay's nights in basis points of their value before tax (1500: 15 %), set by the
     * platform's admin only; null: the platform's default (PLATFORM_FEE_PERCENT). ADR 032.
     */
    feeBp: integer('fee_bp'),
    seasonsUntil: date('seasons_until', { mode: 'string' }),
    hotelImage: jsonb('hotel_image').$type<StoredImage | null>(),
    roomImages: jsonb('room_images').$type<StoredImage[]>().notNull().default([]),
    /**
     * Why nobody may sell the stay's nights now (null: it is for sale): its owner's GST declaration for its state
     * against the platform's registrations (supplyOf, ADR 054). Kept by the app when a declaration is made, the stay
     * is saved or the app starts (the platform's GSTINs are its configuration); searches list only stays for sale,
     * and a hold decides again from the declaration itself.
     */
    notForSale: text('not_for_sale', { enum: NOT_FOR_SALE }),
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
    check('stays_fee_bp', sql`${t.feeBp} between 0 and 10000`),
    check('stays_cancellation_free_days', sql`${t.cancellationFreeDays} between 0 and 365`),
    check('stays_cancellation_refund_percent', sql`${t.cancellationRefundPercent} between 0 and 100`),
  ],
);

/** A row's stay (`stay_id`, required). */
export const stayRef = () =>
  uuid('stay_id')
    .notNull()
    .references(() => stays.id);

export const roomTypes = pgTable(
  'room_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: stayRef(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Rupees per night (the base price; weekend nights and seasons may differ, see room_type_rates). */
    price: integer('price').notNull(),
    /** Rupees per Friday and Saturday night, when it differs from the base price. */
    weekendPrice: integer('weekend_price'),
    /** The fewest nights a booking of this room type may have (a season may ask more). */
    minNights: integer('min_nights').notNull().default(1),
    maxPeople: integer('max_people').notNull(),
    /** How many live room numbers it has, kept by the database (triggers on room_numbers) for search. */
    liveRooms: integer('live_rooms').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_types_stay_idx').on(t.stayId),
    // A search reads a stay's live room types from this index alone, largest first, with what prices their nights
    // (ADR 018): no room_types row is read.
    index('room_types_stay_live_idx')
      .on(t.stayId, t.maxPeople, t.id, t.price, t.liveRooms, t.weekendPrice, t.minNights)
      .where(sql`${t.archivedAt} is null`),
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
    stayId: stayRef(),
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

/**
 * A season of a room type: from `startsOn` to `endsOn` (both nights included) its nights cost `price`, or
 * `weekendPrice` on Friday and Saturday nights when set, and a booking with a night in it needs `minNights`.
 * Seasons of one room type never overlap (checked under the room type's lock when saved).
 */
export const roomTypeRates = pgTable(
  'room_type_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    /** The room type's stay, so a search reads a stay's seasons at once. */
    stayId: stayRef(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    price: integer('price').notNull(),
    weekendPrice: integer('weekend_price'),
    minNights: integer('min_nights'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_type_rates_type_idx').on(t.roomTypeId, t.startsOn),
    index('room_type_rates_stay_idx').on(t.stayId, t.startsOn, t.endsOn),
    check('room_type_rates_range', sql`${t.endsOn} >= ${t.startsOn}`),
    check('room_type_rates_price_positive', sql`${t.price} > 0 and coalesce(${t.weekendPrice}, 1) > 0`),
  ],
);

/**
 * A rate plan of a room type (ADR 065): its meal plan, its cancellation policy (null: the stay's), its prices for
 * two adults — the room type's own (room_types and room_type_rates) for the standard plan, else derived from
 * `parentId`'s by `adjustKind` ('percent': ± percent rounded half up; 'amount': ± rupees) and `adjustValue` — and
 * what the party changes each night (`singleLess` for one adult, `extraAdult` past two, `childPrice` for a child of
 * 6–12, `infantPrice` for one of 0–5). Each live room type has exactly one live standard plan. Saved under the room
 * type's lock (which also tells every process's search of the change).
 */
export const ratePlans = pgTable(
  'rate_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomTypeId: uuid('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    stayId: stayRef(),
    name: text('name').notNull(),
    mealPlan: text('meal_plan', { enum: MEAL_PLANS }).notNull().default('EP'),
    standard: boolean('standard').notNull().default(false),
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy | null>(),
    parentId: uuid('parent_id'),
    adjustKind: text('adjust_kind', { enum: DERIVATION_KINDS }),
    adjustValue: integer('adjust_value').notNull().default(0),
    singleLess: integer('single_less').notNull().default(0),
    extraAdult: integer('extra_adult').notNull().default(0),
    childPrice: integer('child_price').notNull().default(0),
    infantPrice: integer('infant_price').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A search reads a room type's live plans from this index alone.
    index('rate_plans_type_live_idx')
      .on(t.roomTypeId, t.adjustKind, t.adjustValue, t.singleLess, t.extraAdult, t.childPrice, t.infantPrice)
      .where(sql`${t.archivedAt} is null`),
    index('rate_plans_stay_idx').on(t.stayId),
    uniqueIndex('rate_plans_one_standard_key').on(t.roomTypeId).where(sql`${t.standard} and ${t.archivedAt} is null`),
    check(
      'rate_plans_standard_own_prices',
      sql`(${t.standard} and ${t.parentId} is null and ${t.adjustKind} is null) or (not ${t.standard} and ${t.parentId} is not null and ${t.adjustKind} is not null)`,
    ),
    check(
      'rate_plans_occupancy',
      sql`${t.singleLess} >= 0 and ${t.extraAdult} >= 0 and ${t.childPrice} >= 0 and ${t.infantPrice} >= 0`,
    ),
  ],
);

/**
 * Nights an owner took a room out of sale (maintenance): from `startsOn` up to, not including, `endsOn`. Each
 * blocked night is also a room_nights row (with this block's id instead of a booking's), so the key that prevents a
 * double booking also keeps a blocked night from being sold, and a booked night from being blocked.
 */
export const roomBlocks = pgTable(
  'room_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stayId: stayRef(),
    roomNumberId: uuid('room_number_id')
      .notNull()
      .references(() => roomNumbers.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    /** The imported calendar whose event this block is (channels, ADR 035), or null for the owner's own block. */
    feedId: uuid('feed_id'),
    /** The event's UID in that calendar (one block per event and feed). */
    feedUid: text('feed_uid'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_blocks_stay_idx').on(t.stayId, t.startsOn),
    check('room_blocks_range', sql`${t.endsOn} > ${t.startsOn}`),
    uniqueIndex('room_blocks_feed_uid_key').on(t.feedId, t.feedUid).where(sql`${t.feedId} is not null`),
  ],
);
