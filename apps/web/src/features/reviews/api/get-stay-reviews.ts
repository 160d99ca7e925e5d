import type { ReviewsPage } from '@repo/shared/schemas/review';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One page of a stay's reviews, newest first (GET /api/stays/:id/reviews, guest token). */
export const getStayReviews = (stayId: string, page: number, signal?: AbortSignal) =>
  api<ReviewsPage>(`/stays/${stayId}/reviews`, { auth: 'guest', query: { page }, signal });

export const getStayReviewsQueryOptions = (stayId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.ofStay(stayId, page),
    queryFn: ({ signal }) => getStayReviews(stayId, page, signal),
    placeholderData: keepPreviousData,
  });

export const useStayReviews = (stayId: string, page: number) => useQuery(getStayReviewsQueryOptions(stayId, page));
