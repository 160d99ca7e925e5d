import { PersonalDataSeal } from '#src/platform/personal-data.ts';

/**
 * Guests' ID numbers sealed under the personal-data key (platform/personal-data.ts; ADR 064, 067): AES-256-GCM, a
 * fresh nonce per number, bound to its booking (a number moved to another booking does not open). Stored as text:
 * 'v1.' and the sealed bytes in base64url.
 */
const VERSION = 'v1.';

const seals = new Map<string, PersonalDataSeal>();
const sealOf = (secret: string) => {
  let seal = seals.get(secret);
  if (!seal) {
    seal = new PersonalDataSeal(secret);
    seals.set(secret, seal);
  }
  return seal;
};

export function sealIdNumber(secret: string, bookingId: string, idNumber: string): string {
  return VERSION + sealOf(secret).seal(bookingId, idNumber).toString('base64url');
}

/** The number a sealed value holds; throws when it was not sealed with this secret for this booking. */
export function openIdNumber(secret: string, bookingId: string, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed ID format');
  const value = sealOf(secret).open(bookingId, Buffer.from(sealed.slice(VERSION.length), 'base64url'));
  if (typeof value !== 'string') throw new Error('sealed ID is not a number');
  return value;
}
