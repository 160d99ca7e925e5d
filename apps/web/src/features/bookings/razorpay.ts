import type { PendingPayment } from './checkout-store';

/** The fields Razorpay's checkout hands to the success handler. */
export type RazorpaySuccess = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
/** The error Razorpay's checkout reports on 'payment.failed'. */
export type RazorpayError = {
  code?: string;
  description?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: { order_id?: string; payment_id?: string };
};

type RazorpayInstance = { open(): void; on(event: 'payment.failed', cb: (r: { error: RazorpayError }) => void): void };
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
/** The brand blue (theme 'brand' shade 6): the checkout's theme colour. */
export const CHECKOUT_BLUE = '#1c64d9';

let loading: Promise<RazorpayCtor> | null = null;

/** Loads checkout.js once, on demand. */
export function loadRazorpay(): Promise<RazorpayCtor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout.js did not load')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('checkout.js did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * Checkout.js's display options for UPI (Razorpay's UPI collect migration for Standard Checkout): collect hidden
 * unless the gateway still takes it from the merchant, so the checkout shows a QR code on a laptop and the UPI apps
 * (intent) on a phone (ADR 052).
 */
export function upiDisplay(upiFlows: readonly string[]) {
  return upiFlows.includes('collect') ? undefined : { display: { hide: [{ method: 'upi', flows: ['collect'] }] } };
}

/** Opens Razorpay's checkout for a hold, in the brand blue, with the UPI flows the gateway offers. */
export async function openRazorpay(
  { booking, checkout }: PendingPayment,
  handlers: { onSuccess: (r: RazorpaySuccess) => void; onFailure: (e: RazorpayError) => void; onDismiss: () => void },
) {
  const Razorpay = await loadRazorpay();
  const rzp = new Razorpay({
    key: checkout.keyId,
    amount: checkout.amount,
    currency: checkout.currency,
    name: checkout.name,
    description: checkout.description,
    order_id: checkout.orderId,
    prefill: checkout.prefill,
    notes: { bookingId: booking.id },
    theme: { color: CHECKOUT_BLUE },
    config: upiDisplay(checkout.upiFlows),
    handler: handlers.onSuccess,
    modal: { ondismiss: handlers.onDismiss },
  });
  rzp.on('payment.failed', (r) => handlers.onFailure(r.error));
  rzp.open();
}
