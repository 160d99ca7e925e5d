import type { SiteInfo } from '@repo/shared/schemas/grievance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What every page may show (GET /api/site): the grievance officer, named in the footer. */
export const getSiteInfo = (signal?: AbortSignal) => api<SiteInfo>('/site', { signal });

export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.site, queryFn: ({ signal }) => getSiteInfo(signal), staleTime: 30 * 60_000 });

export const useSiteInfo = () => useQuery(siteInfoQueryOptions());
