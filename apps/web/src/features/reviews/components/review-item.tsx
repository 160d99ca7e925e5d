import { formatDate } from '@repo/shared/domain/dates';
import type { ReviewDto } from '@repo/shared/schemas/review';
import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { RatingBadge } from '@/components/ui/rating-badge';
import { common } from '@/copy/common';
import { REVIEWS_COPY } from '../copy';

const c = REVIEWS_COPY.list;

/**
 * One review: the guest's first name, rating, date (and when they edited it) and text, and the owner's reply when there
 * is one.
 */
export function ReviewItem({ review, children }: { review: ReviewDto; children?: ReactNode }) {
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-label={`${review.firstName} · ${common.rating.label(review.rating)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={700}>{review.firstName}</Text>
            <RatingBadge rating={review.rating} />
          </Group>
          <Text size="sm" c="gray.7">
            {c.reviewedOn(formatDate(review.createdAt))}
            {review.updatedAt ? (
              <>
                {' · '}
                <Text span inherit data-testid="review-edited" style={{ whiteSpace: 'nowrap' }}>
                  {c.edited(formatDate(review.updatedAt))}
                </Text>
              </>
            ) : null}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-line' }}>{review.body}</Text>
        {review.reply !== null && (
          <Box pl="md" py={4} style={{ borderLeft: '3px solid var(--mantine-color-brand-5)' }} data-testid="owner-reply">
            <Text size="sm" fw={600}>
              {c.ownerReply}
              {review.repliedAt ? ` · ${formatDate(review.repliedAt)}` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {review.reply}
            </Text>
          </Box>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
