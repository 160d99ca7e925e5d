import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import { cancellationRefund, describePolicy, describePolicyFor } from './cancellation.ts';

const checkIn = '2026-12-31';
const refund = (policy: { freeDays: number; refundPercent: number } | null, daysBefore: number, paidPaise = 500000) =>
  cancellationRefund({ policy, checkIn, today: addDays(checkIn, -daysBefore), paidPaise });

describe('cancellationRefund', () => {
  const policy = { freeDays: 30, refundPercent: 50 };
  it('refunds in full until the free days before check-in', () => {
    expect(refund(policy, 30)).toMatchObject({ refundPaise: 500000, kind: 'full', cancellable: true });
    expect(refund(policy, 200).refundPaise).toBe(500000);
  });
  it("refunds the policy's percentage after that, until the day before check-in", () => {
    expect(refund(policy, 29)).toMatchObject({ refundPaise: 250000, kind: 'partial', cancellable: true });
    expect(refund(policy, 1).refundPaise).toBe(250000);
    expect(refund(policy, 1).description).toBe('Refund of ₹2,500 (50% of ₹5,000)');
  });
  it('refunds nothing on or after the check-in day, and says it can not be cancelled', () => {
    expect(refund(policy, 0)).toMatchObject({ refundPaise: 0, kind: 'none', cancellable: false });
    expect(refund(policy, -3)).toMatchObject({ refundPaise: 0, cancellable: false });
  });
  it('a late cancel at 0 % is allowed but refunds nothing', () => {
    expect(refund({ freeDays: 7, refundPercent: 0 }, 3)).toMatchObject({ refundPaise: 0, kind: 'none', cancellable: true });
  });
  it('a booking without a policy (made before policies) is refunded in full before the check-in day', () => {
    expect(refund(null, 1)).toMatchObject({ refundPaise: 500000, kind: 'full' });
    expect(refund(null, 0)).toMatchObject({ refundPaise: 0, cancellable: false });
  });
  it('rounds a partial refund down to whole paise', () => {
    expect(refund({ freeDays: 10, refundPercent: 33 }, 2, 1001).refundPaise).toBe(330);
  });

  const policies = fc.record({ freeDays: fc.integer({ min: 0, max: 365 }), refundPercent: fc.integer({ min: 0, max: 100 }) });
  const anyPolicy = fc.option(policies, { nil: null });
  const paid = fc.integer({ min: 0, max: 10_000_000_000 });

  it('is never negative and never more than was paid', () => {
    fc.assert(
      fc.property(anyPolicy, fc.integer({ min: -400, max: 800 }), paid, (p, d, amount) => {
        const r = refund(p, d, amount).refundPaise;
        expect(Number.isInteger(r)).toBe(true);
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(amount);
      }),
    );
  });
  it('never refunds less for a cancel made earlier (monotone in the days before check-in)', () => {
    fc.assert(
      fc.property(
        anyPolicy,
        fc.integer({ min: -400, max: 800 }),
        fc.integer({ min: 0, max: 400 }),
        paid,
        (p, d, more, amount) => {
          expect(refund(p, d + more, amount).refundPaise).toBeGreaterThanOrEqual(refund(p, d, amount).refundPaise);
        },
      ),
    );
  });
});

describe('describePolicy', () => {
  it('names the free days and the later percentage', () => {
    expect(describePolicy({ freeDays: 30, refundPercent: 50 })).toBe(
      'Free cancellation until 30 days before check-in, then a 50% refund until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicy({ freeDays: 7, refundPercent: 0 })).toBe(
      'Free cancellation until 7 days before check-in, then no refund. No refund on or after the check-in day.',
    );
    expect(describePolicy({ freeDays: 1, refundPercent: 0 })).toBe(
      'Free cancellation until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicy(null)).toBe(describePolicy({ freeDays: 1, refundPercent: 0 }));
  });
  it('names the dates of one booking', () => {
    expect(describePolicyFor({ freeDays: 30, refundPercent: 50 }, checkIn)).toBe(
      'Free cancellation until 01/12/2026, after that a 50% refund until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicyFor(null, checkIn)).toBe('Free cancellation until 30/12/2026. No refund on or after the check-in day.');
  });
});
