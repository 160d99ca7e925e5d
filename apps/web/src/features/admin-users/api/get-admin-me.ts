import type { UserDto } from '@repo/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { decodeToken } from '@/lib/token-storage';

/** The signed-in admin with `isPlatform` (GET /api/admin/me): a stay owner, and whether they run the platform too. */
export function getAdminMe(signal?: AbortSignal): Promise<UserDto> {
  return api<UserDto>('/admin/me', { auth: 'admin', signal });
}

/** Keyed by the sign-in (the token's user id, or the token), so another admin's sign-in never shows this one's role. */
export function getAdminMeQueryOptions(session: string | null) {
  return queryOptions({
    queryKey: queryKeys.admin.me.session(session ?? 'anonymous'),
    queryFn: ({ signal }) => getAdminMe(signal),
    enabled: Boolean(session),
    staleTime: 60_000,
  });
}

/** The current admin, loaded whenever an admin token is stored. Only hides UI: the API decides. */
export function useAdminMe() {
  const token = useToken('admin');
  const session = token ? (decodeToken(token)?.id ?? token) : null;
  return useQuery(getAdminMeQueryOptions(session));
}
