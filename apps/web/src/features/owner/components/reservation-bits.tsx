import type { BookingStatus } from '@repo/shared/constants/domain';
import { formatPaise } from '@repo/shared/domain/money';
import type { ReservationDto } from '@repo/shared/schemas/owner';
import { Text } from '@mantine/core';
import { TintBadge } from '@/components/ui/tint-badge';
import { OWNER_COPY } from '../copy';

const c = OWNER_COPY.reservations;

const STATUS_COLOR: Record<BookingStatus, string> = {
  confirmed: 'green',
  pending_payment: 'yellow',
  payment_failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** A booking's status as a coloured badge with its words. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return <TintBadge color={STATUS_COLOR[status]}>{OWNER_COPY.status[status]}</TintBadge>;
}

/** What the ledger says: paid, refunded and the latest refund's state. */
export function PaymentState({ r }: { r: Pick<ReservationDto, 'paid' | 'refunded' | 'refundStatus'> }) {
  // Front-desk staff get no money (ADR 066): nothing is said of it.
  if (r.paid === null) return null;
  if (r.paid === 0 && r.refundStatus === null)
    return (
      <Text size="sm" c="dimmed">
        {c.notPaid}
      </Text>
    );
  return (
    <Text size="sm">
      {c.paid(formatPaise(r.paid))}
      {r.refundStatus && (
        <>
          {', '}
          {r.refunded !== null && r.refunded > 0 && `${c.refunded(formatPaise(r.refunded))} · `}
          {OWNER_COPY.refund[r.refundStatus]}
        </>
      )}
    </Text>
  );
}
