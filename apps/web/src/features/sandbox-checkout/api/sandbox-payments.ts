import type { SandboxPayInput, SandboxPayResult } from '@repo/shared/schemas/payment';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SandboxPayAnswer = z.infer<typeof SandboxPayResult>;

/** The sandbox checkout's payment by card, UPI or netbanking (POST /api/payments/sandbox/orders/:orderId/pay). */
export function sandboxPay(orderId: string, body: SandboxPayInput) {
  return api<SandboxPayAnswer>(`/payments/sandbox/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body,
    auth: 'guest',
  });
}

/** The sandbox's UPI app: approve or decline the order's pending UPI payment (POST …/upi-approval). */
export function sandboxUpiApproval(orderId: string, approve: boolean) {
  return api<SandboxPayAnswer>(`/payments/sandbox/orders/${encodeURIComponent(orderId)}/upi-approval`, {
    method: 'POST',
    body: { approve },
    auth: 'guest',
  });
}

export type SandboxOrderPaymentAnswer = { payment: SandboxPayAnswer | null };

/** The order's latest sandbox payment (GET /api/payments/sandbox/orders/:orderId/payment). */
export function getSandboxOrderPayment(orderId: string, signal?: AbortSignal) {
  return api<SandboxOrderPaymentAnswer>(`/payments/sandbox/orders/${encodeURIComponent(orderId)}/payment`, {
    auth: 'guest',
    signal,
  });
}

/** How often the checkout asks again while a UPI payment waits for the guest's approval. */
export const UPI_POLL_MS = 2000;
export const isPendingAnswer = (a: SandboxPayAnswer | null | undefined): a is Extract<SandboxPayAnswer, { pending: unknown }> =>
  Boolean(a && 'pending' in a);

/** The order's latest sandbox payment, asked again every UPI_POLL_MS while it is pending. */
export function useSandboxOrderPayment(orderId: string) {
  return useQuery({
    queryKey: queryKeys.sandboxPayment.order(orderId),
    queryFn: ({ signal }) => getSandboxOrderPayment(orderId, signal),
    refetchInterval: (q) => (isPendingAnswer(q.state.data?.payment) ? UPI_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: false,
    gcTime: 0,
  });
}
