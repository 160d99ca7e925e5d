import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CreateGrievanceInput,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_CATEGORY_LABELS,
  GRIEVANCE_LIMITS,
  type GrievanceDto,
} from '@repo/shared/schemas/grievance';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField } from '@/components/form/controlled-fields';
import { fieldProps } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { showSubmitError } from '@/components/form/server-errors';
import { LinkButton } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useRaiseGrievance } from '../api/my-grievances';
import { GRIEVANCE_COPY } from '../copy';

const c = GRIEVANCE_COPY.raise;
const FIELDS = ['category', 'description'] as const;
const CATEGORY_OPTIONS = GRIEVANCE_CATEGORIES.map((value) => ({ value, label: GRIEVANCE_CATEGORY_LABELS[value] }));
type Values = { bookingId: string; category: string | null; description: string };

/**
 * "Raise a complaint" on one of the guest's orders: a dialog with what it is about and what happened (the shared
 * schema checks both), then the ticket number on screen at once (it is mailed too).
 */
export function RaiseComplaintButton({ booking }: { booking: { id: string; hotelName: string; orderId: string | null } }) {
  const [open, setOpen] = useState(false);
  const [raised, setRaised] = useState<GrievanceDto | null>(null);
  const raise = useRaiseGrievance();
  const form = useForm<Values, unknown, CreateGrievanceInput>({
    resolver: zodResolver(CreateGrievanceInput) as never,
    defaultValues: { bookingId: booking.id, category: null, description: '' },
  });
  const close = () => {
    setOpen(false);
    setRaised(null);
    form.reset();
  };
  const onSubmit = form.handleSubmit((values) =>
    raise.mutate(values, { onSuccess: setRaised, onError: showSubmitError(form.setError, FIELDS, 'booking') }),
  );
  return (
    <>
      <Button variant="subtle" color="gray" onClick={() => setOpen(true)}>
        {c.open}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={raised ? c.doneTitle : c.title}
        centered
        size="lg"
        radius="lg"
        closeButtonProps={{ 'aria-label': c.close }}
      >
        {raised ? (
          <Stack gap="md" data-testid="complaint-raised">
            <div>
              <Text size="sm" c="gray.7">
                {c.ticket}
              </Text>
              <Title order={3} data-testid="complaint-ticket">
                {raised.ticket}
              </Title>
            </div>
            <Text size="sm">{c.doneText}</Text>
            <Stack gap="xs" align="flex-end">
              <LinkButton to={paths.complaints.getHref()}>{c.seeComplaints}</LinkButton>
            </Stack>
          </Stack>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={c.title}>
            <Stack gap="md">
              <Text size="sm" c="gray.7">
                {c.intro(booking.hotelName, booking.orderId)}
              </Text>
              <SelectField
                control={form.control}
                name="category"
                label={c.category}
                placeholder={c.categoryPlaceholder}
                data={CATEGORY_OPTIONS}
                withAsterisk
                allowDeselect={false}
              />
              <Textarea
                label={c.description}
                placeholder={c.descriptionPlaceholder}
                withAsterisk
                rows={5}
                maxLength={GRIEVANCE_LIMITS.descriptionMax}
                {...fieldProps(form, 'description')}
              />
              <FormActions submitLabel={c.submit} pending={raise.isPending} onCancel={close} cancelLabel={c.cancel} mt="xs" />
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
