import type { RatePlanDto, RatePlanInput } from '@repo/shared/schemas/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A room type's live rate plans, the standard plan first (GET /api/admin/room-types/:id/plans). */
export const useRatePlans = (roomTypeId: string) =>
  useQuery({
    queryKey: queryKeys.admin.rooms.plans(roomTypeId),
    queryFn: ({ signal }) => api<{ plans: RatePlanDto[] }>(`/admin/room-types/${roomTypeId}/plans`, { auth: 'admin', signal }),
  });

type PlanSaved = { message: string; plan: RatePlanDto };

/** After a change, the room type's plans are asked for again. */
function useRefreshPlans(roomTypeId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.admin.rooms.plans(roomTypeId) });
}

/** Adds a plan (no id) or changes one; a bad plan is the server's 400 naming its field. */
export function useSavePlan(roomTypeId: string) {
  const refresh = useRefreshPlans(roomTypeId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: RatePlanInput }) =>
      id
        ? api<PlanSaved>(`/admin/room-types/${roomTypeId}/plans/${id}`, { method: 'PUT', body, auth: 'admin' })
        : api<PlanSaved>(`/admin/room-types/${roomTypeId}/plans`, { method: 'POST', body, auth: 'admin' }),
    onSuccess: refresh,
  });
}

export function useDeletePlan(roomTypeId: string) {
  const refresh = useRefreshPlans(roomTypeId);
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: string }>(`/admin/room-types/${roomTypeId}/plans/${id}`, { method: 'DELETE', auth: 'admin' }),
    onSettled: refresh,
  });
}
