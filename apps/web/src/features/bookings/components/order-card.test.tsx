import type { BookingDto } from '@repo/shared/schemas/booking';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrdersScreen from '@/app/routes/orders';
import { fakeToken } from '@/testing/fake-token';
import { aBooking } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';

const USER_ID = '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01';
const base = aBooking({ rooms: [{ number: 101, title: 'Deluxe', pricePerNight: 2500 }] });

const render = () => renderRoute(<OrdersScreen />, { path: '/orders/:id', at: `/orders/${USER_ID}` });

describe('My Orders', () => {
  it('shows the refund of a cancelled order, on its way or processed', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const processed: BookingDto = { ...base, status: 'cancelled', refund: { amount: 500000, status: 'processed' } };
    const pending: BookingDto = {
      ...base,
      id: '00000000-0000-4000-8000-000000000004',
      hotelName: 'Hill Top Cottage',
      status: 'cancelled',
      refund: { amount: 250000, status: 'pending' },
    };
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [processed, pending] } } });
    render();
    const done = await screen.findByRole('article', { name: 'Lake View Residency' });
    expect(within(done).getByTestId('refund')).toHaveTextContent('₹5,000 refunded to your card');
    expect(within(done).getByText('Cancelled')).toBeInTheDocument();
    const onItsWay = screen.getByRole('article', { name: 'Hill Top Cottage' });
    expect(within(onItsWay).getByTestId('refund')).toHaveTextContent('Refund of ₹2,500 on its way to your card');
  });

  it("shows a paid order's fields and 'Booking failed' in red on an order without ids", async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const failed: BookingDto = {
      ...base,
      id: '00000000-0000-4000-8000-000000000003',
      orderId: null,
      paymentId: null,
      status: 'expired',
      hotelName: 'Hill Top Cottage',
    };
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [base, failed] } } });
    render();
    const paid = await screen.findByRole('article', { name: 'Lake View Residency' });
    expect(within(paid).getByText('order_Paid000000001')).toBeInTheDocument();
    expect(within(paid).getByText('pay_Paid0000000001')).toBeInTheDocument();
    expect(within(paid).getByText('24/11/2030')).toBeInTheDocument();
    expect(within(paid).getByText('26/11/2030')).toBeInTheDocument();
    expect(within(paid).getByText('₹5,000')).toBeInTheDocument();
    expect(within(paid).getByText('22/11/2026')).toBeInTheDocument();
    expect(within(paid).getByText('Confirmed')).toBeInTheDocument();
    expect(within(paid).queryByText('Booking failed')).not.toBeInTheDocument();
    expect(within(paid).getByRole('img', { name: 'Photo of Lake View Residency' })).toBeInTheDocument();
    const bad = screen.getByRole('article', { name: 'Hill Top Cottage' });
    expect(within(bad).getByText('Booking failed')).toBeInTheDocument();
    expect(within(bad).getByText('Expired')).toBeInTheDocument();
    expect(within(bad).queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it("offers 'Pay now' and the time left on a live hold", async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const hold: BookingDto = {
      ...base,
      orderId: null,
      paymentId: null,
      status: 'pending_payment',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    };
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [hold] } } });
    render();
    const card = await screen.findByRole('article', { name: 'Lake View Residency' });
    expect(within(card).getByText('Booking failed')).toBeInTheDocument();
    expect(within(card).getByText(/Awaiting payment · (9:5\d|10:00) left/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it("shows 'No Orders' when the list is empty", async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [] } } });
    render();
    expect(await screen.findByText('No Orders')).toBeInTheDocument();
  });

  it("never loads anything for another user's id", async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const api = mockApi({});
    renderRoute(<OrdersScreen />, { path: '/orders/:id', at: '/orders/11111111-2222-4333-8444-555555555555' });
    expect(await screen.findByText('These orders are not available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show my orders' })).toHaveAttribute('href', `/orders/${USER_ID}`);
    expect(api.calls).toHaveLength(0);
  });
});
