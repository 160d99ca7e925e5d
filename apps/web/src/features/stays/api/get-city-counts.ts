import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many stays each city has, in the order asked. */
export const getCityCounts = (cities: readonly string[], signal?: AbortSignal) =>
  api<{ counts: number[] }>('/stays/count-by-city', { query: { cities }, signal }).then((r) => r.counts);

export const getCityCountsQueryOptions = (cities: readonly string[]) =>
  queryOptions({ queryKey: queryKeys.stays.countByCity(cities), queryFn: ({ signal }) => getCityCounts(cities, signal) });

export const useCityCounts = (cities: readonly string[]) => useQuery(getCityCountsQueryOptions(cities));
