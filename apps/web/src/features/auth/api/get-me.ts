import type { ProfileDto } from '@repo/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useToken } from '@/lib/auth';
import { decodeToken } from '@/lib/token-storage';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in guest with `isLoggedIn` and the billing address on record (GET /api/me). */
export function getMe(signal?: AbortSignal): Promise<ProfileDto> {
  return api<ProfileDto>('/me', { auth: 'guest', signal });
}

/**
 * Keyed by the session (the token's user id, or the token itself when it cannot be read), so another sign-in never
 * shows a previous user's data. Disabled without a token.
 */
export function getMeQueryOptions(session: string | null | undefined) {
  return queryOptions({
    queryKey: queryKeys.me.session(session ?? 'anonymous'),
    queryFn: ({ signal }) => getMe(signal),
    enabled: Boolean(session),
    staleTime: 60_000,
  });
}

/** The current guest, loaded whenever a guest token is stored (on app start with a token). */
export function useMe() {
  const token = useToken('guest');
  const session = token ? (decodeToken(token)?.id ?? token) : null;
  return useQuery(getMeQueryOptions(session));
}
