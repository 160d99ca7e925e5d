import { addDays, dateParts } from './dates.ts';

/**
 * What the platform, as an e-commerce operator, keeps and withholds from what a guest paid for a stay, and what it
 * pays the stay's owner (ADR 032). Amounts are integer paise; rates are basis points (1 % = 100 bp), dated like the
 * GST slabs (gst-rates.ts): a change of the law ships as a new row before the day it takes effect.
 */

/** A rate from `startsOn` (India date) until the next row's. */
export type DatedRate = { startsOn: string; bp: number; law: string };

/**
 * TCS under s.52 CGST Act on the net value of taxable supplies made through the operator by registered suppliers.
 * Half CGST and half SGST for an intra-state supply, all IGST otherwise.
 */
export const TCS_RATES: readonly DatedRate[] = [
  { startsOn: '2018-10-01', bp: 100, law: 'Notification 52/2018-Central Tax: 0.5 % CGST + 0.5 % SGST (1 % IGST)' },
  { startsOn: '2024-07-10', bp: 50, law: 'Notification 15/2024-Central Tax: 0.25 % CGST + 0.25 % SGST (0.5 % IGST)' },
];

/**
 * TDS on the amount of services an e-commerce participant provides through the operator, dated by the day the
 * amount is credited (the settlement's period end, ADR 050):
 * - Income-tax Act, 1961, s.194-O: 1 % from 1 Oct 2020, 0.1 % from 1 Oct 2024 (Finance (No. 2) Act, 2024); without
 *   a PAN, 5 % (the first proviso to s.206AA(1), inserted by the Finance Act, 2020; not changed in 2024).
 * - Income-tax Act, 2025 (in force from 1 Apr 2026): s.393(1), Table, S.No. 8(v), 0.1 %; without a PAN, 5 % (s.397(2)).
 * Relief under both (s.194-O(2); the note to S.No. 8(v)): nothing is deducted for an individual or HUF who furnished a
 * PAN while their gross through the platform in the financial (tax) year stays within ₹5 lakh.
 */
export type TdsRate = DatedRate & {
  withoutPanBp: number;
  /** The provision each kind of line is deducted (or relieved) under, as statements print it. */
  section: string;
  withoutPanSection: string;
  reliefSection: string;
};
const ACT_1961 = {
  section: 's.194-O',
  withoutPanSection: 's.194-O with s.206AA',
  reliefSection: 's.194-O(2)',
} as const;
export const TDS_RATES: readonly TdsRate[] = [
  { startsOn: '2020-10-01', bp: 100, withoutPanBp: 500, ...ACT_1961, law: 's.194-O Income-tax Act, 1961' },
  {
    startsOn: '2024-10-01',
    bp: 10,
    withoutPanBp: 500,
    ...ACT_1961,
    law: 's.194-O Income-tax Act, 1961 (Finance (No. 2) Act, 2024)',
  },
  {
    startsOn: '2026-04-01',
    bp: 10,
    withoutPanBp: 500,
    section: 's.393(1) S.No. 8(v)',
    withoutPanSection: 's.393(1) S.No. 8(v) with s.397(2)',
    reliefSection: 's.393(1) S.No. 8(v) (within ₹5 lakh)',
    law: 's.393(1), Table, S.No. 8(v) Income-tax Act, 2025 (e-commerce operator)',
  },
];

/** The gross (before GST) through the platform in a financial year within which an individual or HUF has no TDS. */
export const TDS_RELIEF_LIMIT_PAISE = 5_00_000_00;
/** The fourth letter of the PAN of an individual (P) or a Hindu undivided family (H): those the relief is for. */
const RELIEF_HOLDERS = new Set(['P', 'H']);

