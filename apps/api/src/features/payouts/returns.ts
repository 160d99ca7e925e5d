import { ACCOMMODATION_SAC } from '@repo/shared/domain/gst-rates';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { ofBp, rateOn, TCS_RATES } from '@repo/shared/domain/marketplace';
import type { Config } from '#src/config/config.ts';
import type { Queryable } from '#src/db/client.ts';
import type { InvoiceSnapshot } from '#src/db/schema/index.ts';
import { type CsvCell, rupeesOf, toCsv } from '#src/features/owner/index.ts';
import * as repo from './returns.repository.ts';
import type { DocRow } from './returns.repository.ts';

export { INDIA_MONTH } from './returns.repository.ts';

/**
 * The monthly returns as the GST portal's offline tools take them (ADR 056): each report is one sheet of the tool,
 * its columns in the tool's order and words, amounts in rupees, dates dd-Mmm-yyyy, places of supply '29-Karnataka'.
 * Owners' GSTR-1 (Notification 26/2022-Central Tax for Tables 14 and 15): b2b, cdnr, b2cs (type E, with the
 * operator's GSTIN: every supply is through the platform), hsn(b2b) and hsn(b2c) apart, docs (Table 13) and eco
 * (Table 14: supplies through the operator, (a) on which it collects TCS and (b) on which it pays the tax under
 * s.9(5)). The platform's: its s.9(5) supplies in Table 15 (ecob2b, ecourp2b, ecob2c, ecourp2c), its docs, and
 * GSTR-8's Table 3 per supplier GSTIN, registered and unregistered recipients apart.
 */

type Platform = Config['platform'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A date as the offline tool takes it: 05-Nov-2026 (India date of issue). */
export const toolDate = (d: string | Date) => {
  const day = new Date(d).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  const [y, m, dd] = day.split('-');
  return `${dd}-${MONTHS[Number(m) - 1]}-${y}`;
};
const pos = (code: string) => `${code}-${GST_STATES[code] ?? code}`;
const supplyState = (d: DocRow) => d.snapshot.supplier.gstin?.slice(0, 2) ?? d.supplier.slice(0, 2);

/** A document's lines by rate: [rate, taxable, cgst, sgst], lowest rate first. */
export function byRate(s: InvoiceSnapshot) {
  const rates = new Map<number, { taxable: number; cgst: number; sgst: number }>();
  for (const l of s.gst.lines) {
    const r = rates.get(l.ratePercent) ?? { taxable: 0, cgst: 0, sgst: 0 };
    r.taxable += l.taxable;
    r.cgst += l.cgst;
    r.sgst += l.sgst;
    rates.set(l.ratePercent, r);
  }
  return [...rates.entries()].sort((a, b) => a[0] - b[0]);
}

/** Table 13: each series' first and last number and count, by kind. */
function docsSheet(rows: { kind: string; number: string }[]) {
  const natures: Record<string, string> = {
    invoice: 'Invoices for outward supply',
    fee_invoice: 'Invoices for outward supply',
    credit_note: 'Credit Note',
    fee_credit_note: 'Credit Note',
  };
  const series = new Map<string, { nature: string; numbers: string[] }>();
  for (const r of rows) {
    const prefix = r.number.replace(/\d+$/, '');
    const key = `${r.kind}|${prefix}`;
    const s = series.get(key) ?? { nature: natures[r.kind] ?? r.kind, numbers: [] };
    s.numbers.push(r.number);
    series.set(key, s);
  }
  return toCsv(
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    [...series.values()].map((s) => {
      const sorted = [...s.numbers].sort();
      return [s.nature, sorted[0] ?? '', sorted.at(-1) ?? '', sorted.length, 0];
    }),
  );
}

const HSN_HEADER = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
];

