import { describePolicy, describePolicyFor } from '@repo/shared/domain/cancellation';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { BookingDto } from '@repo/shared/schemas/booking';
import type { MantineColor } from '@mantine/core';
import { timeLeft } from '@/lib/time-left';
import { BOOKING_COPY } from './copy';

const c = BOOKING_COPY.orders;

export { timeLeft };

/**
 * One order's story, so that its status, ids, actions and countdown agree: the one status the badge says, the
 * line under it (the only countdown: the time left to pay, retry or approve; or the cancel and its refund), which
 * ids are shown (the paid ones, or the pending or failed attempt's), and which actions are offered.
 */
export type OrderStory = {
  badge: { label: string; color: MantineColor };
  /** The spec's 'Booking failed' (in red): the order has no paid order id or payment id. */
  bookingFailed: boolean;
  /** What happened and what can be done now, in the badge's tone. */
  headline: { text: string; color: MantineColor } | null;
  refund: { text: string; next: string; color: MantineColor } | null;
  /** The gateway's ids of the refund told (none until it names them). */
  refundIds: string[];
  /** What the stay owes the guest for cancelling it, on top of the refund, and where to claim it (ADR 053). */
  compensation: { text: string; claimUrl: string | null } | null;
  /** 'Nothing was charged' on an order that never took money. */
  charge: string | null;
  ids: { orderId: string; paymentId: string; label?: string };
  policy: string | null;
  cancelQuote: string | null;
  actions: { pay: 'pay' | 'retry' | null; cancel: boolean; retryRefund: boolean };
};

type Refund = NonNullable<BookingDto['refund']>;
const refundColor = (r: Refund): MantineColor =>
  r.status === 'processed' ? 'teal.9' : r.status === 'pending' ? 'blue.9' : 'red.8';
const refundNext = (r: Refund) =>
  r.status === 'failed'
    ? c.refundFailedNext(r.failureReason, r.retryAt)
    : r.status === 'pending'
      ? c.refundPendingNext
      : c.refundProcessedNext;

function compensationOf(comp: NonNullable<BookingDto['compensation']>): OrderStory['compensation'] {
  const amount = formatPaise(comp.amount);
  if (comp.payment === 'paid') return { text: c.compensation.paid(amount), claimUrl: null };
  if (comp.payment === 'link_sent' && comp.claimUrl) return { text: c.compensation.linkSent(amount), claimUrl: comp.claimUrl };
  if (comp.payment === 'link_ended') return { text: c.compensation.linkEnded(amount), claimUrl: null };
  return { text: c.compensation.owed(amount), claimUrl: null };
}

export function orderStory(order: BookingDto, now: number): OrderStory {
  const bookingFailed = !order.orderId || !order.paymentId;
  const liveHold = order.status === 'pending_payment' && order.holdExpiresAt !== null && Date.parse(order.holdExpiresAt) > now;
  const left = liveHold && order.holdExpiresAt ? timeLeft(order.holdExpiresAt, now) : null;
  const pending = order.pendingPayment;
  const failure = pending ? null : order.lastFailure;
  const attempt = (a: { orderId: string; paymentId: string }, label: string) => ({
    orderId: a.orderId || order.orderId || '—',
    paymentId: a.paymentId || '—',
    label,
  });
  const ids = !bookingFailed
    ? { orderId: order.orderId ?? '—', paymentId: order.paymentId ?? '—' }
    : pending
      ? attempt(pending, c.pendingAttempt)
      : failure
        ? attempt(failure, c.failedAttempt)
        : { orderId: order.orderId ?? '—', paymentId: order.paymentId ?? '—' };
  // As it applies today: a free-cancellation day already past is never named.
  const policy = describePolicyFor(order.cancellationPolicy, order.from, todayInIndia(new Date(now)));
  const none = { pay: null, cancel: false, retryRefund: false } as const;
  const story = (s: Partial<OrderStory> & Pick<OrderStory, 'badge'>): OrderStory => ({
    bookingFailed,
    headline: null,
    refund: null,
    refundIds: order.refundIds,
    compensation: null,
    charge: null,
    ids,
    policy: null,
    cancelQuote: null,
    actions: none,
    ...s,
  });

  if (order.status === 'confirmed')
    return story({
      // What happened at the stay, once it did (ADR 064): checked in, checked out, a no-show.
      badge: order.arrival
        ? { label: c.arrival[order.arrival], color: order.arrival === 'no_show' ? 'gray' : 'teal' }
        : { label: c.status.confirmed, color: 'teal' },
      policy,
      cancelQuote: order.cancelQuote ? c.cancelToday(order.cancelQuote.description) : null,
      actions: { ...none, cancel: order.cancelQuote !== null },
    });

  // A UPI payment waits for the guest's approval: no second payment, and the order updates when it is decided.
  if (pending && (order.status === 'pending_payment' || order.status === 'expired'))
    return story({
      badge: { label: c.badge.paymentPending, color: 'blue' },
      headline: { text: left ? c.approveWithin(left) : c.approveLate, color: 'blue.9' },
      policy,
    });

  if (liveHold && left)
    return failure
      ? story({
          badge: { label: c.badge.paymentFailed, color: 'red' },
          headline: { text: c.retryWithin(left), color: 'red.8' },
          policy,
          actions: { pay: 'retry', cancel: true, retryRefund: false },
        })
      : story({
          badge: { label: c.status.pending_payment, color: 'yellow' },
          headline: { text: c.notPaidYet(left), color: 'blue.9' },
          policy,
          actions: { pay: 'pay', cancel: true, retryRefund: false },
        });

  if (order.status === 'cancelled' && order.paymentId) {
    const on = order.cancelledAt ? formatDate(order.cancelledAt) : formatDate(order.createdAt);
    const r = order.refund;
    const tag = !r
      ? c.stateTag.notRefunded
      : r.status === 'failed'
        ? c.stateTag.refundFailed
        : r.status === 'pending'
          ? c.stateTag.refundPending
          : r.amount >= order.amount
            ? c.stateTag.refunded
            : c.stateTag.partlyRefunded;
    return story({
      badge: { label: `${c.status.cancelled} · ${tag}`, color: r?.status === 'failed' ? 'red' : 'gray' },
      headline: { text: c.cancelledOn(order.cancelledBy, on), color: 'gray.8' },
      refund: r
        ? { text: c.refund(formatPaise(r.amount), r.status), next: refundNext(r), color: refundColor(r) }
        : { text: c.noRefund, next: '', color: 'gray.8' },
      compensation: order.compensation ? compensationOf(order.compensation) : null,
      // The policy it was sold under, without dates (they are past or no longer matter).
      policy: describePolicy(order.cancellationPolicy),
      actions: { ...none, retryRefund: r?.status === 'failed' },
    });
  }

  // Never paid: the hold ended, could not start, or was released.
  const headline =
    order.status === 'cancelled'
      ? c.releasedHold
      : order.status === 'payment_failed'
        ? c.couldNotStart
        : failure
          ? c.expiredAfterFailure
          : c.expiredUnpaid;
  const status = order.status === 'pending_payment' ? 'expired' : order.status;
  // A payment that came after the rooms were gone is sent back: its refund is told like a cancel's.
  const r = order.refund;
  return story({
    badge: { label: c.status[status], color: 'gray' },
    headline: { text: headline, color: 'gray.8' },
    refund: r ? { text: c.refund(formatPaise(r.amount), r.status), next: refundNext(r), color: refundColor(r) } : null,
    charge: r || order.balance > 0 ? null : c.nothingCharged,
    actions: { ...none, retryRefund: r?.status === 'failed' },
  });
}
