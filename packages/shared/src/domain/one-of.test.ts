import { describe, expect, it } from 'vitest';
import { isOneOf } from './one-of.ts';

describe('isOneOf', () => {
  const SIZES = ['sm', 'md'] as const;
  it('is true for a member only', () => {
    expect(isOneOf(SIZES, 'sm')).toBe(true);
    expect(isOneOf(SIZES, 'lg')).toBe(false);
    expect(isOneOf(SIZES, null)).toBe(false);
    expect(isOneOf(SIZES, undefined)).toBe(false);
  });
});
