import { shownRating } from '@repo/shared/domain/reviews';
import type { StayDto } from '@repo/shared/schemas/stay';
import { Group, Stack, Text } from '@mantine/core';
import { RatingBadge } from '@/components/ui/rating-badge';
import { common } from '@/copy/common';
import { STAYS_COPY } from '../copy';

const a = STAYS_COPY.admin;

/**
 * For the stay's owner: the rating and label guests see (the reviews' once the stay has some, by the shared
 * `shownRating`) and how many reviews it comes from, e.g. '★ 8.6/10 Satisfactory', '12 reviews'; below it, when it
 * differs, the owner's own value marked as theirs. `stay` is the owner's view (its rating is the one they typed).
 */
export function GuestRating({ stay }: { stay: StayDto }) {
  const shown = shownRating(stay);
  const differs = shown.rating !== stay.rating || shown.experience !== stay.experience;
  return (
    <Stack gap={2} data-testid="guest-rating">
      <Group gap={6}>
        <RatingBadge rating={shown.rating} />
        <Text size="sm" fw={600}>
          {shown.experience}
        </Text>
      </Group>
      <Text size="xs" c="gray.7" data-testid="reviews-count">
        {a.reviewsCount(stay.reviewsCount)}
      </Text>
      {differs ? (
        <Text size="xs" c="gray.7" data-testid="own-rating">
          {a.ownRating(common.rating.short(stay.rating), stay.experience)}
        </Text>
      ) : null}
    </Stack>
  );
}
