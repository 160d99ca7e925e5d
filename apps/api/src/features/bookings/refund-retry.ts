/**
 * A refund the gateway refused or the bank failed is asked for again by itself (ADR 053): after the first failure in
 * 15 minutes, then 1 hour, 6 hours and 24 hours. After the fifth attempt fails no more are made by themselves: the
 * platform's admins are told, the guest is told what happens next, and the guest may still ask again.
 */
export const REFUND_RETRY_MINUTES = [15, 60, 6 * 60, 24 * 60] as const;
export const REFUND_MAX_ATTEMPTS = REFUND_RETRY_MINUTES.length + 1;

/** When a failed refund is asked for again by itself: its failure plus the wait after its attempt; null when none is. */
export function refundRetryAt(failed: { attempt: number; settledAt: Date | null }): Date | null {
  const wait = REFUND_RETRY_MINUTES[failed.attempt - 1];
  if (wait === undefined || !failed.settledAt) return null;
  return new Date(failed.settledAt.getTime() + wait * 60_000);
}
