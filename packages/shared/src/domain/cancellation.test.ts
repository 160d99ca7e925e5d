import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, parseDisplayDate } from './dates.ts';
import {
  cancellationRefund,
  describePolicy,
  describePolicyFor,
  NON_REFUNDABLE,
  ownerCancelCompensation,
} from './cancellation.ts';

const checkIn = '2026-12-31';
const policies = fc.record({ freeDays: fc.integer({ min: 0, max: 365 }), refundPercent: fc.integer({ min: 0, max: 100 }) });
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
  it('0 free days and 0 % is non-refundable: nothing at any time (it was once read as free until the day before)', () => {
    for (const d of [1, 2, 30, 400])
      expect(refund(NON_REFUNDABLE, d)).toMatchObject({ refundPaise: 0, kind: 'none', cancellable: true });
  });
  it('0 free days with a percentage gives that percentage until the day before check-in, never in full', () => {
    for (const d of [1, 30, 400])
      expect(refund({ freeDays: 0, refundPercent: 50 }, d)).toMatchObject({ refundPaise: 250000, kind: 'partial' });
    expect(refund({ freeDays: 0, refundPercent: 100 }, 1)).toMatchObject({ refundPaise: 500000, kind: 'full' });
  });
  it('rounds a partial refund down to whole paise', () => {
    expect(refund({ freeDays: 10, refundPercent: 33 }, 2, 1001).refundPaise).toBe(330);
  });

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

