import type { BlockDto, BlockInput, FiguresDto, OccupancyDto } from '@repo/shared/schemas/owner';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A stay's room × night grid for a month (GET /api/admin/stays/:id/occupancy). */
export const useOccupancy = (stayId: string, month: string) =>
  useQuery({
    queryKey: queryKeys.admin.owner.occupancy(stayId, month),
    queryFn: ({ signal }) => api<OccupancyDto>(`/admin/stays/${stayId}/occupancy`, { auth: 'admin', query: { month }, signal }),
    placeholderData: keepPreviousData,
  });

/** A stay's occupancy and revenue over the last and next 30 nights (GET /api/admin/stays/:id/figures). */
export const useFigures = (stayId: string) =>
  useQuery({
    queryKey: queryKeys.admin.owner.figures(stayId),
    queryFn: ({ signal }) => api<FiguresDto>(`/admin/stays/${stayId}/figures`, { auth: 'admin', signal }),
  });

/** Blocks rooms for a range of nights (POST /api/admin/stays/:id/blocks); calendars and figures refresh. */
export function useBlockRooms(stayId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockInput) =>
      api<{ blocks: BlockDto[] }>(`/admin/stays/${stayId}/blocks`, { method: 'POST', body, auth: 'admin' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
  });
}

/** Gives a block's nights back to sale (DELETE /api/admin/blocks/:id). */
export function useUnblock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => api<{ message: string }>(`/admin/blocks/${blockId}`, { method: 'DELETE', auth: 'admin' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
  });
}
