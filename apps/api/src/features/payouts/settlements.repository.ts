import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { type settlementLines, settlements } from '#src/db/schema/index.ts';

/** A booking whose account with its owner may have changed by a settlement's cut-off, with what is known of it. */
export type DueBooking = {
  booking_id: string;
  stay_id: string;
  owner_id: string;
  stay_fee_bp: number | null;
  paid: string;
  /** What of `paid` its stay took at the desk (ADR 064): no TCS on it, as the platform never collected it. */
  desk_paid?: string | null;
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
    tdsSection: string | null;
  } | null;
};

/** How far back a run looks for a change to a booking already credited (a run is never that late). */
export const LOOK_BACK_DAYS = 35;

/**
 * Every booking of a stay whose check-in day is on or before `periodEnd`, paid before `cutoff`, that its owner's
 * last settlement did not compare or that has changed since (whether its account changed is decided exactly, by
 * comparing it with its lines): its money as of the cut-off (paid less refunds not failed by then; the GST and value
 * before tax as invoiced less credited), and its earlier lines.
 *
 * Each settlement of an owner compares every booking checked in since the one before, and every booking with a
 * record (payment, refund, document) since then; a booking's account changes only by such a record. So a run takes,
 * per owner: the bookings checked in after its last settlement's period; the bookings with a record made since the
 * day before that settlement's cut-off or its run, whichever came first (a record may commit after the run that
 * read it), never looking back more than LOOK_BACK_DAYS; and for an owner never settled, every booking checked in by
 * the period's end that has no line. Each part is read through an index of its own (ADR 049): a run's cost follows
 * the weeks it settles, not the years before them.
 */
export function dueBookings(q: Queryable, periodEnd: string, cutoff: Date, ownerId?: string) {
  return selectRows<DueBooking>(q, dueBookingsSql(periodEnd, cutoff, ownerId));
}

/** dueBookings' statement. */
export function dueBookingsSql(periodEnd: string, cutoff: Date, ownerId?: string) {
  const since = new Date(cutoff.getTime() - LOOK_BACK_DAYS * 86_400_000);
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  const settledOwner = ownerId ? sql`and st.owner_id = ${ownerId}::uuid` : sql``;
  // The earliest record any owner's part looks at (each part is then bounded by its owner's own).
  const earliest = sql`(select coalesce(min(since), ${since}::timestamptz) from settled)`;
  // Set-based: each table read once for the bookings in question and aggregated per booking (hash joins), not a
  // sub-query per booking.
  return sql`
    with settled as (
      -- Each owner's last settlement: records are looked at from the day before its cut-off or its run, whichever
      -- came first (a period is settled once it has ended, but a record may commit after the run that read it).
      select distinct on (st.owner_id) st.owner_id, st.period_end as last_end,
             greatest(${since}::timestamptz,
                      least((st.period_end + 1)::timestamp at time zone 'Asia/Kolkata', st.created_at) - interval '1 day') as since
      from settlements st where st.period_end <= ${periodEnd}::date ${settledOwner}
      order by st.owner_id, st.period_end desc
    ),
    recent as (
      select p.booking_id, p.created_at as at from payments p
      where p.created_at >= ${earliest} and p.created_at < ${cutoff}
      union all
      select r.booking_id, greatest(r.created_at, r.settled_at) from refunds r
      where (r.created_at >= ${earliest} or r.settled_at >= ${earliest}) and r.created_at < ${cutoff}
      union all
      select i.booking_id, i.issued_at from invoices i
      where i.issued_at >= ${earliest} and i.issued_at < ${cutoff}
    ),
    touched as (
      -- Checked in since the owner's last settlement, never credited.
      select b.id from bookings b
      join stays s on s.id = b.stay_id join settled o on o.owner_id = s.owner_id
      where b.check_in <= ${periodEnd}::date and b.check_in > o.last_end
        and b.check_in > (select min(last_end) from settled)
        and not exists (select 1 from settlement_lines l where l.booking_id = b.id)
      union
      -- Of an owner never settled: checked in by the period's end, never credited.
      select b.id from stays s join bookings b on b.stay_id = s.id
      where not exists (select 1 from settled o where o.owner_id = s.owner_id) ${owner}
        and b.check_in <= ${periodEnd}::date
        and not exists (select 1 from settlement_lines l where l.booking_id = b.id)
      union
      -- A record since the owner's last settlement (whether it changed the account is decided exactly below).
      select r.booking_id from recent r
      join bookings b on b.id = r.booking_id join stays s on s.id = b.stay_id join settled o on o.owner_id = s.owner_id
      where r.at >= o.since
    ),
    cand as (
      select b.id, b.stay_id, s.owner_id, s.fee_bp
      from touched t join bookings b on b.id = t.id join stays s on s.id = b.stay_id
      where b.check_in <= ${periodEnd}::date ${owner}
    ),
    pay as (
      select p.booking_id, sum(p.amount_paise) as paid,
             coalesce(sum(p.amount_paise) filter (where p.provider = 'desk'), 0) as desk_paid
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
          'tdsBp', (array_agg(l.tds_bp order by l.id))[1],
          'tdsSection', (array_agg(l.tds_section order by l.id))[1]) as figures
      from settlement_lines l join cand c on c.id = l.booking_id group by l.booking_id
    )
    select c.id as booking_id, c.stay_id, c.owner_id, c.fee_bp as stay_fee_bp,
      pay.paid, pay.desk_paid, coalesce(ref.refunded, 0) as refunded,
      doc.invoiced_taxable, doc.invoiced_gst, doc.by_platform, doc.supplier, doc.invoiced_on,
      doc.credited_taxable, doc.credited_gst, pp.pan, prev.figures as prev
    from cand c
    join pay on pay.booking_id = c.id
    left join ref on ref.booking_id = c.id
    left join doc on doc.booking_id = c.id
    left join prev on prev.booking_id = c.id
    left join payout_profiles pp on pp.owner_id = c.owner_id
    order by c.owner_id, c.id`;
}

