import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '#src/db/client.ts';

/** A settlement line as the TDS statement prints it. */
export type TdsLine = {
  credited_on: string;
  pan: string | null;
  stay_name: string;
  invoice_number: string | null;
  booking_id: string;
  kind: 'booking' | 'adjustment';
  tds_section: string | null;
  tds_bp: number;
  taxable: number;
  tds: number;
};

/** An owner's settlement lines credited within `days` (their periods' ends), with PAN, provision and rate. */
export function tdsLines(q: Queryable, ownerId: string, days: { start: string; end: string }) {
  return selectRows<TdsLine>(
    q,
    sql`select to_char(s.period_end, 'YYYY-MM-DD') as credited_on, s.pan, b.hotel_name as stay_name,
          i.number as invoice_number, l.booking_id, l.kind, l.tds_section, l.tds_bp,
          l.taxable_paise::int8 as taxable, l.tds_paise::int8 as tds
        from settlements s
        join settlement_lines l on l.settlement_id = s.id
        join bookings b on b.id = l.booking_id
        left join invoices i on i.booking_id = l.booking_id and i.kind = 'invoice'
        where s.owner_id = ${ownerId}::uuid and s.period_end between ${days.start}::date and ${days.end}::date
        order by s.period_end, l.id`,
  );
}

/** The deductee as the statement names them: the payout details' legal name (else the account's name) and PAN. */
export function payeeOf(q: Queryable, ownerId: string) {
  return selectRows<{ legal_name: string; pan: string | null }>(
    q,
    sql`select coalesce(p.legal_name, u.first_name || ' ' || u.last_name) as legal_name, p.pan
        from users u left join payout_profiles p on p.owner_id = u.id where u.id = ${ownerId}::uuid`,
  );
}
