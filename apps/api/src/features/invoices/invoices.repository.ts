import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '#src/db/client.ts';
import { bookingRooms, bookings, invoiceSeries, invoices, stays, taxRates, users } from '#src/db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = InvoiceRow['kind'];

export async function allTaxRates(q: Queryable) {
  return q
    .select({ startsOn: taxRates.startsOn, tariffOver: taxRates.tariffOver, ratePercent: taxRates.ratePercent })
    .from(taxRates);
}

/**
 * The next number of a series, taken in the caller's transaction: the series row stays locked until it ends, so
 * concurrent issuers get consecutive numbers, and a transaction rolled back takes its number back with it.
 */
export async function nextSeq(tx: Tx, kind: InvoiceKind, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ kind, financialYear, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.kind, invoiceSeries.financialYear],
      set: { lastSeq: sql`${invoiceSeries.lastSeq} + 1` },
    })
    .returning({ lastSeq: invoiceSeries.lastSeq });
  if (!row) throw new Error('invoice series not advanced');
  return row.lastSeq;
}

export async function insertInvoice(tx: Tx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice not recorded');
  return row;
}

export async function findInvoice(q: Queryable, bookingId: string, kind: InvoiceKind) {
  const [row] = await q
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind)))
    .limit(1);
  return row;
}

export async function invoicesOfBookings(q: Queryable, bookingIds: readonly string[]) {
  if (!bookingIds.length) return [];
  return q
    .select()
    .from(invoices)
    .where(inArray(invoices.bookingId, [...bookingIds]))
    .orderBy(invoices.issuedAt);
}

/** Whether each stay is registered for GST (has a GSTIN), by stay id. */
export async function registrationOfStays(q: Queryable, stayIds: readonly string[]) {
  if (!stayIds.length) return new Map<string, boolean>();
  const rows = await q
    .select({ id: stays.id, gstin: stays.gstin })
    .from(stays)
    .where(inArray(stays.id, [...new Set(stayIds)]));
  return new Map(rows.map((r) => [r.id, Boolean(r.gstin)]));
}

/** What an invoice of a booking prints: the booking, its rooms, the stay's business and the guest. */
export async function invoiceSource(q: Queryable, bookingId: string) {
  const [row] = await q
    .select({
      booking: bookings,
      stay: { name: stays.name, legalName: stays.legalName, address: stays.address, city: stays.city, gstin: stays.gstin },
      guest: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(bookings)
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return undefined;
  const rooms = await q.select().from(bookingRooms).where(eq(bookingRooms.bookingId, bookingId)).orderBy(bookingRooms.number);
  return { ...row, rooms };
}
