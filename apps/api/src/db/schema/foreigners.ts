import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookingRef } from './bookings.ts';
import { bytea } from './money.ts';
import { stayRef } from './stays.ts';
import { users } from './users.ts';

/**
 * A foreign guest's Form C (Form III of the Immigration and Foreigners Rules, 2025; ADR 067), one per guest of a
 * booking: the details sealed (AES-256-GCM under the personal-data key, bound to the row's id), with in the clear
 * only what the desk's lists need (the name, the nationality, the passport's last four characters, the visa type)
 * and the report's clock (due 24 hours after arrival) and submission. A year after the guest's departure the details
 * and the name are erased; the report's dates and reference stay.
 */
export const formCReports = pgTable(
  'form_c_reports',
  {
    id: uuid('id').primaryKey(),
    bookingId: bookingRef(),
    stayId: stayRef(),
    guestName: text('guest_name').notNull(),
    nationality: text('nationality').notNull(),
    passportLast4: text('passport_last4'),
    visaType: text('visa_type'),
    details: bytea('details'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reference: text('reference'),
    eraseOn: date('erase_on', { mode: 'string' }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_c_reports_booking_idx').on(t.bookingId),
    index('form_c_reports_open_idx').on(t.stayId, t.dueAt).where(sql`${t.submittedAt} is null`),
    index('form_c_reports_erase_idx').on(t.eraseOn).where(sql`${t.erasedAt} is null`),
    check('form_c_reports_submitted', sql`(${t.submittedAt} is null) = (${t.reference} is null)`),
    check('form_c_reports_erased', sql`${t.erasedAt} is null or ${t.details} is null`),
  ],
);
