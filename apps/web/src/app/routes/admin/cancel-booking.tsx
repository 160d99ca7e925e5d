import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatDate, formatRange } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { BOOKING_COPY } from '@/features/bookings/copy';
import { useAdminCancellation } from '@/features/cancellation/api/admin-cancellation';
import { CancelBookingButton } from '@/features/cancellation/components/cancel-booking-dialog';
import { CANCEL_COPY } from '@/features/cancellation/copy';

const c = CANCEL_COPY.admin;

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** /admin/bookings/:id/cancel: one booking of the admin's stays, and "Cancel booking" while it can be cancelled. */
export default function AdminCancelBookingScreen() {
  const { id = '' } = useParams();
  const query = useAdminCancellation(id);
  useDocumentTitle(`${c.pageTitle} | ${common.brand}`);
  const orders = BOOKING_COPY.orders;
  return (
    <AdminPage size="md" title={c.pageTitle}>
      <QueryState
        query={query}
        skeleton={<Skeleton height={220} radius="lg" />}
        errorTitle={c.loadError}
        errorText={missingOr(c.notFound)}
        recover={{ label: c.back, to: paths.admin.dashboard.getHref() }}
      >
        {({ booking: b, quote }) => (
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Text fw={700} fz="lg">
                  {b.hotelName}
                </Text>
                <Badge
                  variant="dot"
                  size="lg"
                  color={b.status === 'confirmed' ? 'teal' : 'gray'}
                  data-testid="admin-booking-status"
                >
                  {orders.status[b.status]}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Field label={c.guest} value={b.guestName} />
                <Field label={c.dates} value={formatRange(b.from, b.to)} />
                <Field label={c.paid} value={formatPaise(b.amount)} />
                <Field label={c.kept} value={formatPaise(b.balance)} testId="admin-booking-balance" />
              </SimpleGrid>
              {b.cancelledAt ? (
                <Text size="sm" c="gray.8">
                  {c.cancelledBy(b.cancelledBy, formatDate(b.cancelledAt))}
                </Text>
              ) : null}
              {b.refund ? (
                <Text size="sm" fw={700} data-testid="admin-booking-refund">
                  {orders.refund(formatPaise(b.refund.amount), b.refund.status)}
                </Text>
              ) : null}
              {quote ? (
                <Group justify="flex-end">
                  <CancelBookingButton bookingId={b.id} />
                </Group>
              ) : null}
            </Stack>
          </Card>
        )}
      </QueryState>
    </AdminPage>
  );
}
