import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { type Queryable, selectRows, type Tx } from '#src/db/client.ts';
import { settlementLines, settlements } from '#src/db/schema/index.ts';

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

/**
 * Every booking of a stay whose check-in day is on or before `periodEnd`, paid before `cutoff`, that was never
 * credited or whose payments, refunds or documents changed after its last line was written: its money as of the cut-off (paid less
 * refunds not failed by then; the GST and value before tax as invoiced less credited), and its earlier lines.
 */
export function dueBookings(q: Queryable, periodEnd: string, cutoff: Date, ownerId?: string) {
  const owner = ownerId ? sql`and s.owner_id = ${ownerId}::uuid` : sql``;
  return selectRows<DueBooking>(
    q,
    sql`
    with cand as (
      select b.id, b.stay_id, s.owner_id, s.fee_bp
      from bookings b join stays s on s.id = b.stay_id
      left join lateral (select max(l.created_at) as at from settlement_lines l where l.booking_id = b.id) last on true
      where b.check_in <= ${periodEnd}::date ${owner}
        and exists (select 1 from payments p where p.booking_id = b.id and p.created_at < ${cutoff})
        and (
          last.at is null
          or exists (select 1 from payments p where p.booking_id = b.id and p.created_at > last.at and p.created_at < ${cutoff})
          or exists (select 1 from refunds r where r.booking_id = b.id
                     and ((r.created_at > last.at and r.created_at < ${cutoff})
                          or (r.status = 'failed' and r.settled_at > last.at and r.settled_at < ${cutoff})))
          or exists (select 1 from invoices i where i.booking_id = b.id and i.issued_at > last.at and i.issued_at < ${cutoff})
        )
    )
    select c.id as booking_id, c.stay_id, c.owner_id, c.fee_bp as stay_fee_bp,
      (select coalesce(sum(p.amount_paise), 0) from payments p where p.booking_id = c.id and p.created_at < ${cutoff}) as paid,
      (select coalesce(sum(r.amount_paise), 0) from refunds r where r.booking_id = c.id and r.created_at < ${cutoff}
         and not (r.status = 'failed' and r.settled_at < ${cutoff})) as refunded,
      inv.taxable as invoiced_taxable, inv.gst as invoiced_gst, inv.by_platform, inv.supplier, inv.invoiced_on,
      cn.taxable as credited_taxable, cn.gst as credited_gst,
      pp.pan,
      (select json_build_object(
          'gross', sum(l.gross_paise), 'gst', sum(l.gst_paise), 'taxable', sum(l.taxable_paise), 'fee', sum(l.fee_paise),
          'feeGst', sum(l.fee_gst_paise), 'tcs', sum(l.tcs_paise), 'tds', sum(l.tds_paise), 'net', sum(l.net_paise),
          'byPlatform', (array_agg(l.by_platform order by l.id))[1], 'feeBp', (array_agg(l.fee_bp order by l.id))[1],
          'feeGstBp', (array_agg(l.fee_gst_bp order by l.id))[1], 'tcsBp', (array_agg(l.tcs_bp order by l.id))[1],
          'tdsBp', (array_agg(l.tds_bp order by l.id))[1])
        from settlement_lines l where l.booking_id = c.id having count(*) > 0) as prev
    from cand c
    left join lateral (
      select (i.snapshot->'gst'->>'taxable')::bigint as taxable,
             ((i.snapshot->'gst'->>'cgst')::bigint + (i.snapshot->'gst'->>'sgst')::bigint) as gst,
             (i.snapshot->'supplier'->'through') is not null as by_platform, i.supplier,
             to_char(i.issued_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as invoiced_on
      from invoices i where i.booking_id = c.id and i.kind = 'invoice' and i.issued_at < ${cutoff}
    ) inv on true
    left join lateral (
      select sum((i.snapshot->'gst'->>'taxable')::bigint) as taxable,
             sum((i.snapshot->'gst'->>'cgst')::bigint + (i.snapshot->'gst'->>'sgst')::bigint) as gst
      from invoices i where i.booking_id = c.id and i.kind = 'credit_note' and i.issued_at < ${cutoff}
    ) cn on true
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

export async function insertLines(tx: Tx, values: (typeof settlementLines.$inferInsert)[]) {
  for (let i = 0; i < values.length; i += 500) await tx.insert(settlementLines).values(values.slice(i, i + 500));
}
