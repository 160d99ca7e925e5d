import type { SiteInfo } from '@repo/shared/schemas/grievance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What every page shows in its footer (GET /api/site): the platform, its customer care and the grievance officer. */
export const getSiteInfo = (signal?: AbortSignal) => api<SiteInfo>('/site', { signal });

export const siteInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.site, queryFn: ({ signal }) => getSiteInfo(signal), staleTime: 30 * 60_000 });

export const useSiteInfo = () => useQuery(siteInfoQueryOptions());
