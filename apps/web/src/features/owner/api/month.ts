import type { MonthSort, OwnerMonthDto } from '@repo/shared/schemas/owner';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The dashboard's month as the URL keeps it: which month, and the stays table's search, order and page. */
export type MonthView = { month: string; q: string; sort: MonthSort; dir: 'asc' | 'desc'; page: number };

/** The owner's month: totals over every stay, and a page of the stays searched and sorted (GET /api/admin/figures/month). */
export const useOwnerMonth = (view: MonthView) =>
  useQuery({
    queryKey: queryKeys.admin.owner.month(view),
    queryFn: ({ signal }) =>
      api<OwnerMonthDto>('/admin/figures/month', {
        auth: 'admin',
        query: { month: view.month, sort: view.sort, dir: view.dir, page: view.page, ...(view.q ? { q: view.q } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
