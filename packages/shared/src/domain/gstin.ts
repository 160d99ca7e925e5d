/**
 * GSTIN: 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter), the registration's number in the
 * state (1-9 or A-Z), 'Z', and a check character computed from the first 14 (base-36 weighted sum, as the GSTN
 * publishes it).
 */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of the first 14 characters of a GSTIN. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

/** True for a well-formed GSTIN whose check character is right. */
export function isGstin(value: string): boolean {
  return GSTIN_PATTERN.test(value) && gstinCheckChar(value.slice(0, 14)) === value[14];
}
