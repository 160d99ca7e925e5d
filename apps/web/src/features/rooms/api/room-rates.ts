import type { RoomTypeRatesDto, RoomTypeUpdateInput, SeasonDto, SeasonInput } from '@repo/shared/schemas/room';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A room type's prices: base, weekend, minimum nights and seasons (GET /api/admin/room-types/:id/rates). */
export const getRoomTypeRates = (roomTypeId: string, signal?: AbortSignal) =>
  api<RoomTypeRatesDto>(`/admin/room-types/${roomTypeId}/rates`, { auth: 'admin', signal });

export const roomTypeRatesQueryOptions = (roomTypeId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.rooms.rates(roomTypeId),
    queryFn: ({ signal }) => getRoomTypeRates(roomTypeId, signal),
  });

export const useRoomTypeRates = (roomTypeId: string) => useQuery(roomTypeRatesQueryOptions(roomTypeId));

/** After a change, the room type's prices and the rooms lists are asked for again. */
function useRefreshRates(roomTypeId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.admin.rooms.rates(roomTypeId) }),
      qc.invalidateQueries({ queryKey: queryKeys.admin.rooms.all }),
    ]);
}

/** Changes a room type's details (here its prices): PUT /api/admin/room-types/:id. */
export function useUpdateRoomTypePrices(roomTypeId: string) {
  const refresh = useRefreshRates(roomTypeId);
  return useMutation({
    mutationFn: (body: RoomTypeUpdateInput) =>
      api<{ message: string }>(`/admin/room-types/${roomTypeId}`, { method: 'PUT', body, auth: 'admin' }),
    onSuccess: refresh,
  });
}

type SeasonSaved = { message: string; season: SeasonDto };

/** Adds a season (no id) or changes one; an overlap is the server's 409. */
export function useSaveSeason(roomTypeId: string) {
  const refresh = useRefreshRates(roomTypeId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SeasonInput }) =>
      id
        ? api<SeasonSaved>(`/admin/room-types/${roomTypeId}/rates/${id}`, { method: 'PUT', body, auth: 'admin' })
        : api<SeasonSaved>(`/admin/room-types/${roomTypeId}/rates`, { method: 'POST', body, auth: 'admin' }),
    onSuccess: refresh,
  });
}

export function useDeleteSeason(roomTypeId: string) {
  const refresh = useRefreshRates(roomTypeId);
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/admin/room-types/${roomTypeId}/rates/${id}`, { method: 'DELETE', auth: 'admin' }),
    onSettled: refresh,
  });
}
