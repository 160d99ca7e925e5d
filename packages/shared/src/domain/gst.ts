/**
 * GST on accommodation, for tariffs that include the tax (ADR 017). Rates are data (the `tax_rates` rows): from
 * `startsOn`, a night whose value is over `tariffOver` rupees is taxed at `ratePercent`, split equally into CGST and
 * SGST (the place of supply is the stay: intra-state). Amounts are integers in paise.
 */

/** One slab of a set of rates in force from `startsOn` (yyyy-MM-dd). */
export type TaxSlab = { startsOn: string; tariffOver: number; ratePercent: number };

/** A booked room: its tariff (rupees, tax included) for each night from check-in, in order. */
export type GstRoom = { number: number; title: string; nightlyPrices: readonly number[] };

/** Nights of one room at one tariff and one rate, with the tax in them. */
export type GstLine = {
  roomNumber: number;
  title: string;
  /** Rupees per night, tax included. */
  tariff: number;
  nights: number;
  ratePercent: number;
  /** tariff × nights in paise = taxable + cgst + sgst. */
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
};

export type GstBreakup = {
  lines: GstLine[];
  taxable: number;
  cgst: number;
  sgst: number;
  /** The sum of the lines' amounts: what the guest pays. */
  total: number;
};

/**
 * True when a registered supplier's document charges no GST on any line (every night in the exempt slab): it is
 * then a bill of supply, not a tax invoice (CGST Rules, rule 49).
 */
export function isExemptSupply(gst: { lines: readonly Pick<GstLine, 'ratePercent'>[] }): boolean {
  return gst.lines.length > 0 && gst.lines.every((l) => l.ratePercent === 0);
}

const BASIS = 10_000;
const basisPoints = (ratePercent: number) => Math.round(ratePercent * 100);

/** The slabs in force on a night: the rows of the latest `startsOn` on or before it, by `tariffOver` ascending. */
export function slabsOn(slabs: readonly TaxSlab[], night: string): TaxSlab[] {
  let start: string | undefined;
  for (const s of slabs) if (s.startsOn <= night && (start === undefined || s.startsOn > start)) start = s.startsOn;
  if (start === undefined) return [];
  return slabs.filter((s) => s.startsOn === start).sort((a, b) => a.tariffOver - b.tariffOver);
}

/**
 * The rate (percent) of a night's tariff, tax included, among the slabs in force (ascending). The law's slabs are
 * on the value of supply, tariff / (1 + rate): slab k applies once the tariff taxed at the rate below it would leave
 * a value over slab k's floor, i.e. tariff > floor_k × (1 + rate_{k−1}). So the rate is the one whose value of supply
 * falls in its own slab whenever such a rate exists, and in the two gaps where none does (with 0/5/18 %: tariffs
 * over ₹1,000 up to ₹1,050, and over ₹7,875 up to ₹8,850) the higher rate: tax is never under-charged. A tariff at
 * or under the lowest floor, or a night with no rates in force, is taxed at 0 %.
 */
export function gstRatePercent(inForce: readonly TaxSlab[], tariff: number): number {
  let rate = 0;
  let below = 0;
  for (const s of inForce) {
    // tariff > floor × (1 + below/100), in whole numbers: tariff × 10000 > floor × (10000 + below in basis points).
    if (tariff * BASIS > s.tariffOver * (BASIS + basisPoints(below))) rate = s.ratePercent;
    below = s.ratePercent;
  }
  return rate;
}

/**
 * The tax in an amount that includes it (paise): CGST and SGST are each half the tax, rounded to the paisa (half
 * up), and the taxable value is what is left, so taxable + cgst + sgst = amount exactly and CGST = SGST.
 */
export function splitInclusive(amount: number, ratePercent: number): { taxable: number; cgst: number; sgst: number } {
  const bp = basisPoints(ratePercent);
  // half = amount × bp / (2 × (10000 + bp)), rounded half up in integers.
  const den = 2 * (BASIS + bp);
  const half = Math.floor((2 * amount * bp + den) / (2 * den));
  return { taxable: amount - 2 * half, cgst: half, sgst: half };
}

/**
 * The tax in `nights` nights at one tax-inclusive tariff (paise a night): one night's split (`splitInclusive`) times
 * the nights, so an invoice line of n nights is n times what one night holds, the figure the owner's price form
 * shows a night (ADR 060). taxable + cgst + sgst = tariff × nights exactly.
 */
export function splitNights(
  tariffPaise: number,
  nights: number,
  ratePercent: number,
): { taxable: number; cgst: number; sgst: number } {
  const night = splitInclusive(tariffPaise, ratePercent);
  return { taxable: night.taxable * nights, cgst: night.cgst * nights, sgst: night.sgst * nights };
}

