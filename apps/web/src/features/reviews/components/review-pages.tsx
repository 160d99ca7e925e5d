import { REVIEW_LIMITS } from '@repo/shared/constants/domain';
import type { ReviewDto, ReviewsPage } from '@repo/shared/schemas/review';
import { Box, Skeleton, Stack } from '@mantine/core';
import { Pager } from '@/components/ui/pager';
import type { ReactNode } from 'react';
import { type QueryLike, QueryState } from '@/components/ui/query-state';
import { REVIEWS_COPY } from '../copy';
import { ReviewItem } from './review-item';

const c = REVIEWS_COPY.list;

/**
 * One page of a stay's reviews with the pager, or its skeleton, error (with a retry) or `empty` state. `extra`
 * adds to each review (the owner's reply form).
 */
export function ReviewPages({
  query,
  page,
  onPage,
  empty,
  extra,
}: {
  query: QueryLike<ReviewsPage>;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  extra?: (review: ReviewDto) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      skeleton={
        <Stack gap="sm" role="status" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      }
      errorTitle={c.loadError}
      recover={{ retry: c.retry }}
    >
      {(data) => {
        if (data.total === 0) return empty;
        const pages = Math.max(1, Math.ceil(data.total / REVIEW_LIMITS.pageSize));
        return (
          <Stack gap="sm">
            {data.reviews.map((r) => (
              <ReviewItem key={r.id} review={r}>
                {extra?.(r)}
              </ReviewItem>
            ))}
            {pages > 1 && (
              <Box component="nav" aria-label={c.pages}>
                <Pager total={pages} value={page} onChange={onPage} />
              </Box>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
