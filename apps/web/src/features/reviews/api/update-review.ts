import type { ReviewDto, UpdateReviewInput } from '@repo/shared/schemas/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The guest's edit of their review of a booking (PUT /api/bookings/:id/review); the owner's reply is kept. */
export function updateReview(bookingId: string, body: UpdateReviewInput) {
  return api<{ review: ReviewDto }>(`/bookings/${bookingId}/review`, { method: 'PUT', body, auth: 'guest' });
}

export function useUpdateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: UpdateReviewInput }) => updateReview(bookingId, body),
    onSuccess: () => {
      // My Orders, the stay's reviews and the stay's rating all change.
      qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
      qc.invalidateQueries({ queryKey: queryKeys.reviews.all });
      qc.invalidateQueries({ queryKey: queryKeys.stays.all });
    },
  });
}
