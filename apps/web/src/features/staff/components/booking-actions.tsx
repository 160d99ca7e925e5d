import { Card, List, Skeleton, Text, Title } from '@mantine/core';
import { QueryState } from '@/components/ui/query-state';
import { useBookingActions } from '../api';
import { STAFF_COPY } from '../copy';
import { indiaDateTime } from './when';

const c = STAFF_COPY.actions;

/** What staff did on a booking, with who and when (ADR 066). */
export function BookingActions({ bookingId }: { bookingId: string }) {
  const actions = useBookingActions(bookingId);
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby="booking-staff-actions">
      <Title order={2} fz="lg" id="booking-staff-actions" mb="sm">
        {c.onBooking}
      </Title>
      <QueryState
        query={actions}
        skeleton={<Skeleton height={40} aria-label={c.loading} />}
        errorTitle={c.error}
        recover={{ retry: STAFF_COPY.list.retry }}
      >
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" size="sm">
              {c.bookingEmpty}
            </Text>
          ) : (
            <List spacing={4} size="sm">
              {list.map((a) => (
                <List.Item key={a.id}>
                  <b>{a.actorName}</b> ({a.actorEmail}) · {a.action} · {indiaDateTime(a.at)}
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryState>
    </Card>
  );
}
