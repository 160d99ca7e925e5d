// Documents (ADR 022, 055): every PDF the platform issues or prints is drawn here (newPdf, pdfTable) and,
// where it is a document issued once, kept once and served as issued (keptFile).
export { type FileStore, keptFile } from './kept.ts';
export { money, newPdf, pdfTable } from './pdf.ts';
