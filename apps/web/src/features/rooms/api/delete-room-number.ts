import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteRoomNumber = ({ roomTypeId, roomNumberId }: { roomTypeId: string; roomNumberId: string }) =>
  api<{ message: string }>(`/admin/room-types/${roomTypeId}/room-numbers/${roomNumberId}`, { method: 'DELETE', auth: 'admin' });

/** Deletes one room number, then refreshes the rooms lists. */
export const useDeleteRoomNumber = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRoomNumber,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.rooms.all }),
  });
};
