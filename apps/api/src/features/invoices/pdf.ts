import { formatDate } from '@repo/shared/domain/dates';
import { isExemptSupply } from '@repo/shared/domain/gst';
import { money as rupees, newPdf } from '#src/platform/documents/index.ts';
import { INVOICE_COPY as C } from './copy.ts';
import type { InvoiceSnapshot } from './invoices.service.ts';
const percent = (rate: number) => `${Math.round(rate * 100) / 100}%`;
/** Cities are stored lower-case (search): printed with capitals ('bengaluru' → 'Bengaluru'). */
export const titleCase = (s: string) => s.replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BAND = '#0f4c81';
const SHADE = '#f3f4f6';

/** The stay the platform supplies through, as documents name it: its legal name (or name), address and city. */
const throughName = (t: NonNullable<InvoiceSnapshot['supplier']['through']>) =>
  [t.legalName && t.legalName !== t.name ? `${t.name} (${t.legalName})` : t.name, t.address, titleCase(t.city)]
    .filter(Boolean)
    .join(', ');

/** The document as an A4 PDF (a tax invoice, bill of supply or credit note, from its snapshot). */
export function invoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: 'A4',
    margin: 40,
    info: { Title: `${s.title} ${s.number}`, Author: s.supplier.legalName, Subject: s.title },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const registered = s.gst.registered;
  // Tax columns and totals only where GST is charged: not by an unregistered stay, nor on an exempt supply.
  const exempt = registered && isExemptSupply(s.gst);
  const taxed = registered && !exempt;

  // Title band: the document's kind, number and date (and a credit note's invoice: the band grows to hold it).
  const meta: [string, string][] = [
    [C.number, s.number],
    [C.date, formatDate(s.issuedOn)],
  ];
  if (s.against) meta.push([C.against, `${s.against.number} (${formatDate(s.against.issuedOn)})`]);
  const bandHeight = Math.max(92, 24 + 24 * meta.length + 10);
  doc.rect(0, 0, doc.page.width, bandHeight).fill(BAND);
  doc
    .fillColor('white')
    .font('bold')
    .fontSize(22)
    .text(s.title, left, 28, { width: width / 2 });
  doc
    .font('body')
    .fontSize(9)
    .text(C.sac(s.sac), left, 60, { width: width / 2 });
  let my = 24;
  for (const [label, value] of meta) {
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#dbeafe')
      .text(label.toUpperCase(), left + width / 2, my, { width: width / 2, align: 'right' });
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('white')
      .text(value, left + width / 2, my + 10, { width: width / 2, align: 'right' });
    my += 24;
  }

  // Supplier and recipient side by side.
  const top = bandHeight + 20;
  const col = (width - 20) / 2;
  const party = (x: number, heading: string, name: string, lines: string[]) => {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(heading.toUpperCase(), x, top, { width: col });
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(name, x, top + 13, { width: col });
    doc.font('body').fontSize(9).fillColor(INK);
    for (const line of lines) doc.text(line, x, doc.y + 2, { width: col });
    return doc.y;
  };
  const v2 = s.version === 2;
  const supplierLines = [
    ...(s.supplier.tradeName !== s.supplier.legalName ? [s.supplier.tradeName] : []),
    s.supplier.address,
    ...(s.supplier.city ? [titleCase(s.supplier.city)] : []),
    s.supplier.gstin ? `${C.gstin}: ${s.supplier.gstin}` : C.notRegistered,
    ...(s.supplier.through ? [C.through(throughName(s.supplier.through))] : []),
  ];
  const recipientLines = [
    ...(s.recipient.company ? [`${C.company}: ${s.recipient.company}`] : []),
    ...(s.recipient.address ? [s.recipient.address] : []),
    ...(s.recipient.pin || s.recipient.state ? [C.pinState(s.recipient.pin ?? '', s.recipient.state ?? '')] : []),
    s.recipient.email,
    ...(s.recipient.gstin ? [`${C.gstin}: ${s.recipient.gstin}`] : []),
    // A state as issued ('Karnataka (29)'); a city (unregistered stays, and invoices issued before states were
    // printed) is stored in lower case.
    `${C.placeOfSupply}: ${s.placeOfSupply === s.placeOfSupply.toLowerCase() ? titleCase(s.placeOfSupply) : s.placeOfSupply}`,
    ...(v2 && s.reverseCharge === false ? [C.reverseChargeNo] : []),
  ];
  const y1 = party(left, C.supplier, s.supplier.legalName, supplierLines);
  const y2 = party(left + col + 20, C.recipient, s.recipient.name, recipientLines);

  // The stay: dates, nights and order.
  let y = Math.max(y1, y2) + 16;
  doc.rect(left, y, width, 40).fill(SHADE);
  const stayCells: [string, string][] = [
    [C.checkIn, formatDate(s.booking.checkIn)],
    [C.checkOut, formatDate(s.booking.checkOut)],
    [C.nights, String(s.booking.nights)],
    [C.orderId, s.booking.orderId ?? '—'],
  ];
  // The order id is the longest value: it gets the widest cell.
  const shares = [0.22, 0.22, 0.14, 0.42];
  let cx = left + 10;
  stayCells.forEach(([label, value], i) => {
    const w = (shares[i] ?? 0.25) * width - 14;
    doc
      .font('body')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(label.toUpperCase(), cx, y + 8, { width: w });
    doc
      .font('bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, cx, y + 20, { width: w, lineBreak: false });
    cx += (shares[i] ?? 0.25) * width;
  });
  y += 56;

  // The lines: each room's nights at one tariff and rate.
  type Column = { label: string; w: number; align: 'left' | 'right' };
  // A credit note (from ADR 022) shows what each line invoiced and what of it is credited, so its lines add up.
  const credit = v2 && Boolean(s.against);
  const columns: Column[] = credit
    ? [
        { label: C.columns.room, w: 0.22, align: 'left' },
        { label: C.columns.invoiced, w: 0.15, align: 'right' },
        { label: C.columns.taxable, w: 0.14, align: 'right' },
        { label: C.columns.gstRate, w: 0.07, align: 'right' },
        { label: C.columns.cgst, w: 0.14, align: 'right' },
        { label: C.columns.sgst, w: 0.14, align: 'right' },
        { label: C.columns.credited, w: 0.14, align: 'right' },
      ]
    : taxed
      ? [
          { label: C.columns.room, w: 0.23, align: 'left' },
          { label: C.columns.rate, w: 0.11, align: 'right' },
          { label: C.columns.nights, w: 0.09, align: 'right' },
          { label: C.columns.taxable, w: 0.14, align: 'right' },
          { label: C.columns.gstRate, w: 0.07, align: 'right' },
          { label: C.columns.cgst, w: 0.11, align: 'right' },
          { label: C.columns.sgst, w: 0.11, align: 'right' },
          { label: C.columns.amount, w: 0.14, align: 'right' },
        ]
      : [
          { label: C.columns.room, w: 0.46, align: 'left' },
          { label: C.columns.rate, w: 0.18, align: 'right' },
          { label: C.columns.nights, w: 0.12, align: 'right' },
          { label: C.columns.value, w: 0.24, align: 'right' },
        ];
  const row = (cells: string[], opts: { bold?: boolean; fill?: string; color?: string } = {}) => {
    doc.font(opts.bold ? 'bold' : 'body').fontSize(8.5);
    const heights = cells.map((text, i) => doc.heightOfString(text, { width: columns[i]!.w * width - 10 }));
    const h = Math.max(...heights) + 10;
    if (y + h > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    if (opts.fill) doc.rect(left, y, width, h).fill(opts.fill);
    let x = left;
    cells.forEach((text, i) => {
      const c = columns[i]!;
      doc
        .fillColor(opts.color ?? INK)
        .font(opts.bold ? 'bold' : 'body')
        .fontSize(8.5)
        .text(text, x + 5, y + 5, { width: c.w * width - 10, align: c.align });
      x += c.w * width;
    });
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  row(
    columns.map((c) => c.label),
    { bold: true, fill: BAND, color: 'white' },
  );
  for (const l of s.gst.lines) {
    const room = `${l.roomNumber} · ${l.title}`;
    const rate = rupees(l.tariff * 100);
    // Each line names its own CGST and SGST rates (half its GST rate each).
    const withRate = (paise: number) => (v2 ? `${rupees(paise)}\n@ ${percent(l.ratePercent / 2)}` : rupees(paise));
    row(
      credit
        ? [
            room,
            C.invoicedLine(rate, l.nights, rupees(Math.round(l.tariff * 100) * l.nights)),
            rupees(l.taxable),
            percent(l.ratePercent),
            withRate(l.cgst),
            withRate(l.sgst),
            rupees(l.amount),
          ]
        : taxed
          ? [
              room,
              rate,
              String(l.nights),
              rupees(l.taxable),
              percent(l.ratePercent),
              withRate(l.cgst),
              withRate(l.sgst),
              rupees(l.amount),
            ]
          : [room, rate, String(l.nights), rupees(l.amount)],
    );
  }

  // Totals, right-aligned under the amounts.
  y += 10;
  // One rate across the lines is named beside CGST and SGST (each half of it).
  const rates = [...new Set(s.gst.lines.map((l) => l.ratePercent))];
  const half = rates.length === 1 ? ` @ ${percent(rates[0]! / 2)}` : '';
  const totals: [string, string, boolean][] =
    taxed || credit
      ? [
          [C.taxable, rupees(s.gst.taxable), false],
          [C.cgst(half), rupees(s.gst.cgst), false],
          [C.sgst(half), rupees(s.gst.sgst), false],
          [C.total, rupees(s.gst.total), true],
        ]
      : [[C.total, rupees(s.gst.total), true]];
  const boxX = left + width * 0.55;
  const boxW = width * 0.45;
  for (const [label, value, strong] of totals) {
    if (strong) {
      doc.rect(boxX, y - 2, boxW, 22).fill(SHADE);
    }
    doc
      .font(strong ? 'bold' : 'body')
      .fontSize(strong ? 11 : 9.5)
      .fillColor(INK);
    doc.text(label, boxX + 8, y + 3, { width: boxW / 2 - 8 });
    doc.text(value, boxX + boxW / 2, y + 3, { width: boxW / 2 - 8, align: 'right' });
    y += strong ? 24 : 18;
  }

  y += 8;
  doc.font('bold').fontSize(8).fillColor(MUTED).text(C.inWords.toUpperCase(), left, y, { width });
  doc
    .font('body')
    .fontSize(10)
    .fillColor(INK)
    .text(s.totalInWords, left, doc.y + 2, { width });
  doc.moveDown(1);
  doc.font('body').fontSize(8.5).fillColor(MUTED);
  if (s.against)
    doc.text(
      s.against.total !== undefined && s.gst.total < s.against.total
        ? C.creditPartReason(rupees(s.gst.total), rupees(s.against.total))
        : C.creditReason,
      left,
      doc.y,
      { width },
    );
  doc.text(taxed ? C.inclusive : exempt ? C.exempt : C.unregistered, left, doc.y + 2, { width });
  const through = s.supplier.through;
  // Documents issued before ADR 054 (no `gstin` kept of the stay) print the note they were issued with.
  if (through)
    doc.text(
      'gstin' in through
        ? C.operatorNoteLiability(throughName(through), through.gstin ?? null)
        : C.operatorNote(throughName(through)),
      left,
      doc.y + 2,
      { width },
    );

  // Footer on the last page.
  const footY = doc.page.height - doc.page.margins.bottom - 14;
  doc
    .moveTo(left, footY - 6)
    .lineTo(left + width, footY - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.font('body').fontSize(7.5).fillColor(MUTED).text(C.footer, left, footY, { width, align: 'center', lineBreak: false });

  doc.end();
  return done;
}
