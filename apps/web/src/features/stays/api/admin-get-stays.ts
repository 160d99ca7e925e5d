import type { StayType } from '@repo/shared/constants/domain';
import type { StayDto } from '@repo/shared/schemas/stay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_LIST_REFRESH_MS } from '@/lib/query-timing';

/** This admin's stays of one type. */
export const getAdminStays = (type: StayType, signal?: AbortSignal) =>
  api<{ stays: StayDto[] }>('/admin/stays', { auth: 'admin', query: { type }, signal }).then((r) => r.stays);

export const getAdminStaysQueryOptions = (type: StayType) =>
  queryOptions({
    queryKey: queryKeys.admin.stays.list(type),
    queryFn: ({ signal }) => getAdminStays(type, signal),
    refetchInterval: ADMIN_LIST_REFRESH_MS,
  });

export const useAdminStays = (type: StayType) => useQuery(getAdminStaysQueryOptions(type));
