import { addDays } from '@repo/shared/domain/dates';
import type { HousekeepingRoomDto } from '@repo/shared/schemas/desk';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useHousekeeping, useMarkRoom } from '../api/desk';
import { DESK_COPY } from '../copy';

const c = DESK_COPY.housekeeping;
// Dark shades under white text: readable at a glance and by the contrast rules (WCAG 1.4.3).
const COLOR: Record<HousekeepingRoomDto['status'], string> = {
  clean: 'teal.9',
  inspected: 'blue.9',
  dirty: 'red.9',
  out_of_order: 'dark.7',
};

function RoomRow({ stayId, room, today }: { stayId: string; room: HousekeepingRoomDto; today: string }) {
  const mark = useMarkRoom(stayId);
  const [until, setUntil] = useState(addDays(today, 1));
  const [ooo, setOoo] = useState(false);
  const fieldErrors = mark.error instanceof ApiError ? (mark.error.fieldErrors ?? {}) : {};
  const set = (status: HousekeepingRoomDto['status']) =>
    mark.mutate(
      { roomId: room.id, body: status === 'out_of_order' ? { status, until } : { status } },
      {
        onSuccess: () => {
          toast.success(c.marked(room.number, c.state[status] ?? status), 'admin');
          setOoo(false);
        },
        onError: (e) => {
          if (!(e instanceof ApiError && e.fieldErrors)) toast.fromError(e, 'admin');
        },
      },
    );
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={c.room(room.number)}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div>
          <Text fw={600}>
            {c.room(room.number)}{' '}
            <Text span size="xs" c="gray.7">
              {room.title}
            </Text>
          </Text>
          {room.occupied && (
            <Text size="xs" c="gray.7">
              {c.occupied}
            </Text>
          )}
        </div>
        <Badge color={COLOR[room.status]} variant="filled" aria-label={`${c.room(room.number)}: ${c.state[room.status]}`}>
          {c.state[room.status]}
          {room.outOfOrderUntil ? ` ${c.until(room.outOfOrderUntil)}` : ''}
        </Badge>
      </Group>
      <Group gap="xs" mt="xs">
        {(['clean', 'inspected', 'dirty'] as const).map((s) => (
          <Button
            key={s}
            size="xs"
            variant={room.status === s ? 'filled' : 'default'}
            color={room.status === s ? COLOR[s] : undefined}
            aria-pressed={room.status === s}
            loading={mark.isPending && mark.variables?.body.status === s}
            onClick={() => set(s)}
          >
            {c.state[s]}
          </Button>
        ))}
        <Button size="xs" variant="default" onClick={() => setOoo((v) => !v)} aria-expanded={ooo}>
          {c.outOfOrder}
        </Button>
      </Group>
      {ooo && (
        <Group gap="xs" mt="xs" align="flex-end">
          <TextInput
            type="date"
            label={c.outOfOrderUntil}
            min={addDays(today, 1)}
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
            error={fieldErrors.until ?? fieldErrors.to}
            size="xs"
          />
          <Button size="xs" color="red.9" loading={mark.isPending} onClick={() => set('out_of_order')}>
            {c.outOfOrderSubmit}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** Today's rooms as a list the desk ticks through on a phone: each room's state and one tap to change it. */
export function HousekeepingList({ stayId }: { stayId: string }) {
  const rooms = useHousekeeping(stayId);
  return (
    <QueryState
      query={rooms}
      skeleton={
        <Stack role="status" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={80} radius="md" />
          <Skeleton height={80} radius="md" />
        </Stack>
      }
      errorTitle={c.loadError}
      errorText={missingOr(c.notFound)}
      recover={{ retry: c.retry }}
    >
      {(data) =>
        data.rooms.length === 0 ? (
          <Text c="gray.7">{c.noRooms}</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.rooms.map((r) => (
              <RoomRow key={r.id} stayId={stayId} room={r} today={data.today} />
            ))}
          </Stack>
        )
      }
    </QueryState>
  );
}
