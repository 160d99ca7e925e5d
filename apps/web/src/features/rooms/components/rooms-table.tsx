import { formatRupees } from '@repo/shared/domain/money';
import type { AdminRoomRow } from '../api/get-admin-rooms';
import { ROOMS_COPY } from '../copy';
import { AdminTable, type ListQuery } from '@/components/ui/admin-table';

const c = ROOMS_COPY;

export type RoomsTableProps = {
  rooms: ListQuery<AdminRoomRow>;
  onDelete: (room: AdminRoomRow) => Promise<unknown>;
};

/** Admin rooms list: S.No, Stay Name, Room Number, Price, Title, Actions; sorted by room number. */
export function RoomsTable({ rooms, onDelete }: RoomsTableProps) {
  return (
    <AdminTable
      query={rooms}
      copy={c}
      minWidth={620}
      order={(x, y) => x.number - y.number}
      rowKey={(room) => room.roomNumberId}
      rowName={(room) => String(room.number)}
      columns={[
        { header: c.columns.stayName, cell: (room) => room.stayName },
        { header: c.columns.number, cell: (room) => room.number, td: { fw: 600 } },
        { header: c.columns.price, cell: (room) => formatRupees(room.price) },
        { header: c.columns.title, cell: (room) => room.title },
      ]}
      onDelete={onDelete}
      confirmText={(room) => c.confirmText(room.number)}
    />
  );
}
