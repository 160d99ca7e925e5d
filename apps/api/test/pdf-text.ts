import { extractText, getDocumentProxy } from 'unpdf';

/**
 * What a PDF prints, as text (pdf.js through unpdf): pdfkit compresses its content and subsets its fonts, so the
 * file's bytes hold the words only as glyph ids. Lines are joined with spaces, runs of white space made one.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ').trim();
}