/**
 * A booking's GST at the rates of its time of supply (`supplyDate`: the India date its payment is taken and its
 * invoice issued; CGST Act s.13 and s.14): every night is taxed by the slab of its tariff among the rates in force
 * on that day, so a later change of the law never re-prices a paid stay. Each room's nights are grouped by equal
 * tariff, each group a line of its nights each split alike (`splitNights`); totals are the lines' sums.
 */
export function gstBreakup(rooms: readonly GstRoom[], supplyDate: string, slabs: readonly TaxSlab[]): GstBreakup {
  const lines: GstLine[] = [];
  const inForce = slabsOn(slabs, supplyDate);
  for (const room of rooms) {
    const groups = new Map<string, { tariff: number; ratePercent: number; nights: number }>();
    for (const tariff of room.nightlyPrices) {
      const ratePercent = gstRatePercent(inForce, tariff);
      const key = `${tariff}|${ratePercent}`;
      const g = groups.get(key);
      if (g) g.nights += 1;
      else groups.set(key, { tariff, ratePercent, nights: 1 });
    }
    for (const g of groups.values()) {
      const tariffPaise = Math.round(g.tariff * 100);
      const amount = tariffPaise * g.nights;
      lines.push({
        roomNumber: room.number,
        title: room.title,
        ...g,
        amount,
        ...splitNights(tariffPaise, g.nights, g.ratePercent),
      });
    }
  }
  const sum = (k: 'amount' | 'taxable' | 'cgst' | 'sgst') => lines.reduce((s, l) => s + l[k], 0);
  return { lines, taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), total: sum('amount') };
}

/** Tariffs (whole rupees, tax included) that no slab of a period fits, with the slabs on either side. */
export type UnslabbedBand = { from: number; to: number; below: TaxSlab; above: TaxSlab };

/**
 * The tax-inclusive tariffs that fit no slab of a period (slabs ascending): where the rate below a floor leaves a
 * value of supply over the floor while the rate above it leaves one at or under it — tariff > F × (1 + r_below)
 * and tariff ≤ F × (1 + r_above). With 5 % and 18 % over ₹7,500: ₹7,876 to ₹8,850. Owners can not set them
 * (ADR 022), so every price has exactly one slab.
 */
export function unslabbedBands(inForce: readonly TaxSlab[]): UnslabbedBand[] {
  const bands: UnslabbedBand[] = [];
  for (let i = 0; i < inForce.length; i++) {
    const above = inForce[i]!;
    // Under the lowest floor a supply is exempt: a rate of 0 %.
    const below = inForce[i - 1] ?? { ...above, tariffOver: 0, ratePercent: 0 };
    const from = Math.floor((above.tariffOver * (BASIS + basisPoints(below.ratePercent))) / BASIS) + 1;
    const to = Math.floor((above.tariffOver * (BASIS + basisPoints(above.ratePercent))) / BASIS);
    if (from <= to) bands.push({ from, to, below, above });
  }
  return bands;
}

/**
 * The band a tariff falls in under the rates in force on `today` or any period that starts after it (a price is
 * set for nights to come), or undefined when the tariff fits one slab in each.
 */
export function unslabbedBandOf(tariff: number, today: string, slabs: readonly TaxSlab[]): UnslabbedBand | undefined {
  const starts = [...new Set(slabs.map((s) => s.startsOn))].sort();
  const current = starts.filter((s) => s <= today).at(-1);
  for (const start of starts) {
    if (current !== undefined && start < current) continue;
    const band = unslabbedBands(slabsOn(slabs, start)).find((b) => tariff >= b.from && tariff <= b.to);
    if (band) return band;
  }
  return undefined;
}

/**
 * What one night at a tax-inclusive tariff holds, for the owner's price form: its rate, the GST in it and its value
 * before tax, split as each night of an invoice line is (`splitNights`).
 */
export function tariffParts(tariff: number, inForce: readonly TaxSlab[]) {
  const ratePercent = gstRatePercent(inForce, tariff);
  const { taxable, cgst, sgst } = splitNights(Math.round(tariff * 100), 1, ratePercent);
  return { ratePercent, gst: cgst + sgst, taxable };
}

/**
 * The part of a breakup that `amount` (paise, tax included) credits back: each line in proportion to its amount,
 * rounded to the paisa, with the remainder on the last line so the lines sum exactly to `amount`; each line's tax
 * split again at its own rate (`splitInclusive`). The whole breakup when `amount` is its total or more; no lines
 * when it is nothing. So breakup − credit is what is kept, still taxed at the same rates (ADR 017).
 */
