import { describe, expect, it } from 'vitest';
import { toBookingDto } from './booking-view.ts';
import type { BookingRoomRow, BookingRow } from './bookings.repository.ts';

const now = new Date('2026-11-23T10:00:00Z');
const row = (over: Partial<BookingRow> = {}): BookingRow => ({
  id: 'b1',
  userId: 'u1',
  stayId: 's1',
  checkIn: '2026-12-01',
  checkOut: '2026-12-03',
  nights: 2,
  adults: 2,
  children: 0,
  amountPaise: 500_000,
  currency: 'INR',
  status: 'pending_payment',
  holdExpiresAt: new Date(now.getTime() + 60_000),
  provider: 'razorpay',
  providerOrderId: 'order_1',
  source: 'online',
  guestName: null,
  guestMobile: null,
  guestEmail: null,
  arrival: null,
  arrivalAt: null,
  checkedOutAt: null,
  providerPaymentId: null,
  failure: null,
  refund: null,
  guestGstin: null,
  guestCompany: null,
  guestAddress: null,
  guestPin: null,
  guestState: null,
  cancellationPolicy: null,
  cancelledAt: null,
  cancelledBy: null,
  holdIp: null,
  hotelName: 'Lake View',
  createdAt: now,
  updatedAt: now,
  ...over,
});
const NO_PLAN = { ratePlanId: null, planName: null, mealPlan: null };
const rooms: BookingRoomRow[] = [
  { bookingId: 'b1', roomNumberId: 'r1', number: 101, title: 'Deluxe', pricePerNight: 2500, nightlyPrices: null, ...NO_PLAN },
  { bookingId: 'b2', roomNumberId: 'r2', number: 102, title: 'Deluxe', pricePerNight: 2500, nightlyPrices: null, ...NO_PLAN },
];

/** What the invoices feature computes for the booking (features/invoices): carried into the DTO as given. */
const tax = {
  gst: { registered: true, lines: [], taxable: 476_190, cgst: 11_905, sgst: 11_905, total: 500_000 },
  documents: [
    {
      kind: 'invoice' as const,
      title: 'Tax Invoice',
      number: 'TI/26-27/000001',
      issuedAt: now.toISOString(),
      total: 500_000,
      tax: 23_810,
      supplier: { name: 'Sea Breeze', gstin: '29AAGCB7383J1Z4', byPlatform: false },
    },
  ],
};

describe('toBookingDto', () => {
  it('shows a live hold with its end and no gateway ids, and only its own rooms', () => {
    const dto = toBookingDto(row(), rooms, { tax, hotelImage: null, now });
    expect(dto).toMatchObject({ status: 'pending_payment', orderId: null, paymentId: null, ...tax });
    expect(dto.holdExpiresAt).toBe(new Date(now.getTime() + 60_000).toISOString());
    expect(dto.rooms).toEqual([{ number: 101, title: 'Deluxe', pricePerNight: 2500, plan: null, mealPlan: null }]);
  });

  it('shows a hold whose time ran out as expired before the sweep has released it', () => {
    const dto = toBookingDto(row({ holdExpiresAt: new Date(now.getTime() - 1) }), rooms, { tax, hotelImage: null, now });
    expect(dto).toMatchObject({ status: 'expired', holdExpiresAt: null });
  });

  it('shows the ids of a paid booking, also once cancelled, with its refund', () => {
    const paid = { status: 'confirmed' as const, providerPaymentId: 'pay_1', holdExpiresAt: null };
    expect(toBookingDto(row(paid), rooms, { tax, hotelImage: null, now })).toMatchObject({
      orderId: 'order_1',
      paymentId: 'pay_1',
    });
    const refund = {
      amount: 500_000,
      status: 'processed' as const,
      failureReason: null,
      retryAt: null,
      processed: 500_000,
      pending: 0,
      failed: 0,
    };
    expect(toBookingDto(row({ ...paid, status: 'cancelled' }), rooms, { tax, hotelImage: null, now, refund })).toMatchObject({
      status: 'cancelled',
      paymentId: 'pay_1',
      refund,
    });
  });

  it('names the refunds it tells of: those not failed, else the failed ones; none when there is no refund', () => {
    const cancelled = row({ status: 'cancelled', providerPaymentId: 'pay_1', holdExpiresAt: null });
    const refund = {
      amount: 500_000,
      status: 'pending' as const,
      failureReason: null,
      retryAt: null,
      processed: 0,
      pending: 500_000,
      failed: 0,
    };
    const gatewayRefunds = [
      { id: 'rfnd_Failed', status: 'failed' as const },
      { id: 'rfnd_Again', status: 'pending' as const },
    ];
    const view = (parts: Partial<Parameters<typeof toBookingDto>[2]>) =>
      toBookingDto(cancelled, rooms, { tax, hotelImage: null, now, ...parts }).refundIds;
    expect(view({ refund, gatewayRefunds })).toEqual(['rfnd_Again']);
    expect(
      view({ refund: { ...refund, status: 'failed', pending: 0, failed: 500_000 }, gatewayRefunds: gatewayRefunds.slice(0, 1) }),
    ).toEqual(['rfnd_Failed']);
    expect(view({ gatewayRefunds })).toEqual([]);
  });

  it('shows a payment left pending until the ledger has it, and never on a paid booking', () => {
    const pending = { state: 'pending', orderId: 'order_1', paymentId: 'pay_Up', method: 'upi', at: now.toISOString() };
    expect(toBookingDto(row({ failure: pending }), rooms, { tax, hotelImage: null, now })).toMatchObject({
      pendingPayment: { orderId: 'order_1', paymentId: 'pay_Up', method: 'upi' },
      lastFailure: null,
    });
    const recorded = new Set(['pay_Up']);
    expect(
      toBookingDto(row({ failure: pending }), rooms, { tax, hotelImage: null, now, recordedPayments: recorded }).pendingPayment,
    ).toBeNull();
    const paid = row({ status: 'confirmed', providerPaymentId: 'pay_Up', holdExpiresAt: null, failure: pending });
    expect(toBookingDto(paid, rooms, { tax, hotelImage: null, now }).pendingPayment).toBeNull();
  });

  it('shows how a paid booking was paid, and no method before it is paid', () => {
    const paid = { status: 'confirmed' as const, providerPaymentId: 'pay_1', holdExpiresAt: null };
    expect(toBookingDto(row(paid), rooms, { tax, hotelImage: null, now, paymentMethod: 'upi' }).paymentMethod).toBe('upi');
    expect(toBookingDto(row(), rooms, { tax, hotelImage: null, now, paymentMethod: 'upi' }).paymentMethod).toBeNull();
    expect(toBookingDto(row(paid), rooms, { tax, hotelImage: null, now }).paymentMethod).toBeNull();
  });
});
