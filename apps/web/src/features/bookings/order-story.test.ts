import type { BookingDto } from '@repo/shared/schemas/booking';
import { describe, expect, it } from 'vitest';
import { aBooking, aRefund } from '@/testing/fixtures';
import { ordersRefetchInterval } from './api/my-bookings';
import { orderStory } from './order-story';

const now = Date.parse('2026-11-23T06:00:00.000Z');
const in10 = new Date(now + 10 * 60_000).toISOString();
const unpaid: Partial<BookingDto> = {
  orderId: null,
  paymentId: null,
  paymentMethod: null,
  balance: 0,
  cancelQuote: null,
  documents: [],
};
const failure = { orderId: 'order_Attempt00001', paymentId: 'pay_Attempt000001', description: 'Declined' };
const pending = { orderId: 'order_Upi000000001', paymentId: 'pay_Upi00000000001', method: 'upi' as const };
const cancelled = {
  status: 'cancelled',
  cancelQuote: null,
  cancelledAt: '2026-11-23T05:00:00.000Z',
  cancelledBy: 'guest',
} as const;

/** Every state an order can be in, as My Orders gets it. */
const ORDERS: Record<string, BookingDto> = {
  confirmed: aBooking(),
  'pending hold': aBooking({ ...unpaid, status: 'pending_payment', holdExpiresAt: in10 }),
  'failed attempt on a live hold': aBooking({ ...unpaid, status: 'pending_payment', holdExpiresAt: in10, lastFailure: failure }),
  'failed and expired': aBooking({ ...unpaid, status: 'expired', lastFailure: failure }),
  expired: aBooking({ ...unpaid, status: 'expired' }),
  'pending UPI on a live hold': aBooking({ ...unpaid, status: 'pending_payment', holdExpiresAt: in10, pendingPayment: pending }),
  'pending UPI after the hold ended': aBooking({ ...unpaid, status: 'expired', pendingPayment: pending }),
  'cancelled, refund processed': aBooking({
    ...cancelled,
    balance: 0,
    refund: aRefund('processed', 500000),
    refundIds: ['rfnd_Processed0001'],
  }),
  'cancelled, refund pending': aBooking({
    ...cancelled,
    balance: 250000,
    refund: aRefund('pending', 250000),
    refundIds: [],
  }),
  'cancelled, refund failed': aBooking({
    ...cancelled,
    cancelledBy: 'owner',
    refund: aRefund('failed', 500000, 'The card account is closed'),
    refundIds: ['rfnd_Failed000001'],
  }),
  'cancelled, no refund': aBooking({ ...cancelled, refund: null }),
};

type Expected = {
  badge: string;
  bookingFailed: boolean;
  headline: string | RegExp | null;
  ids: [string, string, string?];
  actions: { pay: 'pay' | 'retry' | null; cancel: boolean; retryRefund: boolean };
  policy: boolean;
  charge?: string;
  refund?: string;
  refundIds?: string[];
};
const no = { pay: null, cancel: false, retryRefund: false } as const;
const POLICY = 'Free cancellation until 23/11/2030. No refund on or after the check-in day.';
/** A cancelled order's policy: without dates (they are past or no longer matter). */
const POLICY_NO_DATES = 'Free cancellation until the day before check-in. No refund on or after the check-in day.';

