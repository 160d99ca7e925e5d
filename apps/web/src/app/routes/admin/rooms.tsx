import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
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
    <AdminPage
      size="lg"
      title={c.listTitle}
      subtitle={stayName && c.listSubtitle(stayName)}
      action={
        <Button component={Link} to={paths.admin.addRoom.getHref(id)} leftSection={<IconPlus size={16} aria-hidden />}>
          {c.addRoom}
        </Button>
      }
    >
      <RoomsTable
        rooms={rooms}
        onDelete={(room) =>
          del.mutateAsync({ roomTypeId: room.roomTypeId, roomNumberId: room.roomNumberId }).then(
            (res) => toast.success(res?.message || c.deleted, 'admin'),
            (err) => toast.fromError(err, 'admin'),
          )
        }
      />
    </AdminPage>
  );
}
