import type { BookingDto } from '@repo/shared/schemas/booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in guest's own bookings, newest first (GET /api/me/bookings). */
export function getMyBookings(signal?: AbortSignal) {
  return api<{ bookings: BookingDto[] }>('/me/bookings', { auth: 'guest', signal });
}

/** While a refund is on its way the list is asked again every few seconds, so its outcome shows when the bank has it. */
const REFUND_POLL_MS = 4000;
/** How often My Orders asks again while a booking may yet be paid. */
const PENDING_POLL_MS = 5000;
/** How long after it was made an expired hold may still be paid by a late UPI approval (ADR 021). */
const LATE_PAYMENT_MS = 30 * 60_000;
/**
 * A booking whose payment may be reported while the list is open, by the gateway's webhook: one whose payment waits
 * for the guest's approval in their UPI app (whenever it was made), a hold awaiting payment, or a recent hold that
 * ended (a late approval is confirmed or refunded).
 */
const mayBePaidSoon = (b: BookingDto, now: number) =>
  b.pendingPayment !== null ||
  b.status === 'pending_payment' ||
  (b.status === 'expired' && now - Date.parse(b.createdAt) < LATE_PAYMENT_MS);

/** How often My Orders asks again for these orders: while a refund is on its way, or a payment may yet come; else never. */
export function ordersRefetchInterval(bookings: readonly BookingDto[] | undefined, now = Date.now()): number | false {
  if (bookings?.some((b) => b.refund?.status === 'pending')) return REFUND_POLL_MS;
  if (bookings?.some((b) => mayBePaidSoon(b, now))) return PENDING_POLL_MS;
  return false;
}

export function useMyBookings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myBookings.all,
    queryFn: ({ signal }) => getMyBookings(signal),
    select: (d) => d.bookings,
    enabled,
    refetchInterval: (q) => ordersRefetchInterval(q.state.data?.bookings),
  });
}

/** Releases a hold or cancels (and refunds) a paid booking before check-in (POST /api/bookings/:id/cancel). */
export function cancelBooking(bookingId: string) {
  return api<{ booking: BookingDto }>(`/bookings/${bookingId}/cancel`, { method: 'POST', auth: 'guest' });
}

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.myBookings.all }),
  });
}

/** Asks again for a refund that failed (POST /api/bookings/:id/refund-retry). */
export function retryRefund(bookingId: string) {
  return api<{ booking: BookingDto }>(`/bookings/${bookingId}/refund-retry`, { method: 'POST', auth: 'guest' });
}

export function useRetryRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.myBookings.all }),
  });
}
