import { describe, expect, it } from 'vitest';
import { openIdNumber, sealIdNumber } from './guest-ids.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const BOOKING = '3f1c0a52-6b0e-4f5c-9a51-0d2d6a1b7c11';

describe('guest ID numbers sealed with AES-256-GCM', () => {
  it('opens what it sealed, never shows the number in the sealed text, and seals it afresh each time', () => {
    const sealed = sealIdNumber(SECRET, BOOKING, 'K1234567');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('K1234567');
    expect(openIdNumber(SECRET, BOOKING, sealed)).toBe('K1234567');
    expect(sealIdNumber(SECRET, BOOKING, 'K1234567')).not.toBe(sealed);
  });

  it('refuses to open with another secret, for another booking, or once changed', () => {
    const sealed = sealIdNumber(SECRET, BOOKING, '1234');
    expect(() => openIdNumber(`${SECRET}!`, BOOKING, sealed)).toThrow();
    expect(() => openIdNumber(SECRET, '00000000-0000-4000-8000-000000000000', sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openIdNumber(SECRET, BOOKING, `v1.${raw.toString('base64url')}`)).toThrow();
    expect(() => openIdNumber(SECRET, BOOKING, 'plain 1234')).toThrow();
  });
});
