// Written out rather than with Intl.NumberFormat('en-IN', { style: 'currency' }): the first such formatter loads the
// locale's data, some 10 ms on a laptop and 40 ms on a phone, on the path to a page's first prices. money.test.ts
// checks both agree.

/** Digits in Indian grouping: the last three, then pairs (12345678 → 1,23,45,678). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** Whole rupees in Indian grouping: ₹1,23,456 (rounded half away from zero; a minus before the sign). */
export function formatRupees(amount: number): string {
  const rounded = Math.round(Math.abs(amount));
  return `${amount < 0 && rounded > 0 ? '-' : ''}₹${groupIndian(String(rounded))}`;
}

/**
 * An amount in paise shown in rupees, paise kept when there are any (₹2,499.50, ₹2,499) or, with `alwaysPaise`,
 * always two decimals as a tax document prints them (₹2,499.00).
 */
export function formatPaise(paise: number, { alwaysPaise = false } = {}): string {
  const abs = Math.round(Math.abs(paise));
  const rest = abs % 100;
  const sign = paise < 0 && abs > 0 ? '-' : '';
  const rupees = `${sign}₹${groupIndian(String(Math.floor(abs / 100)))}`;
  return rest === 0 && !alwaysPaise ? rupees : `${rupees}.${String(rest).padStart(2, '0')}`;
}
