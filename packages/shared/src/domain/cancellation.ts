import { addDays, formatDate, nightsBetween } from './dates.ts';
import { formatPaise } from './money.ts';

/**
 * A stay's cancellation policy (stays.cancellation_free_days / cancellation_refund_percent), kept on each booking
 * as it was when the hold was made (bookings.cancellation_policy): a cancel at least `freeDays` days before the
 * check-in day is refunded in full, a later one before the check-in day gets `refundPercent` % of what was paid,
 * and none is possible on or after the check-in day. 0 free days: no free cancellation (0 days and 0 % is
 * non-refundable); 1 day: free until the day before check-in.
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

/** No refund at any time: no free days and 0 % after them (the stay form's 'Non-refundable'). */
export const NON_REFUNDABLE: CancellationPolicy = { freeDays: 0, refundPercent: 0 };
export const isNonRefundable = (policy: CancellationPolicy | null): boolean =>
  policy !== null && policy.freeDays <= 0 && policy.refundPercent <= 0;

/**
 * The days before check-in from which a cancel is refunded in full, or null when none is (no free days and less
 * than 100 %). 0 free days means no free cancellation at all: a cancel is never possible on the check-in day, so
 * "free until 0 days before check-in" would give nothing; 1 day is until the day before check-in. A booking without
 * a policy (made before policies) is free until the day before check-in.
 */
function freeFrom(policy: CancellationPolicy | null): number | null {
  if (!policy || policy.refundPercent >= 100) return 1;
  return policy.freeDays >= 1 ? policy.freeDays : null;
}

const LAST_DAY = 'No refund on or after the check-in day.';

/**
 * The policy in words without dates, as the stay page (before dates are chosen) and the owner's stay form show it.
 * Null: a booking made before policies.
 */
export function describePolicy(policy: CancellationPolicy | null): string {
  if (policy && isNonRefundable(policy)) return 'Non-refundable: no refund if you cancel.';
  const free = freeFrom(policy);
  const percent = policy?.refundPercent ?? 100;
  if (free === null) return `A ${pct(percent)} refund if you cancel until the day before check-in. ${LAST_DAY}`;
  if (free <= 1) return `Free cancellation until the day before check-in. ${LAST_DAY}`;
  return percent <= 0
    ? `Free cancellation up to ${free} days before check-in, then no refund.`
    : `Free cancellation up to ${free} days before check-in, then a ${pct(percent)} refund until the day before check-in. ${LAST_DAY}`;
}

/**
 * The policy of one stay's dates (or one booking) as it applies on `today` (India date, yyyy-MM-dd): the last day of
 * free cancellation is named only while it is still ahead; once it has passed, what a cancel gives now is said (the
 * partial refund until the day before check-in, or none). No date in it is ever before `today`.
 */
export function describePolicyFor(policy: CancellationPolicy | null, checkIn: string, today: string): string {
  const daysBefore = nightsBetween(today, checkIn);
  if (daysBefore <= 0) return 'No refund: a booking can not be cancelled on or after the check-in day.';
  if (policy && isNonRefundable(policy)) return 'Non-refundable: no refund if you cancel.';
  const free = freeFrom(policy);
  const percent = policy?.refundPercent ?? 100;
  const dayBefore = formatDate(addDays(checkIn, -1));
  if (free !== null && daysBefore >= free) {
    if (free <= 1) return `Free cancellation until ${dayBefore}. ${LAST_DAY}`;
    const lastFree = formatDate(addDays(checkIn, -free));
    return percent <= 0
      ? `Free cancellation until ${lastFree}, after that no refund.`
      : `Free cancellation until ${lastFree}, after that a ${pct(percent)} refund until the day before check-in. ${LAST_DAY}`;
  }
  // Past the free days (or none): what a cancel gives from now on.
  if (percent <= 0) return 'Free cancellation has ended: no refund if you cancel now.';
  const partial = `${pct(percent)} refund if you cancel until ${dayBefore}. ${LAST_DAY}`;
  return free !== null ? `Free cancellation has ended: a ${partial}` : `A ${partial}`;
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
  const free = freeFrom(input.policy);
  const percent = free !== null && daysBefore >= free ? 100 : Math.min(100, Math.max(0, input.policy?.refundPercent ?? 100));
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

/**
 * What a stay owes its guest when it cancels a booking itself: the cancellation charge its policy would have taken
 * from the guest for a cancel today (what was paid less the policy's refund). A seller may charge a consumer for
 * cancelling only if it bears similar charges when it cancels unilaterally (Consumer Protection (E-Commerce) Rules,
 * 2020, rule 4(8); ADR 053). 0 inside the free days; none on or after the check-in day, when no cancel is possible.
 */
export function ownerCancelCompensation(input: {
  policy: CancellationPolicy | null;
  checkIn: string;
  today: string;
  paidPaise: number;
}): { compensationPaise: number; description: string } | null {
  const guestRefund = cancellationRefund(input);
  if (!guestRefund.cancellable) return null;
  const paid = Math.max(0, Math.floor(input.paidPaise));
  const compensationPaise = paid - guestRefund.refundPaise;
  return {
    compensationPaise,
    description:
      compensationPaise > 0
        ? `Compensation of ${formatPaise(compensationPaise)}: the charge the booking's policy takes from a guest who cancels today`
        : 'No compensation: a guest cancelling today would be refunded in full',
  };
}
