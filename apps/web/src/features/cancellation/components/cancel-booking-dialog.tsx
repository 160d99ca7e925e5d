import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import type { OwnerRefundChoice } from '@repo/shared/schemas/booking';
import { formatPaise } from '@repo/shared/domain/money';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { toast } from '@/lib/notify';
import { useAdminCancelBooking, useAdminCancellation } from '../api/admin-cancellation';
import { CANCEL_COPY } from '../copy';

const c = CANCEL_COPY.admin;

/**
 * "Cancel booking" for the owner of the booking's stay: a button that opens a dialog with the two refunds the owner
 * may give the guest (asked of the server when it opens: the booking's policy, preselected, or everything paid) and
 * a confirmation. Standalone: mount it wherever a booking is shown.
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
  const [refund, setRefund] = useState<OwnerRefundChoice>('policy');
  const confirm = () =>
    cancel.mutate(refund, {
      onSuccess: (data) => {
        toast.success(c.done((data.booking.refund?.amount ?? 0) > 0), 'admin');
        setRefund('policy');
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
              <Radio.Group
                label={c.refundChoice}
                value={refund}
                onChange={(v) => setRefund(v === 'full' ? 'full' : 'policy')}
                data-testid="admin-cancel-refund"
              >
                <Stack gap="sm" mt="xs">
                  <Radio
                    value="policy"
                    label={`${c.refundPolicy}: ${refundText(quote.policy.refund)}`}
                    description={quote.policy.description}
                  />
                  <Radio value="full" label={`${c.refundFull}: ${refundText(quote.full.refund)}`} />
                </Stack>
              </Radio.Group>
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
