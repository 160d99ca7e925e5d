import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_LIST_REFRESH_MS } from '@/lib/query-timing';

export type AdminRoomRow = {
  roomTypeId: string;
  roomNumberId: string;
  stayName: string;
  number: number;
  price: number;
  weekendPrice: number | null;
  minNights: number;
  title: string;
};

/** Room numbers of one of the admin's stays, one row each. */
export const getAdminRooms = (stayId: string, signal?: AbortSignal) =>
  api<{ rooms: AdminRoomRow[] }>(`/admin/stays/${stayId}/rooms`, { auth: 'admin', signal }).then((r) => r.rooms);

export const getAdminRoomsQueryOptions = (stayId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.rooms.ofStay(stayId),
    queryFn: ({ signal }) => getAdminRooms(stayId, signal),
    refetchInterval: ADMIN_LIST_REFRESH_MS,
  });

export const useAdminRooms = (stayId: string) => useQuery(getAdminRoomsQueryOptions(stayId));
