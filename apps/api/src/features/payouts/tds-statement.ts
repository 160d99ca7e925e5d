import { formatDate } from '@repo/shared/domain/dates';
import type { Config } from '#src/config/config.ts';
import type { Queryable } from '#src/db/client.ts';
import { rupeesOf, toCsv } from '#src/features/owner/index.ts';
import { PAYOUTS_COPY as C } from './copy.ts';
import { money, newPdf, pdfTable } from '#src/platform/documents/index.ts';
import { tdsRateOf } from './statements.ts';
import * as repo from './tds-statement.repository.ts';
import type { TdsLine } from './tds-statement.repository.ts';

/** The first and last day of a financial year's quarter ('2026-27-Q3': 1 Oct to 31 Dec 2026). */
export function quarterDays(quarter: string): { start: string; end: string } {
  const year = Number(quarter.slice(0, 4));
  const q = Number(quarter.slice(-1));
  const [y, from, to, last] = [
    [year, '04', '06', '30'],
    [year, '07', '09', '30'],
    [year, '10', '12', '31'],
    [year + 1, '01', '03', '31'],
  ][q - 1]!;
  return { start: `${y}-${from}-01`, end: `${y}-${to}-${last}` };
}

/** One settlement line as the owner's TDS statement lists it. */
export type { TdsLine } from './tds-statement.repository.ts';

export type TdsStatement = {
  quarter: string;
  days: { start: string; end: string };
  deductor: { legalName: string; address: string; tan: string };
  deductee: { legalName: string; pan: string | null };
  lines: TdsLine[];
  /** By provision (and rate): what was credited and what was deducted. */
  bySection: { section: string; rateBp: number; taxable: number; tds: number }[];
  total: { taxable: number; tds: number };
};

/**
 * What an owner was credited and had deducted as TDS in a quarter (the settlements whose period ended in it: the
 * amount is credited when settled), line by line with the PAN, provision and rate of each, and summed by provision:
 * the figures the TDS certificate carries (ADR 050).
 */
export async function tdsStatement(
  q: Queryable,
  platform: Config['platform'],
  ownerId: string,
  quarter: string,
): Promise<TdsStatement> {
  const days = quarterDays(quarter);
  const [lines, profile] = await Promise.all([repo.tdsLines(q, ownerId, days), repo.payeeOf(q, ownerId)]);
  const sections = new Map<string, { section: string; rateBp: number; taxable: number; tds: number }>();
  for (const l of lines) {
    l.taxable = Number(l.taxable);
    l.tds = Number(l.tds);
    const section = l.tds_section ?? C.tdsSectionUnknown;
    const key = `${section}|${l.tds_bp}`;
    const row = sections.get(key) ?? { section, rateBp: l.tds_bp, taxable: 0, tds: 0 };
    row.taxable += l.taxable;
    row.tds += l.tds;
    sections.set(key, row);
  }
  const bySection = [...sections.values()];
  return {
    quarter,
    days,
    deductor: { legalName: platform.legalName, address: platform.address, tan: platform.tan },
    deductee: { legalName: profile[0]?.legal_name ?? '', pan: lines.at(-1)?.pan ?? profile[0]?.pan ?? null },
    lines,
    bySection,
    total: {
      taxable: bySection.reduce((a, r) => a + r.taxable, 0),
      tds: bySection.reduce((a, r) => a + r.tds, 0),
    },
  };
}

/** The TDS statement as CSV (rupees): a row per line, then the sums by provision and the total. */
export function tdsStatementCsv(t: TdsStatement): string {
  return toCsv(
    ['Credited on', 'PAN', 'Stay', 'Invoice', 'Booking', 'Line', 'Section', 'Rate', 'Amount credited', 'TDS'],
    [
      ...t.lines.map((l) => [
        l.credited_on,
        l.pan ?? C.noPan,
        l.stay_name,
        l.invoice_number,
        l.booking_id,
        l.kind === 'booking' ? C.kindBooking : C.kindAdjustment,
        l.tds_section ?? C.tdsSectionUnknown,
        tdsRateOf(l.tds_bp),
        rupeesOf(l.taxable),
        rupeesOf(l.tds),
      ]),
      ...t.bySection.map((s) => [
        C.tdsSectionTotal,
        '',
        '',
        '',
        '',
        '',
        s.section,
        tdsRateOf(s.rateBp),
        rupeesOf(s.taxable),
        rupeesOf(s.tds),
      ]),
      ['Total', '', '', '', '', '', '', '', rupeesOf(t.total.taxable), rupeesOf(t.total.tds)],
    ],
  );
}

/** The TDS statement as a PDF (A4): deductor and deductee, the sums by provision, then every line. */
export function tdsStatementPdf(t: TdsStatement): Promise<Buffer> {
  const { doc, done } = newPdf({ size: 'A4', margin: 40, info: { Title: `${C.tdsTitle} ${t.quarter}` } });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('bold').fontSize(16).text(C.tdsTitle);
  doc
    .font('body')
    .fontSize(10)
    .text(C.tdsPeriod(t.quarter, formatDate(t.days.start), formatDate(t.days.end)));
  doc.moveDown();
  doc.font('bold').text(C.tdsDeductor);
  doc.font('body').text(t.deductor.legalName).text(t.deductor.address).text(`TAN: ${t.deductor.tan}`);
  doc.moveDown(0.5);
  doc.font('bold').text(C.tdsDeductee);
  doc
    .font('body')
    .text(t.deductee.legalName)
    .text(`${C.panLine}: ${t.deductee.pan ?? C.noPan}`);
  doc.moveDown();

  /** A table whose last two columns (the amounts) are aligned right; its last row in bold when `boldLast`. */
  const table = (cols: number[], header: string[], rows: string[][], boldLast = false) => {
    const row = pdfTable(doc, cols, cols.length - 2);
    row(header, true);
    for (const [i, r] of rows.entries()) row(r, boldLast && i === rows.length - 1);
  };
  doc.font('bold').fontSize(10).text(C.tdsSummary, left);
  doc.moveDown(0.3);
  table(
    [235, 80, 100, 100],
    ['Section', 'Rate', 'Amount credited', 'TDS'],
    [
      ...t.bySection.map((s) => [s.section, tdsRateOf(s.rateBp), money(s.taxable), money(s.tds)]),
      ['Total', '', money(t.total.taxable), money(t.total.tds)],
    ],
    true,
  );
  doc.moveDown();
  doc.font('bold').fontSize(10).text(C.tdsLines, left);
  doc.moveDown(0.3);
  if (t.lines.length === 0) doc.font('body').fontSize(9).text(C.tdsNone, left);
  else
    table(
      [62, 150, 143, 80, 80],
      ['Credited on', 'Stay / invoice', 'Section · rate', 'Amount credited', 'TDS'],
      t.lines.map((l) => [
        formatDate(l.credited_on),
        `${l.stay_name}\n${l.invoice_number ?? l.booking_id.slice(0, 8)}${l.kind === 'adjustment' ? ` · ${C.kindAdjustment}` : ''}`,
        `${l.tds_section ?? C.tdsSectionUnknown} · ${tdsRateOf(l.tds_bp)}`,
        money(l.taxable),
        money(l.tds),
      ]),
    );
  doc.moveDown();
  doc.font('body').fontSize(8).text(C.tdsNote, left, doc.y, { width });
  doc.end();
  return done;
}