/** The owner's GSTR-1 sheets of a month (`gstin`: one of their GSTINs; else all of them). */
export async function ownerReturn(
  q: Queryable,
  platform: Platform,
  ownerId: string,
  month: string,
  sheet: string,
  gstin?: string,
): Promise<string> {
  const docs = await repo.ownDocuments(q, ownerId, month, gstin);
  const operator = (d: DocRow) => platform.gstins[supplyState(d)] ?? '';
  if (sheet === 'gstr1-b2b' || sheet === 'gstr1-cdnr') {
    const kind = sheet === 'gstr1-b2b' ? 'invoice' : 'credit_note';
    const rows: CsvCell[][] = [];
    for (const d of docs.filter((x) => x.kind === kind && x.snapshot.recipient.gstin))
      for (const [rate, r] of byRate(d.snapshot)) {
        const who = [d.snapshot.recipient.gstin, d.snapshot.recipient.company ?? d.snapshot.recipient.name];
        const value = rupeesOf(d.snapshot.gst.total);
        const place = pos(supplyState(d));
        const head: CsvCell[] =
          kind === 'invoice'
            ? [...who, d.number, toolDate(d.issued_at), value, place, 'N', '', 'Regular B2B', operator(d)]
            : [...who, d.number, toolDate(d.issued_at), 'C', place, 'N', 'Regular B2B', value, ''];
        rows.push([...head, rate, rupeesOf(r.taxable), '']);
      }
    return toCsv(
      kind === 'invoice'
        ? [
            'GSTIN/UIN of Recipient',
            'Receiver Name',
            'Invoice Number',
            'Invoice date',
            'Invoice Value',
            'Place Of Supply',
            'Reverse Charge',
            'Applicable % of Tax Rate',
            'Invoice Type',
            'E-Commerce GSTIN',
            'Rate',
            'Taxable Value',
            'Cess Amount',
          ]
        : [
            'GSTIN/UIN of Recipient',
            'Receiver Name',
            'Note Number',
            'Note Date',
            'Note Type',
            'Place Of Supply',
            'Reverse Charge',
            'Note Supply Type',
            'Note Value',
            'Applicable % of Tax Rate',
            'Rate',
            'Taxable Value',
            'Cess Amount',
          ],
      rows,
    );
  }
  if (sheet === 'gstr1-docs') return docsSheet(docs);
  if (sheet === 'gstr1-b2cs' || sheet === 'gstr1-hsn-b2b' || sheet === 'gstr1-hsn-b2c') {
    // Invoices less credit notes, by place of supply (and operator) and rate; B2B or B2C by the recipient.
    const b2b = sheet === 'gstr1-hsn-b2b';
    const sums = new Map<string, { pos: string; eco: string; rate: number; taxable: number; cgst: number; sgst: number }>();
    for (const d of docs) {
      if (Boolean(d.snapshot.recipient.gstin) !== b2b) continue;
      const sign = d.kind === 'invoice' ? 1 : -1;
      for (const [rate, r] of byRate(d.snapshot)) {
        const key = sheet === 'gstr1-b2cs' ? `${supplyState(d)}|${operator(d)}|${rate}` : `${rate}`;
        const s = sums.get(key) ?? { pos: supplyState(d), eco: operator(d), rate, taxable: 0, cgst: 0, sgst: 0 };
        s.taxable += sign * r.taxable;
        s.cgst += sign * r.cgst;
        s.sgst += sign * r.sgst;
        sums.set(key, s);
      }
    }
    const list = [...sums.values()];
    if (sheet === 'gstr1-b2cs')
      return toCsv(
        ['Type', 'Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
        list.map((s) => ['E', pos(s.pos), '', s.rate, rupeesOf(s.taxable), '', s.eco]),
      );
    // Services: no quantity (UQC NA).
    return toCsv(
      HSN_HEADER,
      list.map((s) => [
        ACCOMMODATION_SAC,
        'Accommodation services',
        'NA',
        0,
        rupeesOf(s.taxable + s.cgst + s.sgst),
        s.rate,
        rupeesOf(s.taxable),
        rupeesOf(0),
        rupeesOf(s.cgst),
        rupeesOf(s.sgst),
        '',
      ]),
    );
  }
  // Table 14: (a) supplies through the operator that collects TCS on them (the owner's own); (b) those on which the
  // operator pays the tax under s.9(5) (the owner registered voluntarily, named on the platform's invoices).
  const viaPlatform = await repo.throughPlatformDocuments(q, ownerId, month, gstin);
  const eco = new Map<string, { nature: string; gstin: string; taxable: number; cgst: number; sgst: number }>();
  const add = (nature: string, ecoGstin: string, d: DocRow, withTax: boolean) => {
    const key = `${nature}|${ecoGstin}`;
    const e = eco.get(key) ?? { nature, gstin: ecoGstin, taxable: 0, cgst: 0, sgst: 0 };
    const sign = d.kind === 'invoice' ? 1 : -1;
    e.taxable += sign * d.snapshot.gst.taxable;
    if (withTax) {
      e.cgst += sign * d.snapshot.gst.cgst;
      e.sgst += sign * d.snapshot.gst.sgst;
    }
    eco.set(key, e);
  };
  for (const d of docs) add('Liable to collect tax u/s 52(TCS)', operator(d), d, true);
  for (const d of viaPlatform) add('Liable to pay tax u/s 9(5)', d.supplier, d, false);
  return toCsv(
    [
      'Nature of Supply',
      'GSTIN of E-Commerce Operator',
      'E-Commerce Operator Name',
      'Net value of supplies',
      'Integrated tax',
      'Central tax',
      'State/UT tax',
      'Cess',
    ],
    [...eco.values()].map((e) => [
      e.nature,
      e.gstin,
      platform.legalName,
      rupeesOf(e.taxable),
      rupeesOf(0),
      rupeesOf(e.cgst),
      rupeesOf(e.sgst),
      '',
    ]),
  );
}

/**
 * TCS in GSTR-8's Table 3 per supplier GSTIN: the gross value of the month's supplies by registered stays (their
 * invoices' value before tax), the value returned (their credit notes'), the net, and the TCS on it, CGST and SGST
 * each at half the rate in force (a stay's GSTIN is of its state, the place of supply: always intra-state). Supplies
 * to registered recipients (`b2b` true) and to unregistered ones (false) apart, or together (undefined).
 */
export async function gstr8Of(q: Queryable, month: string, b2b: boolean | undefined, ownerId?: string) {
  const rows = await repo.gstr8Rows(q, month, b2b, ownerId);
  const half = rateOn(TCS_RATES, `${month}-28`).bp / 2;
  return rows.map((r) => {
    const net = Number(r.gross) - Number(r.returned);
    const each = ofBp(net, half);
    return {
      gstin: r.gstin,
      ownerName: r.owner_name,
      gross: Number(r.gross),
      returned: Number(r.returned),
      net,
      igst: 0,
      cgst: each,
      sgst: each,
    };
  });
}

/** The platform's return sheets of a month (`gstin`: one of its GSTINs; else all). */
export async function platformReturn(q: Queryable, month: string, sheet: string, gstin?: string): Promise<string> {
  if (sheet === 'gstr8-b2b' || sheet === 'gstr8-b2c') {
    const rows = await gstr8Of(q, month, sheet === 'gstr8-b2b');
    return toCsv(
      [
        'GSTIN of supplier',
        'Gross value of supplies made',
        'Value of supplies returned',
        'Net amount liable for TCS',
        'Integrated tax',
        'Central tax',
        'State/UT tax',
      ],
      rows.map((r) => [
        r.gstin,
        rupeesOf(r.gross),
        rupeesOf(r.returned),
        rupeesOf(r.net),
        rupeesOf(r.igst),
        rupeesOf(r.cgst),
        rupeesOf(r.sgst),
      ]),
    );
  }
  const docs = await repo.platformDocuments(q, month, gstin);
  if (sheet === 'gstr1-docs') {
    const fees = await repo.feeDocumentNumbers(q, month, gstin);
    return docsSheet([...docs, ...fees]);
  }
  // Table 15: the supplier (the stay, registered voluntarily or not) and the recipient (the guest), each registered
  // or not; invoice-wise for registered recipients, summed by place of supply and rate for the others.
  const registeredSupplier = (d: DocRow) => d.snapshot.supplier.through?.gstin ?? null;
  const toRegistered = sheet === 'gstr1-ecob2b' || sheet === 'gstr1-ecourp2b';
  const byRegisteredSupplier = sheet === 'gstr1-ecob2b' || sheet === 'gstr1-ecob2c';
  const chosen = docs.filter(
    (d) => Boolean(d.snapshot.recipient.gstin) === toRegistered && Boolean(registeredSupplier(d)) === byRegisteredSupplier,
  );
  const supplierCells = (d: DocRow): CsvCell[] =>
    byRegisteredSupplier
      ? [registeredSupplier(d), d.snapshot.supplier.through?.legalName || d.snapshot.supplier.through?.name || '']
      : [];
  if (toRegistered) {
    const rows: CsvCell[][] = [];
    for (const d of chosen)
      for (const [rate, r] of byRate(d.snapshot))
        rows.push([
          ...supplierCells(d),
          d.snapshot.recipient.gstin ?? '',
          d.snapshot.recipient.company ?? d.snapshot.recipient.name,
          d.number,
          toolDate(d.issued_at),
          rupeesOf(d.snapshot.gst.total),
          pos(supplyState(d)),
          d.kind === 'invoice' ? 'Invoice' : 'Credit Note',
          rate,
          rupeesOf(r.taxable),
          '',
        ]);
    return toCsv(
      [
        ...(byRegisteredSupplier ? ['Supplier GSTIN/UIN', 'Supplier Name'] : []),
        'Recipient GSTIN/UIN',
        'Recipient Name',
        'Document Number',
        'Document Date',
        'Value of supplies made',
        'Place Of Supply',
        'Document type',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      rows,
    );
  }
  const sums = new Map<string, { cells: CsvCell[]; pos: string; rate: number; taxable: number }>();
  for (const d of chosen)
    for (const [rate, r] of byRate(d.snapshot)) {
      const cells = supplierCells(d);
      const key = `${cells.join('|')}|${supplyState(d)}|${rate}`;
      const s = sums.get(key) ?? { cells, pos: supplyState(d), rate, taxable: 0 };
      s.taxable += (d.kind === 'invoice' ? 1 : -1) * r.taxable;
      sums.set(key, s);
    }
  return toCsv(
    [
      ...(byRegisteredSupplier ? ['Supplier GSTIN/UIN', 'Supplier Name'] : []),
      'Place Of Supply',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    [...sums.values()].map((s) => [...s.cells, pos(s.pos), s.rate, rupeesOf(s.taxable), '']),
  );
}
