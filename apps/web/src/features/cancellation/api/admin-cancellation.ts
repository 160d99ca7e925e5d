import type { AdminBookingCancellation } from '@repo/shared/schemas/booking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A booking of one of this admin's stays, with what cancelling it today refunds the guest. */
export const adminCancellationKey = (bookingId: string) => ['admin', 'bookings', bookingId, 'cancellation'] as const;

export const getAdminCancellation = (bookingId: string, signal?: AbortSignal) =>
  api<AdminBookingCancellation>(`/admin/bookings/${bookingId}/cancellation`, { auth: 'admin', signal });

export const useAdminCancellation = (bookingId: string, enabled = true) =>
  useQuery({
    queryKey: adminCancellationKey(bookingId),
    queryFn: ({ signal }) => getAdminCancellation(bookingId, signal),
    enabled,
  });

/**
 * The owner cancels the booking (POST /api/admin/bookings/:id/cancel, no body): the guest is refunded everything
 * paid, whatever the booking's policy, and mailed.
 */
export function useAdminCancelBooking(bookingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<AdminBookingCancellation>(`/admin/bookings/${bookingId}/cancel`, { method: 'POST', auth: 'admin' }),
    onSuccess: (data) => qc.setQueryData(adminCancellationKey(bookingId), data),
    // The booking elsewhere in the admin (reservations, occupancy calendars, figures) reads again.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'bookings'] }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
      ]),
  });
}