/** The first day of the financial (tax) year that holds `day` (1 April). */
export function financialYearStart(day: string): string {
  const [year, month] = dateParts(day);
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The financial year's quarter that holds `day`, as TDS returns name it: '2026-27-Q3' (October to December 2026). */
export function tdsQuarterOf(day: string): string {
  const [year, month] = dateParts(day);
  const fy = month >= 4 ? year : year - 1;
  const q = month >= 4 ? Math.ceil((month - 3) / 3) : 4;
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}-Q${q}`;
}

/** The `count` quarters up to the one holding `day`, newest first. */
export function quartersUpTo(day: string, count: number): string[] {
  const [year, month] = dateParts(day);
  return Array.from({ length: count }, (_, i) => {
    const m = month - 3 * i;
    const y = year + Math.floor((m - 1) / 12);
    const mm = ((((m - 1) % 12) + 12) % 12) + 1;
    return tdsQuarterOf(`${y}-${String(mm).padStart(2, '0')}-01`);
  });
}

/**
 * The TDS on a booking's first credit on `day`: its rate and the provision. `fyTaxableBefore` is what the owner was
 * credited (value before GST, refunds netted) earlier in the financial year; the relief holds while that and this
 * booking's value stay within the limit, and deduction starts with the booking that crosses it (on its whole value).
 */
export function tdsTermsOf(input: { day: string; pan: string | null; fyTaxableBefore: number; taxable: number }): {
  bp: number;
  section: string;
} {
  const rate = rateOn(TDS_RATES, input.day);
  if (!input.pan) return { bp: rate.withoutPanBp, section: rate.withoutPanSection };
  if (RELIEF_HOLDERS.has(input.pan[3] ?? '') && input.fyTaxableBefore + input.taxable <= TDS_RELIEF_LIMIT_PAISE)
    return { bp: 0, section: rate.reliefSection };
  return { bp: rate.bp, section: rate.section };
}

/** GST on the platform's own fee: SAC 998599 (other support services), 18 % (Notification 11/2017-Central Tax (Rate)). */
export const FEE_GST_RATES: readonly DatedRate[] = [
  { startsOn: '2017-07-01', bp: 1800, law: 'Notification 11/2017-Central Tax (Rate), SAC 9985' },
];
export const FEE_SAC = '998599';

/**
 * The highest fee the platform may set on a stay's nights (PLATFORM_FEE_PERCENT, a stay's own), in basis points of
 * their value before tax: the largest whole percent with which the fee, the GST on it and the most TCS and TDS ever
 * withheld (the highest rate of each table, TDS without a PAN) still leave the owner their value before tax at zero
 * or above, whoever pays the stay's GST. With 18 % GST on the fee, 1 % TCS and 5 % TDS: 79 %.
 */
export const MAX_FEE_BP = (() => {
  const highest = (bps: number[]) => Math.max(...bps);
  const feeGst = highest(FEE_GST_RATES.map((r) => r.bp));
  const withheld = highest(TCS_RATES.map((r) => r.bp)) + highest(TDS_RATES.map((r) => Math.max(r.bp, r.withoutPanBp)));
  const exact = Math.floor(((10_000 - withheld) * 10_000) / (10_000 + feeGst));
  return exact - (exact % 100);
})();
export const MAX_FEE_PERCENT = MAX_FEE_BP / 100;

/** The row in force on `day` (the latest that started on or before it). */
export function rateOn<R extends { startsOn: string }>(table: readonly R[], day: string): R {
  let found: R | undefined;
  for (const row of table) if (row.startsOn <= day && (!found || row.startsOn >= found.startsOn)) found = row;
  if (!found) throw new RangeError(`no rate in force on ${day}`);
  return found;
}

/** `amount × bp / 10,000`, rounded half away from zero to whole paise (symmetric: a reversal mirrors its charge). */
export function ofBp(amountPaise: number, bp: number): number {
  const raw = (amountPaise * bp) / 10_000;
  return Math.sign(raw) * Math.round(Math.abs(raw)) + 0; // + 0: never -0
}

/** Half of a tax (CGST), the other half (SGST) takes the odd paisa. */
export const halves = (tax: number): [cgst: number, sgst: number] => {
  const cgst = Math.trunc(tax / 2);
  return [cgst, tax - cgst];
};

/**
 * A booking's figures so far as its documents and ledger say, as of a settlement's cut-off: what the guest paid
 * less refunds (`gross`), the GST in it as invoiced less credited (`gst`) and the value before tax (`taxable`).
 */
export type BookingMoney = { gross: number; gst: number; taxable: number };

/** Who supplies the nights, and what the operator applies to them (rates frozen on the booking's first credit). */
export type LineTerms = {
  /** True when the platform itself supplies the nights and pays their GST (s.9(5) CGST Act). */
  byPlatform: boolean;
  feeBp: number;
  feeGstBp: number;
  /** 0 for a supply under s.9(5): the operator collects no TCS on its own supply. */
  tcsBp: number;
  tdsBp: number;
};

/** One line of an owner's settlement. `net` is what the owner is credited (negative: debited). */
export type LineFigures = BookingMoney & { fee: number; feeGst: number; tcs: number; tds: number; net: number };

/**
 * A booking's whole account with its owner so far: the fee on the value before tax, the GST on that fee (two equal
 * halves), TCS on the net taxable value (registered suppliers only) and TDS on the amount of the service net of GST
 * shown separately (CBDT Circular 17/2020). The GST stays with a registered owner, who pays it; the platform keeps it when
 * it supplies under s.9(5).
 */
export function bookingAccount(money: BookingMoney, terms: LineTerms): LineFigures {
  const fee = ofBp(money.taxable, terms.feeBp);
  // Half CGST and half SGST, each rounded on its own: every fee's GST splits into equal halves, and so does the sum
  // of a settlement's, which its fee invoice prints (ADR 055).
  const feeGst = 2 * ofBp(fee, terms.feeGstBp / 2);
  // TCS too: half CGST, half SGST, each rounded (GSTR-8 reports it so).
  const tcs = terms.byPlatform ? 0 : 2 * ofBp(money.taxable, terms.tcsBp / 2);
  const tds = ofBp(money.taxable, terms.tdsBp);
  const kept = terms.byPlatform ? money.gst : 0;
  return { ...money, fee, feeGst, tcs, tds, net: money.gross - kept - fee - feeGst - tcs - tds };
}

const FIGURES = ['gross', 'gst', 'taxable', 'fee', 'feeGst', 'tcs', 'tds', 'net'] as const;

/** The sum of lines, figure by figure. */
export function sumLines(lines: readonly LineFigures[]): LineFigures {
  const total: LineFigures = { gross: 0, gst: 0, taxable: 0, fee: 0, feeGst: 0, tcs: 0, tds: 0, net: 0 };
  for (const line of lines) for (const k of FIGURES) total[k] += line[k];
  return total;
}

/** `a − b`, figure by figure: the new line of a booking whose account changed since it was last credited. */
export function lineDiff(a: LineFigures, b: LineFigures): LineFigures {
  const out = { ...a };
  for (const k of FIGURES) out[k] = a[k] - b[k];
  return out;
}

export const isZeroLine = (l: LineFigures) => FIGURES.every((k) => l[k] === 0);

/**
 * A settlement's balance: what was carried from the last one (never positive: a positive balance is paid out),
 * plus the period's net. A positive closing balance is paid out whole; a negative one is carried forward.
 */
export function settlementBalance(openingPaise: number, netPaise: number) {
  const closing = openingPaise + netPaise;
  return { closing, payable: Math.max(0, closing), carried: Math.min(0, closing) };
}

/**
 * The settlement periods: Monday to Sunday, cut at a month's end so that every period lies in one month (the
 * monthly returns then add whole settlements). The period that holds `day`.
 */
export function periodOf(day: string): { start: string; end: string } {
  const [y, m] = dateParts(day);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(day, -weekday);
  const sunday = addDays(monday, 6);
  const pad = (n: number) => String(n).padStart(2, '0');
  const monthStart = `${y}-${pad(m)}-01`;
  const monthEnd = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`, -1);
  // yyyy-MM-dd dates compare as strings (Math.min would take them as numbers).
  // biome-ignore lint/complexity/useMathMinMax: ISO dates, not numbers
  return { start: monday < monthStart ? monthStart : monday, end: sunday > monthEnd ? monthEnd : sunday };
}

/** The month (yyyy-MM) a day is in. */
export const monthOf = (day: string) => day.slice(0, 7);
