import type { SearchQuery, SearchResult } from '@repo/shared/schemas/search';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/stays/search (guest token): stays with free rooms for the dates and party. */
export function searchStays(query: SearchQuery, signal?: AbortSignal): Promise<SearchResult> {
  return api<SearchResult>('/stays/search', {
    auth: 'guest',
    signal,
    query: query as Record<string, string | number | undefined>,
  });
}

export const searchStaysQueryOptions = (query: SearchQuery) =>
  queryOptions({
    queryKey: queryKeys.stays.search(query),
    queryFn: ({ signal }) => searchStays(query, signal),
    staleTime: 15_000,
  });

/** The search results; the previous page stays on screen while the next filter or page loads. */
export function useSearchStays(query: SearchQuery | null) {
  return useQuery({
    ...searchStaysQueryOptions(query ?? ({} as SearchQuery)),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
