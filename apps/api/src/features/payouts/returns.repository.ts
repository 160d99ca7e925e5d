import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '#src/db/client.ts';
import type { InvoiceSnapshot } from '#src/db/schema/index.ts';

export type DocRow = {
  kind: 'invoice' | 'credit_note';
  supplier: string;
  number: string;
  issued_at: string | Date;
  snapshot: InvoiceSnapshot;
};

/** A timestamp's month in India (yyyy-MM), in SQL. */
export const INDIA_MONTH = (col: ReturnType<typeof sql.raw>) => sql`to_char(${col} at time zone 'Asia/Kolkata', 'YYYY-MM')`;
/** The month's tax documents of the owner's stays: issued under the owner's GSTINs (`own`), or by the platform. */
function documentsOf(q: Queryable, month: string, filter: SQL) {
  return selectRows<DocRow>(
    q,
    sql`select i.kind, i.supplier, i.number, i.issued_at, i.snapshot
        from invoices i join bookings b on b.id = i.booking_id join stays s on s.id = b.stay_id
        where ${INDIA_MONTH(sql.raw('i.issued_at'))} = ${month} and i.supplier <> ''
          and (i.snapshot->'gst'->>'registered')::boolean ${filter}
        order by i.supplier, i.kind, i.number`,
  );
}
export const ownDocuments = (q: Queryable, ownerId: string, month: string, gstin?: string) =>
  documentsOf(
    q,
    month,
    sql`and s.owner_id = ${ownerId}::uuid and (i.snapshot->'supplier'->'through') is null
        ${gstin ? sql`and i.supplier = ${gstin}` : sql``}`,
  );

/** Supplies through the platform under s.9(5) that name the owner's GSTIN (registered voluntarily): Table 14(b). */
export const throughPlatformDocuments = (q: Queryable, ownerId: string, month: string, gstin?: string) =>
  documentsOf(
    q,
    month,
    sql`and s.owner_id = ${ownerId}::uuid and (i.snapshot->'supplier'->'through'->>'gstin') is not null
        ${gstin ? sql`and i.snapshot->'supplier'->'through'->>'gstin' = ${gstin}` : sql``}`,
  );

/** The platform's s.9(5) documents of a month (all its GSTINs, or one). */
export const platformDocuments = (q: Queryable, month: string, gstin?: string) =>
  documentsOf(
    q,
    month,
    sql`and (i.snapshot->'supplier'->'through') is not null ${gstin ? sql`and i.supplier = ${gstin}` : sql``}`,
  );

/** GSTR-8's Table 3 figures per supplier GSTIN: the month's invoices' and credit notes' values before tax. */
export function gstr8Rows(q: Queryable, month: string, b2b: boolean | undefined, ownerId?: string) {
  return selectRows<{ gstin: string; owner_name: string; gross: string; returned: string }>(
    q,
    sql`select i.supplier as gstin, max(u.first_name || ' ' || u.last_name) as owner_name,
          coalesce(sum((i.snapshot->'gst'->>'taxable')::bigint) filter (where i.kind = 'invoice'), 0) as gross,
          coalesce(sum((i.snapshot->'gst'->>'taxable')::bigint) filter (where i.kind = 'credit_note'), 0) as returned
        from invoices i join bookings b on b.id = i.booking_id join stays s on s.id = b.stay_id join users u on u.id = s.owner_id
        where i.supplier <> '' and (i.snapshot->'supplier'->'through') is null and (i.snapshot->'gst'->>'registered')::boolean
          and ${INDIA_MONTH(sql.raw('i.issued_at'))} = ${month}
          ${b2b === undefined ? sql`` : sql`and (coalesce(i.snapshot->'recipient'->>'gstin', '') <> '') = ${b2b}`}
          ${ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``}
        group by i.supplier order by i.supplier`,
  );
}

/** The platform's fee documents of a month (one GSTIN's, or all): kind and number, for Table 13. */
export function feeDocumentNumbers(q: Queryable, month: string, gstin?: string) {
  return selectRows<{ kind: string; number: string }>(
    q,
    sql`select kind, number from fee_invoices
        where ${INDIA_MONTH(sql.raw('issued_at'))} = ${month} ${gstin ? sql`and supplier = ${gstin}` : sql``}`,
  );
}
