import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingRef } from './bookings.ts';
import { bytea, cancellationCompensations } from './money.ts';
import { stayRef } from './stays.ts';
import { users } from './users.ts';

/**
 * What the platform owes each stay owner and pays them (ADR 032). Every table here but `payout_profiles` is a money
 * record: triggers (migration 0021) refuse deletes and changes, except a payout's one outcome (requested →
 * processed | failed, with the gateway's transfer id and reason).
 */

const ownerRef = () =>
  uuid('owner_id')
    .notNull()
    .references(() => users.id);
const paise = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** Who an owner is for tax (legal name, PAN for TDS, state for the place of supply of the platform's fee). */
export const payoutProfiles = pgTable('payout_profiles', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id),
  legalName: text('legal_name').notNull(),
  /** Null: none given; TDS is then withheld at the rate for a participant without a PAN. */
  pan: text('pan'),
  /** Who holds the PAN as the owner said (its fourth letter says the same); null: not said. */
  holderType: text('holder_type'),
  stateCode: text('state_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How an owner stands for GST in a state, as they declared it (ADR 054): each declaration adds a row, in force from
 * when it was made until the next for the state, so every invoice's supplier is decided by the one in force on its
 * day. Append-only (migration 0029).
 */
export const gstDeclarations = pgTable(
  'gst_declarations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerRef(),
    stateCode: text('state_code').notNull(),
    registration: text('registration', { enum: ['none', 'regular', 'composition'] }).notNull(),
    gstin: text('gstin'),
    /** Liable for registration under s.22(1) (aggregate turnover above the threshold). */
    liable: boolean('liable').notNull(),
    /** As registered against the GSTIN, or the owner's own: the recipient of the platform's fee invoice. */
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gst_declarations_owner_state_idx').on(t.ownerId, t.stateCode, t.createdAt),
    check('gst_declarations_gstin', sql`(${t.registration} = 'none') = (${t.gstin} is null)`),
  ],
);

/**
 * Where an owner is paid: each change adds a row (the latest is in use), so every payout names the account it went
 * to. Only what can be shown is kept (IFSC, the last four digits, the holder; a UPI id); the full number went to the
 * gateway's linked account.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerRef(),
    method: text('method', { enum: ['bank', 'upi'] }).notNull(),
    ifsc: text('ifsc'),
    accountLast4: text('account_last4'),
    holder: text('holder'),
    upiId: text('upi_id'),
    /** The gateway's linked account (Razorpay Route `acc_…`). */
    linkedAccountId: text('linked_account_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_accounts_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A week's (cut at a month's end) account with one owner: its lines, opening and closing balance. */
export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerRef(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** The last settlement's carried (negative) balance. */
    openingPaise: paise('opening_paise'),
    grossPaise: paise('gross_paise'),
    gstPaise: paise('gst_paise'),
    taxablePaise: paise('taxable_paise'),
    feePaise: paise('fee_paise'),
    feeGstPaise: paise('fee_gst_paise'),
    tcsPaise: paise('tcs_paise'),
    tdsPaise: paise('tds_paise'),
    netPaise: paise('net_paise'),
    /** opening + net: paid out when positive, carried to the next settlement when negative. */
    closingPaise: paise('closing_paise'),
    payablePaise: paise('payable_paise'),
    lineCount: integer('line_count').notNull(),
    /** The owner's PAN its TDS was deducted against (null: none given, or settled before PANs were kept here). */
    pan: text('pan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_owner_period_key').on(t.ownerId, t.periodStart),
    index('settlements_period_idx').on(t.periodEnd),
    check('settlements_payable', sql`${t.payablePaise} = greatest(${t.closingPaise}, 0)`),
    check('settlements_closing', sql`${t.closingPaise} = ${t.openingPaise} + ${t.netPaise}`),
    check('settlements_opening', sql`${t.openingPaise} <= 0`),
  ],
);

/**
 * One booking's change of account in a settlement: its first credit after the check-in day, then each later change
 * (a refund) as the difference. The lines of a booking add up to its whole account.
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    ownerId: ownerRef(),
    bookingId: bookingRef(),
    stayId: stayRef(),
    kind: text('kind', { enum: ['booking', 'adjustment'] }).notNull(),
    /** The platform supplied the nights (s.9(5)); else the stay under `supplierGstin`. */
    byPlatform: boolean('by_platform').notNull(),
    supplierGstin: text('supplier_gstin'),
    /** The rates applied (basis points), frozen at the booking's first credit. */
    feeBp: integer('fee_bp').notNull(),
    feeGstBp: integer('fee_gst_bp').notNull(),
    tcsBp: integer('tcs_bp').notNull(),
    tdsBp: integer('tds_bp').notNull(),
    /** The provision its TDS was deducted or relieved under, frozen with the rate (null: credited before it was kept). */
    tdsSection: text('tds_section'),
    grossPaise: paise('gross_paise'),
    gstPaise: paise('gst_paise'),
    taxablePaise: paise('taxable_paise'),
    feePaise: paise('fee_paise'),
    feeGstPaise: paise('fee_gst_paise'),
    tcsPaise: paise('tcs_paise'),
    tdsPaise: paise('tds_paise'),
    netPaise: paise('net_paise'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settlement_lines_settlement_idx').on(t.settlementId),
    index('settlement_lines_booking_idx').on(t.bookingId),
    check(
      'settlement_lines_net',
      sql`${t.netPaise} = ${t.grossPaise} - (case when ${t.byPlatform} then ${t.gstPaise} else 0 end) - ${t.feePaise} - ${t.feeGstPaise} - ${t.tcsPaise} - ${t.tdsPaise}`,
    ),
  ],
);

/**
 * A compensation a stay owed its guest for cancelling (cancellation_compensations, ADR 053), deducted from its owner's
 * net in one settlement: once, by the unique compensation. Kept apart from the lines, which are bookings' accounts.
 */
export const settlementCompensations = pgTable(
  'settlement_compensations',
  {
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    compensationId: uuid('compensation_id')
      .primaryKey()
      .references(() => cancellationCompensations.id),
    ownerId: ownerRef(),
    amountPaise: paise('amount_paise'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settlement_compensations_settlement_idx').on(t.settlementId)],
);

/**
 * The platform paying a guest the compensation a stay owed them (ADR 053): a payout link through the gateway
 * (RazorpayX Payout Links), sent to the guest, who chooses the account it is paid to. One per compensation (its id is
 * the idempotency key); only its outcome changes, once (issued → processed | cancelled | expired | rejected).
 */
export const compensationPayouts = pgTable('compensation_payouts', {
  compensationId: uuid('compensation_id')
    .primaryKey()
    .references(() => cancellationCompensations.id),
  providerLinkId: text('provider_link_id').notNull().unique('compensation_payouts_link_key'),
  /** Where the guest claims it. */
  linkUrl: text('link_url').notNull(),
  status: text('status', { enum: ['issued', 'processed', 'cancelled', 'expired', 'rejected'] })
    .notNull()
    .default('issued'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/**
 * A transfer of a settlement's payable balance to the owner's account through the gateway. Its id is the
 * idempotency key: asking again never pays twice. A settlement has at most one payout that has not failed; a failed
 * one is followed by a new attempt after a back-off (or at once when the owner changes their account).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    ownerId: ownerRef(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => payoutAccounts.id),
    amountPaise: paise('amount_paise'),
    attempt: integer('attempt').notNull(),
    status: text('status', { enum: ['requested', 'processed', 'failed'] })
      .notNull()
      .default('requested'),
    providerTransferId: text('provider_transfer_id'),
    failureReason: text('failure_reason'),
    /** The bank's reference of the credit (UTR), when the gateway gave it with the outcome. */
    utr: text('utr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_one_live_key').on(t.settlementId).where(sql`${t.status} <> 'failed'`),
    uniqueIndex('payouts_attempt_key').on(t.settlementId, t.attempt),
    uniqueIndex('payouts_transfer_key').on(t.providerTransferId),
    index('payouts_owner_idx').on(t.ownerId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** What a fee invoice prints, as issued. */
export type FeeInvoiceSnapshot = {
  title: string;
  number: string;
  issuedOn: string;
  month: string;
  /** The settlement period whose fee it invoices (ADR 055; absent on the monthly invoices before it). */
  period?: { start: string; end: string };
  supplier: { legalName: string; address: string; gstin: string };
  /** `address`: as registered against the GSTIN, or the unregistered owner's (absent before ADR 055). */
  recipient: {
    legalName: string;
    gstin: string | null;
    stateCode: string;
    state: string;
    pan: string | null;
    address?: string | null;
  };
  placeOfSupply: string;
  sac: string;
  ratePercent: number;
  /** The fee on the month's stays (negative on a credit note: printed as credited). */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  stays: { name: string; taxable: number; fee: number }[];
  totalInWords: string;
  /** A credit note's invoice (s.34, rule 53(1A)). */
  against?: { number: string; issuedOn: string };
};

/**
 * The platform's tax invoices for its fee to each owner, per recipient (the owner's GSTIN of a registered stay, or
 * the owner unregistered), numbered in the platform's own series (invoice_series, kinds fee_invoice and
 * fee_credit_note). From ADR 055 one per settlement, issued as it is made (the fee is deducted then: s.31(5), rule
 * 47), and a credit note per invoice a later refund reduces (`against`); before, one per month (`settlement_id`
 * null), netted.
 */
export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerRef(),
    month: text('month').notNull(),
    settlementId: uuid('settlement_id').references(() => settlements.id),
    /** The recipient's GSTIN ('' when not registered). */
    recipientGstin: text('recipient_gstin').notNull(),
    kind: text('kind', { enum: ['fee_invoice', 'fee_credit_note'] }).notNull(),
    /** A credit note's invoice. */
    againstId: uuid('against_id').references((): AnyPgColumn => feeInvoices.id),
    supplier: text('supplier').notNull(),
    number: text('number').notNull(),
    taxablePaise: paise('taxable_paise'),
    gstPaise: paise('gst_paise'),
    snapshot: jsonb('snapshot').$type<FeeInvoiceSnapshot>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_invoices_month_key').on(t.ownerId, t.month, t.recipientGstin).where(sql`${t.settlementId} is null`),
    uniqueIndex('fee_invoices_settlement_key')
      .on(t.settlementId, t.recipientGstin)
      .where(sql`${t.kind} = 'fee_invoice' and ${t.settlementId} is not null`),
    uniqueIndex('fee_invoices_credit_key').on(t.settlementId, t.againstId).where(sql`${t.againstId} is not null`),
    uniqueIndex('fee_invoices_number_key').on(t.supplier, t.number),
    index('fee_invoices_owner_idx').on(t.ownerId, t.issuedAt),
  ],
);

/** A fee invoice's PDF as issued, drawn once and kept (append-only, like invoice_files). */
export const feeInvoiceFiles = pgTable('fee_invoice_files', {
  feeInvoiceId: uuid('fee_invoice_id')
    .primaryKey()
    .references(() => feeInvoices.id),
  pdf: bytea('pdf').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
