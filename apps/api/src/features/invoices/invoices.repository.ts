import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import {
  bookingRooms,
  bookings,
  gstDeclarations,
  invoiceFiles,
  invoiceSeries,
  invoices,
  stays,
  users,
} from '#src/db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = InvoiceRow['kind'];

/**
 * The next number of a supplier's series, taken in the caller's transaction: the series row stays locked until it ends, so
 * concurrent issuers get consecutive numbers, and a transaction rolled back takes its number back with it.
 */
export async function nextSeq(
  tx: Tx,
  supplier: string,
  kind: (typeof invoiceSeries.$inferInsert)['kind'],
  financialYear: string,
): Promise<number> {
  const [row] = await tx
    .insert(invoiceSeries)
    .values({ supplier, kind, financialYear, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [invoiceSeries.supplier, invoiceSeries.kind, invoiceSeries.financialYear],
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

/** What an invoice of a booking prints: the booking, its rooms, the stay's business and the guest. */
export async function invoiceSource(q: Queryable, bookingId: string) {
  const [row] = await q
    .select({
      booking: bookings,
      stay: {
        name: stays.name,
        legalName: stays.legalName,
        address: stays.address,
        city: stays.city,
        gstin: stays.gstin,
        stateCode: stays.stateCode,
        ownerId: stays.ownerId,
      },
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

/**
 * An owner's GST declaration for a state in force at `at` (the latest made by then), as the invoice's supplier is
 * decided by it (ADR 054); undefined when they had made none.
 */
export async function declarationInForce(q: Queryable, ownerId: string, stateCode: string, at: Date) {
  const [row] = await q
    .select()
    .from(gstDeclarations)
    .where(
      and(eq(gstDeclarations.ownerId, ownerId), eq(gstDeclarations.stateCode, stateCode), lte(gstDeclarations.createdAt, at)),
    )
    .orderBy(desc(gstDeclarations.createdAt))
    .limit(1);
  return row;
}

/** A document's kept file. */
export async function findFile(q: Queryable, invoiceId: string): Promise<Buffer | undefined> {
  const [row] = await q
    .select({ pdf: invoiceFiles.pdf })
    .from(invoiceFiles)
    .where(eq(invoiceFiles.invoiceId, invoiceId))
    .limit(1);
  return row?.pdf;
}

/** Keeps a document's file; the first one kept stays (append-only). */
export async function insertFile(q: Queryable, values: typeof invoiceFiles.$inferInsert): Promise<void> {
  await q.insert(invoiceFiles).values(values).onConflictDoNothing();
}

export type OwnerDocumentRow = InvoiceRow & { stayId: string; stayName: string };

type OwnerDocumentsFilter = { month?: string; stayId?: string; bookingId?: string; kind?: InvoiceKind };

const ownerDocumentsWhere = (ownerId: string, query: OwnerDocumentsFilter) =>
  and(
    eq(stays.ownerId, ownerId),
    query.stayId ? eq(stays.id, query.stayId) : undefined,
    query.bookingId ? eq(invoices.bookingId, query.bookingId) : undefined,
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    // The month of issue in India.
    query.month ? sql`to_char(${invoices.issuedAt} at time zone 'Asia/Kolkata', 'YYYY-MM') = ${query.month}` : undefined,
  );

/** The documents of an owner's stays, newest first, with the count of all that match. */
export async function ownerDocuments(
  q: Queryable,
  ownerId: string,
  query: OwnerDocumentsFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OwnerDocumentRow[]; total: number }> {
  const where = ownerDocumentsWhere(ownerId, query);
  const [rows, [count]] = await Promise.all([
    q
      .select({ invoice: invoices, stayId: stays.id, stayName: stays.name })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .innerJoin(stays, eq(stays.id, bookings.stayId))
      .where(where)
      .orderBy(desc(invoices.issuedAt), desc(invoices.number))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
      .innerJoin(stays, eq(stays.id, bookings.stayId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.invoice, stayId: r.stayId, stayName: r.stayName })), total: count?.n ?? 0 };
}

/** One document of an owner's stays. */
export async function ownerDocument(q: Queryable, ownerId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await q
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(stays, eq(stays.id, bookings.stayId))
    .where(and(eq(invoices.id, id), eq(stays.ownerId, ownerId)))
    .limit(1);
  return row?.invoice;
}

/** Which stays to decide again: an owner's (a declaration made), some stays (saved), or every live stay (start). */
export type SaleScope = { ownerId: string } | { stayIds: readonly string[] } | 'all';

const saleScopeOf = (scope: SaleScope) =>
  scope === 'all'
    ? sql``
    : 'ownerId' in scope
      ? sql`and s.owner_id = ${scope.ownerId}::uuid`
      : sql`and s.id = any(${`{${scope.stayIds.join(',')}}`}::uuid[])`;

/** The live stays in `scope` with what decides whether they may be sold: their owner's latest declaration for their state. */
export function saleStandingRows(q: Queryable, scope: SaleScope): Promise<unknown[]> {
  return selectRows<unknown>(
    q,
    sql`select s.id, s.gstin, s.state_code, s.not_for_sale, d.registration, d.gstin as declared_gstin, d.liable
        from stays s
        left join lateral (
          select d.registration, d.gstin, d.liable from gst_declarations d
          where d.owner_id = s.owner_id and d.state_code = coalesce(s.state_code, left(s.gstin, 2))
          order by d.created_at desc, d.id desc limit 1
        ) d on true
        where s.archived_at is null ${saleScopeOf(scope)}`,
  );
}

/** Records why each stay may not be sold (null: it may). */
export async function markNotForSale(q: Queryable, changed: readonly { id: string; reason: string | null }[]) {
  if (changed.length === 0) return;
  await q.execute(
    sql`update stays s set not_for_sale = c.reason
        from unnest(${`{${changed.map((c) => c.id).join(',')}}`}::uuid[],
                    ${`{${changed.map((c) => c.reason ?? 'NULL').join(',')}}`}::text[]) as c(id, reason)
        where s.id = c.id`,
  );
}