describe('describePolicy (no dates: the stay page before dates are chosen, the stay form)', () => {
  it('names the free days and the later percentage', () => {
    expect(describePolicy({ freeDays: 30, refundPercent: 50 })).toBe(
      'Free cancellation up to 30 days before check-in, then a 50% refund until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicy({ freeDays: 7, refundPercent: 0 })).toBe(
      'Free cancellation up to 7 days before check-in, then no refund.',
    );
    expect(describePolicy({ freeDays: 1, refundPercent: 0 })).toBe(
      'Free cancellation until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicy({ freeDays: 12, refundPercent: 100 })).toBe(describePolicy({ freeDays: 1, refundPercent: 0 }));
    expect(describePolicy(null)).toBe(describePolicy({ freeDays: 1, refundPercent: 0 }));
  });
  it('says a non-refundable policy is one, and a policy without free days gives its percentage', () => {
    expect(describePolicy({ freeDays: 0, refundPercent: 0 })).toBe('Non-refundable: no refund if you cancel.');
    expect(describePolicy({ freeDays: 0, refundPercent: 25 })).toBe(
      'A 25% refund if you cancel until the day before check-in. No refund on or after the check-in day.',
    );
  });
  it('never names a date', () => {
    fc.assert(
      fc.property(policies, (p) => {
        expect(describePolicy(p)).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
      }),
    );
  });
});

describe("describePolicyFor (one booking or one stay's dates, as it applies today)", () => {
  const today = (daysBefore: number) => addDays(checkIn, -daysBefore);
  it('names the last free day while it is ahead', () => {
    expect(describePolicyFor({ freeDays: 30, refundPercent: 50 }, checkIn, today(40))).toBe(
      'Free cancellation until 01/12/2026, after that a 50% refund until the day before check-in. No refund on or after the check-in day.',
    );
    expect(describePolicyFor({ freeDays: 30, refundPercent: 50 }, checkIn, today(30))).toContain('until 01/12/2026');
    expect(describePolicyFor({ freeDays: 7, refundPercent: 0 }, checkIn, today(8))).toBe(
      'Free cancellation until 24/12/2026, after that no refund.',
    );
    expect(describePolicyFor(null, checkIn, today(5))).toBe(
      'Free cancellation until 30/12/2026. No refund on or after the check-in day.',
    );
  });
  it('once the free days have passed (a booking made on 25/11 whose free cancellation ended on 21/11), says what a cancel gives now', () => {
    const policy = { freeDays: 30, refundPercent: 50 };
    // Check-in 21/12: free until 21/11; on 25/11 only the partial refund is left.
    expect(describePolicyFor(policy, '2026-12-21', '2026-11-25')).toBe(
      'Free cancellation has ended: a 50% refund if you cancel until 20/12/2026. No refund on or after the check-in day.',
    );
    expect(describePolicyFor({ freeDays: 30, refundPercent: 0 }, '2026-12-21', '2026-11-25')).toBe(
      'Free cancellation has ended: no refund if you cancel now.',
    );
  });
  it('says non-refundable, a percentage without free days, and nothing on or after check-in', () => {
    expect(describePolicyFor(NON_REFUNDABLE, checkIn, today(60))).toBe('Non-refundable: no refund if you cancel.');
    expect(describePolicyFor({ freeDays: 0, refundPercent: 40 }, checkIn, today(60))).toBe(
      'A 40% refund if you cancel until 30/12/2026. No refund on or after the check-in day.',
    );
    expect(describePolicyFor({ freeDays: 3, refundPercent: 40 }, checkIn, today(0))).toBe(
      'No refund: a booking can not be cancelled on or after the check-in day.',
    );
  });

  const anyPolicy = fc.option(policies, { nil: null });
  it('never names a date before today', () => {
    fc.assert(
      fc.property(anyPolicy, fc.integer({ min: -5, max: 500 }), (p, d) => {
        const text = describePolicyFor(p, checkIn, today(d));
        for (const shown of text.match(/\d{2}\/\d{2}\/\d{4}/g) ?? [])
          expect((parseDisplayDate(shown) as string) >= today(d), text).toBe(true);
      }),
    );
  });
  it('agrees with the refund a cancel today gives: "no refund" exactly when it gives nothing', () => {
    fc.assert(
      fc.property(anyPolicy, fc.integer({ min: -5, max: 500 }), (p, d) => {
        const text = describePolicyFor(p, checkIn, today(d));
        const r = refund(p, d);
        const free = text.startsWith('Free cancellation until');
        expect(/no refund if you cancel|^No refund/i.test(text), text).toBe(r.refundPaise === 0);
        if (free) expect(r.kind, text).toBe('full');
      }),
    );
  });
});

describe('ownerCancelCompensation (what a stay that cancels owes its guest)', () => {
  const policy = { freeDays: 30, refundPercent: 50 };
  const at = (daysBefore: number) => ({ policy, checkIn, today: addDays(checkIn, -daysBefore), paidPaise: 500_000 });
  it("is the charge the guest's own cancel would bear today: none inside the free days, the rest after", () => {
    expect(ownerCancelCompensation(at(30))?.compensationPaise).toBe(0);
    expect(ownerCancelCompensation(at(29))?.compensationPaise).toBe(250_000);
    expect(ownerCancelCompensation(at(1))?.compensationPaise).toBe(250_000);
    expect(ownerCancelCompensation(at(29))?.description).toBe(
      "Compensation of ₹2,500: the charge the booking's policy takes from a guest who cancels today",
    );
  });
  it('is everything paid on a non-refundable booking, and none from the check-in day', () => {
    expect(ownerCancelCompensation({ ...at(10), policy: NON_REFUNDABLE })?.compensationPaise).toBe(500_000);
    expect(ownerCancelCompensation(at(0))).toBeNull();
  });
  it('with the refund, always adds up to what was paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (free, percent, days, paid) => {
          const input = {
            policy: { freeDays: free, refundPercent: percent },
            checkIn,
            today: addDays(checkIn, -days),
            paidPaise: paid,
          };
          const owed = ownerCancelCompensation(input);
          expect(owed).not.toBeNull();
          expect((owed?.compensationPaise ?? 0) + cancellationRefund(input).refundPaise).toBe(paid);
          expect(owed?.compensationPaise).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
