import { Badge, Text } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import type { PaymentMismatchDto } from '@repo/shared/schemas/payment';
import { IconEye } from '@tabler/icons-react';
import { AdminTable, type ListQuery } from '@/components/ui/admin-table';
import { paths } from '@/config/paths';
import { PAYMENTS_COPY as c } from '../copy';

const money = (m: { amount: number; currency: string }) =>
  `${m.currency || '?'} ${(m.amount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The mismatched payments, newest first: what the order asked and what the gateway captured, and the refund. */
export function MismatchesTable({ query }: { query: ListQuery<PaymentMismatchDto> }) {
  return (
    <AdminTable
      query={query}
      copy={c}
      minWidth={900}
      rowKey={(r) => r.paymentId}
      rowName={(r) => `${r.paymentId}, ${r.stayName}`}
      columns={[
        { header: c.columns.when, cell: (r) => formatDate(r.createdAt) },
        { header: c.columns.stay, cell: (r) => r.stayName, td: { fw: 600 } },
        {
          header: c.columns.mismatch,
          cell: (r) => (
            <Badge color="red" variant="light">
              {c.mismatch[r.mismatch]}
            </Badge>
          ),
        },
        {
          header: c.columns.expected,
          cell: (r) => (
            <Text size="sm">
              {money(r.expected)} · {r.expected.orderId ?? c.noOrder}
            </Text>
          ),
        },
        {
          header: c.columns.paid,
          cell: (r) => (
            <Text size="sm">
              {money(r.paid)} · {r.paid.orderId ?? c.noOrder}
            </Text>
          ),
        },
        { header: c.columns.payment, cell: (r) => r.paymentId },
        { header: c.columns.refund, cell: (r) => c.refund[r.refundStatus ?? 'none'] },
      ]}
      actions={(r) => [{ label: c.booking, icon: IconEye, variant: 'light', to: paths.admin.reservation.getHref(r.bookingId) }]}
    />
  );
}
