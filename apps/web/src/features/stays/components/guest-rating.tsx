import type { StayDto } from '@repo/shared/schemas/stay';
import { Group, Stack, Text } from '@mantine/core';
import { RatingBadge } from '@/components/ui/rating-badge';
import { STAYS_COPY } from '../copy';

const a = STAYS_COPY.admin;

/**
 * For the stay's owner: the rating and label guests see (the reviews' once the stay has some, else the platform's,
 * else 'New') and how many reviews it comes from, e.g. '★ 8.6/10 Satisfactory', '12 reviews'.
 */
export function GuestRating({ stay }: { stay: StayDto }) {
  return (
    <Stack gap={2} data-testid="guest-rating">
      <Group gap={6}>
        <RatingBadge rating={stay.rating} />
        {stay.experience ? (
          <Text size="sm" fw={600}>
            {stay.experience}
          </Text>
        ) : null}
      </Group>
      <Text size="xs" c="gray.7" data-testid="reviews-count">
        {a.reviewsCount(stay.reviewsCount)}
      </Text>
    </Stack>
  );
}
