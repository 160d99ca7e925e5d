import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '#src/db/client.ts';
import type { InvoiceSnapshot } from '#src/db/schema/index.ts';
import { INDIA_MONTH } from './returns.repository.ts';

type WithheldRow = {
  owner_id: string;
  owner_name: string;
  gstin: string | null;
  pan: string | null;
  taxable: string;
  tcs: string;
  tds: string;
  gross: string;
};

type DocRow = {
  id: string;
  kind: 'invoice' | 'credit_note';
  supplier: string;
  number: string;
  issued_at: string | Date;
  snapshot: InvoiceSnapshot;
};

/** TDS (per owner) withheld in the month's settlements, when the amounts were credited to them. */
export function withheld(q: Queryable, month: string, ownerId?: string) {
  const owner = ownerId ? sql`and l.owner_id = ${ownerId}::uuid` : sql``;
  return selectRows<WithheldRow>(
    q,
    sql`select l.owner_id, max(u.first_name || ' ' || u.last_name) as owner_name, l.supplier_gstin as gstin, max(pp.pan) as pan,
          sum(l.taxable_paise) as taxable, sum(l.tcs_paise) as tcs, sum(l.tds_paise) as tds, sum(l.gross_paise) as gross
        from settlement_lines l join settlements s on s.id = l.settlement_id join users u on u.id = l.owner_id
        left join payout_profiles pp on pp.owner_id = l.owner_id
        where to_char(s.period_end, 'YYYY-MM') = ${month} ${owner}
        group by l.owner_id, l.supplier_gstin
        order by owner_name, l.supplier_gstin`,
  );
}

/** The platform's s.9(5) documents of a month. */
export function platformSuppliesOf(q: Queryable, month: string) {
  return selectRows<DocRow>(
    q,
    sql`select i.id, i.kind, i.supplier, i.number, i.issued_at, i.snapshot from invoices i
        where (i.snapshot->'supplier'->'through') is not null and ${INDIA_MONTH(sql.raw('i.issued_at'))} = ${month}`,
  );
}

/** Payouts processed in the month (count and amount) and those waiting now. */
export function payoutsOfMonth(q: Queryable, month: string) {
  return selectRows<{ processed_n: string; processed_amt: string; pending_n: string; pending_amt: string }>(
    q,
    sql`select count(*) filter (where status = 'processed' and ${INDIA_MONTH(sql.raw('settled_at'))} = ${month}) as processed_n,
               coalesce(sum(amount_paise) filter (where status = 'processed' and ${INDIA_MONTH(sql.raw('settled_at'))} = ${month}), 0) as processed_amt,
               count(*) filter (where status = 'requested') as pending_n,
               coalesce(sum(amount_paise) filter (where status = 'requested'), 0) as pending_amt
        from payouts`,
  );
}

/** Payouts whose last attempt failed, newest first (at most 200). */
export function failedPayouts(q: Queryable) {
  return selectRows<{
    id: string;
    owner_name: string;
    amount_paise: string;
    failure_reason: string;
    settled_at: string | Date;
  }>(
    q,
    sql`select p.id, u.first_name || ' ' || u.last_name as owner_name, p.amount_paise, p.failure_reason, p.settled_at
        from payouts p join users u on u.id = p.owner_id
        where p.status = 'failed'
          and not exists (select 1 from payouts o where o.settlement_id = p.settlement_id and o.attempt > p.attempt)
        order by p.settled_at desc limit 200`,
  );
}

/** The month's settlements: how many, their net and what was payable. */
export function settlementsOfMonth(q: Queryable, month: string) {
  return selectRows<{ n: string; net: string; payable: string }>(
    q,
    sql`select count(*) as n, coalesce(sum(net_paise), 0) as net, coalesce(sum(payable_paise), 0) as payable
        from settlements where to_char(period_end, 'YYYY-MM') = ${month}`,
  );
}

/** Every payout requested in the month, with its owner and period. */
export function payoutRowsOfMonth(q: Queryable, month: string) {
  return selectRows<{
    id: string;
    owner_name: string;
    period_start: string;
    period_end: string;
    amount_paise: string;
    attempt: number;
    status: string;
    failure_reason: string | null;
    created_at: string | Date;
  }>(
    q,
    sql`select p.id, u.first_name || ' ' || u.last_name as owner_name, s.period_start, s.period_end, p.amount_paise, p.attempt,
               p.status, p.failure_reason, p.created_at
        from payouts p join settlements s on s.id = p.settlement_id join users u on u.id = p.owner_id
        where ${INDIA_MONTH(sql.raw('p.created_at'))} = ${month} order by p.created_at`,
  );
}
