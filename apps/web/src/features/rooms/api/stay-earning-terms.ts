import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * What a night of the stay sold today is credited on: who pays its GST, the fee, the GST on it, TCS and TDS
 * (GET /api/admin/payouts/stays/:id/terms). The price fields show a price's net by them. Not asked for staff
 * (`ask` false): fees are the owner's (ADR 066), and the fields then show prices alone.
 */
export const useStayEarningTerms = (stayId: string | undefined, ask = true) =>
  useQuery({
    queryKey: queryKeys.admin.rooms.earningTerms(stayId ?? ''),
    queryFn: ({ signal }) => api<StayEarningTermsDto>(`/admin/payouts/stays/${stayId}/terms`, { auth: 'admin', signal }),
    enabled: Boolean(stayId) && ask,
  });
