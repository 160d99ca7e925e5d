import { Anchor, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { countryName } from '@repo/shared/constants/countries';
import { INDIA_TZ } from '@repo/shared/domain/dates';
import { FORM_C_LIMITS, FORM_C_WORDS, FormCSubmitted, type FormCStatus, type FormCSummary } from '@repo/shared/schemas/form-c';
import { IconDownload, IconPencil, IconPrinter, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TintBadge } from '@/components/ui/tint-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useDownloadFormC, useMarkSubmitted } from '../api/form-c';
import { FORM_C_COPY } from '../copy';

const c = FORM_C_COPY;
const STATUS_COLOR: Record<FormCStatus, string> = { due: 'yellow', overdue: 'red', submitted: 'green' };

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { timeZone: INDIA_TZ, dateStyle: 'medium', timeStyle: 'short' });

export function FormCStatusBadge({ status }: { status: FormCStatus }) {
  return <TintBadge color={STATUS_COLOR[status]}>{c.status[status]}</TintBadge>;
}

/**
 * One report as a card: the guest (name, nationality, passport masked, visa type), when it is due or was submitted,
 * and its actions (print, CSV, correct, mark submitted). `onEdit` is given where the report can be corrected.
 */
export function FormCCard({
  report,
  onEdit,
  showBooking = false,
}: {
  report: FormCSummary;
  onEdit?: (id: string) => void;
  showBooking?: boolean;
}) {
  const csv = useDownloadFormC();
  const [submitting, setSubmitting] = useState(false);
  const erased = report.erasedAt !== null;
  const titleId = `form-c-${report.id}`;
  return (
    <Card withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={600} id={titleId}>
              {erased ? c.actions.erased : report.guestName}
            </Text>
            <Text size="sm" c="gray.7">
              {countryName(report.nationality)}
              {report.passport && ` · ${c.list.passport} ${report.passport}`}
              {report.visaType && ` · ${FORM_C_WORDS.visaType[report.visaType]}`}
            </Text>
          </div>
          <FormCStatusBadge status={report.status} />
        </Group>
        <Text size="sm">
          {report.submittedAt
            ? `${c.status.submitted} ${when(report.submittedAt)} · ${report.reference}`
            : `${c.list.due}: ${when(report.dueAt)}`}
        </Text>
        {showBooking && (
          <Text size="sm" c="gray.7">
            {report.hotelName} ·{' '}
            <Anchor component={Link} to={paths.admin.reservation.getHref(report.bookingId)} size="sm">
              {c.list.booking}
            </Anchor>
          </Text>
        )}
        {!erased && (
          <Group gap="xs" mt={4}>
            <Button
              component={Link}
              to={paths.admin.formCPrint.getHref(report.id)}
              size="xs"
              variant="default"
              leftSection={<IconPrinter size={14} aria-hidden />}
            >
              {c.actions.print}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={csv.isPending}
              onClick={() => csv.mutate(report.id, { onError: (err) => toast.error(err.message, 'admin') })}
              aria-label={`${c.actions.csv}: ${report.guestName}`}
            >
              {c.actions.csv}
            </Button>
            {onEdit && !report.submittedAt && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => onEdit(report.id)}
              >
                {c.actions.edit}
              </Button>
            )}
            {!report.submittedAt && (
              <Button size="xs" leftSection={<IconSend size={14} aria-hidden />} onClick={() => setSubmitting(true)}>
                {c.actions.markSubmitted}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <SubmittedDialog id={report.id} opened={submitting} onClose={() => setSubmitting(false)} />
    </Card>
  );
}

/** Marks a report submitted with the reference the Bureau of Immigration's portal gave. */
function SubmittedDialog({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const mark = useMarkSubmitted();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = FormCSubmitted.safeParse({ reference });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    mark.mutate(
      { id, reference: checked.data.reference },
      {
        onSuccess: () => {
          toast.success(c.submitted.done, 'admin');
          onClose();
        },
        onError: (err) => {
          setError(err instanceof ApiError ? err.fieldErrors?.reference : undefined);
          toast.error(err.message, 'admin');
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={c.submitted.title} closeButtonProps={{ 'aria-label': common.actions.close }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{c.submitted.text}</Text>
          <TextInput
            label={c.submitted.reference}
            required
            maxLength={FORM_C_LIMITS.referenceMax}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mark.isPending}>
              {c.submitted.cancel}
            </Button>
            <Button type="submit" loading={mark.isPending}>
              {c.submitted.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
