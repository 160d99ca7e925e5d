import { describe, expect, it } from 'vitest';
import { PersonalDataSeal } from './personal-data.ts';

describe('personal data sealed at rest', () => {
  const seal = new PersonalDataSeal('a-secret-of-at-least-thirty-two-characters');
  const row = '5b0f4f0e-6f7a-4a43-9d55-0b7e1e7d1a01';

  it('opens what it sealed for the same row, and the sealed bytes hold none of it in the clear', () => {
    const sealed = seal.seal(row, { passportNumber: 'X1234567' });
    expect(seal.open(row, sealed)).toEqual({ passportNumber: 'X1234567' });
    expect(sealed.toString('latin1')).not.toContain('X1234567');
    // A new nonce every time: the same value never seals alike.
    expect(seal.seal(row, { passportNumber: 'X1234567' }).equals(sealed)).toBe(false);
  });

  it('refuses a value moved to another row, altered, or opened under another key', () => {
    const sealed = seal.seal(row, { n: 1 });
    expect(() => seal.open('another-row', sealed)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 1;
    expect(() => seal.open(row, altered)).toThrow();
    expect(() => new PersonalDataSeal('another-secret-of-thirty-two-characters!').open(row, sealed)).toThrow();
  });
});
