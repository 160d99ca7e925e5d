import type { UserDto } from '@repo/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { ADMIN_LIST_REFRESH_MS } from '@/lib/query-timing';

export const getUsers = (signal?: AbortSignal) =>
  api<{ users: UserDto[] }>('/admin/users', { auth: 'admin', signal }).then((r) => r.users);

export const getUsersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.users.list(),
    queryFn: ({ signal }) => getUsers(signal),
    refetchInterval: ADMIN_LIST_REFRESH_MS,
  });

export const useUsers = () => useQuery(getUsersQueryOptions());
