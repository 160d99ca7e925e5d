import { addDays, formatDate, nightsBetween } from './dates.ts';
import { formatPaise } from './money.ts';

/**
 * A stay's cancellation policy (stays.cancellation_free_days / cancellation_refund_percent), kept on each booking
 * as it was when the hold was made (bookings.cancellation_policy): a cancel at least `freeDays` days before the
 * check-in day is refunded in full, a later one before the check-in day gets `refundPercent` % of what was paid,
 * and none is possible on or after the check-in day.
 */
export type CancellationPolicy = { freeDays: number; refundPercent: number };

export const POLICY_LIMITS = { maxFreeDays: 365, maxRefundPercent: 100 } as const;
/** A new stay's policy (the columns' defaults): free cancellation until the day before check-in, then none. */
export const DEFAULT_POLICY: CancellationPolicy = { freeDays: 1, refundPercent: 0 };

export type CancelRefund = {
  /** Paise sent back by a cancel today: never negative, never more than paid. */
  refundPaise: number;
  /** full: everything paid; partial: the policy's percentage; none: nothing (a late cancel at 0 %, or after check-in). */
  kind: 'full' | 'partial' | 'none';
  /** False on or after the check-in day: such a booking can not be cancelled. */
  cancellable: boolean;
  /** What a cancel today gives, in words. */
  description: string;
};

const pct = (p: number) => `${p}%`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The policy in words, as the stay page and the room dialog show it. Null: a booking made before policies. */
export function describePolicy(policy: CancellationPolicy | null): string {
  if (!policy || policy.freeDays <= 1 || policy.refundPercent >= 100)
    return 'Free cancellation until the day before check-in. No refund on or after the check-in day.';
  const later =
    policy.refundPercent === 0 ? 'then no refund' : `then a ${pct(policy.refundPercent)} refund until the day before check-in`;
  return `Free cancellation until ${days(policy.freeDays)} before check-in, ${later}. No refund on or after the check-in day.`;
}

/** The policy for one booking's dates: the last day of free cancellation is named. */
export function describePolicyFor(policy: CancellationPolicy | null, checkIn: string): string {
  if (!policy || policy.freeDays <= 1 || policy.refundPercent >= 100)
    return `Free cancellation until ${formatDate(addDays(checkIn, -1))}. No refund on or after the check-in day.`;
  const lastFree = formatDate(addDays(checkIn, -policy.freeDays));
  const later =
    policy.refundPercent === 0
      ? 'after that no refund'
      : `after that a ${pct(policy.refundPercent)} refund until the day before check-in`;
  return `Free cancellation until ${lastFree}, ${later}. No refund on or after the check-in day.`;
}

/**
 * What a cancel on `today` (India date, yyyy-MM-dd) of a booking checking in on `checkIn` refunds of `paidPaise`.
 * A null policy (bookings made before policies) refunds in full before the check-in day.
 */
export function cancellationRefund(input: {
  policy: CancellationPolicy | null;
  checkIn: string;
  today: string;
  paidPaise: number;
}): CancelRefund {
  const paid = Math.max(0, Math.floor(input.paidPaise));
  const daysBefore = nightsBetween(input.today, input.checkIn);
  if (daysBefore <= 0)
    return { refundPaise: 0, kind: 'none', cancellable: false, description: 'No refund on or after the check-in day' };
  const policy = input.policy ?? { freeDays: 0, refundPercent: 100 };
  const percent = daysBefore >= policy.freeDays ? 100 : Math.min(100, Math.max(0, policy.refundPercent));
  const refundPaise = percent >= 100 ? paid : Math.floor((paid * percent) / 100);
  const kind = refundPaise >= paid && paid > 0 ? 'full' : refundPaise > 0 ? 'partial' : 'none';
  const description =
    kind === 'full'
      ? `Full refund of ${formatPaise(refundPaise)}`
      : kind === 'partial'
        ? `Refund of ${formatPaise(refundPaise)} (${pct(percent)} of ${formatPaise(paid)})`
        : 'No refund';
  return { refundPaise, kind, cancellable: true, description };
}
