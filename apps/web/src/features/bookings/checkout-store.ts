import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import type { PaymentFailure } from '@repo/shared/schemas/payment';
import { useSyncExternalStore } from 'react';

/** A hold waiting for payment: the booking and what the gateway's checkout needs. */
export type PendingPayment = { booking: BookingDto; checkout: CheckoutDto };

export type CheckoutState =
  | { phase: 'idle' }
  | { phase: 'paying'; pending: PendingPayment }
  | { phase: 'paid'; booking: BookingDto }
  | { phase: 'failed'; pending: PendingPayment; failure: PaymentFailure };

/**
 * The payment in progress lives outside any page: the room dialog closes and the guest goes to '/' while the
 * checkout stays open, so <CheckoutHost/> in the guest layout renders it from this store.
 */
let state: CheckoutState = { phase: 'idle' };
const listeners = new Set<() => void>();

export const checkoutStore = {
  get: () => state,
  set(next: CheckoutState) {
    state = next;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Opens the gateway's checkout for a hold. */
export function openCheckout(pending: PendingPayment) {
  checkoutStore.set({ phase: 'paying', pending });
}

export function closeCheckout() {
  checkoutStore.set({ phase: 'idle' });
}

export function useCheckoutState(): CheckoutState {
  return useSyncExternalStore(checkoutStore.subscribe, checkoutStore.get, checkoutStore.get);
}
