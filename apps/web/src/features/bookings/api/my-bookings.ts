import type { BookingDto } from '@repo/shared/schemas/booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in guest's own bookings, newest first (GET /api/me/bookings). */
export function getMyBookings(signal?: AbortSignal) {
  return api<{ bookings: BookingDto[] }>('/me/bookings', { auth: 'guest', signal });
}

export function useMyBookings(enabled = true) {
  return useQuery({
    queryKey: queryKeys.myBookings.all,
    queryFn: ({ signal }) => getMyBookings(signal),
    select: (d) => d.bookings,
    enabled,
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
