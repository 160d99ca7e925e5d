import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { type settlementLines, settlements } from '#src/db/schema/index.ts';

/** A booking whose account with its owner may have changed by a settlement's cut-off, with what is known of it. */
export type DueBooking = {
  booking_id: string;
  stay_id: string;
  owner_id: string;
  stay_fee_bp: number | null;
  paid: string;
  refunded: string;
  invoiced_taxable: string | null;
  invoiced_gst: string | null;
  credited_taxable: string | null;
  credited_gst: string | null;
  by_platform: boolean | null;
  /** The India date its tax invoice was issued (the time of supply). */
  invoiced_on: string | null;
  supplier: string | null;
  pan: string | null;
  /** What earlier lines credited, and the terms frozen on the first (null: never credited). */
  prev: {
    gross: number;
    gst: number;
    taxable: number;
    fee: number;
    feeGst: number;
    tcs: number;
    tds: number;
    net: number;
    byPlatform: boolean;
    feeBp: number;
    feeGstBp: number;
    tcsBp: number;
    tdsBp: number;
  } | null;
};

/** How far back a run looks for a change to a booking already credited (a run is never that late). */
export const LOOK_BACK_DAYS = 35;

/**
 * Every booking of a stay whose check-in day is on or before `periodEnd`, paid before `cutoff`, never credited or
 * with a payment, refund or document of the last LOOK_BACK_DAYS (whether its account changed is decided exactly,
 * by comparing it with its lines): its money as of the cut-off (paid less
 * refunds not failed by then; the GST and value before tax as invoiced less credited), and its earlier lines.
 */
export function dueBookings(q: Queryable, periodEnd: string, cutoff: Date, ownerId?: string) {
  const since = new Date(cutoff.getTime() - LOOK_BACK_DAYS * 86_400_000);
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  // Set-based: each table read once for the bookings in question and aggregated per booking (hash joins), not a
  // sub-query per booking.
  return selectRows<DueBooking>(
    q,
    sql`
    with touched as (
      -- Never credited and due: every booking with its check-in day by the period's end and no line yet.
      select b.id from bookings b
      where b.check_in <= ${periodEnd}::date
        and not exists (select 1 from settlement_lines l where l.booking_id = b.id)
      union
      -- Perhaps changed since credited: any money or document of the last weeks (compared exactly below).
      select p.booking_id from payments p where p.created_at >= ${since} and p.created_at < ${cutoff}
      union
      select r.booking_id from refunds r where (r.created_at >= ${since} or r.settled_at >= ${since}) and r.created_at < ${cutoff}
      union
      select i.booking_id from invoices i where i.issued_at >= ${since} and i.issued_at < ${cutoff}
    ),
    cand as (
      select b.id, b.stay_id, s.owner_id, s.fee_bp
      from touched t join bookings b on b.id = t.id join stays s on s.id = b.stay_id
      where b.check_in <= ${periodEnd}::date ${owner}
    ),
    pay as (
      select p.booking_id, sum(p.amount_paise) as paid
      from payments p join cand c on c.id = p.booking_id where p.created_at < ${cutoff} group by p.booking_id
    ),
    ref as (
      select r.booking_id,
             coalesce(sum(r.amount_paise) filter (where not (r.status = 'failed' and r.settled_at < ${cutoff})), 0) as refunded
      from refunds r join cand c on c.id = r.booking_id where r.created_at < ${cutoff} group by r.booking_id
    ),
    doc as (
      select i.booking_id,
             sum((i.snapshot->'gst'->>'taxable')::bigint) filter (where i.kind = 'invoice') as invoiced_taxable,
             sum((i.snapshot->'gst'->>'cgst')::bigint + (i.snapshot->'gst'->>'sgst')::bigint) filter (where i.kind = 'invoice') as invoiced_gst,
             sum((i.snapshot->'gst'->>'taxable')::bigint) filter (where i.kind = 'credit_note') as credited_taxable,
             sum((i.snapshot->'gst'->>'cgst')::bigint + (i.snapshot->'gst'->>'sgst')::bigint) filter (where i.kind = 'credit_note') as credited_gst,
             bool_or((i.snapshot->'supplier'->'through') is not null) filter (where i.kind = 'invoice') as by_platform,
             max(i.supplier) filter (where i.kind = 'invoice') as supplier,
             max(to_char(i.issued_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')) filter (where i.kind = 'invoice') as invoiced_on
      from invoices i join cand c on c.id = i.booking_id where i.issued_at < ${cutoff} group by i.booking_id
    ),
    prev as (
      select l.booking_id,
        json_build_object(
          'gross', sum(l.gross_paise), 'gst', sum(l.gst_paise), 'taxable', sum(l.taxable_paise), 'fee', sum(l.fee_paise),
          'feeGst', sum(l.fee_gst_paise), 'tcs', sum(l.tcs_paise), 'tds', sum(l.tds_paise), 'net', sum(l.net_paise),
          'byPlatform', (array_agg(l.by_platform order by l.id))[1], 'feeBp', (array_agg(l.fee_bp order by l.id))[1],
          'feeGstBp', (array_agg(l.fee_gst_bp order by l.id))[1], 'tcsBp', (array_agg(l.tcs_bp order by l.id))[1],
          'tdsBp', (array_agg(l.tds_bp order by l.id))[1]) as figures
      from settlement_lines l join cand c on c.id = l.booking_id group by l.booking_id
    )
    select c.id as booking_id, c.stay_id, c.owner_id, c.fee_bp as stay_fee_bp,
      pay.paid, coalesce(ref.refunded, 0) as refunded,
      doc.invoiced_taxable, doc.invoiced_gst, doc.by_platform, doc.supplier, doc.invoiced_on,
      doc.credited_taxable, doc.credited_gst, pp.pan, prev.figures as prev
    from cand c
    join pay on pay.booking_id = c.id
    left join ref on ref.booking_id = c.id
    left join doc on doc.booking_id = c.id
    left join prev on prev.booking_id = c.id
    left join payout_profiles pp on pp.owner_id = c.owner_id
    order by c.owner_id, c.id`,
  );
}

