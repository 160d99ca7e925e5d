import type { AdminBookingCancellation } from '@repo/shared/schemas/booking';
import type { ReservationDto } from '@repo/shared/schemas/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ReservationScreen from '@/app/routes/admin/reservation';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { aRefund } from '@/testing/fixtures';
import { renderRoute } from '@/testing/render';

const ID = '00000000-0000-4000-8000-000000000001';
const STAY = '00000000-0000-4000-8000-000000000002';
const confirmed: AdminBookingCancellation = {
  booking: {
    id: ID,
    stayId: STAY,
    hotelName: 'Lake View Residency',
    guestName: 'Rahul Sharma',
    from: '2030-11-24',
    to: '2030-11-26',
    amount: 500000,
    balance: 500000,
    status: 'confirmed',
    cancelledAt: null,
    cancelledBy: null,
    refund: null,
    compensation: null,
  },
  // Always everything paid, whatever the booking's policy (ADR 025).
  quote: { refund: 500000, description: 'Full refund of ₹5,000' },
  // And, on top, the charge the policy would take from the guest today (ADR 053).
  compensation: { amount: 250000, description: 'Compensation of ₹2,500' },
};
const reservation = (over: Partial<ReservationDto> = {}): ReservationDto => ({
  id: ID,
  stayId: STAY,
  stayName: 'Lake View Residency',
  orderId: 'order_1',
  paymentId: 'pay_1',
  guest: { name: 'Rahul Sharma', email: 'rahul@example.com', mobile: '9876543210' },
  from: '2030-11-24',
  to: '2030-11-26',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: [{ number: 101, title: 'Deluxe', plan: null }],
  amount: 500000,
  status: 'confirmed',
  holdExpiresAt: null,
  paid: 500000,
  refunded: 0,
  refundStatus: null,
  compensation: 0,
  createdAt: '2030-11-20T05:00:00.000Z',
  ...over,
});

/** The reservation page, where an owner cancels a booking of their stay. */
async function cancelOnReservationPage() {
  localStorage.setItem('adminLoginToken', fakeToken());
  let cancelled = false;
  const refunded = 500000;
  const api = mockApi({
    [`GET /api/admin/reservations/${ID}`]: () => ({
      body: {
        reservation: cancelled
          ? reservation({ status: 'cancelled', refunded, refundStatus: 'pending', compensation: 250000 })
          : reservation(),
      },
    }),
    [`GET /api/admin/bookings/${ID}/cancellation`]: () => ({ body: confirmed }),
    'GET /api/admin/documents': { body: { documents: [], total: 0, page: 1, pageSize: 20 } },
    [`GET /api/admin/bookings/${ID}/form-c`]: { body: { reports: [] } },
    'GET /api/admin/me': { body: { ...GUEST, isAdmin: true, isPlatform: false, staff: null } },
    [`GET /api/admin/reservations/${ID}/actions`]: { body: { actions: [] } },
    [`POST /api/admin/bookings/${ID}/cancel`]: () => {
      cancelled = true;
      return {
        body: {
          booking: {
            ...confirmed.booking,
            status: 'cancelled',
            balance: 500000 - refunded,
            cancelledBy: 'owner',
            refund: aRefund('pending', refunded),
            compensation: confirmed.compensation && { ...confirmed.compensation, payment: 'link_sent', claimUrl: null },
          },
          quote: null,
          compensation: null,
        } satisfies AdminBookingCancellation,
      };
    },
  });
  renderRoute(<ReservationScreen />, { path: '/admin/reservations/:id', at: `/admin/reservations/${ID}` });
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
  // One refund, no choice: everything paid, and why.
  expect(await within(dialog).findByText('Refund to the guest: ₹5,000')).toBeInTheDocument();
  expect(within(dialog).getByText(/whatever the booking’s cancellation policy/)).toBeInTheDocument();
  expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
  // What the stay owes the guest on top, before the owner confirms.
  expect(within(dialog).getByText('Compensation to the guest: ₹2,500')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));
  await waitFor(() => expect(api.callsTo(`POST /api/admin/bookings/${ID}/cancel`)).toHaveLength(1));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  return api;
}

describe('admin: cancel a booking from its reservation page', () => {
  it('refunds everything paid, sends no refund choice, then shows the booking cancelled', async () => {
    const api = await cancelOnReservationPage();
    expect(api.callsTo(`POST /api/admin/bookings/${ID}/cancel`)[0]?.body).toBeUndefined();
    expect(await screen.findByText('The booking has been cancelled and the guest refunded')).toBeInTheDocument();
    // The page reads the booking again: cancelled, with the full refund on its way, and nothing more to cancel.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.getAllByText('₹5,000').length).toBeGreaterThan(0);
    // The compensation owed to the guest, in the owner's view of the booking.
    expect(screen.getByText('Compensation to the guest')).toBeInTheDocument();
    expect(screen.getByText('₹2,500')).toBeInTheDocument();
  });

  it('says when the booking can no longer be cancelled', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      [`GET /api/admin/reservations/${ID}`]: { body: { reservation: reservation() } },
      [`GET /api/admin/bookings/${ID}/cancellation`]: { body: { ...confirmed, quote: null, compensation: null } },
      'GET /api/admin/documents': { body: { documents: [], total: 0, page: 1, pageSize: 20 } },
      [`GET /api/admin/bookings/${ID}/form-c`]: { body: { reports: [] } },
      'GET /api/admin/me': { body: { ...GUEST, isAdmin: true, isPlatform: false, staff: null } },
      [`GET /api/admin/reservations/${ID}/actions`]: { body: { actions: [] } },
    });
    renderRoute(<ReservationScreen />, { path: '/admin/reservations/:id', at: `/admin/reservations/${ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await within(dialog).findByText(/only a confirmed booking before its check-in day can/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Yes, cancel booking' })).not.toBeInTheDocument();
  });
});
