import type { StayType } from '@repo/shared/constants/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How many stays each type has, in the order asked. */
export const getTypeCounts = (types: readonly StayType[], signal?: AbortSignal) =>
  api<{ counts: number[] }>('/stays/count-by-type', { query: { types }, signal }).then((r) => r.counts);

export const getTypeCountsQueryOptions = (types: readonly StayType[]) =>
  queryOptions({ queryKey: queryKeys.stays.countByType(types), queryFn: ({ signal }) => getTypeCounts(types, signal) });

export const useTypeCounts = (types: readonly StayType[]) => useQuery(getTypeCountsQueryOptions(types));
