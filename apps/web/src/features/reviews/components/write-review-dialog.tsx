import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReviewInput, REVIEW_LIMITS } from '@repo/shared/schemas/review';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { NumberField } from '@/components/form/controlled-fields';
import { fieldProps } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useCreateReview } from '../api/create-review';
import { useUpdateReview } from '../api/update-review';
import { REVIEWS_COPY } from '../copy';

const c = REVIEWS_COPY.write;
const FIELDS = ['rating', 'body'] as const;
type Values = { rating: number | string; body: string };
const EMPTY: Values = { rating: '', body: '' };

export type WriteReviewDialogProps = {
  bookingId: string;
  hotelName: string;
  opened: boolean;
  onClose: () => void;
  /** The guest's review to edit; without it the dialog writes a new one. */
  review?: { rating: number; body: string };
};

/**
 * The dialog that reviews a finished booking, or edits the guest's review of it: a rating of 1 to 10 and a text,
 * checked by the shared schema (the same rules for both).
 */
export function WriteReviewDialog({ bookingId, hotelName, opened, onClose, review }: WriteReviewDialogProps) {
  const create = useCreateReview();
  const update = useUpdateReview();
  const mutation = review ? update : create;
  const words = review
    ? { title: REVIEWS_COPY.edit.title, submit: REVIEWS_COPY.edit.submit, done: REVIEWS_COPY.edit.saved }
    : { title: c.title, submit: c.submit, done: c.posted };
  const form = useForm<Values, unknown, CreateReviewInput>({
    resolver: zodResolver(CreateReviewInput) as never,
    defaultValues: review ?? EMPTY,
  });
  const { reset } = form;
  // Each opening starts from the review as it is now (or empty).
  const rating = review?.rating;
  const body = review?.body;
  useEffect(() => {
    if (opened) reset(rating === undefined ? EMPTY : { rating, body: body ?? '' });
  }, [opened, rating, body, reset]);

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(
      { bookingId, body: values },
      {
        onSuccess: () => {
          toast.success(words.done, 'booking');
          onClose();
        },
        onError: showSubmitError(form.setError, FIELDS, 'booking'),
      },
    ),
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={words.title}
      centered
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': c.close }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={words.title}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {c.intro(hotelName)}
          </Text>
          <NumberField
            control={form.control}
            name="rating"
            label={c.rating}
            withAsterisk
            min={REVIEW_LIMITS.ratingMin}
            max={REVIEW_LIMITS.ratingMax}
            allowDecimal={false}
            allowNegative={false}
            w={200}
          />
          <Textarea
            label={c.body}
            withAsterisk
            placeholder={c.bodyPlaceholder}
            rows={5}
            maxLength={REVIEW_LIMITS.bodyMax}
            {...fieldProps(form, 'body')}
          />
          <FormActions
            submitLabel={words.submit}
            pending={mutation.isPending}
            onCancel={onClose}
            cancelLabel={c.cancel}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
