import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDeleteRoomNumber } from '@/features/rooms/api/delete-room-number';
import { useAdminRooms } from '@/features/rooms/api/get-admin-rooms';
import { RoomsTable } from '@/features/rooms/components/rooms-table';
import { ROOMS_COPY } from '@/features/rooms/copy';
import { toast } from '@/lib/notify';

const c = ROOMS_COPY;

/** /admin/rooms/:id: the room numbers of one stay (id is the stay id). */
export default function RoomsScreen() {
  const { id = '' } = useParams();
  const rooms = useAdminRooms(id);
  const del = useDeleteRoomNumber();
  const stayName = rooms.data?.[0]?.stayName;

  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {c.listTitle}
          </Title>
          {stayName && <Text c="dimmed">{c.listSubtitle(stayName)}</Text>}
        </div>
        <Button component={Link} to={paths.admin.addRoom.getHref(id)} leftSection={<IconPlus size={16} aria-hidden />}>
          {c.addRoom}
        </Button>
      </Group>
      {rooms.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={44} radius="md" />
          <Skeleton height={44} radius="md" />
          <Skeleton height={44} radius="md" />
        </Stack>
      ) : rooms.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={c.listError}>
          <Text size="sm" mb="sm">
            {rooms.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => rooms.refetch()}>
            {c.retry}
          </Button>
        </Alert>
      ) : (
        <RoomsTable
          rooms={rooms.data}
          onDelete={(room) =>
            del.mutateAsync({ roomTypeId: room.roomTypeId, roomNumberId: room.roomNumberId }).then(
              (res) => toast.success(res?.message || c.deleted, 'admin'),
              (err) => toast.fromError(err, 'admin'),
            )
          }
        />
      )}
    </Container>
  );
}
