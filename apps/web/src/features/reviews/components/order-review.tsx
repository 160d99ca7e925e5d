import { todayInIndia } from '@repo/shared/domain/dates';
import { isReviewable } from '@repo/shared/domain/reviews';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { REVIEWS_COPY } from '../copy';
import { WriteReviewDialog } from './write-review-dialog';

/**
 * On a My Orders card: the guest's review of the booking once written (with the owner's reply), else
 * 'Write a review' on a finished booking (confirmed, check-out date passed), else nothing.
 */
export function OrderReview({ order, today = todayInIndia() }: { order: BookingDto; today?: string }) {
  const [open, setOpen] = useState(false);
  const review = order.review;
  if (review) {
    return (
      <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="my-review">
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={700}>
              {REVIEWS_COPY.mine.title}
            </Text>
            <Badge
              color="brand"
              variant="filled"
              radius="sm"
              leftSection={<IconStarFilled size={10} aria-hidden />}
              aria-label={REVIEWS_COPY.list.ratingLabel(review.rating)}
            >
              {REVIEWS_COPY.rating(review.rating)}
            </Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {review.body}
          </Text>
          {review.reply !== null && (
            <Text size="sm">
              <Text span fw={600} inherit>
                {REVIEWS_COPY.list.ownerReply}:{' '}
              </Text>
              {review.reply}
            </Text>
          )}
          <Anchor component={Link} to={paths.stay.getHref(order.stayId)} size="sm" fw={500}>
            {REVIEWS_COPY.mine.viewOnStay}
          </Anchor>
        </Stack>
      </Box>
    );
  }
  if (!isReviewable(order, today)) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {REVIEWS_COPY.write.open}
      </Button>
      <WriteReviewDialog bookingId={order.id} hotelName={order.hotelName} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
