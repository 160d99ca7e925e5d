import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { aBooking, aStay } from '@/testing/fixtures';
import { type MockHandler, mockApi as mockAnyApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { checkoutStore, openCheckout } from '../checkout-store';
import { SandboxCheckout } from '@/features/sandbox-checkout';
import { CheckoutHost } from './checkout-host';

const BOOKING_ID = '00000000-0000-4000-8000-000000000001';
const booking: BookingDto = aBooking({ id: BOOKING_ID, status: 'pending_payment', documents: [] });
const checkout: CheckoutDto = {
  provider: 'sandbox',
  keyId: 'rzp_sandbox',
  orderId: 'order_Test00000001',
  amount: 500000,
  currency: 'INR',
  name: 'StayBook',
  description: 'Lake View Residency · 24/11/2030 to 26/11/2030',
  prefill: { name: 'Rahul Sharma', email: 'guest@staybook.in', contact: '9123456780' },
  upiFlows: ['intent', 'qr'],
};

/** The stay of the booking, as its page gives it: not registered under GST, so the platform charges the GST (s.9(5)). */
const STAY = aStay({
  id: booking.stayId,
  seller: {
    legalName: 'Neha Iyer',
    address: '12 Beach Road, Goa',
    phone: '9876543210',
    gstin: null,
    operator: { legalName: 'StayBook Technologies Private Limited', gstin: '30AAACS1234A1Z5' },
  },
});

/** The checkout's requests: the test's, and the stay (who supplies it, under the price breakup). */
const mockApi = (handlers: Record<string, MockHandler>) =>
  mockAnyApi({ [`GET /api/stays/${booking.stayId}`]: { body: STAY }, ...handlers });

async function payWith(card: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
  expect(within(dialog).getByTestId('checkout-amount')).toHaveTextContent('₹5,000');
  await userEvent.type(within(dialog).getByLabelText(/Card number/), card);
  await userEvent.type(within(dialog).getByLabelText(/Expiry/), '1240');
  await userEvent.type(within(dialog).getByLabelText(/CVV/), '123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₹5,000' }));
}

describe('CheckoutHost (sandbox)', () => {
  afterEach(() => checkoutStore.set({ phase: 'idle' }));

  it('shows one dialog with the seven failure fields and records them', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your payment was declined by the bank',
      source: 'bank',
      step: 'payment_authorization',
      reason: 'payment_declined',
      metadata: { order_id: checkout.orderId, payment_id: 'pay_Fail00000001' },
    };
    const api = mockApi({
      [`GET /api/payments/sandbox/orders/${checkout.orderId}/payment`]: { body: { payment: null } },
      [`POST /api/payments/sandbox/orders/${checkout.orderId}/pay`]: { body: { error } },
      [`POST /api/bookings/${BOOKING_ID}/payment-failure`]: { body: { booking } },
    });
    renderRoute(<CheckoutHost hosted={{ sandbox: SandboxCheckout }} />);
    openCheckout({ booking, checkout });
    await payWith('4000000000000002');
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Error codeBAD_REQUEST_ERROR',
      'DescriptionYour payment was declined by the bank',
      'Sourcebank',
      'Steppayment_authorization',
      'Reasonpayment_declined',
      `Order id${checkout.orderId}`,
      'Payment idpay_Fail00000001',
    ]);
    await waitFor(() => expect(api.callsTo(`POST /api/bookings/${BOOKING_ID}/payment-failure`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/bookings/${BOOKING_ID}/payment-failure`)[0]?.body).toEqual({
      code: error.code,
      description: error.description,
      source: error.source,
      step: error.step,
      reason: error.reason,
      orderId: checkout.orderId,
      paymentId: 'pay_Fail00000001',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment failed' })).not.toBeInTheDocument());
  });

  it('says under the CGST and SGST who charges them: StayBook for a stay not registered, as the stay page does', async () => {
    localStorage.setItem('loginToken', fakeToken());
    mockApi({ [`GET /api/payments/sandbox/orders/${checkout.orderId}/payment`]: { body: { payment: null } } });
    renderRoute(<CheckoutHost hosted={{ sandbox: SandboxCheckout }} />);
    openCheckout({ booking, checkout });
    const dialog = await screen.findByRole('dialog', { name: 'Secure payment' });
    const supplier = await within(dialog).findByTestId('checkout-supplier');
    expect(supplier).toHaveTextContent(
      'Supplied by Neha Iyer, not registered under GST: StayBook Technologies Private Limited (GSTIN 30AAACS1234A1Z5) charges this CGST and SGST and issues your tax invoice (section 9(5) of the CGST Act).',
    );
  });

  it('confirms the payment with the returned fields on success', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const fields = { razorpay_order_id: checkout.orderId, razorpay_payment_id: 'pay_Ok0000000001', razorpay_signature: 'ab12' };
    const api = mockApi({
      [`GET /api/payments/sandbox/orders/${checkout.orderId}/payment`]: { body: { payment: null } },
      [`POST /api/payments/sandbox/orders/${checkout.orderId}/pay`]: { body: fields },
      [`POST /api/bookings/${BOOKING_ID}/payment`]: { body: { booking: { ...booking, status: 'confirmed' } } },
    });
    renderRoute(<CheckoutHost hosted={{ sandbox: SandboxCheckout }} />);
    openCheckout({ booking, checkout });
    await payWith('4111111111111111');
    const paid = await screen.findByRole('dialog', { name: 'Booking confirmed' });
    expect(api.callsTo(`POST /api/bookings/${BOOKING_ID}/payment`)[0]?.body).toEqual({
      orderId: checkout.orderId,
      paymentId: 'pay_Ok0000000001',
      signature: 'ab12',
    });
    expect(api.callsTo(`POST /api/payments/sandbox/orders/${checkout.orderId}/pay`)[0]?.body).toMatchObject({
      method: 'card',
      cardNumber: '4111111111111111',
      expiry: '12/40',
    });
    await userEvent.click(within(paid).getByRole('button', { name: 'View My Orders' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders/5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01');
  });
});
