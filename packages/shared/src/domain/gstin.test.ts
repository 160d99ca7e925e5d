import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckChar, gstinState, isGstin } from './gstin.ts';

describe('gstinState', () => {
  it('names the state a GSTIN is registered in, with its code', () => {
    expect(gstinState('29AAGCB7383J1Z4')).toBe('Karnataka (29)');
    expect(gstinState('27AAPFU0939F1ZV')).toBe('Maharashtra (27)');
    expect(gstinState('35AAPFU0939F1ZV')).toBe('Andaman and Nicobar Islands (35)');
  });
  it('knows no state for a code that names none', () => {
    expect(gstinState('99AAPFU0939F1ZV')).toBeNull();
    expect(gstinState('')).toBeNull();
  });
  it('every state code makes a valid GSTIN with its check character', () => {
    for (const code of Object.keys(GST_STATES)) {
      const first14 = `${code}AAGCB7383J1Z`;
      expect(isGstin(first14 + gstinCheckChar(first14)), code).toBe(true);
    }
  });
});
