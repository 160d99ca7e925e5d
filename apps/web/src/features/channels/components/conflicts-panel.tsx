import { formatDate } from '@repo/shared/domain/dates';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconCalendarExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useConflicts } from '../api/channels';
import { CHANNELS_COPY } from '../copy';

const c = CHANNELS_COPY.conflicts;

export type ConflictsPanelProps = {
  /** Where a conflict's booking opens (the reservation's page). */
  bookingHref: (bookingId: string) => string;
  stayId?: string;
};

/**
 * Nights an imported calendar takes while a booking here holds them, told at once: nothing when there are none
 * (or while they load), a warning listing each room and night with its booking otherwise.
 */
export function ConflictsPanel({ bookingHref, stayId }: ConflictsPanelProps) {
  const conflicts = useConflicts(stayId);
  if (conflicts.isError)
    return (
      <LoadErrorAlert
        title={c.loadError}
        message={conflicts.error.message}
        action={{ label: CHANNELS_COPY.retry, onClick: () => conflicts.refetch() }}
      />
    );
  const list = conflicts.data?.conflicts ?? [];
  if (list.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCalendarExclamation aria-hidden />}
      title={c.title(list.length)}
      mb="md"
      role="region"
      aria-label={c.title(list.length)}
    >
      <Text size="sm" mb="xs">
        {c.intro}
      </Text>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {list.map((x) => {
          const night = formatDate(x.night);
          return (
            <li key={x.id}>
              <Text size="sm" span>
                {x.stayName} · {c.line(x.roomNumber, night, x.feedLabel)}{' '}
              </Text>
              <Anchor
                component={Link}
                to={bookingHref(x.bookingId)}
                size="sm"
                c="red.9"
                fw={600}
                aria-label={c.openLabel(x.roomNumber, night)}
              >
                {x.orderId ?? c.open}
              </Anchor>
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
