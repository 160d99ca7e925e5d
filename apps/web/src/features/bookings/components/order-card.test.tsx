import type { BookingDto } from '@repo/shared/schemas/booking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import OrdersScreen from '@/app/routes/orders';
import { fakeToken } from '@/testing/fake-token';
import { aBooking, aRefund } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';

const USER_ID = '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01';
const base = aBooking({ rooms: [{ number: 101, title: 'Deluxe', pricePerNight: 2500, plan: null, mealPlan: null }] });

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const render = () => renderRoute(<OrdersScreen />, { path: '/orders/:id', at: `/orders/${USER_ID}` });

describe('My Orders', () => {
  it('tells the refund of a cancelled order: pending, processed in full, partly, failed (with what to do), or none', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const cancelled = { ...base, status: 'cancelled' as const, cancelQuote: null, cancelledAt: '2026-11-23T06:00:00.000Z' };
    const orders: BookingDto[] = [
      {
        ...cancelled,
        id: id(11),
        hotelName: 'Refunded Stay',
        cancelledBy: 'guest',
        balance: 0,
        refund: aRefund('processed', 500000),
        refundIds: ['rfnd_Processed0001'],
      },
      {
        ...cancelled,
        id: id(12),
        hotelName: 'Pending Stay',
        cancelledBy: 'guest',
        balance: 375000,
        refund: aRefund('pending', 125000),
      },
      {
        ...cancelled,
        id: id(13),
        hotelName: 'Partly Stay',
        cancelledBy: 'guest',
        balance: 250000,
        refund: aRefund('processed', 250000),
      },
      {
        ...cancelled,
        id: id(14),
        hotelName: 'Failed Stay',
        cancelledBy: 'owner',
        balance: 500000,
        // Sent again by itself on 23/11/2026 at 18:00 in India.
        refund: { ...aRefund('failed', 500000, 'The card account is closed'), retryAt: '2026-11-23T12:30:00.000Z' },
        refundIds: ['rfnd_FailedOnce001', 'rfnd_FailedTwice01'],
        compensation: {
          amount: 250000,
          description: 'Compensation of ₹2,500',
          payment: 'link_sent',
          claimUrl: 'https://rzp.io/i/Claim000000001',
        },
      },
      {
        ...cancelled,
        id: id(16),
        hotelName: 'Given Up Stay',
        cancelledBy: 'guest',
        balance: 500000,
        refund: aRefund('failed', 500000, 'Bank refused'),
      },
      { ...cancelled, id: id(15), hotelName: 'Late Stay', cancelledBy: 'guest', balance: 500000, refund: null },
    ];
    mockApi({ 'GET /api/me/bookings': { body: { bookings: orders } } });
    render();
    const card = async (name: string) => within(await screen.findByRole('article', { name }));
    const refunded = await card('Refunded Stay');
    expect(refunded.getByTestId('order-status')).toHaveTextContent('Cancelled · Refunded');
    expect(refunded.getByTestId('refund')).toHaveTextContent('Refund of ₹5,000 processed');
    expect(refunded.getByTestId('order-headline')).toHaveTextContent('Cancelled on 23/11/2026');
    expect(refunded.queryByText('Booking failed')).not.toBeInTheDocument();
    // The policy it was sold under (without dates: they no longer matter), and the gateway's refund id.
    expect(refunded.getByTestId('order-policy')).toHaveTextContent(
      'Free cancellation until the day before check-in. No refund on or after the check-in day.',
    );
    expect(refunded.getByText('Refund id')).toBeInTheDocument();
    expect(refunded.getByTestId('refund-ids')).toHaveTextContent('rfnd_Processed0001');
    // Its documents can be downloaded; nothing else is left to do.
    expect(refunded.queryByRole('button', { name: /cancel|pay|retry|ask for/i })).not.toBeInTheDocument();

    const pending = await card('Pending Stay');
    expect(pending.getByTestId('order-status')).toHaveTextContent('Cancelled · Refund pending');
    expect(pending.getByTestId('refund')).toHaveTextContent('Refund of ₹1,250 pending');
    // The gateway has not named it yet: no refund id.
    expect(pending.queryByTestId('refund-ids')).not.toBeInTheDocument();
    expect(pending.getByTestId('order-policy')).toBeInTheDocument();

    const partly = await card('Partly Stay');
    expect(partly.getByTestId('order-status')).toHaveTextContent('Cancelled · Partly refunded');
    expect(partly.getByTestId('refund')).toHaveTextContent('Refund of ₹2,500 processed');

    const failed = await card('Failed Stay');
    expect(failed.getByTestId('order-status')).toHaveTextContent('Cancelled · Refund failed');
    expect(failed.getByTestId('order-headline')).toHaveTextContent('Cancelled by the stay on 23/11/2026');
    expect(failed.getByTestId('refund')).toHaveTextContent('Refund of ₹5,000 failed');
    expect(failed.getByText(/The card account is closed\. The money has not left us/)).toBeInTheDocument();
    // It is sent again by itself: the guest is told when, and need do nothing (ADR 053).
    expect(failed.getByText(/send it again by ourselves on 23\/11\/2026 18:00 \(India time\)/)).toBeInTheDocument();
    // The stay cancelled: what it owes the guest on top of the refund.
    expect(failed.getByTestId('order-compensation')).toHaveTextContent(
      'Compensation: ₹2,500 from the stay for cancelling, on top of the full refund.',
    );
    expect(failed.getByRole('link', { name: 'Claim your compensation' })).toHaveAttribute(
      'href',
      'https://rzp.io/i/Claim000000001',
    );
    // Its automatic attempts are over: what happens next, and the guest may still ask.
    const givenUp = await card('Given Up Stay');
    expect(givenUp.getByText(/our team has been told and will write to you within 2 working days/)).toBeInTheDocument();
    expect(givenUp.getByRole('button', { name: 'Ask for the refund again' })).toBeInTheDocument();
    expect(givenUp.queryByTestId('order-compensation')).not.toBeInTheDocument();
    expect(failed.getByRole('button', { name: 'Ask for the refund again' })).toBeInTheDocument();
    expect(failed.getByText('Refund ids')).toBeInTheDocument();
    expect(failed.getByTestId('refund-ids')).toHaveTextContent('rfnd_FailedOnce001, rfnd_FailedTwice01');

    const late = await card('Late Stay');
    expect(late.getByTestId('order-status')).toHaveTextContent('Cancelled · Not refunded');
    expect(late.getByTestId('refund')).toHaveTextContent('No refund under the cancellation policy');
    expect(late.getByTestId('order-policy')).toBeInTheDocument();
    expect(late.queryByTestId('refund-ids')).not.toBeInTheDocument();
  });

  it('asks again for a failed refund', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const failed: BookingDto = {
      ...base,
      status: 'cancelled',
      cancelQuote: null,
      refund: aRefund('failed', 500000),
    };
    const api = mockApi({
      'GET /api/me/bookings': { body: { bookings: [failed] } },
      [`POST /api/bookings/${base.id}/refund-retry`]: {
        body: {
          booking: {
            ...failed,
            refund: aRefund('pending', 500000),
          },
        },
      },
    });
    render();
    const card = await screen.findByRole('article', { name: 'Lake View Residency' });
    await userEvent.click(within(card).getByRole('button', { name: 'Ask for the refund again' }));
    await waitFor(() => expect(api.callsTo(`POST /api/bookings/${base.id}/refund-retry`)).toHaveLength(1));
  });

  it("shows a confirmed order's policy and what a cancel today refunds, and says it again before cancelling", async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const order = aBooking({
      cancellationPolicy: { freeDays: 30, refundPercent: 50 },
      cancelQuote: { refund: 250000, description: 'Refund of ₹2,500 (50% of ₹5,000)' },
    });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [order] } } });
    render();
    const card = within(await screen.findByRole('article', { name: 'Lake View Residency' }));
    expect(card.getByTestId('order-status')).toHaveTextContent('Confirmed');
    expect(card.getByTestId('order-policy')).toHaveTextContent(
      'Free cancellation until 25/10/2030, after that a 50% refund until the day before check-in.',
    );
    expect(card.getByTestId('cancel-quote')).toHaveTextContent('Cancel today: Refund of ₹2,500 (50% of ₹5,000)');
    await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('cancel-outcome')).toHaveTextContent(
      'The booking will be cancelled. Refund of ₹2,500 (50% of ₹5,000), to the card you paid with.',
    );
  });

  it('shows what happened at the stay: checked in, checked out or a no-show, with no cancel once there', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const at = (n: number, arrival: BookingDto['arrival'], hotelName: string) =>
      aBooking({ id: id(n), hotelName, arrival, cancelQuote: null });
    mockApi({
      'GET /api/me/bookings': {
        body: { bookings: [at(61, 'checked_in', 'Stay In'), at(62, 'checked_out', 'Stay Out'), at(63, 'no_show', 'Stay Away')] },
      },
    });
    render();
    for (const [name, status] of [
      ['Stay In', 'Checked in'],
      ['Stay Out', 'Checked out'],
      ['Stay Away', 'No-show'],
    ] as const) {
      const card = within(await screen.findByRole('article', { name }));
      expect(card.getByTestId('order-status')).toHaveTextContent(status);
      expect(card.queryByRole('button', { name: 'Cancel' })).toBeNull();
    }
  });

  it('says where a refund goes by how the order was paid: the card, the UPI account or the bank account', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const quote = { refund: 500000, description: 'Full refund of ₹5,000' };
    const orders = (['card', 'upi', 'netbanking'] as const).map((paymentMethod, i) =>
      aBooking({ id: id(30 + i), hotelName: `Stay ${paymentMethod}`, paymentMethod, cancelQuote: quote }),
    );
    mockApi({ 'GET /api/me/bookings': { body: { bookings: orders } } });
    render();
    const said = {
      card: 'The booking will be cancelled. Full refund of ₹5,000, to the card you paid with.',
      upi: 'The booking will be cancelled. Full refund of ₹5,000, to the UPI account you paid from.',
      netbanking: 'The booking will be cancelled. Full refund of ₹5,000, to the bank account you paid from.',
    };
    for (const [method, text] of Object.entries(said)) {
      const card = within(await screen.findByRole('article', { name: `Stay ${method}` }));
      await userEvent.click(card.getByRole('button', { name: 'Cancel' }));
      expect(await screen.findByTestId('cancel-outcome')).toHaveTextContent(text);
      await userEvent.click(screen.getByRole('button', { name: 'Keep booking' }));
      await waitFor(() => expect(screen.queryByTestId('cancel-outcome')).not.toBeInTheDocument());
    }
  });

  it('a failed attempt on a live hold: Booking failed, the retry window, the attempt ids and Retry payment agree', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const hold = aBooking({
      orderId: null,
      paymentId: null,
      status: 'pending_payment',
      cancelQuote: null,
      balance: 0,
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      lastFailure: { orderId: 'order_Attempt00001', paymentId: 'pay_Attempt000001', description: 'Declined' },
    });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [hold] } } });
    render();
    const card = within(await screen.findByRole('article', { name: 'Lake View Residency' }));
    expect(card.getByText('Booking failed')).toBeInTheDocument();
    // One status: the payment failed; the one countdown is the time left to retry.
    expect(card.getByTestId('order-status')).toHaveTextContent(/^Payment failed$/);
    expect(card.getByTestId('order-headline')).toHaveTextContent(/^Retry within (9:5\d|10:00) to keep these rooms$/);
    expect(card.queryByText(/Awaiting payment/)).not.toBeInTheDocument();
    expect(card.getAllByText(/\d+:\d\d/)).toHaveLength(1);
    expect(card.getByTestId('order-id')).toHaveTextContent('order_Attempt00001');
    expect(card.getByTestId('payment-id')).toHaveTextContent('pay_Attempt000001');
    expect(card.getByText('Order id (Failed payment attempt)')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Retry payment' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('an expired hold after a failed attempt: no countdown and no actions, the attempt ids kept', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const expired = aBooking({
      orderId: null,
      paymentId: null,
      status: 'expired',
      cancelQuote: null,
      balance: 0,
      documents: [],
      lastFailure: { orderId: 'order_Attempt00002', paymentId: 'pay_Attempt000002', description: 'Declined' },
    });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [expired] } } });
    render();
    const card = within(await screen.findByRole('article', { name: 'Lake View Residency' }));
    expect(card.getByText('Booking failed')).toBeInTheDocument();
    expect(card.getByTestId('order-status')).toHaveTextContent(/^Expired$/);
    expect(card.getByTestId('order-headline')).toHaveTextContent('Payment failed and the hold ended: the rooms were released');
    expect(card.getByTestId('payment-id')).toHaveTextContent('pay_Attempt000002');
    expect(card.getByTestId('order-charge')).toHaveTextContent('Nothing was charged');
    // Nothing to do but raise a complaint.
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual(['Raise a complaint']);
  });

  it('a UPI payment waiting for approval: Payment pending, approve it in the UPI app, its ids, and no second payment', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const pendingPayment = { orderId: 'order_Upi000000001', paymentId: 'pay_Upi00000000001', method: 'upi' as const };
    const unpaid = { orderId: null, paymentId: null, paymentMethod: null, cancelQuote: null, balance: 0, documents: [] };
    const live = aBooking({
      ...unpaid,
      status: 'pending_payment',
      holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      pendingPayment,
    });
    const late = aBooking({ ...unpaid, id: id(41), hotelName: 'Hill Top Cottage', status: 'expired', pendingPayment });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [live, late] } } });
    render();
    const card = within(await screen.findByRole('article', { name: 'Lake View Residency' }));
    expect(card.getByText('Booking failed')).toBeInTheDocument();
    expect(card.getByTestId('order-status')).toHaveTextContent(/^Payment pending$/);
    expect(card.getByTestId('order-headline')).toHaveTextContent(
      /^Approve it in your UPI app within (9:5\d|10:00) to keep these rooms$/,
    );
    expect(card.queryByText(/Not paid yet|Awaiting payment/)).not.toBeInTheDocument();
    expect(card.getByText('Order id (Pending payment)')).toBeInTheDocument();
    expect(card.getByTestId('order-id')).toHaveTextContent('order_Upi000000001');
    expect(card.getByTestId('payment-id')).toHaveTextContent('pay_Upi00000000001');
    expect(card.queryByRole('button', { name: /pay|retry/i })).not.toBeInTheDocument();

    const ended = within(screen.getByRole('article', { name: 'Hill Top Cottage' }));
    expect(ended.getByTestId('order-status')).toHaveTextContent(/^Payment pending$/);
    expect(ended.getByTestId('order-headline')).toHaveTextContent(
      'Approve it in your UPI app: the booking is confirmed if its rooms are still free, or you are refunded in full.',
    );
    expect(ended.queryByTestId('order-charge')).not.toBeInTheDocument();
    expect(ended.getAllByRole('button').map((b) => b.textContent)).toEqual(['Raise a complaint']);
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
      balance: 0,
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
    expect(within(paid).getByTestId('order-status')).toHaveTextContent('Confirmed');
    expect(within(paid).queryByText('Booking failed')).not.toBeInTheDocument();
    expect(within(paid).getByRole('img', { name: 'Photo of Lake View Residency' })).toBeInTheDocument();
    const bad = screen.getByRole('article', { name: 'Hill Top Cottage' });
    expect(within(bad).getByText('Booking failed')).toBeInTheDocument();
    expect(within(bad).getByTestId('order-status')).toHaveTextContent('Expired');
    expect(within(bad).getByTestId('order-charge')).toHaveTextContent('Nothing was charged');
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
    expect(within(card).getByTestId('order-status')).toHaveTextContent(/^Awaiting payment$/);
    expect(within(card).getAllByText(/\d+:\d\d/)).toHaveLength(1);
    expect(within(card).getByTestId('order-headline')).toHaveTextContent(/Not paid yet — pay within (9:5\d|10:00)/);
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

  it('says how a paid order was paid, and nothing on an unpaid one', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const upi: BookingDto = { ...base, paymentMethod: 'upi' };
    const card: BookingDto = { ...base, id: '00000000-0000-4000-8000-000000000005', hotelName: 'Hill Top Cottage' };
    const hold: BookingDto = {
      ...base,
      id: '00000000-0000-4000-8000-000000000006',
      hotelName: 'Sea Breeze Inn',
      status: 'expired',
      paymentId: null,
      paymentMethod: null,
    };
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [upi, card, hold] } } });
    render();
    const byUpi = await screen.findByRole('article', { name: 'Lake View Residency' });
    expect(within(byUpi).getByTestId('paid-by')).toHaveTextContent('Paid by UPI');
    expect(within(screen.getByRole('article', { name: 'Hill Top Cottage' })).getByTestId('paid-by')).toHaveTextContent(
      'Paid by card',
    );
    expect(within(screen.getByRole('article', { name: 'Sea Breeze Inn' })).queryByTestId('paid-by')).toBeNull();
  });
});
