import { createRequire } from 'node:module';
import { formatPaise } from '@repo/shared/domain/money';
import PDFDocument from 'pdfkit';

// DejaVu Sans has the rupee sign (U+20B9); the PDF's standard fonts do not.
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Paise as rupees with two decimals and Indian grouping, as every document prints amounts: ₹1,23,456.50. */
export const money = (paise: number) => formatPaise(paise, { alwaysPaise: true });

/**
 * A new PDF document with its fonts registered ('body' and 'bold', DejaVu: the rupee sign), and its bytes once it is
 * ended: `done` rejects if drawing fails, so a caller never waits on a document that will not end.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions) {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
