import {
  type PayoutProfileDto,
  type PayoutProfileInput,
  type PlatformMonthDto,
  STAY_FEES_PAGE_SIZE,
  type SettlementDetailDto,
  type SettlementsPage,
  type StayFeesResult,
} from '@repo/shared/schemas/payouts';
import type { GstDeclarationDto, GstDeclarationInput, GstDeclarationsResult } from '@repo/shared/schemas/gst-declaration';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download } from '@/features/owner';
import { api } from '@/lib/api-client';

const keys = {
  profile: ['admin', 'payouts', 'profile'] as const,
  settlements: (page: number) => ['admin', 'payouts', 'settlements', page] as const,
  settlement: (id: string) => ['admin', 'payouts', 'settlement', id] as const,
  feeInvoices: (month: string) => ['admin', 'payouts', 'fee-invoices', month] as const,
  platformMonth: (month: string) => ['admin', 'platform', 'month', month] as const,
  fees: ['admin', 'platform', 'fees'] as const,
  feesPage: (q: string, page: number) => ['admin', 'platform', 'fees', q, page] as const,
  declarations: ['admin', 'payouts', 'gst-declarations'] as const,
};

export const useGstDeclarations = () =>
  useQuery({
    queryKey: keys.declarations,
    queryFn: ({ signal }) => api<GstDeclarationsResult>('/admin/payouts/gst-declarations', { auth: 'admin', signal }),
  });

export const useDeclareGst = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GstDeclarationInput) =>
      api<GstDeclarationDto>('/admin/payouts/gst-declarations', { auth: 'admin', method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.declarations }),
  });
};

export const usePayoutProfile = () =>
  useQuery({
    queryKey: keys.profile,
    queryFn: ({ signal }) => api<{ profile: PayoutProfileDto | null }>('/admin/payouts/profile', { auth: 'admin', signal }),
  });

export const useSavePayoutProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutProfileInput) =>
      api<{ profile: PayoutProfileDto }>('/admin/payouts/profile', { auth: 'admin', method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
};

export const useSettlements = (page: number) =>
  useQuery({
    queryKey: keys.settlements(page),
    queryFn: ({ signal }) => api<SettlementsPage>('/admin/payouts/settlements', { auth: 'admin', query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export const useSettlement = (id: string, platform: boolean) =>
  useQuery({
    queryKey: [...keys.settlement(id), platform],
    queryFn: ({ signal }) =>
      api<SettlementDetailDto>(platform ? `/admin/platform/settlements/${id}` : `/admin/payouts/settlements/${id}`, {
        auth: 'admin',
        signal,
      }),
  });

export type FeeInvoiceRow = {
  id: string;
  number: string;
  title: string;
  issuedOn: string;
  recipientGstin: string | null;
  taxable: number;
  gst: number;
  total: number;
};
export const useFeeInvoices = (month: string) =>
  useQuery({
    queryKey: keys.feeInvoices(month),
    queryFn: ({ signal }) =>
      api<{ feeInvoices: FeeInvoiceRow[] }>('/admin/payouts/fee-invoices', { auth: 'admin', query: { month }, signal }),
  });

/** Downloads a file of the payouts area (statement, report, fee invoice). */
export const useDownload = () =>
  useMutation({
    mutationFn: ({ path, query, name }: { path: string; query?: Record<string, string>; name: string }) =>
      download(path, { auth: 'admin', query, fallbackName: name }),
  });

export const usePlatformMonth = (month: string) =>
  useQuery({
    queryKey: keys.platformMonth(month),
    queryFn: ({ signal }) => api<PlatformMonthDto>('/admin/platform/month', { auth: 'admin', query: { month }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRunPayouts = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ settlements: number; feeInvoices: number; payouts: number; retried: number }>('/admin/platform/settlements/run', {
        auth: 'admin',
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
};

export type StayFee = StayFeesResult['stays'][number];
/** One page of the fee per stay, of the stays whose name or owner's name holds `q`. */
export const useStayFees = (q: string, page: number) =>
  useQuery({
    queryKey: keys.feesPage(q, page),
    queryFn: ({ signal }) =>
      api<StayFeesResult>('/admin/platform/fees', {
        auth: 'admin',
        query: { ...(q ? { q } : {}), page, pageSize: STAY_FEES_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useSetStayFee = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stayId, feePercent }: { stayId: string; feePercent: number | null }) =>
      api<{ feeBp: number; custom: boolean }>(`/admin/platform/stays/${stayId}/fee`, {
        auth: 'admin',
        method: 'PUT',
        body: { feePercent },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.fees }),
  });
};