/** An owner's latest settlement before a period (its carried balance opens the next). */
export async function lastSettlement(q: Queryable, ownerId: string, before: string) {
  const [row] = await q
    .select()
    .from(settlements)
    .where(and(eq(settlements.ownerId, ownerId), lt(settlements.periodStart, before)))
    .orderBy(desc(settlements.periodStart))
    .limit(1);
  return row;
}

export async function insertSettlement(tx: Tx, values: typeof settlements.$inferInsert) {
  const [row] = await tx.insert(settlements).values(values).onConflictDoNothing().returning();
  return row;
}

/** The lines of one settlement in one statement (a JSON array of rows, whatever their number). */
export async function insertLines(tx: Tx, values: (typeof settlementLines.$inferInsert)[]) {
  if (values.length === 0) return;
  await tx.execute(sql`
    insert into settlement_lines (settlement_id, owner_id, booking_id, stay_id, kind, by_platform, supplier_gstin,
      fee_bp, fee_gst_bp, tcs_bp, tds_bp, gross_paise, gst_paise, taxable_paise, fee_paise, fee_gst_paise, tcs_paise,
      tds_paise, net_paise)
    select "settlementId", "ownerId", "bookingId", "stayId", kind, "byPlatform", "supplierGstin", "feeBp", "feeGstBp",
      "tcsBp", "tdsBp", "grossPaise", "gstPaise", "taxablePaise", "feePaise", "feeGstPaise", "tcsPaise", "tdsPaise",
      "netPaise"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x("settlementId" uuid, "ownerId" uuid, "bookingId" uuid,
      "stayId" uuid, kind text, "byPlatform" boolean, "supplierGstin" text, "feeBp" int, "feeGstBp" int, "tcsBp" int,
      "tdsBp" int, "grossPaise" bigint, "gstPaise" bigint, "taxablePaise" bigint, "feePaise" bigint,
      "feeGstPaise" bigint, "tcsPaise" bigint, "tdsPaise" bigint, "netPaise" bigint)`);
}
