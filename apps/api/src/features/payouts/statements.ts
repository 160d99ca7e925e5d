import { formatDate } from '@repo/shared/domain/dates';
import type { MoneyFiguresDto, PayoutDto, SettlementDetailDto, SettlementDto } from '@repo/shared/schemas/payouts';
import type { Queryable } from '#src/db/client.ts';
import { rupeesOf, toCsv } from '#src/features/owner/index.ts';
import { notFound } from '#src/lib/errors.ts';
import { compensationsOfSettlement } from './compensations.repository.ts';
import { collectionsOfSettlement } from './desk-collections.repository.ts';
import { PAYOUTS_COPY as C } from './copy.ts';
import { money, newPdf, pdfTable } from '#src/platform/documents/index.ts';
import { maskedAccount, retryAt } from './payouts.service.ts';
import * as repo from './statements.repository.ts';
import type { PayoutWithAccount, SettlementRow } from './statements.repository.ts';

/** A settlement's or a line's money figures as the API gives them. */
export const figuresOf = (r: {
  grossPaise: number;
  gstPaise: number;
  taxablePaise: number;
  feePaise: number;
  feeGstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
  netPaise: number;
}): MoneyFiguresDto => ({
  gross: r.grossPaise,
  gst: r.gstPaise,
  taxable: r.taxablePaise,
  fee: r.feePaise,
  feeGst: r.feeGstPaise,
  tcs: r.tcsPaise,
  tds: r.tdsPaise,
  net: r.netPaise,
});

/** Payouts rows (in attempt order) as the API gives them, by settlement. */
function payoutDtos(rows: readonly PayoutWithAccount[]): Map<string, PayoutDto[]> {
  const map = new Map<string, PayoutDto[]>();
  for (const { p, a } of rows) {
    const list = map.get(p.settlementId) ?? [];
    const isLast = !rows.some((o) => o.p.settlementId === p.settlementId && o.p.attempt > p.attempt);
    list.push({
      id: p.id,
      status: p.status,
      amount: p.amountPaise,
      attempt: p.attempt,
      account: maskedAccount(a),
      failureReason: p.failureReason,
      createdAt: p.createdAt.toISOString(),
      settledAt: p.settledAt?.toISOString() ?? null,
      retryAt: p.status === 'failed' && isLast && p.settledAt ? retryAt(p.settledAt, p.attempt).toISOString() : null,
      utr: p.utr,
    });
    map.set(p.settlementId, list);
  }
  return map;
}

async function payoutsOf(q: Queryable, ids: string[]): Promise<Map<string, PayoutDto[]>> {
  if (ids.length === 0) return new Map();
  return payoutDtos(await repo.payoutRows(q, ids));
}

async function toDtos(q: Queryable, rows: { s: SettlementRow; ownerName: string }[]): Promise<SettlementDto[]> {
  const paid = await payoutsOf(
    q,
    rows.map((r) => r.s.id),
  );
  return rows.map((row) => toDto(row, paid.get(row.s.id) ?? []));
}

function toDto({ s, ownerName }: { s: SettlementRow; ownerName: string }, paid: PayoutDto[]): SettlementDto {
  return {
    id: s.id,
    ownerId: s.ownerId,
    ownerName,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    opening: s.openingPaise,
    totals: figuresOf(s),
    closing: s.closingPaise,
    payable: s.payablePaise,
    carried: Math.min(0, s.closingPaise),
    lineCount: s.lineCount,
    pan: s.pan,
    createdAt: s.createdAt.toISOString(),
    payouts: paid,
  };
}

/**
 * A settlement's lines never change (append-only, written with it); only its head moves (a payout made, failed or
 * retried). Each process keeps the last few hundred statements read, whole and frozen: one read again with the same
 * head is the same object, which the response serializer checks and writes once (app.ts). A new head keeps the lines.
 */
/** An owner's settlements, newest first (all owners' for the platform: `ownerId` null). */
export async function listSettlements(q: Queryable, ownerId: string | null, page: number, pageSize = 20) {
  const { rows, total } = await repo.settlementRows(q, ownerId, page, pageSize);
  return { settlements: await toDtos(q, rows), total };
}

export { unpaidOf } from './statements.repository.ts';

const STATEMENTS_KEPT = 500;
const kept = new Map<string, { head: string; detail: SettlementDetailDto }>();

/** One settlement with its lines; another owner's is a 404 (the platform, `ownerId` null, sees all). */
export async function settlementDetail(q: Queryable, id: string, ownerId: string | null): Promise<SettlementDetailDto> {
  const [row] = await repo.settlementOf(q).execute({ id });
  if (!row || (ownerId !== null && row.s.ownerId !== ownerId)) throw notFound(C.settlementMissing);
  const dto = toDto(row, payoutDtos(await repo.payoutsOfOne(q).execute({ id })).get(id) ?? []);
  const head = JSON.stringify(dto);
  const known = kept.get(id);
  if (known?.head === head) return known.detail;
  const lines =
    known?.detail.lines ??
    (await repo.linesOf(q).execute({ id })).map(({ l, stayName, checkIn, checkOut, invoiceNumber }) => ({
      ...figuresOf(l),
      bookingId: l.bookingId,
      stayName,
      checkIn,
      checkOut,
      kind: l.kind,
      byPlatform: l.byPlatform,
      invoiceNumber,
      tdsBp: l.tdsBp,
      tdsSection: l.tdsSection,
    }));
  const detail = Object.freeze({
    ...dto,
    lines,
    compensations: known?.detail.compensations ?? (await compensationsOfSettlement(q, id)),
    collectedAtStay: known?.detail.collectedAtStay ?? (await collectionsOfSettlement(q, id)),
  });
  kept.delete(id);
  if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value ?? '');
  kept.set(id, { head, detail });
  return detail;
}

