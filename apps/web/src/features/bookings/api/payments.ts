import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import type { PaymentFailure, PaymentSuccessInput } from '@repo/shared/schemas/payment';
import { api } from '@/lib/api-client';

/** Confirms a booking with the gateway's success fields (POST /api/bookings/:id/payment). */
export function confirmPayment(bookingId: string, body: PaymentSuccessInput) {
  return api<{ booking: BookingDto }>(`/bookings/${bookingId}/payment`, { method: 'POST', body, auth: 'guest' });
}

/** Records the seven failure fields; the hold stays so the guest can retry (POST /api/bookings/:id/payment-failure). */
export function recordPaymentFailure(bookingId: string, body: PaymentFailure) {
  return api<{ booking: BookingDto }>(`/bookings/${bookingId}/payment-failure`, { method: 'POST', body, auth: 'guest' });
}

/** The checkout of a live hold, to pay again (GET /api/bookings/:id/checkout). */
export function getCheckout(bookingId: string) {
  return api<{ checkout: CheckoutDto }>(`/bookings/${bookingId}/checkout`, { auth: 'guest' });
}
