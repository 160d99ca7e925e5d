import { GST_STATES } from '@repo/shared/domain/gstin';
import type { PlatformMonthDto } from '@repo/shared/schemas/payouts';
import type { Queryable } from '#src/db/client.ts';
import { rupeesOf, toCsv } from '#src/features/owner/index.ts';
import type { Config } from '#src/config/config.ts';
import { listFeeInvoices } from './fee-invoices.ts';
import * as repo from './reports.repository.ts';
import { byRate, gstr8Of, ownerReturn, platformReturn } from './returns.ts';

const stateLabel = (code: string) => `${code}-${GST_STATES[code] ?? code}`;

/**
 * The owner's month as an accountant asks for it: GSTR-1's sheets (returns.ts), the TCS and TDS figures, the
 * platform's fee invoices.
 */
export async function ownerReport(
  q: Queryable,
  platform: Config['platform'],
  ownerId: string,
  month: string,
  report: string,
  gstin?: string,
): Promise<string> {
  if (report === 'tcs' || report === 'tds') return withholdingReport(q, ownerId, month, report);
  if (report === 'fees') {
    const fees = await listFeeInvoices(q, ownerId, month);
    return toCsv(
      ['Number', 'Document', 'Issued on', 'Recipient GSTIN', 'Taxable value', 'GST', 'Total'],
      fees.map((f) => [f.number, f.title, f.issuedOn, f.recipientGstin, rupeesOf(f.taxable), rupeesOf(f.gst), rupeesOf(f.total)]),
    );
  }
  return ownerReturn(q, platform, ownerId, month, report, gstin);
}

/**
 * TCS under s.52 per supplier GSTIN of the month, recipients registered or not together (GSTR-8's Table 3 as one,
 * returns.ts): the net value of the supplies and the TCS on it in equal halves.
 */
export async function tcsOfMonth(q: Queryable, month: string, ownerId?: string) {
  return (await gstr8Of(q, month, undefined, ownerId)).map((r) => ({
    gstin: r.gstin,
    ownerName: r.ownerName,
    taxable: r.net,
    cgst: r.cgst,
    sgst: r.sgst,
    igst: r.igst,
  }));
}

async function withholdingReport(q: Queryable, ownerId: string, month: string, report: 'tcs' | 'tds') {
  if (report === 'tcs')
    return toCsv(
      ['Month', 'Supplier GSTIN', 'Net taxable value', 'TCS CGST', 'TCS SGST', 'TCS IGST', 'TCS total'],
      (await tcsOfMonth(q, month, ownerId)).map((t) => [
        month,
        t.gstin,
        rupeesOf(t.taxable),
        rupeesOf(t.cgst),
        rupeesOf(t.sgst),
        rupeesOf(t.igst),
        rupeesOf(t.cgst + t.sgst + t.igst),
      ]),
    );
  const rows = await repo.withheld(q, month, ownerId);
  const taxable = rows.reduce((a, r) => a + Number(r.taxable), 0);
  const tds = rows.reduce((a, r) => a + Number(r.tds), 0);
  return toCsv(
    ['Month', 'PAN', 'Deductee', 'Amount credited (before GST)', 'TDS'],
    [[month, rows[0]?.pan ?? 'PANNOTAVBL', rows[0]?.owner_name ?? '', rupeesOf(taxable), rupeesOf(tds)]],
  );
}

/** The platform's month: GSTR-8 (TCS per supplier GSTIN), s.9(5) supplies, TDS, fee invoices, settlements and payouts. */
export async function platformMonth(q: Queryable, month: string): Promise<PlatformMonthDto> {
  const rows = await repo.withheld(q, month);
  const tcs = await tcsOfMonth(q, month);
  const docs = await repo.platformSuppliesOf(q, month);
  const s95 = new Map<string, PlatformMonthDto['supplies95'][number]>();
  for (const d of docs)
    for (const [rate, r] of byRate(d.snapshot)) {
      const key = `${d.supplier.slice(0, 2)}|${rate}`;
      const e = s95.get(key) ?? { stateCode: d.supplier.slice(0, 2), ratePercent: rate, taxable: 0, cgst: 0, sgst: 0 };
      const sign = d.kind === 'invoice' ? 1 : -1;
      e.taxable += sign * r.taxable;
      e.cgst += sign * r.cgst;
      e.sgst += sign * r.sgst;
      s95.set(key, e);
    }
  const fees = await listFeeInvoices(q, null, month);
  const [pay] = await repo.payoutsOfMonth(q, month);
  const failed = await repo.failedPayouts(q);
  const [st] = await repo.settlementsOfMonth(q, month);
  return {
    month,
    tcs,
    supplies95: [...s95.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.ratePercent - b.ratePercent),
    fees: {
      invoices: fees.length,
      taxable: fees.reduce((a, f) => a + f.taxable, 0),
      gst: fees.reduce((a, f) => a + f.gst, 0),
    },
    tds: { amount: rows.reduce((a, r) => a + Number(r.taxable), 0), withheld: rows.reduce((a, r) => a + Number(r.tds), 0) },
    payouts: {
      processed: { count: Number(pay?.processed_n ?? 0), amount: Number(pay?.processed_amt ?? 0) },
      pending: { count: Number(pay?.pending_n ?? 0), amount: Number(pay?.pending_amt ?? 0) },
      failed: failed.map((f) => ({
        payoutId: f.id,
        ownerName: f.owner_name,
        amount: Number(f.amount_paise),
        reason: f.failure_reason,
        at: new Date(f.settled_at).toISOString(),
      })),
    },
    settlements: { count: Number(st?.n ?? 0), net: Number(st?.net ?? 0), payable: Number(st?.payable ?? 0) },
  };
}

/** The platform's month as CSV files: GSTR-8, the s.9(5) supplies, fee invoices, payouts. */
export async function platformReport(q: Queryable, month: string, report: string, gstin?: string): Promise<string> {
  if (report.startsWith('gstr8-') || report.startsWith('gstr1-')) return platformReturn(q, month, report, gstin);
  const m = await platformMonth(q, month);
  if (report === 'supplies-9-5')
    return toCsv(
      ['State', 'Rate', 'Taxable value', 'Central tax', 'State/UT tax'],
      m.supplies95.map((s) => [stateLabel(s.stateCode), s.ratePercent, rupeesOf(s.taxable), rupeesOf(s.cgst), rupeesOf(s.sgst)]),
    );
  if (report === 'fees') {
    const fees = await listFeeInvoices(q, null, month);
    return toCsv(
      ['Number', 'Document', 'Issued on', 'Recipient', 'Recipient GSTIN', 'Taxable value', 'GST', 'Total'],
      fees.map((f) => [
        f.number,
        f.title,
        f.issuedOn,
        f.recipientName,
        f.recipientGstin,
        rupeesOf(f.taxable),
        rupeesOf(f.gst),
        rupeesOf(f.total),
      ]),
    );
  }
  const rows = await repo.payoutRowsOfMonth(q, month);
  return toCsv(
    ['Payout', 'Owner', 'Period from', 'Period to', 'Amount', 'Attempt', 'Status', 'Reason', 'Requested at'],
    rows.map((r) => [
      r.id,
      r.owner_name,
      String(r.period_start),
      String(r.period_end),
      rupeesOf(Number(r.amount_paise)),
      r.attempt,
      r.status,
      r.failure_reason,
      new Date(r.created_at).toISOString(),
    ]),
  );
}
