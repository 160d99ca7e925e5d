import type { StayDto } from '@repo/shared/schemas/stay';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The most-liked (featured) stays shown on the home page. */
export const getFeaturedStays = (signal?: AbortSignal) =>
  api<{ stays: StayDto[] }>('/stays', { query: { featured: 'true' }, signal }).then((r) => r.stays);

export const getFeaturedStaysQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stays.featured(), queryFn: ({ signal }) => getFeaturedStays(signal) });

export const useFeaturedStays = () => useQuery(getFeaturedStaysQueryOptions());
