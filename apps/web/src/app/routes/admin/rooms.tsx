import { Button } from '@mantine/core';
import { IconCalendarShare, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { ChannelsDialog } from '@/features/channels/components/channels-dialog';
import { CHANNELS_COPY } from '@/features/channels/copy';
import { useDeleteRoomNumber } from '@/features/rooms/api/delete-room-number';
import { useAdminRooms } from '@/features/rooms/api/get-admin-rooms';
import { RoomsTable } from '@/features/rooms/components/rooms-table';
import { ROOMS_COPY } from '@/features/rooms/copy';
import { toast } from '@/lib/notify';

const c = ROOMS_COPY;

/** /admin/rooms/:id: the room numbers of one stay (id is the stay id), each with its calendars with other sites. */
export default function RoomsScreen() {
  const { id = '' } = useParams();
  const rooms = useAdminRooms(id);
  const del = useDeleteRoomNumber();
  const stayName = rooms.data?.[0]?.stayName;
  const [calendarsOf, setCalendarsOf] = useState<{ roomNumberId: string; number: number } | null>(null);

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
        moreActions={(room) => [
          {
            label: CHANNELS_COPY.action,
            icon: IconCalendarShare,
            variant: 'light',
            onClick: () => setCalendarsOf({ roomNumberId: room.roomNumberId, number: room.number }),
          },
        ]}
      />
      <ChannelsDialog room={calendarsOf} onClose={() => setCalendarsOf(null)} />
    </AdminPage>
  );
}