const EXPECTED: Record<keyof typeof ORDERS, Expected> = {
  confirmed: {
    badge: 'Confirmed',
    bookingFailed: false,
    headline: null,
    ids: ['order_Paid000000001', 'pay_Paid0000000001'],
    actions: { ...no, cancel: true },
    policy: true,
  },
  'pending hold': {
    badge: 'Awaiting payment',
    bookingFailed: true,
    headline: 'Not paid yet — pay within 10:00 to keep these rooms',
    ids: ['—', '—'],
    actions: { pay: 'pay', cancel: true, retryRefund: false },
    policy: true,
  },
  'failed attempt on a live hold': {
    badge: 'Payment failed',
    bookingFailed: true,
    headline: 'Retry within 10:00 to keep these rooms',
    ids: ['order_Attempt00001', 'pay_Attempt000001', 'Failed payment attempt'],
    actions: { pay: 'retry', cancel: true, retryRefund: false },
    policy: true,
  },
  'failed and expired': {
    badge: 'Expired',
    bookingFailed: true,
    headline: 'Payment failed and the hold ended: the rooms were released',
    ids: ['order_Attempt00001', 'pay_Attempt000001', 'Failed payment attempt'],
    actions: no,
    policy: false,
    charge: 'Nothing was charged',
  },
  expired: {
    badge: 'Expired',
    bookingFailed: true,
    headline: 'Not paid in time: the rooms were released',
    ids: ['—', '—'],
    actions: no,
    policy: false,
    charge: 'Nothing was charged',
  },
  'pending UPI on a live hold': {
    badge: 'Payment pending',
    bookingFailed: true,
    headline: 'Approve it in your UPI app within 10:00 to keep these rooms',
    ids: ['order_Upi000000001', 'pay_Upi00000000001', 'Pending payment'],
    actions: no,
    policy: true,
  },
  'pending UPI after the hold ended': {
    badge: 'Payment pending',
    bookingFailed: true,
    headline: 'Approve it in your UPI app: the booking is confirmed if its rooms are still free, or you are refunded in full.',
    ids: ['order_Upi000000001', 'pay_Upi00000000001', 'Pending payment'],
    actions: no,
    policy: true,
  },
  'cancelled, refund processed': {
    badge: 'Cancelled · Refunded',
    bookingFailed: false,
    headline: 'Cancelled on 23/11/2026',
    ids: ['order_Paid000000001', 'pay_Paid0000000001'],
    actions: no,
    policy: true,
    refund: 'Refund of ₹5,000 processed',
    refundIds: ['rfnd_Processed0001'],
  },
  'cancelled, refund pending': {
    badge: 'Cancelled · Refund pending',
    bookingFailed: false,
    headline: 'Cancelled on 23/11/2026',
    ids: ['order_Paid000000001', 'pay_Paid0000000001'],
    actions: no,
    policy: true,
    refund: 'Refund of ₹2,500 pending',
    refundIds: [],
  },
  'cancelled, refund failed': {
    badge: 'Cancelled · Refund failed',
    bookingFailed: false,
    headline: 'Cancelled by the stay on 23/11/2026',
    ids: ['order_Paid000000001', 'pay_Paid0000000001'],
    actions: { ...no, retryRefund: true },
    policy: true,
    refund: 'Refund of ₹5,000 failed',
    refundIds: ['rfnd_Failed000001'],
  },
  'cancelled, no refund': {
    badge: 'Cancelled · Not refunded',
    bookingFailed: false,
    headline: 'Cancelled on 23/11/2026',
    ids: ['order_Paid000000001', 'pay_Paid0000000001'],
    actions: no,
    policy: true,
    refund: 'No refund under the cancellation policy',
  },
};

describe('orderStory', () => {
  it.each(Object.keys(ORDERS))('%s: one status, one countdown at most, the ids and actions that go with it', (name) => {
    const story = orderStory(ORDERS[name] as BookingDto, now);
    const want = EXPECTED[name] as Expected;
    expect(story.badge.label).toBe(want.badge);
    expect(story.bookingFailed).toBe(want.bookingFailed);
    if (want.headline === null) expect(story.headline).toBeNull();
    else expect(story.headline?.text).toEqual(want.headline);
    expect([story.ids.orderId, story.ids.paymentId, story.ids.label]).toEqual([want.ids[0], want.ids[1], want.ids[2]]);
    expect(story.actions).toEqual(want.actions);
    const order = ORDERS[name] as BookingDto;
    expect(story.policy).toBe(want.policy ? (order.status === 'cancelled' ? POLICY_NO_DATES : POLICY) : null);
    expect(story.charge).toBe(want.charge ?? null);
    expect(story.refund?.text).toBe(want.refund);
    if (want.refundIds) expect(story.refundIds).toEqual(want.refundIds);
    // The badge never carries a countdown, and nothing says the order awaits payment beside another status.
    const words = [story.badge.label, story.headline?.text ?? '', story.refund?.text ?? '', story.charge ?? ''].join(' | ');
    expect(words.match(/\d+:\d\d/g)?.length ?? 0).toBeLessThanOrEqual(1);
    if (want.badge !== 'Awaiting payment') expect(words).not.toContain('Awaiting payment');
  });
});

