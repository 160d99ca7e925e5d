import type { StayType } from '@repo/shared/constants/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The stay types this admin owns (dashboard links). */
export const getAdminStayTypes = (signal?: AbortSignal) =>
  api<{ types: StayType[] }>('/admin/stays/types', { auth: 'admin', signal }).then((r) => r.types);

export const getAdminStayTypesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.admin.stays.types(), queryFn: ({ signal }) => getAdminStayTypes(signal) });

export const useAdminStayTypes = () => useQuery(getAdminStayTypesQueryOptions());