export function creditOf(breakup: GstBreakup, amount: number): GstBreakup {
  if (amount >= breakup.total) return { ...breakup, lines: breakup.lines.map((l) => ({ ...l })) };
  const credit = Math.max(0, Math.floor(amount));
  const total = BigInt(breakup.total);
  const shares = breakup.lines.map((l, i) =>
    i === breakup.lines.length - 1 ? 0 : Number((BigInt(l.amount) * BigInt(credit) * 2n + total) / (2n * total)),
  );
  let last = credit - shares.reduce((s, n) => s + n, 0);
  // Rounding can leave the last line with a little more than it has, or less than nothing: the difference goes to
  // the lines before it, within their own amounts.
  const lastIndex = shares.length - 1;
  const lastAmount = breakup.lines[lastIndex]?.amount ?? 0;
  for (let i = lastIndex - 1; i >= 0 && (last > lastAmount || last < 0); i--) {
    const line = breakup.lines[i]?.amount ?? 0;
    const share = shares[i] ?? 0;
    const move = last > lastAmount ? Math.min(last - lastAmount, line - share) : -Math.min(-last, share);
    shares[i] = share + move;
    last -= move;
  }
  if (lastIndex >= 0) shares[lastIndex] = last;
  const lines = breakup.lines
    .map((l, i) => {
      const part = shares[i] ?? 0;
      return { ...l, amount: part, ...splitInclusive(part, l.ratePercent) };
    })
    .filter((l) => l.amount > 0);
  const sum = (k: 'amount' | 'taxable' | 'cgst' | 'sgst') => lines.reduce((s, l) => s + l[k], 0);
  return { lines, taxable: sum('taxable'), cgst: sum('cgst'), sgst: sum('sgst'), total: sum('amount') };
}

/** The financial year (April to March) of a day in India, as printed on invoices: '2026-27'. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The last day (India date) a credit note may still be issued against an invoice of `invoiceDate`: 30 November
 * after the end of the invoice's financial year (CGST Act s.34(2), as amended by the Finance Act, 2022 from
 * 1 Oct 2022; ADR 047). An invoice of 31 Mar 2026 (2025-26) → 2026-11-30; of 1 Apr 2026 (2026-27) → 2027-11-30.
 * The section's other limit, the date the supplier files that year's annual return if earlier, is not known here.
 */
export function creditNoteDeadline(invoiceDate: string): string {
  const start = Number(financialYear(invoiceDate).slice(0, 4));
  return `${start + 1}-11-30`;
}

/**
 * The last day (India date) the records of a day's financial year are kept: CGST Act s.36, until 72 months from the
 * due date of that year's annual return (s.44, GSTR-9: 31 December after the year ends; ADR 023, ADR 051). A day of
 * 2026-27 (1 Apr 2026 to 31 Mar 2027) → return due 2027-12-31 → kept until 2033-12-31.
 */
export function gstRecordsKeptUntil(isoDate: string): string {
  const start = Number(financialYear(isoDate).slice(0, 4));
  return `${start + 7}-12-31`;
}

/** Whether a credit note issued on `day` (India date) may still reduce the tax of an invoice of `invoiceDate`. */
export const creditNoteInTime = (invoiceDate: string, day: string) => day <= creditNoteDeadline(invoiceDate);

/** GST rule 46(b): a document number is at most 16 characters of letters, digits, '-' and '/'. */
export const DOCUMENT_NUMBER = /^[A-Za-z0-9/-]{1,16}$/;

/**
 * A document's number in its series: the kind's prefix, the financial year in short and the sequence in six digits
 * (INV, 2026-27, 42 → INV/26-27/000042: 16 characters, the most rule 46(b) allows). One series per prefix and
 * financial year, so the number is unique within the year. A series past 999999 would need a longer number: refused.
 */
export function documentNumber(prefix: string, fy: string, seq: number): string {
  const number = `${prefix}/${fy.slice(2)}/${String(seq).padStart(6, '0')}`;
  if (!Number.isInteger(seq) || seq < 1 || !DOCUMENT_NUMBER.test(number))
    throw new Error(`document number ${number} breaks GST rule 46(b)`);
  return number;
}

/** Who issued a document, as its file name and lists tell suppliers apart: a name, and the GSTIN it issued under. */
export type DocumentSupplier = { name: string; gstin: string | null };

/** The longest a supplier's name is kept in a file name (a GSTIN is 15 characters). */
const FILE_NAME_SUPPLIER_MAX = 24;

/**
 * A supplier as a file name tells it: its GSTIN, else (a bill of supply of a stay not registered) its name in lower
 * case with '-' between words, at most 24 characters.
 */
function supplierFileTag(supplier: DocumentSupplier): string {
  if (supplier.gstin) return supplier.gstin;
  const slug = supplier.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, FILE_NAME_SUPPLIER_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'supplier';
}

/**
 * The file name of a document: its number with '-' for '/', then its supplier (`supplierFileTag`). Each supplier
 * numbers its own series, so two suppliers' documents may have the same number (INV/26-27/000042 of GSTIN
 * 29AAKCS4821M1ZX → INV-26-27-000042-29AAKCS4821M1ZX.pdf).
 */
export function documentFileName(number: string, supplier: DocumentSupplier): string {
  return `${number.replaceAll('/', '-')}-${supplierFileTag(supplier)}.pdf`;
}
