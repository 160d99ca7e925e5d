import type { CheckoutDto } from '@repo/shared/schemas/booking';
import { afterEach, describe, expect, it } from 'vitest';
import { aBooking } from '@/testing/fixtures';
import { openRazorpay } from './razorpay';

const checkout: CheckoutDto = {
  provider: 'razorpay',
  keyId: 'rzp_test_key',
  orderId: 'order_Rzp000000001',
  amount: 500000,
  currency: 'INR',
  name: 'StayBook',
  description: 'Lake View Residency · 24/11/2030 to 26/11/2030',
  prefill: { name: 'Rahul Sharma', email: 'guest@staybook.in', contact: '9123456780' },
  upiFlows: ['intent', 'qr'],
};

/** Opens checkout.js (a stand-in constructor) and returns the options it was given. */
async function optionsFor(upiFlows: CheckoutDto['upiFlows']) {
  const given: Record<string, unknown>[] = [];
  window.Razorpay = class {
    constructor(options: Record<string, unknown>) {
      given.push(options);
    }
    open() {}
    on() {}
  };
  const noop = () => undefined;
  await openRazorpay(
    { booking: aBooking({ status: 'pending_payment' }), checkout: { ...checkout, upiFlows } },
    { onSuccess: noop, onFailure: noop, onDismiss: noop },
  );
  return given[0];
}

describe('openRazorpay: UPI flows', () => {
  afterEach(() => {
    window.Razorpay = undefined;
  });

  it('hides UPI collect in checkout.js, so that it shows the QR code on a laptop and the UPI apps on a phone', async () => {
    expect(await optionsFor(['intent', 'qr'])).toMatchObject({
      order_id: checkout.orderId,
      config: { display: { hide: [{ method: 'upi', flows: ['collect'] }] } },
    });
  });

  it('leaves collect shown for a merchant Razorpay still takes it from', async () => {
    expect((await optionsFor(['intent', 'qr', 'collect']))?.config).toBeUndefined();
  });
});
