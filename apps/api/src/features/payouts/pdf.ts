import { formatPaise } from '@repo/shared/domain/money';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Rupees with paise, as the payouts' documents print amounts: ₹1,415.66. */
export const money = (p: number) => formatPaise(p, { alwaysPaise: true });

/**
 * A new document of the payouts area (statements, TDS statements, fee invoices), with its fonts ('body' and 'bold',
 * DejaVu: the rupee sign) registered, and its bytes once it is ended.
 */
export function payoutsPdf(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('body', FONT).registerFont('bold', FONT_BOLD);
  return { doc, done };
}

/**
 * A table drawn row by row from the left margin: each cell in its column (the columns from `rightFrom` on aligned
 * right), the row as tall as its tallest cell, a new page when it would not fit, a rule under it.
 */
export function pdfTable(doc: PDFKit.PDFDocument, cols: readonly number[], rightFrom: number) {
  const left = doc.page.margins.left;
  const width = cols.reduce((a, w) => a + w, 0);
  return (cells: readonly string[], bold = false) => {
    doc.font(bold ? 'bold' : 'body').fontSize(8);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]! - 6 })));
    if (doc.y + height + 8 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: cols[i]! - 6, align: i >= rightFrom ? 'right' : 'left' });
      x += cols[i]!;
    });
    doc.y = y + height + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor('#d1d5db')
      .stroke();
  };
}