/** A TDS rate as printed: '0.1 %'. */
export const tdsRateOf = (bp: number) => `${bp / 100} %`;

const FIGURE_COLUMNS = ['Gross', 'GST', 'Taxable value', 'Fee', 'GST on fee', 'TCS', 'TDS', 'Net'] as const;
const figureCells = (f: MoneyFiguresDto) => [f.gross, f.gst, f.taxable, f.fee, f.feeGst, f.tcs, f.tds, f.net].map(rupeesOf);

/** The statement as CSV: a row per line, then the totals, opening, closing and payable (rupees). */
export function statementCsv(d: SettlementDetailDto): string {
  const rows = d.lines.map((l) => [
    l.bookingId,
    l.invoiceNumber,
    l.stayName,
    l.checkIn,
    l.checkOut,
    l.kind === 'booking' ? C.kindBooking : C.kindAdjustment,
    l.byPlatform ? C.byPlatformYes : C.byPlatformNo,
    l.tdsSection ?? '',
    tdsRateOf(l.tdsBp),
    ...figureCells(l),
  ]);
  const blank = ['', '', '', '', '', '', '', '', ''];
  // A compensation is taken off the net only (ADR 053).
  const compensations = d.compensations.map((c) => [
    c.bookingId,
    '',
    c.stayName,
    c.checkIn,
    '',
    C.kindCompensation,
    '',
    '',
    '',
    ...['', '', '', '', '', '', '', rupeesOf(-c.amount)],
  ]);
  // Money the desk took is taken off the net only (ADR 064).
  const collected = d.collectedAtStay.map((c) => [
    c.bookingId,
    '',
    c.stayName,
    c.checkIn,
    '',
    C.kindCollected(c.method),
    '',
    '',
    '',
    ...['', '', '', '', '', '', '', rupeesOf(-c.amount)],
  ]);
  return toCsv(
    [
      'Booking',
      'Invoice',
      'Stay',
      'Check-in',
      'Check-out',
      'Line',
      'GST paid by platform (s.9(5))',
      'TDS section',
      'TDS rate',
      ...FIGURE_COLUMNS,
    ],
    [
      [C.panLine, d.pan ?? C.noPan, ...blank.slice(2), ...FIGURE_COLUMNS.map(() => '')],
      ...rows,
      ...compensations,
      ...collected,
      ['Total', ...blank.slice(1), ...figureCells(d.totals)],
      ['Opening balance', ...blank.slice(1), '', '', '', '', '', '', '', rupeesOf(d.opening)],
      ['Closing balance', ...blank.slice(1), '', '', '', '', '', '', '', rupeesOf(d.closing)],
      ['Payable', ...blank.slice(1), '', '', '', '', '', '', '', rupeesOf(d.payable)],
    ],
  );
}

/** The statement as a PDF (A4 landscape): the owner's period, every line and the totals. Drawn on request. */
export function statementPdf(d: SettlementDetailDto, platformName: string): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: `${C.statementTitle} ${d.periodStart}` },
  });
  doc.font('bold').fontSize(16).text(C.statementTitle);
  doc.font('body').fontSize(10).text(`${platformName} · ${d.ownerName}`);
  doc.text(`${formatDate(d.periodStart)} – ${formatDate(d.periodEnd)}`);
  doc.text(`${C.panLine}: ${d.pan ?? C.noPan}`);
  doc.moveDown();
  const cols = [150, 62, 62, 70, 62, 70, 66, 62, 50, 50, 66];
  const header = ['Stay / invoice', 'Check-in', 'Line', ...FIGURE_COLUMNS];
  const left = doc.page.margins.left;
  const width = cols.reduce((a, w) => a + w, 0);
  const row = pdfTable(doc, cols, 3);
  row(header, true);
  for (const l of d.lines)
    row([
      `${l.stayName}\n${l.invoiceNumber ?? l.bookingId.slice(0, 8)}${l.byPlatform ? ' · s.9(5)' : ''}${
        l.tdsSection ? `\nTDS ${tdsRateOf(l.tdsBp)} · ${l.tdsSection}` : ''
      }`,
      formatDate(l.checkIn),
      l.kind === 'booking' ? C.kindBooking : C.kindAdjustment,
      ...[l.gross, l.gst, l.taxable, l.fee, l.feeGst, l.tcs, l.tds, l.net].map(money),
    ]);
  for (const c of d.compensations)
    row([c.stayName, formatDate(c.checkIn), C.kindCompensation, '', '', '', '', '', '', '', money(-c.amount)]);
  for (const c of d.collectedAtStay)
    row([c.stayName, formatDate(c.checkIn), C.kindCollected(c.method), '', '', '', '', '', '', '', money(-c.amount)]);
  row(
    [
      'Total',
      '',
      '',
      ...[
        d.totals.gross,
        d.totals.gst,
        d.totals.taxable,
        d.totals.fee,
        d.totals.feeGst,
        d.totals.tcs,
        d.totals.tds,
        d.totals.net,
      ].map(money),
    ],
    true,
  );
  doc.moveDown();
  doc.font('body').fontSize(10);
  doc.text(`${C.opening}: ${money(d.opening)}`, left);
  doc.text(`${C.closing}: ${money(d.closing)}`);
  doc.font('bold').text(`${C.payable}: ${money(d.payable)}`);
  doc.font('body').fontSize(8).moveDown().text(C.statementNote, left, doc.y, { width });
  doc.end();
  return done;
}
