import type { ReplyInput, ReviewDto, ReviewsPage } from '@repo/shared/schemas/review';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of the reviews of a stay the admin owns (GET /api/admin/stays/:id/reviews). */
export const getOwnedStayReviews = (stayId: string, page: number, signal?: AbortSignal) =>
  api<ReviewsPage>(`/admin/stays/${stayId}/reviews`, { auth: 'admin', query: { page }, signal });

export const useOwnedStayReviews = (stayId: string, page: number) =>
  useQuery({
    queryKey: queryKeys.reviews.ownedStay(stayId, page),
    queryFn: ({ signal }) => getOwnedStayReviews(stayId, page, signal),
    placeholderData: keepPreviousData,
  });

/** The owner's one reply to a review (POST /api/admin/reviews/:id/reply). */
export function replyToReview(reviewId: string, body: ReplyInput) {
  return api<{ review: ReviewDto }>(`/admin/reviews/${reviewId}/reply`, { method: 'POST', body, auth: 'admin' });
}

export function useReplyToReview() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ReplyInput }) => replyToReview(reviewId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
