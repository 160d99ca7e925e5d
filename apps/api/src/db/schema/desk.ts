import { GUEST_ID_TYPES, HOUSEKEEPING_STATES } from '@repo/shared/constants/domain';
import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookingRef, bookings } from './bookings.ts';
import { payments } from './money.ts';
import { settlements } from './payouts.ts';
import { roomBlocks, roomNumbers } from './stays.ts';
import { users } from './users.ts';

/**
 * The ID a guest showed at check-in (ADR 064): its type and only the number the law needs (an Aadhaar's last four
 * digits, a passport's whole number), sealed with AES-256-GCM (`sealed`: version, IV, tag and ciphertext, base64),
 * never in plain text. A job erases the number (`sealed` null, `erasedAt` set) once `eraseAfter` has passed, a set
 * time after check-out: personal data, not a money record.
 */
export const guestIds = pgTable(
  'guest_ids',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    idType: text('id_type', { enum: GUEST_ID_TYPES }).notNull(),
    sealed: text('sealed'),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set at check-out (or no-show): when the number is erased. */
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('guest_ids_erase_idx').on(t.eraseAfter)],
);

/**
 * A room's housekeeping state as the desk last set it (ADR 064). Dirty is also computed: a room someone slept in
 * last night is dirty from the morning unless marked since. Out of order holds the owner's block (room_blocks) that
 * keeps its nights from sale.
 */
export const roomHousekeeping = pgTable('room_housekeeping', {
  roomNumberId: uuid('room_number_id')
    .primaryKey()
    .references(() => roomNumbers.id),
  status: text('status', { enum: HOUSEKEEPING_STATES }).notNull(),
  blockId: uuid('block_id').references(() => roomBlocks.id, { onDelete: 'set null' }),
  outOfOrderUntil: date('out_of_order_until', { mode: 'string' }),
  note: text('note').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money taken at a stay's desk is already in its owner's hands: each desk payment is deducted from the owner's net
 * in one settlement, once (unique payment), the settlement of the period its booking's line is credited in (ADR 064).
 */
export const settlementDeskCollections = pgTable(
  'settlement_desk_collections',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    bookingId: bookingRef(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settlement_desk_collections_settlement_idx').on(t.settlementId)],
);
