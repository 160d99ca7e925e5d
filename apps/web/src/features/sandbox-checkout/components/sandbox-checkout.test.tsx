import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { fakeMatchMedia } from '@/testing/match-media';
import { aBooking } from '@/testing/fixtures';
import { type MockHandler, mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { SandboxCheckout } from './sandbox-checkout';
import { qrPath } from './upi-qr-code';

const checkout: CheckoutDto = {
  provider: 'sandbox',
  keyId: 'rzp_sandbox',
  orderId: 'order_Upi000000001',
  amount: 500000,
  currency: 'INR',
  name: 'StayBook',
  description: 'Lake View Residency · 24/11/2030 to 26/11/2030',
  prefill: { name: 'Rahul Sharma', email: 'guest@staybook.in', contact: '9123456780' },
  upiFlows: ['intent', 'qr'],
};
/** A merchant the gateway still takes UPI collect from. */
const withCollect: Partial<CheckoutDto> = { upiFlows: ['intent', 'qr', 'collect'] };
const PAY = `POST /api/payments/sandbox/orders/${checkout.orderId}/pay`;
const LATEST = `GET /api/payments/sandbox/orders/${checkout.orderId}/payment`;
const fields = { razorpay_order_id: checkout.orderId, razorpay_payment_id: 'pay_Upi000000001', razorpay_signature: 'ab12' };
const pendingAnswer = {
  pending: {
    order_id: checkout.orderId,
    payment_id: 'pay_Upi000000001',
    method: 'upi',
    vpa: 'pending@razorpay',
    link: null,
    expires_at: null,
  },
};
const LINK = `upi://pay?pa=staybook.sandbox%40razorpay&pn=StayBook%20Sandbox&tr=pay_Upi000000001&tn=Payment%20for%20${checkout.orderId}&am=5000.00&cu=INR&mc=7011`;
const intentAnswer = (expiresAt = new Date(Date.now() + 4 * 60_000 + 30_000)) => ({
  pending: { ...pendingAnswer.pending, vpa: null, link: LINK, expires_at: expiresAt.toISOString() },
});
const APPROVAL = `POST /api/payments/sandbox/orders/${checkout.orderId}/upi-approval`;

function open(handlers: Record<string, MockHandler>, booking: Partial<BookingDto> = {}, offer: Partial<CheckoutDto> = {}) {
  localStorage.setItem('loginToken', fakeToken());
  const api = mockApi({ [LATEST]: { body: { payment: null } }, ...handlers });
  const onSuccess = vi.fn();
  const onFailure = vi.fn();
  const onCancel = vi.fn();
  const hold = aBooking({
    status: 'pending_payment',
    orderId: null,
    paymentId: null,
    paymentMethod: null,
    holdExpiresAt: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
    ...booking,
  });
  renderRoute(
    <SandboxCheckout
      pending={{ booking: hold, checkout: { ...checkout, ...offer } }}
      onSuccess={onSuccess}
      onFailure={onFailure}
      onCancel={onCancel}
    />,
  );
  return { api, onSuccess, onFailure, onCancel };
}
const dialog = () => screen.findByRole('dialog', { name: 'Secure payment' });

describe('SandboxCheckout: card, UPI and netbanking', () => {
  it('offers the three methods as tabs, moved between with the arrow keys', async () => {
    open({});
    const d = await dialog();
    const list = await within(d).findByRole('tablist', { name: 'Payment method' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Card', 'UPI', 'Netbanking']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(d).getByRole('tabpanel')).toHaveAccessibleName('Card');
    expect(within(d).getByLabelText(/Card number/)).toBeInTheDocument();
    tabs[0]?.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(within(d).getByRole('button', { name: 'Pay ₹5,000 by QR code' })).toBeInTheDocument();
    // UPI collect (a typed UPI id) is not offered unless the gateway still takes it.
    expect(within(d).queryByRole('textbox', { name: /UPI ID/ })).toBeNull();
    expect(within(d).queryByLabelText(/Card number/)).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(d).getByRole('radiogroup', { name: /Your bank/ })).toBeInTheDocument();
  });

  it('checks the UPI id before asking the gateway, with a clear message', async () => {
    const { api } = open({ [PAY]: { body: fields } }, {}, withCollect);
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'UPI' }));
    const pay = within(d).getByRole('button', { name: 'Pay ₹5,000 by UPI' });
    await userEvent.click(pay);
    const input = within(d).getByRole('textbox', { name: /UPI ID/ });
    expect(await within(d).findByText('UPI ID is required')).toBeInTheDocument();
    await userEvent.type(input, 'rahul sharma@ok');
    await userEvent.click(pay);
    expect(await within(d).findByText('Enter a valid UPI ID, like name@bank')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(PAY)).toHaveLength(0);
  });

  it('pays by UPI and hands back the signed fields; a UPI id the sandbox does not know is shown under the field', async () => {
    const { api, onSuccess } = open(
      {
        [PAY]: (req) =>
          (req.body as { vpa: string }).vpa === 'success@razorpay'
            ? { body: fields }
            : { status: 400, body: { message: 'Use a sandbox UPI ID', fieldErrors: { vpa: 'Use a sandbox UPI ID' } } },
      },
      {},
      withCollect,
    );
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'UPI' }));
    const input = within(d).getByRole('textbox', { name: /UPI ID/ });
    await userEvent.type(input, 'rahul@okhdfcbank');
    await userEvent.click(within(d).getByRole('button', { name: 'Pay ₹5,000 by UPI' }));
    expect(await within(d).findByText('Use a sandbox UPI ID')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'Success@Razorpay');
    await userEvent.click(within(d).getByRole('button', { name: 'Pay ₹5,000 by UPI' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(fields));
    expect(api.callsTo(PAY).at(-1)?.body).toEqual({ method: 'upi', vpa: 'success@razorpay' });
  });

  it('waits for the approval in the UPI app with the hold countdown, then hands back the captured payment', async () => {
    let latest: unknown = null;
    const { onSuccess, onCancel } = open(
      {
        [PAY]: () => {
          latest = pendingAnswer;
          return { body: pendingAnswer };
        },
        [LATEST]: () => ({ body: { payment: latest } }),
      },
      {},
      withCollect,
    );
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'UPI' }));
    await userEvent.type(within(d).getByRole('textbox', { name: /UPI ID/ }), 'pending@razorpay');
    await userEvent.click(within(d).getByRole('button', { name: 'Pay ₹5,000 by UPI' }));
    expect(await within(d).findByRole('status')).toHaveTextContent('Waiting for you to approve the payment in your UPI app…');
    expect(within(d).getByText('We sent a payment request to pending@razorpay.')).toBeInTheDocument();
    expect(within(d).getByTestId('upi-hold')).toHaveTextContent(/Your rooms stay on hold for 9:[23]\d\./);
    expect(within(d).queryByRole('tablist')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
    latest = fields;
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(fields), { timeout: 5000 });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('opens on the wait when the order already has a pending UPI payment, and reports its failure', async () => {
    const error = {
      code: 'BAD_REQUEST_ERROR',
      description: 'The payment was not approved in your UPI app in time',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'payment_timed_out',
      metadata: { order_id: checkout.orderId, payment_id: 'pay_Upi000000001' },
    };
    let latest: unknown = pendingAnswer;
    const { onFailure, onCancel } = open({ [LATEST]: () => ({ body: { payment: latest } }) });
    const d = await dialog();
    expect(await within(d).findByTestId('upi-waiting')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalled();
    latest = { error };
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(error), { timeout: 5000 });
  });

  it('says when the hold has ended while the UPI payment waits', async () => {
    open({ [LATEST]: { body: { payment: pendingAnswer } } }, { holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const d = await dialog();
    expect(await within(d).findByTestId('upi-hold')).toHaveTextContent(/hold on your rooms has ended.*refund you in full/);
  });

  it('pays with netbanking once a bank is chosen', async () => {
    const { api, onFailure } = open({
      [PAY]: {
        body: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Your bank could not authenticate you',
            source: 'customer',
            step: 'payment_authentication',
            reason: 'authentication_failed',
            metadata: { order_id: checkout.orderId, payment_id: 'pay_Nb0000000001' },
          },
        },
      },
    });
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'Netbanking' }));
    const pay = within(d).getByRole('button', { name: 'Pay ₹5,000 with netbanking' });
    await userEvent.click(pay);
    expect(await within(d).findByText('Choose your bank')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('radio', { name: 'Sandbox bank (payment fails)' }));
    await userEvent.click(pay);
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ reason: 'authentication_failed' })));
    expect(api.callsTo(PAY)[0]?.body).toEqual({ method: 'netbanking', bank: 'FAIL' });
  });

  it("answers the payment request in the sandbox's UPI app: approved, it hands back the captured payment", async () => {
    const { api, onSuccess } = open({ [LATEST]: { body: { payment: pendingAnswer } }, [APPROVAL]: { body: fields } });
    const d = await dialog();
    const app = await within(d).findByRole('region', { name: 'Sandbox UPI app' });
    await userEvent.click(within(app).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(fields));
    expect(api.callsTo(APPROVAL)[0]?.body).toEqual({ approve: true });
  });
});

