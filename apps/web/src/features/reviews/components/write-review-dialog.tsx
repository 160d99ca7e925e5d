import { zodResolver } from '@hookform/resolvers/zod';
import { CreateReviewInput, REVIEW_LIMITS } from '@repo/shared/schemas/review';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { NumberField } from '@/components/form/controlled-fields';
import { fieldProps } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useCreateReview } from '../api/create-review';
import { REVIEWS_COPY } from '../copy';

const c = REVIEWS_COPY.write;
const FIELDS = ['rating', 'body'] as const;
type Values = { rating: number | string; body: string };
const EMPTY: Values = { rating: '', body: '' };

export type WriteReviewDialogProps = { bookingId: string; hotelName: string; opened: boolean; onClose: () => void };

/** The dialog that reviews a finished booking: a rating of 1 to 10 and a text, checked by the shared schema. */
export function WriteReviewDialog({ bookingId, hotelName, opened, onClose }: WriteReviewDialogProps) {
  const mutation = useCreateReview();
  const form = useForm<Values, unknown, CreateReviewInput>({
    resolver: zodResolver(CreateReviewInput) as never,
    defaultValues: EMPTY,
  });
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const onSubmit = form.handleSubmit((body) =>
    mutation.mutate(
      { bookingId, body },
      {
        onSuccess: () => {
          toast.success(c.posted, 'booking');
          close();
        },
        onError: showSubmitError(form.setError, FIELDS, 'booking'),
      },
    ),
  );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={c.title}
      centered
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': c.close }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={c.title}>
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
          <FormActions submitLabel={c.submit} pending={mutation.isPending} onCancel={close} cancelLabel={c.cancel} mt="xs" />
        </Stack>
      </form>
    </Modal>
  );
}