/**
 * What each owner (or one) was credited, value before GST with refunds netted, by the settlements of periods from
 * `fyStart` to the day before `before` (a financial year's so far, for the TDS relief): read off the settlements' own totals.
 */
export async function creditedInYear(q: Queryable, fyStart: string, before: string, ownerId?: string) {
  const rows = await q
    .select({ ownerId: settlements.ownerId, taxable: sql<string>`sum(${settlements.taxablePaise})` })
    .from(settlements)
    .where(
      and(
        gte(settlements.periodEnd, fyStart),
        lt(settlements.periodEnd, before),
        ownerId ? eq(settlements.ownerId, ownerId) : undefined,
      ),
    )
    .groupBy(settlements.ownerId);
  return new Map(rows.map((r) => [r.ownerId, Number(r.taxable)]));
}

/** An owner's latest settlement before a period (its carried balance opens the next). */
/** One settlement at a time per owner: held until the transaction ends (a second run of the same period waits, then finds it made). */
export async function lockOwnerSettling(tx: Tx, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staybook:settle:' || ${ownerId}))`);
}

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
      fee_bp, fee_gst_bp, tcs_bp, tds_bp, tds_section, gross_paise, gst_paise, taxable_paise, fee_paise, fee_gst_paise, tcs_paise,
      tds_paise, net_paise)
    select "settlementId", "ownerId", "bookingId", "stayId", kind, "byPlatform", "supplierGstin", "feeBp", "feeGstBp",
      "tcsBp", "tdsBp", "tdsSection", "grossPaise", "gstPaise", "taxablePaise", "feePaise", "feeGstPaise", "tcsPaise", "tdsPaise",
      "netPaise"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x("settlementId" uuid, "ownerId" uuid, "bookingId" uuid,
      "stayId" uuid, kind text, "byPlatform" boolean, "supplierGstin" text, "feeBp" int, "feeGstBp" int, "tcsBp" int,
      "tdsBp" int, "tdsSection" text, "grossPaise" bigint, "gstPaise" bigint, "taxablePaise" bigint, "feePaise" bigint,
      "feeGstPaise" bigint, "tcsPaise" bigint, "tdsPaise" bigint, "netPaise" bigint)`);
}