describe('SandboxCheckout: UPI by QR code and by UPI app', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('on a laptop shows the QR code of the intent link, with its expiry, until the payment is captured', async () => {
    let latest: unknown = null;
    const { api, onSuccess } = open({
      [PAY]: () => {
        latest = intentAnswer();
        return { body: latest };
      },
      [LATEST]: () => ({ body: { payment: latest } }),
    });
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'UPI' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Pay ₹5,000 by QR code' }));
    expect(await within(d).findByRole('status')).toHaveTextContent(
      'Scan this QR code with any UPI app, then approve the payment',
    );
    expect(api.callsTo(PAY)[0]?.body).toEqual({ method: 'upi', flow: 'intent' });
    // The QR code is the intent link's own: the same modules as the link encoded afresh.
    const qr = within(d).getByRole('img', { name: 'UPI QR code to pay ₹5,000' });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(LINK).d);
    expect(within(d).getByTestId('upi-expiry')).toHaveTextContent(/This payment request expires in 4:[23]\d\./);
    expect(within(d).getByTestId('upi-hold')).toHaveTextContent(/Your rooms stay on hold for 9:[23]\d\./);
    expect(onSuccess).not.toHaveBeenCalled();
    latest = fields;
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(fields), { timeout: 5000 });
  });

  it("on a phone opens the UPI app with the intent (the sandbox's own): declined, it reports the failure", async () => {
    window.matchMedia = fakeMatchMedia((q) => q.includes('max-width'));
    const declined = {
      code: 'BAD_REQUEST_ERROR',
      description: 'Your UPI app declined the payment request',
      source: 'customer_psp',
      step: 'payment_authentication',
      reason: 'authorisation_declined_by_psp',
      metadata: { order_id: checkout.orderId, payment_id: 'pay_Upi000000001' },
    };
    let latest: unknown = null;
    const { api, onFailure } = open({
      [PAY]: () => {
        latest = intentAnswer();
        return { body: latest };
      },
      [LATEST]: () => ({ body: { payment: latest } }),
      [APPROVAL]: () => {
        latest = { error: declined };
        return { body: latest };
      },
    });
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('tab', { name: 'UPI' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Pay ₹5,000 by UPI app' }));
    const app = await within(d).findByRole('region', { name: 'Sandbox UPI app' });
    expect(within(d).queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(within(app).getByTestId('upi-intent-link')).toHaveTextContent(LINK);
    expect(within(app).getByText('StayBook Sandbox · staybook.sandbox@razorpay')).toBeInTheDocument();
    expect(within(app).getByText('₹5,000')).toBeInTheDocument();
    await userEvent.click(within(app).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(declined));
    expect(api.callsTo(APPROVAL)[0]?.body).toEqual({ approve: false });
  });

  it('says when the payment request has expired, while the gateway is asked for its outcome', async () => {
    open({ [LATEST]: { body: { payment: intentAnswer(new Date(Date.now() - 1000)) } } });
    const d = await dialog();
    expect(await within(d).findByTestId('upi-expiry')).toHaveTextContent(
      'This payment request has expired. Checking its outcome…',
    );
  });
});
