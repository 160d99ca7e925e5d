import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Guests' ID numbers sealed with AES-256-GCM (ADR 064): the key is the SHA-256 of the configured secret
 * (GUEST_ID_KEY, else a secret kept in DATA_DIR as the other secrets are), a fresh 12-byte IV per number, and the
 * 16-byte tag that makes a changed ciphertext fail to open. Stored as 'v1.' and base64url(IV | tag | ciphertext),
 * bound to its booking (the booking id is the additional data: a number moved to another booking does not open).
 */
const VERSION = 'v1.';

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export function sealIdNumber(secret: string, bookingId: string, idNumber: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(bookingId, 'utf8'));
  const body = Buffer.concat([cipher.update(idNumber, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The number a sealed value holds; throws when it was not sealed with this secret for this booking. */
export function openIdNumber(secret: string, bookingId: string, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed ID format');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(bookingId, 'utf8'));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
