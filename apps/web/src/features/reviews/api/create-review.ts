import type { CreateReviewInput, ReviewDto } from '@repo/shared/schemas/review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The guest's one review of a finished booking (POST /api/bookings/:id/review). */
export function createReview(bookingId: string, body: CreateReviewInput) {
  return api<{ review: ReviewDto }>(`/bookings/${bookingId}/review`, { method: 'POST', body, auth: 'guest' });
}

export function useCreateReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: CreateReviewInput }) => createReview(bookingId, body),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
      qc.invalidateQueries({ queryKey: queryKeys.reviews.all });
      qc.invalidateQueries({ queryKey: queryKeys.stays.all });
    },
  });
}
