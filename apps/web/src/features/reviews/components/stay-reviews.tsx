import { REVIEW_LIMITS } from '@repo/shared/schemas/review';
import { Box, Button, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useStayReviews } from '../api/get-stay-reviews';
import { REVIEWS_COPY } from '../copy';
import { ReviewItem } from './review-item';

const c = REVIEWS_COPY.list;

/** The stay page's reviews, newest first, a page at a time. */
export function StayReviews({ stayId }: { stayId: string }) {
  const [page, setPage] = useState(1);
  const reviews = useStayReviews(stayId, page);
  const pages = reviews.data ? Math.max(1, Math.ceil(reviews.data.total / REVIEW_LIMITS.pageSize)) : 1;
  return (
    <section aria-labelledby="stay-reviews">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz={22} id="stay-reviews">
          {c.title}
        </Title>
        {reviews.data && reviews.data.total > 0 && (
          <Text c="gray.7" size="sm">
            {c.count(reviews.data.total)}
          </Text>
        )}
      </Group>
      {reviews.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : reviews.isError ? (
        <Group gap="sm">
          <Text c="red.8">{c.loadError}</Text>
          <Button variant="default" size="xs" onClick={() => reviews.refetch()}>
            {c.retry}
          </Button>
        </Group>
      ) : reviews.data.total === 0 ? (
        <div>
          <Text fw={600}>{c.empty}</Text>
          <Text size="sm" c="gray.7">
            {c.emptyText}
          </Text>
        </div>
      ) : (
        <Stack gap="sm">
          {reviews.data.reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
          {pages > 1 && (
            <Box component="nav" aria-label={c.pages}>
              <Pagination total={pages} value={page} onChange={setPage} />
            </Box>
          )}
        </Stack>
      )}
    </section>
  );
}
