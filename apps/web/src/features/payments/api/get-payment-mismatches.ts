import type { PaymentMismatchList } from '@repo/shared/schemas/payment';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Captured payments refunded because they did not match their order (GET /api/admin/payment-mismatches). */
export const getPaymentMismatches = (signal?: AbortSignal) =>
  api<PaymentMismatchList>('/admin/payment-mismatches', { auth: 'admin', signal });

export const usePaymentMismatches = () =>
  useQuery({
    queryKey: queryKeys.admin.paymentMismatches,
    queryFn: ({ signal }) => getPaymentMismatches(signal),
    select: (data) => data.mismatches,
  });
