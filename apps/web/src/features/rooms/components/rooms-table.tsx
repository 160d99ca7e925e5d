import { formatRupees } from '@repo/shared/domain/money';
import { IconCalendarDollar } from '@tabler/icons-react';
import { paths } from '@/config/paths';
import type { AdminRoomRow } from '../api/get-admin-rooms';
import { ROOMS_COPY } from '../copy';
import { AdminTable, type ListQuery, type RowAction } from '@/components/ui/admin-table';

const c = ROOMS_COPY;

export type RoomsTableProps = {
  rooms: ListQuery<AdminRoomRow>;
  onDelete: (room: AdminRoomRow) => Promise<unknown>;
  /** More buttons per room, from the screen (a room's calendars with other sites). */
  moreActions?: (room: AdminRoomRow) => RowAction[];
};

/** Admin rooms list: S.No, Stay Name, Room Number, Price, Title, Actions; sorted by room number. */
export function RoomsTable({ rooms, onDelete, moreActions }: RoomsTableProps) {
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
        {
          header: c.columns.price,
          cell: (room) =>
            room.weekendPrice === null
              ? formatRupees(room.price)
              : `${formatRupees(room.price)} · ${c.weekendShort(formatRupees(room.weekendPrice))}`,
        },
        { header: c.columns.title, cell: (room) => room.title },
      ]}
      actions={(room) => [
        { label: c.prices, icon: IconCalendarDollar, variant: 'light', to: paths.admin.roomPrices.getHref(room.roomTypeId) },
        ...(moreActions?.(room) ?? []),
      ]}
      onDelete={onDelete}
      confirmText={(room) => c.confirmText(room.number)}
    />
  );
}
