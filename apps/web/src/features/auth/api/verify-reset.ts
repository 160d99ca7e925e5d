import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Area, authBase } from '../area';
import { queryKeys } from '@/lib/query-keys';

/** Checks a mailed reset link (GET …/reset/:userId/:token). */
export function verifyReset(area: Area, userId: string, token: string, signal?: AbortSignal): Promise<{ message: string }> {
  return api<{ message: string }>(`${authBase(area)}/reset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`, {
    signal,
  });
}

export function verifyResetQueryOptions(area: Area, userId: string, token: string) {
  return queryOptions({
    queryKey: queryKeys.verifyReset(area, userId, token),
    queryFn: ({ signal }) => verifyReset(area, userId, token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useVerifyReset(area: Area, userId: string, token: string) {
  return useQuery(verifyResetQueryOptions(area, userId, token));
}
