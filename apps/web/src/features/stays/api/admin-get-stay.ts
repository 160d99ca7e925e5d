import type { StayDto } from '@repo/shared/schemas/stay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One of this admin's stays, for the edit form. */
export const getAdminStay = (id: string, signal?: AbortSignal) => api<StayDto>(`/admin/stays/${id}`, { auth: 'admin', signal });

export const getAdminStayQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.admin.stays.detail(id), queryFn: ({ signal }) => getAdminStay(id, signal) });

export const useAdminStay = (id: string) => useQuery(getAdminStayQueryOptions(id));
