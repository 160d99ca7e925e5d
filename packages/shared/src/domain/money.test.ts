import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees } from './money.ts';

describe('formatRupees', () => {
  it('uses the rupee sign and Indian grouping', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
    expect(formatRupees(999)).toBe('₹999');
    expect(formatRupees(0)).toBe('₹0');
  });
});

describe('formatPaise', () => {
  it('shows whole rupees without paise', () => {
    expect(formatPaise(249900)).toBe('₹2,499');
    expect(formatPaise(12345600)).toBe('₹1,23,456');
  });
  it('keeps paise when there are some', () => {
    expect(formatPaise(249950)).toBe('₹2,499.50');
    expect(formatPaise(5)).toBe('₹0.05');
  });
});

describe('the same text as Intl.NumberFormat en-IN in rupees', () => {
  const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  const exact = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
  it('for whole rupees, negative ones and halves', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatRupees(n)).toBe(whole.format(n));
        expect(formatRupees(n + 0.5)).toBe(whole.format(n + 0.5));
      }),
    );
  });
  it('for paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => {
        expect(formatPaise(p)).toBe(p % 100 === 0 ? whole.format(p / 100) : exact.format(p / 100));
        // As tax documents print them: always two decimals.
        expect(formatPaise(p, { alwaysPaise: true })).toBe(exact.format(p / 100));
      }),
    );
  });
});
