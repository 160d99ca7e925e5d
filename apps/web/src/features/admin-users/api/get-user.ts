import type { UserDto } from '@repo/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One user, as the admin sees them. The server may wrap it as {user}; both shapes are read. */
export const getUser = (id: string, signal?: AbortSignal) =>
  api<UserDto | { user: UserDto }>(`/admin/users/${id}`, { auth: 'admin', signal }).then((r) => ('user' in r ? r.user : r));

export const getUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.admin.users.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
    enabled: Boolean(id),
  });

export const useUser = (id: string) => useQuery(getUserQueryOptions(id));
