import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { isReviewable } from '@repo/shared/domain/reviews';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { Anchor, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { RatingBadge } from '@/components/ui/rating-badge';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { useDeleteReview } from '../api/delete-review';
import { REVIEWS_COPY } from '../copy';
import { WriteReviewDialog } from './write-review-dialog';

const m = REVIEWS_COPY.mine;

/**
 * On a My Orders card: the guest's review of the booking once written (with the owner's reply), which they can edit
 * or delete, else 'Write a review' on a finished booking (confirmed, check-out date passed), else nothing.
 */
export function OrderReview({ order, today = todayInIndia() }: { order: BookingDto; today?: string }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteReview();
  const review = order.review;
  const dialog = (
    <WriteReviewDialog
      bookingId={order.id}
      hotelName={order.hotelName}
      opened={open}
      onClose={() => setOpen(false)}
      review={review ? { rating: review.rating, body: review.body } : undefined}
    />
  );
  if (review) {
    const doDelete = () =>
      remove.mutate(order.id, {
        onSuccess: () => {
          toast.success(REVIEWS_COPY.remove.done, 'booking');
          setConfirming(false);
        },
        onError: (err) => toast.fromError(err, 'booking'),
      });
    return (
      <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }} data-testid="my-review">
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={700}>
              {m.title}
            </Text>
            <RatingBadge rating={review.rating} />
            {review.updatedAt ? (
              <Text size="xs" c="gray.7">
                {REVIEWS_COPY.list.edited(formatDate(review.updatedAt))}
              </Text>
            ) : null}
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
          <Group justify="space-between" gap="xs" mt={4}>
            <Anchor component={Link} to={paths.stay.getHref(order.stayId)} size="sm" fw={500}>
              {m.viewOnStay}
            </Anchor>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setOpen(true)}
              >
                {m.edit}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {m.delete}
              </Button>
            </Group>
          </Group>
        </Stack>
        {dialog}
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={REVIEWS_COPY.remove.title}
          centered
          radius="lg"
          closeButtonProps={{ 'aria-label': REVIEWS_COPY.write.close }}
        >
          <Stack gap="md">
            <Text>{REVIEWS_COPY.remove.text(order.hotelName)}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {REVIEWS_COPY.remove.keep}
              </Button>
              <Button color="red" onClick={doDelete} loading={remove.isPending}>
                {REVIEWS_COPY.remove.confirm}
              </Button>
            </Group>
          </Stack>
        </Modal>
      </Box>
    );
  }
  if (!isReviewable(order, today)) return null;
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        {REVIEWS_COPY.write.open}
      </Button>
      {dialog}
    </>
  );
}
