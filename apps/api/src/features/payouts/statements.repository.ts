import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { preparedPer, type Queryable } from '#src/db/client.ts';
import { bookings, invoices, payoutAccounts, payouts, settlementLines, settlements, users } from '#src/db/schema/index.ts';

export type SettlementRow = typeof settlements.$inferSelect;
export type PayoutWithAccount = { p: typeof payouts.$inferSelect; a: typeof payoutAccounts.$inferSelect };

const ownerName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** A page of settlements (an owner's, or every owner's: `ownerId` null), newest first, with their owners' names and how many in all. */
export async function settlementRows(q: Queryable, ownerId: string | null, page: number, pageSize: number) {
  const where = ownerId ? eq(settlements.ownerId, ownerId) : undefined;
  const rows = await q
    .select({ s: settlements, ownerName })
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.ownerId))
    .where(where)
    .orderBy(desc(settlements.periodStart), asc(settlements.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await q.select({ n: count() }).from(settlements).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The payouts of settlements with their accounts, in attempt order. */
export function payoutRows(q: Queryable, ids: string[]): Promise<PayoutWithAccount[]> {
  return q
    .select({ p: payouts, a: payoutAccounts })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, payouts.accountId))
    .where(inArray(payouts.settlementId, ids))
    .orderBy(asc(payouts.attempt));
}

/** Settled and not paid out yet (no processed payout). */
export async function unpaidOf(q: Queryable, ownerId: string) {
  const [row] = await q
    .select({ n: sql<string>`coalesce(sum(${settlements.payablePaise}), 0)` })
    .from(settlements)
    .where(
      and(
        eq(settlements.ownerId, ownerId),
        sql`not exists (select 1 from payouts p where p.settlement_id = ${settlements.id} and p.status = 'processed')`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** One settlement with its owner's name, and its payouts: prepared once per database (statements are read often). */
export const settlementOf = preparedPer((db) =>
  db
    .select({ s: settlements, ownerName })
    .from(settlements)
    .innerJoin(users, eq(users.id, settlements.ownerId))
    .where(eq(settlements.id, sql.placeholder('id')))
    .prepare('settlement_of'),
);
export const payoutsOfOne = preparedPer((db) =>
  db
    .select({ p: payouts, a: payoutAccounts })
    .from(payouts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.id, payouts.accountId))
    .where(eq(payouts.settlementId, sql.placeholder('id')))
    .orderBy(asc(payouts.attempt))
    .prepare('payouts_of_settlement'),
);

/** A settlement's lines with their booking's dates, stay name (as booked) and invoice number. */
export const linesOf = preparedPer((db) =>
  db
    .select({
      l: settlementLines,
      stayName: bookings.hotelName,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      invoiceNumber: invoices.number,
    })
    .from(settlementLines)
    .innerJoin(bookings, eq(bookings.id, settlementLines.bookingId))
    .leftJoin(invoices, and(eq(invoices.bookingId, settlementLines.bookingId), eq(invoices.kind, 'invoice')))
    .where(eq(settlementLines.settlementId, sql.placeholder('id')))
    .orderBy(asc(bookings.checkIn), asc(settlementLines.id))
    .prepare('settlement_lines_of'),
);
