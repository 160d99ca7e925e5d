import type { RoomTypeInput } from '@repo/shared/schemas/room';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds a room type with its room numbers to a stay; answers the server's message. */
export const addRoomType = ({ stayId, body }: { stayId: string; body: RoomTypeInput }) =>
  api<{ message: string }>(`/admin/stays/${stayId}/room-types`, { method: 'POST', body, auth: 'admin' });

export const useAddRoomType = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addRoomType,
    onSuccess: (_data, { stayId }) => qc.invalidateQueries({ queryKey: queryKeys.admin.rooms.ofStay(stayId) }),
  });
};
