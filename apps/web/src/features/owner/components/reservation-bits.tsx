import type { BookingStatus } from '@repo/shared/constants/domain';
import { formatPaise } from '@repo/shared/domain/money';
import type { ReservationDto } from '@repo/shared/schemas/owner';
import { Badge, Text } from '@mantine/core';
import { OWNER_COPY } from '../copy';

const c = OWNER_COPY.reservations;

const STATUS_COLOR: Record<BookingStatus, string> = {
  confirmed: 'green',
  pending_payment: 'yellow',
  payment_failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/**
 * The badge's text colour: near-black on every status's light background (a colour's darkest shade, e.g. green 9 on
 * light green, is about 4:1, under the 4.5:1 small text needs); the background carries the colour.
 */
const STATUS_TEXT = 'var(--mantine-color-dark-8)';

/** A booking's status as a coloured badge with its words. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      radius="sm"
      styles={{
        // The darkest shade of the colour on its light background: readable (WCAG AA contrast) for every status.
        root: {
          '--badge-color': STATUS_TEXT,
          textTransform: 'none',
          maxWidth: 'none',
          flexShrink: 0,
        },
        label: { overflow: 'visible', color: STATUS_TEXT },
      }}
    >
      {OWNER_COPY.status[status]}
    </Badge>
  );
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
