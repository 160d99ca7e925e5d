import { Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useStayReviews } from '../api/get-stay-reviews';
import { REVIEWS_COPY } from '../copy';
import { ReviewPages } from './review-pages';

const c = REVIEWS_COPY.list;

/** The stay page's reviews, newest first, a page at a time. */
export function StayReviews({ stayId }: { stayId: string }) {
  const [page, setPage] = useState(1);
  const reviews = useStayReviews(stayId, page);
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
      <ReviewPages
        query={reviews}
        page={page}
        onPage={setPage}
        empty={
          <div>
            <Text fw={600}>{c.empty}</Text>
            <Text size="sm" c="gray.7">
              {c.emptyText}
            </Text>
          </div>
        }
      />
    </section>
  );
}
