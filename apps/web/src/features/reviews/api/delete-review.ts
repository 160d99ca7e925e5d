import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The guest removes their review of a booking, with the owner's reply (DELETE /api/bookings/:id/review). */
export function deleteReview(bookingId: string) {
  return api<void>(`/bookings/${bookingId}/review`, { method: 'DELETE', auth: 'guest' });
}

export function useDeleteReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => deleteReview(bookingId),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
      qc.invalidateQueries({ queryKey: queryKeys.reviews.all });
      qc.invalidateQueries({ queryKey: queryKeys.stays.all });
    },
  });
}