describe('ordersRefetchInterval', () => {
  it('asks again while a refund is on its way or a payment may yet come (a pending UPI payment, however old), else never', () => {
    const old = '2026-01-01T00:00:00.000Z';
    expect(ordersRefetchInterval([ORDERS.confirmed as BookingDto], now)).toBe(false);
    expect(ordersRefetchInterval([aBooking({ ...unpaid, status: 'expired', createdAt: old })], now)).toBe(false);
    expect(
      ordersRefetchInterval([aBooking({ ...unpaid, status: 'expired', createdAt: old, pendingPayment: pending })], now),
    ).toBe(5000);
    expect(ordersRefetchInterval([ORDERS['pending hold'] as BookingDto], now)).toBe(5000);
    expect(ordersRefetchInterval([ORDERS['cancelled, refund pending'] as BookingDto], now)).toBe(4000);
    expect(ordersRefetchInterval(undefined, now)).toBe(false);
  });
});

describe('orderStory: the policy as it applies today', () => {
  it('never names a free-cancellation day already past: a booking made on 25/11 whose free cancellation ended on 21/11', () => {
    const order = aBooking({ from: '2026-12-21', to: '2026-12-22', cancellationPolicy: { freeDays: 30, refundPercent: 50 } });
    const on25th = Date.parse('2026-11-25T06:00:00.000Z');
    const story = orderStory(order, on25th);
    expect(story.policy).toBe(
      'Free cancellation has ended: a 50% refund if you cancel until 20/12/2026. No refund on or after the check-in day.',
    );
    expect(story.policy).not.toContain('21/11/2026');
    // Before it ended, the last free day is named.
    expect(orderStory(order, Date.parse('2026-11-20T06:00:00.000Z')).policy).toContain('Free cancellation until 21/11/2026');
  });
  it('says a non-refundable booking is one', () => {
    const order = aBooking({
      cancellationPolicy: { freeDays: 0, refundPercent: 0 },
      cancelQuote: { refund: 0, description: 'No refund' },
    });
    expect(orderStory(order, now).policy).toBe('Non-refundable: no refund if you cancel.');
  });
});

describe('orderStory: what a stay that cancelled owes the guest, and how it is paid (ADR 053)', () => {
  const byStay = (payment: 'owed' | 'link_sent' | 'paid' | 'link_ended', claimUrl: string | null = null) =>
    orderStory(
      aBooking({
        ...cancelled,
        cancelledBy: 'owner',
        refund: aRefund('processed', 500000),
        compensation: { amount: 250000, description: 'Compensation of ₹2,500', payment, claimUrl },
      }),
      now,
    ).compensation;
  it('names the amount in each state, with the link only while it waits to be claimed', () => {
    expect(byStay('owed')?.text).toContain('A link to claim it is on its way to your email');
    expect(byStay('link_sent', 'https://rzp.io/i/Claim1')).toEqual({
      text: expect.stringContaining('Compensation: ₹2,500 from the stay for cancelling'),
      claimUrl: 'https://rzp.io/i/Claim1',
    });
    expect(byStay('paid')).toEqual({ text: expect.stringContaining('has been paid to you'), claimUrl: null });
    expect(byStay('link_ended')?.text).toContain('our team will write to you within 2 working days');
  });
  it('is absent when the stay owes nothing', () => {
    expect(orderStory(aBooking({ ...cancelled, refund: aRefund('processed', 500000) }), now).compensation).toBeNull();
  });
});
