import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { formatPaise } from '@repo/shared/domain/money';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { toast } from '@/lib/notify';
import { useAdminCancelBooking, useAdminCancellation } from '../api/admin-cancellation';
import { CANCEL_COPY } from '../copy';

const c = CANCEL_COPY.admin;

/**
 * "Cancel booking" for the owner of the booking's stay: a button that opens a dialog with the refund the guest will
 * get (asked of the server when it opens: always everything paid, ADR 025), the compensation owed on top of it (the
 * charge the policy would take from the guest today, ADR 053) and a confirmation. Standalone: mount it
 * wherever a booking is shown.
 */
export function CancelBookingButton({ bookingId, onCancelled }: { bookingId: string; onCancelled?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpen(true)}>
        {c.open}
      </Button>
      <CancelBookingDialog
        bookingId={bookingId}
        opened={open}
        onClose={() => setOpen(false)}
        onCancelled={() => {
          setOpen(false);
          onCancelled?.();
        }}
      />
    </>
  );
}

const refundText = (paise: number) => (paise > 0 ? formatPaise(paise) : c.noRefund);

export function CancelBookingDialog({
  bookingId,
  opened,
  onClose,
  onCancelled,
}: {
  bookingId: string;
  opened: boolean;
  onClose: () => void;
  onCancelled: () => void;
}) {
  const preview = useAdminCancellation(bookingId, opened);
  const cancel = useAdminCancelBooking(bookingId);
  const quote = preview.data?.quote ?? null;
  const compensation = preview.data?.compensation ?? null;
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (data) => {
        toast.success(c.done((data.booking.refund?.amount ?? 0) > 0), 'admin');
        onCancelled();
      },
      onError: (err) => toast.fromError(err, 'admin'),
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={c.dialogTitle}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {preview.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{c.loading}</Text>
        </Group>
      ) : preview.isError ? (
        <LoadErrorAlert
          title={c.loadError}
          message={preview.error.message}
          action={{ label: c.retry, onClick: () => preview.refetch() }}
        />
      ) : (
        <Stack gap="md">
          <Text fw={600}>
            {preview.data.booking.hotelName} · {preview.data.booking.guestName}
          </Text>
          {quote ? (
            <>
              <Stack gap={4} data-testid="admin-cancel-refund">
                <Text size="sm" fw={600}>
                  {c.refundToGuest}: {refundText(quote.refund)}
                </Text>
                <Text size="sm" c="gray.7">
                  {c.refundWhy}
                </Text>
              </Stack>
              {compensation && compensation.amount > 0 ? (
                <Stack gap={4} data-testid="admin-cancel-compensation">
                  <Text size="sm" fw={600}>
                    {c.compensationToGuest}: {formatPaise(compensation.amount)}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {c.compensationWhy}
                  </Text>
                </Stack>
              ) : null}
              <Text size="sm" c="gray.7">
                {c.mailed}
              </Text>
            </>
          ) : (
            <Alert color="yellow" variant="light">
              {c.notCancellable}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {c.keep}
            </Button>
            {quote ? (
              <Button color="red" onClick={confirm} loading={cancel.isPending}>
                {c.confirm}
              </Button>
            ) : null}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
