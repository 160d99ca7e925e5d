import type { StayDto } from '@repo/shared/schemas/stay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A stay for its page (guest token). */
export const getStay = (id: string, signal?: AbortSignal) => api<StayDto>(`/stays/${id}`, { auth: 'guest', signal });

export const getStayQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.stays.detail(id), queryFn: ({ signal }) => getStay(id, signal) });

export const useStay = (id: string) => useQuery(getStayQueryOptions(id));
