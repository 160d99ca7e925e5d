import {
  LEDGER_PAYMENT_METHODS,
  LEDGER_PAYMENT_PROVIDERS,
  PAYMENT_MISMATCHES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '@repo/shared/constants/domain';
import { sql } from 'drizzle-orm';
import type { InvoiceSnapshot } from './invoice-snapshot.ts';
import {
  type AnyPgColumn,
  bigint,
  customType,
  bigserial,
  check,
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
import { bookingRef } from './bookings.ts';

/** PostgreSQL bytea as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The money ledger, append-only (ADR 010): one row per payment the gateway captured and one per refund we asked
 * for. Triggers (migration 0006) refuse every delete, any change to a payment, and any change to a refund other
 * than its outcome (pending → processed | failed, and the gateway's refund id once known). A booking's balance is
 * the sum of its payments minus the sum of its refunds that are not failed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    /** The gateway, or 'desk' for money taken at the stay (already in its owner's hands; ADR 064). */
    provider: text('provider', { enum: LEDGER_PAYMENT_PROVIDERS }).notNull(),
    /** The gateway's payment id (a desk payment's is 'desk_' and its own id): a payment is recorded once, however often it is reported. */
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** Who told us first: the browser's signed success fields or a signed webhook. */
    source: text('source', { enum: ['browser', 'webhook', 'migration', 'desk'] }).notNull(),
    /**
     * How the guest paid, as the gateway reports it: card, upi, netbanking (null on payments recorded before); at the
     * desk: cash, upi_desk, card_desk.
     */
    method: text('method', { enum: LEDGER_PAYMENT_METHODS }),
    /** A desk payment's reference as the desk typed it (a UPI UTR, a card slip number; '' for cash). */
    reference: text('reference'),
    /** Who recorded a desk payment. */
    takenBy: uuid('taken_by'),
    /**
     * Set when the payment does not match its booking's order (another order id, amount or currency): it was never
     * applied, only refunded, and the platform admin sees it (ADR 024). Null for a payment that matched.
     */
    mismatch: text('mismatch', { enum: PAYMENT_MISMATCHES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_booking_idx').on(t.bookingId),
    // A settlement looks for the records made since each owner's last one (ADR 049).
    index('payments_created_idx').on(t.createdAt),
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    /** Also the idempotency key sent to the gateway: retrying a refund can never pay it twice. */
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** The gateway's reason when a refund failed. */
    failureReason: text('failure_reason'),
    /** 1 for a refund first asked for; each asking again after a failure is the next attempt (ADR 053). */
    attempt: integer('attempt').notNull().default(1),
    /** The failed refund this one asks for again: at most one follows each failure, so none is paid twice. */
    retryOf: uuid('retry_of').references((): AnyPgColumn => refunds.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_retry_of_key').on(t.retryOf),
    // Failed refunds waiting to be sent again are looked for every minute (ADR 053).
    index('refunds_failed_idx').on(t.settledAt).where(sql`${t.status} = 'failed'`),
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_created_idx').on(t.createdAt),
    index('refunds_settled_idx').on(t.settledAt),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Side effects owed after a commit (gateway refunds, mails), written in the transaction that decided them and
 * carried out by any API process afterwards, until they succeed (plugins/app/outbox.ts).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this instant: set ahead while a process works on it (a lease), and after a failure (back-off). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.runAfter).where(sql`${t.doneAt} is null`)],
);

/**
 * Tax invoices and credit notes, append-only like the ledger: each numbered in its supplier's unbroken series per
 * kind and financial year (allocated from invoice_series in the transaction that confirms or cancels the booking),
 * with the figures printed on it kept as they were issued (ADR 017, 022).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /**
     * Whose series the number is from: the GSTIN of the supplier that issued it (the stay's, or the platform's for a
     * supply it is liable for under s.9(5)); '' for the one series every document shared before (ADR 022).
     */
    supplier: text('supplier').notNull().default(''),
    /** e.g. '2026-27' (April to March). */
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    /** The printed number, e.g. 'TI/26-27/000042' (INV/ and CN/ before ADR 022) (at most 16 characters, GST rule 46(b)). */
    number: text('number').notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** Everything printed on the document, as issued. */
    snapshot: jsonb('snapshot').$type<InvoiceSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_series_key').on(t.supplier, t.kind, t.financialYear, t.seq),
    uniqueIndex('invoices_number_key').on(t.supplier, t.number),
    uniqueIndex('invoices_booking_kind_key').on(t.bookingId, t.kind),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

/**
 * The file of a document as it was issued, rendered once and kept (a legal record: what was issued is what is
 * served, even after the code that draws documents changes). Append-only: a trigger refuses changes and deletes.
 */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  pdf: bytea('pdf').notNull(),
  /** SHA-256 of the file, hex. */
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last number issued per supplier, kind and financial year. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    /** The supplier's GSTIN ('' for the series every document shared before ADR 022). */
    supplier: text('supplier').notNull().default(''),
    /** The platform's fee invoices and their credit notes are series of their own (ADR 032). */
    kind: text('kind', { enum: ['invoice', 'credit_note', 'fee_invoice', 'fee_credit_note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplier, t.kind, t.financialYear] })],
);

/**
 * What a stay owes its guest for cancelling a confirmed booking itself (ADR 053): the charge the booking's policy
 * would have taken from the guest for a cancel that day, on top of the full refund. Written in the owner's cancel's
 * transaction, at most one per booking, never changed or deleted (a trigger, migration 0030); recovered from the owner
 * in their next settlement (settlement_compensations).
 */
export const cancellationCompensations = pgTable(
  'cancellation_compensations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: bookingRef(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** The amount in words as the owner and the guest were shown it. */
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cancellation_compensations_booking_key').on(t.bookingId),
    index('cancellation_compensations_created_idx').on(t.createdAt),
    check('cancellation_compensations_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
