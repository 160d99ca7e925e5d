import { PAYMENT_METHODS } from '@repo/shared/constants/domain';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The offline sandbox gateway's own account (adapters/sandbox, ADR 030): what Razorpay would keep on its side.
 * Used only when PAYMENTS is the sandbox; no feature reads these tables. Payments and refunds are money records:
 * a row is never deleted and only a pending one gets its outcome, once (triggers in migration 0020).
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  receipt: text('receipt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The error fields Razorpay gives a failed payment. */
export type SandboxPaymentError = { code: string; description: string; source: string; step: string; reason: string };

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    /** Insertion order: the order's latest payment is the one with the highest seq. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: text('order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    vpa: text('vpa'),
    bank: text('bank'),
    /** pending (a UPI payment waiting for approval) → captured | failed; captured and failed are final. */
    status: text('status', { enum: ['pending', 'captured', 'failed'] }).notNull(),
    error: jsonb('error').$type<SandboxPaymentError>(),
    /** When a pending payment is approved by itself (SANDBOX_UPI_APPROVAL_SECONDS); null: only on demand. */
    approveAt: timestamp('approve_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_payments_order_idx').on(t.orderId, t.seq),
    // An order has at most one payment waiting for approval: a second one is refused (409).
    uniqueIndex('sandbox_payments_one_pending_idx').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    /** Derived from the idempotency key: the same key is the same refund. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    receipt: text('receipt').notNull(),
    /** pending → processed | failed (with the bank's reason); processed and failed are final. */
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    reason: text('reason'),
    /** When the sandbox's bank processes it by itself (refundDelayMs); null: only when settled on demand. */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_refunds_payment_idx').on(t.paymentId)],
);

/**
 * The webhooks the sandbox owes the app, written with the change they report: each is posted to the webhook route
 * until the route accepts it (delivered_at), retried with a growing delay, and after a restart.
 */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    /** The exact JSON body posted (its signature is made from these bytes). */
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_events_due_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null`)],
);

/** The sandbox's Route: the linked accounts owners are paid into (what Razorpay keeps of them). */
export const sandboxLinkedAccounts = pgTable('sandbox_linked_accounts', {
  id: text('id').primaryKey(),
  reference: text('reference').notNull(),
  legalName: text('legal_name').notNull(),
  method: text('method', { enum: ['bank', 'upi'] }).notNull(),
  ifsc: text('ifsc'),
  accountNumber: text('account_number'),
  upiId: text('upi_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox's Route transfers: one per idempotency key (asking again answers the same transfer); pending →
 * processed | failed (with the bank's reason), final once settled (trigger in migration 0021).
 */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    accountId: text('account_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    reason: text('reason'),
    settleAt: timestamp('settle_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_transfers_key').on(t.idempotencyKey)],
);
