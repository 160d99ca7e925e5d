import { ARRIVAL_STATES, BOOKING_SOURCES, BOOKING_STATUSES, PAYMENT_PROVIDERS } from '@repo/shared/constants/domain';
import { MEAL_PLANS } from '@repo/shared/domain/plans';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { roomBlocks, roomNumbers, stayRef } from './stays.ts';
import { userRef } from './users.ts';

/**
 * When a hold runs out; null for every booking that is not a hold (pending_payment). Only the sweep reads by it, through
 * bookings_holds_due_idx, which no other statement can take (migration 0024).
 */
export const holdDue = (t: { status: AnyPgColumn; holdExpiresAt: AnyPgColumn }) =>
  sql`(case when ${t.status} = 'pending_payment' then ${t.holdExpiresAt} end)`;

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    stayId: stayRef(),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending_payment'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    /**
     * The latest payment attempt that has not paid: a failure's seven fields as the gateway gave them (and `at`), or a
     * payment the gateway left pending (`state: 'pending'`, orderId, paymentId, method, at) until its webhook.
     */
    failure: jsonb('failure').$type<Record<string, string>>(),
    refund: jsonb('refund').$type<Record<string, unknown>>(),
    /** Optional, asked at checkout: printed on the tax invoice. */
    guestGstin: text('guest_gstin'),
    guestCompany: text('guest_company'),
    guestAddress: text('guest_address'),
    /** The billing address's PIN code and GST state code ('29'), with guestAddress: what the booking was sold with. */
    guestPin: text('guest_pin'),
    guestState: text('guest_state'),
    /** The stay's cancellation policy when the hold was made: what a cancel of this booking refunds. */
    cancellationPolicy: jsonb('cancellation_policy').$type<{ freeDays: number; refundPercent: number }>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled: the guest from My Orders, or the stay's owner from the admin area. */
    cancelledBy: text('cancelled_by', { enum: ['guest', 'owner'] }),
    /** Snapshot of names shown on My Orders, kept even if the stay is archived. */
    hotelName: text('hotel_name').notNull(),
    /**
     * The address the hold came from in its one form (request.clientAddress: IPv4, or an IPv6 /64 network; ADR 046):
     * one address holds a share at most (ADR 024).
     */
    holdIp: text('hold_ip'),
    /**
     * Where it was made: 'online' by its guest, or 'desk' by the stay for a guest who called or walked in (ADR 064).
     * A desk booking's userId is the admin who took it; its guest is guestName, guestMobile and guestEmail.
     */
    source: text('source', { enum: BOOKING_SOURCES }).notNull().default('online'),
    guestName: text('guest_name'),
    guestMobile: text('guest_mobile'),
    guestEmail: text('guest_email'),
    /** What happened at the stay: null until then; checked in, checked out, or a no-show (ADR 064). */
    arrival: text('arrival', { enum: ARRIVAL_STATES }),
    arrivalAt: timestamp('arrival_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt),
    check(
      'bookings_desk_guest_check',
      sql`${t.source} = 'online' or (${t.guestName} is not null and ${t.guestMobile} is not null)`,
    ),
    check('bookings_arrival_confirmed_check', sql`${t.arrival} is null or ${t.status} = 'confirmed'`),
    index('bookings_stay_idx').on(t.stayId),
    // A settlement takes the bookings checked in since each owner's last one (ADR 049).
    index('bookings_check_in_idx').on(t.checkIn),
    // The three indexes of holds (pending_payment) each have a predicate that only its own statement implies (ADR
    // 043): whatever the planner's statistics say of how many holds there are, no statement can read every live hold
    // through another's index.
    // When each hold runs out, for the sweep: keyed by an expression only the sweep writes (holdDue).
    index('bookings_holds_due_idx')
      .on(holdDue(t))
      .where(sql`${holdDue(t)} is not null`),
    // An account's live holds (counted under its lock on every hold): read by account.
    index('bookings_user_holds_idx')
      .on(t.userId, t.holdExpiresAt)
      .where(sql`${t.status} = 'pending_payment' and ${t.userId} is not null`),
    uniqueIndex('bookings_provider_order_key').on(t.providerOrderId),
    check('bookings_guest_pin_check', sql`${t.guestPin} ~ '^[1-9][0-9]{5}$'`),
    // One address's holds on the dates, counted on every hold under the address's lock (ADR 024).
    index('bookings_ip_holds_idx')
      .on(t.holdIp, t.checkIn)
      .where(sql`${t.status} = 'pending_payment' and ${t.holdIp} is not null`),
  ],
);

/** A row's booking (`booking_id`, required). */
export const bookingRef = () =>
  uuid('booking_id')
    .notNull()
    .references(() => bookings.id);

export const bookingRooms = pgTable(
  'booking_rooms',
  {
    bookingId: bookingRef(),
    roomNumberId: uuid('room_number_id')
      .notNull()
      .references(() => roomNumbers.id),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    pricePerNight: integer('price_per_night').notNull(),
    /** Rupees for each night of the booking, in order (null on bookings made before prices by date: pricePerNight each night). */
    nightlyPrices: integer('nightly_prices').array(),
    /** The rate plan the room was sold under (ADR 065), with its name and meal plan as they were at the hold. */
    ratePlanId: uuid('rate_plan_id'),
    planName: text('plan_name'),
    mealPlan: text('meal_plan', { enum: MEAL_PLANS }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.roomNumberId] }), index('booking_rooms_room_idx').on(t.roomNumberId)],
);

/**
 * One row per room per booked night. The primary key is what makes a double booking impossible:
 * two bookings of one room for one night cannot both commit, whatever the number of API processes.
 * Rows of expired, failed or cancelled bookings are deleted (the booking itself is kept).
 */
export const roomNights = pgTable(
  'room_nights',
  {
    roomNumberId: uuid('room_number_id')
      .notNull()
      .references(() => roomNumbers.id),
    night: date('night', { mode: 'string' }).notNull(),
    /** The booking that holds the night, or null for a night its owner blocked (blockId). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    blockId: uuid('block_id').references(() => roomBlocks.id),
    /** The room's stay (the foreign key below keeps it the room's own), so a search reads a stay's taken nights at once. */
    stayId: uuid('stay_id').notNull(),
    /**
     * Until when the night blocks its room: 'infinity' for a confirmed booking, the hold's expiry for a payment hold,
     * '-infinity' for any other status. Kept by the database: a booking's status or hold expiry changing updates its
     * nights in the same transaction (trigger bookings_nights_block_until), so a search reads the nights alone.
     */
    blocksUntil: timestamp('blocks_until', { withTimezone: true, mode: 'string' }).notNull().default(sql`'infinity'`),
    /** The room's type, filled by the database from the room (trigger room_nights_block_until), so a search counts a stay's taken rooms per type from its nights alone. */
    roomTypeId: uuid('room_type_id'),
  },
  (t) => [
    primaryKey({ columns: [t.roomNumberId, t.night] }),
    index('room_nights_booking_idx').on(t.bookingId),
    index('room_nights_block_idx').on(t.blockId),
    check('room_nights_booking_or_block', sql`(${t.bookingId} is null) <> (${t.blockId} is null)`),
    index('room_nights_night_idx').on(t.night, t.roomNumberId),
    index('room_nights_stay_night_idx').on(t.stayId, t.night, t.roomNumberId, t.blocksUntil, t.roomTypeId),
    foreignKey({
      name: 'room_nights_room_stay_fk',
      columns: [t.roomNumberId, t.stayId],
      foreignColumns: [roomNumbers.id, roomNumbers.stayId],
    }),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  /** The provider's event id: each event is applied once. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
