import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import PaymentMismatchesScreen from '@/app/routes/admin/payment-mismatches';

const row = {
  paymentId: 'pay_Paisa00000001',
  bookingId: '00000000-0000-4000-8000-000000000777',
  stayName: 'Paisa Palace',
  mismatch: 'amount',
  expected: { orderId: 'order_Expected0001', amount: 250_000, currency: 'INR' },
  paid: { orderId: 'order_Expected0001', amount: 100, currency: 'INR' },
  source: 'webhook',
  refundStatus: 'pending',
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('Payment mismatches (platform)', () => {
  it('lists what the order asked and what the gateway captured, the refund, and links to the booking', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/payment-mismatches': { body: { mismatches: [row] } } });
    renderRoute(<PaymentMismatchesScreen />, { path: '/admin/payment-mismatches', at: '/admin/payment-mismatches' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment mismatches' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const cells = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(cells).toHaveTextContent('Paisa Palace');
    expect(cells).toHaveTextContent('Amount');
    expect(cells).toHaveTextContent('INR 2,500.00 · order_Expected0001');
    expect(cells).toHaveTextContent('INR 1.00 · order_Expected0001');
    expect(cells).toHaveTextContent('Pending');
    expect(within(cells).getByRole('link', { name: /Booking/ })).toHaveAttribute(
      'href',
      '/admin/reservations/00000000-0000-4000-8000-000000000777',
    );
  });

  it('says when there are none, and shows a load error with a retry', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/payment-mismatches': { body: { mismatches: [] } } });
    const { unmount } = renderRoute(<PaymentMismatchesScreen />, { path: '/p', at: '/p' });
    expect(await screen.findByText('No mismatched payments. Every captured payment matched its order.')).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /api/admin/payment-mismatches': { status: 403, body: { message: 'You are not allowed to do this' } } });
    renderRoute(<PaymentMismatchesScreen />, { path: '/p', at: '/p' });
    expect(await screen.findByText('The payment mismatches could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
