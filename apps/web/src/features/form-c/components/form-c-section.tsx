import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { todayInIndia } from '@repo/shared/domain/dates';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/lib/notify';
import { useBookingFormC, useFullFormC } from '../api/form-c';
import { FORM_C_COPY } from '../copy';
import { FormCDialog } from './form-c-form';
import { FormCCard } from './form-c-reports';

const c = FORM_C_COPY.section;

/** What the section reads of a booking. */
export type FormCBooking = { id: string; status: string; from: string; to: string; adults: number; children: number };

/**
 * A booking's Form Cs on its page: one card per foreign guest reported, and, from the check-in day to the check-out
 * day of a confirmed booking, a button to report another guest (one per guest of the booking).
 */
export function FormCSection({ booking }: { booking: FormCBooking }) {
  const reports = useBookingFormC(booking.id);
  const [adding, setAdding] = useState(false);
  const [editId, setEditId] = useState<string | null>(null);
  const editing = useFullFormC(editId);
  useEffect(() => {
    if (editing.isError) {
      toast.error(editing.error.message, 'admin');
      setEditId(null);
    }
  }, [editing.isError, editing.error]);
  const today = todayInIndia();
  const arrived = booking.status === 'confirmed' && today >= booking.from && today <= booking.to;
  const count = reports.data?.length ?? 0;
  const canAdd = arrived && count < booking.adults + booking.children;
  const details = editing.data?.details;
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby="reservation-form-c">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="lg" id="reservation-form-c">
          {c.title}
        </Title>
        {canAdd && (
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {c.add}
          </Button>
        )}
      </Group>
      <Text size="sm" c="gray.7" mb="sm">
        {c.intro}
      </Text>
      <QueryState
        query={reports}
        skeleton={<Skeleton height={72} radius="md" aria-label={c.loading} />}
        errorTitle={c.loadError}
        recover={{ retry: FORM_C_COPY.retry }}
      >
        {(list) =>
          list.length === 0 ? (
            <Alert variant="light" color="gray">
              {arrived ? c.none : `${c.none} ${c.notYet}`}
            </Alert>
          ) : (
            <Stack gap="sm">
              {list.map((r) => (
                <FormCCard key={r.id} report={r} onEdit={setEditId} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <FormCDialog bookingId={booking.id} editing={null} opened={adding} onClose={() => setAdding(false)} />
      <FormCDialog
        bookingId={booking.id}
        editing={editId && details ? { id: editId, details } : null}
        opened={editId !== null && details !== undefined && details !== null}
        onClose={() => setEditId(null)}
      />
    </Card>
  );
}
