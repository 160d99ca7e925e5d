import { describe, expect, it } from 'vitest';
import { amountPaise, formatPaise, formatRupees, stayTotal } from './money.ts';

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

describe('amountPaise', () => {
  it('is the sum over rooms of price × nights × 100', () => {
    expect(amountPaise([2500], '2025-11-22', '2025-11-24')).toBe(500000);
    expect(amountPaise([2500, 3200], '2025-11-22', '2025-11-25')).toBe((2500 + 3200) * 3 * 100);
  });
  it('is 0 without nights or rooms', () => {
    expect(amountPaise([2500], '2025-11-22', '2025-11-22')).toBe(0);
    expect(amountPaise([], '2025-11-22', '2025-11-24')).toBe(0);
  });
});

describe('stayTotal', () => {
  it('is price × nights × rooms (the stay page side card)', () => {
    expect(stayTotal(2500, 2, 3)).toBe(15000);
    expect(stayTotal(2500, 0, 3)).toBe(0);
  });
});
