import { zodResolver } from '@hookform/resolvers/zod';
import { REVIEW_LIMITS, ReplyInput, type ReviewDto } from '@repo/shared/schemas/review';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldProps } from '@/components/form/fields';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useOwnedStayReviews, useReplyToReview } from '../api/admin-stay-reviews';
import { REVIEWS_COPY } from '../copy';
import { ReviewPages } from './review-pages';

const c = REVIEWS_COPY.admin;
const l = REVIEWS_COPY.list;

/** The owner's one reply to a review. */
function ReplyForm({ review }: { review: ReviewDto }) {
  const reply = useReplyToReview();
  const form = useForm<ReplyInput>({ resolver: zodResolver(ReplyInput), defaultValues: { reply: '' } });
  const onSubmit = form.handleSubmit((body) =>
    reply.mutate(
      { reviewId: review.id, body },
      {
        onSuccess: () => toast.success(c.replied, 'admin'),
        onError: showSubmitError(form.setError, ['reply'], 'admin'),
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`${c.reply}: ${review.firstName}`}>
      <Stack gap="xs">
        <Textarea
          label={c.reply}
          placeholder={c.replyPlaceholder}
          rows={3}
          maxLength={REVIEW_LIMITS.replyMax}
          {...fieldProps(form, 'reply')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={reply.isPending}>
            {c.submitReply}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The reviews of one of the admin's stays, newest first, each with a reply form until replied. */
export function AdminStayReviews({ stayId }: { stayId: string }) {
  const [page, setPage] = useState(1);
  const reviews = useOwnedStayReviews(stayId, page);
  return (
    <Card component="section" withBorder radius="lg" p="lg" mt="lg" aria-labelledby="admin-stay-reviews">
      <Group justify="space-between" align="baseline">
        <Title order={2} fz="lg" id="admin-stay-reviews">
          {c.title}
        </Title>
        {reviews.data && (
          <Text size="sm" c="gray.7">
            {l.count(reviews.data.total)}
          </Text>
        )}
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        {c.intro}
      </Text>
      <ReviewPages
        query={reviews}
        page={page}
        onPage={setPage}
        empty={<Text fw={600}>{l.empty}</Text>}
        extra={(r) => r.reply === null && <ReplyForm review={r} />}
      />
    </Card>
  );
}
