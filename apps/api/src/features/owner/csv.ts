import { formatDate, INDIA_TZ } from '@repo/shared/domain/dates';

/**
 * CSV as RFC 4180 writes it: fields joined by commas, a field with a comma, quote or line break quoted (its quotes
 * doubled), lines ended by CRLF. A text cell that a spreadsheet would run as a formula (starting with =, +, -, @, a
 * tab or a carriage return) is written with a leading apostrophe (OWASP's advice on CSV injection) — also when the
 * sign comes after invisible characters (zero-width spaces, a byte-order mark, other format or control characters,
 * spaces) or is a full-width '＝＋－＠' that a spreadsheet reads as its ASCII twin (looked at in NFKC form); numbers
 * are written as they are.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters a reader does not see before the first visible one: format (Cf), control (Cc) and space (Z*) ones. */
const INVISIBLE_START = /^[\p{Cf}\p{Cc}\p{Z}]+/u;
const NEEDS_QUOTES = /[",\r\n]/;

/** Whether a spreadsheet could take the text for a formula, however its start is dressed up. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) || FORMULA_START.test(text.normalize('NFKC').replace(INVISIBLE_START, ''));
}

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = looksLikeFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const INDIA_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: INDIA_TZ, hour: '2-digit', minute: '2-digit', hour12: false });

/** An instant as the product writes it: dd/MM/yyyy HH:mm in India time (2026-11-20T05:00:00Z → 20/11/2026 10:30). */
export const indiaDateTime = (instant: string | Date) =>
  `${formatDate(new Date(instant))} ${INDIA_TIME.format(new Date(instant))}`;

/** Paise as rupees with two decimals, a number a spreadsheet sums (249950 → 2499.50). */
export const rupeesOf = (paise: number) => (paise / 100).toFixed(2);
