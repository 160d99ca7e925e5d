import type { AdminBookingCancellation } from '@repo/shared/schemas/booking';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminCancelBookingScreen from '@/app/routes/admin/cancel-booking';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';

const ID = '00000000-0000-4000-8000-000000000001';
const confirmed: AdminBookingCancellation = {
  booking: {
    id: ID,
    stayId: '00000000-0000-4000-8000-000000000002',
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
  },
  quote: { refund: 500000, description: 'Full refund of ₹5,000' },
};
const cancelled: AdminBookingCancellation = {
  booking: {
    ...confirmed.booking,
    status: 'cancelled',
    balance: 0,
    cancelledAt: '2026-11-23T06:00:00.000Z',
    cancelledBy: 'owner',
    refund: { amount: 500000, status: 'pending', failureReason: null, processed: 0, pending: 500000, failed: 0 },
  },
  quote: null,
};
const render = () =>
  renderRoute(<AdminCancelBookingScreen />, { path: '/admin/bookings/:id/cancel', at: `/admin/bookings/${ID}/cancel` });

describe('admin: cancel booking', () => {
  it('shows the refund the guest gets, asks to confirm, cancels, and then shows the booking cancelled and refunding', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let state = confirmed;
    const api = mockApi({
      [`GET /api/admin/bookings/${ID}/cancellation`]: () => ({ body: state }),
      [`POST /api/admin/bookings/${ID}/cancel`]: () => {
        state = cancelled;
        return { body: cancelled };
      },
    });
    render();
    expect(await screen.findByText('Rahul Sharma')).toBeInTheDocument();
    expect(screen.getByTestId('admin-booking-status')).toHaveTextContent('Confirmed');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await screen.findByTestId('admin-cancel-refund')).toHaveTextContent('The guest will be refunded ₹5,000');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    await waitFor(() => expect(api.callsTo(`POST /api/admin/bookings/${ID}/cancel`)).toHaveLength(1));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByTestId('admin-booking-refund')).toHaveTextContent('Refund of ₹5,000 pending');
    expect(screen.getByText('Cancelled by you on 23/11/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it("says a booking that is not the admin's is not found", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      [`GET /api/admin/bookings/${ID}/cancellation`]: { status: 404, body: { message: 'This booking does not exist' } },
    });
    render();
    expect(await screen.findByText('This booking does not exist or is not of one of your stays.')).toBeInTheDocument();
  });
});
