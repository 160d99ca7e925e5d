import type {
  CreateGrievanceInput,
  GrievanceMessageInput,
  GrievanceResult,
  GrievancesList,
} from '@repo/shared/schemas/grievance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in guest's complaints, newest first, with their threads (GET /api/me/grievances). */
export const getMyGrievances = (signal?: AbortSignal) =>
  api<GrievancesList>('/me/grievances', { auth: 'guest', signal }).then((r) => r.grievances);

export const useMyGrievances = () =>
  useQuery({ queryKey: queryKeys.grievances.all, queryFn: ({ signal }) => getMyGrievances(signal) });

/** Raises a complaint about one of the guest's bookings (POST /api/grievances): the ticket comes back at once. */
export function useRaiseGrievance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGrievanceInput) =>
      api<GrievanceResult>('/grievances', { method: 'POST', body, auth: 'guest' }).then((r) => r.grievance),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.grievances.all }),
  });
}

/** The guest adds to one of their open complaints (POST /api/grievances/:id/messages). */
export function useGuestGrievanceMessage(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GrievanceMessageInput) =>
      api<GrievanceResult>(`/grievances/${id}/messages`, { method: 'POST', body, auth: 'guest' }).then((r) => r.grievance),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.grievances.all }),
  });
}
