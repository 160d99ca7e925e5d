import type { GrievanceMessageInput, GrievanceResult, GrievancesList } from '@repo/shared/schemas/grievance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Complaints about the admin's stays (every one for the platform), newest first (GET /api/admin/grievances). */
export const useAdminGrievances = () =>
  useQuery({
    queryKey: queryKeys.admin.grievances.list(),
    queryFn: ({ signal }) => api<GrievancesList>('/admin/grievances', { auth: 'admin', signal }).then((r) => r.grievances),
  });

/** One complaint with its thread (GET /api/admin/grievances/:id). */
export const useAdminGrievance = (id: string) =>
  useQuery({
    queryKey: queryKeys.admin.grievances.detail(id),
    queryFn: ({ signal }) => api<GrievanceResult>(`/admin/grievances/${id}`, { auth: 'admin', signal }).then((r) => r.grievance),
  });

function useAfter(id: string) {
  const qc = useQueryClient();
  return (grievance: GrievanceResult['grievance']) => {
    qc.setQueryData(queryKeys.admin.grievances.detail(id), grievance);
    return qc.invalidateQueries({ queryKey: queryKeys.admin.grievances.list() });
  };
}

/** Answers a complaint (the first answer acknowledges it); the guest is mailed. */
export function useAnswerGrievance(id: string) {
  const after = useAfter(id);
  return useMutation({
    mutationFn: (body: GrievanceMessageInput) =>
      api<GrievanceResult>(`/admin/grievances/${id}/messages`, { method: 'POST', body, auth: 'admin' }).then((r) => r.grievance),
    onSuccess: after,
  });
}

/** Closes a complaint as resolved; the guest is mailed. */
export function useCloseGrievance(id: string) {
  const after = useAfter(id);
  return useMutation({
    mutationFn: () =>
      api<GrievanceResult>(`/admin/grievances/${id}/close`, { method: 'POST', auth: 'admin' }).then((r) => r.grievance),
    onSuccess: after,
  });
}
