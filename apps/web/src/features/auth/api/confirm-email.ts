import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Opens a mailed confirmation link (POST /api/auth/confirm-email): the account may book from then on. */
export function confirmEmail(userId: string, token: string, signal?: AbortSignal): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/confirm-email', { method: 'POST', body: { userId, token }, signal });
}

/** Once per link and page (a second call would only say the address is confirmed already). */
export function confirmEmailQueryOptions(userId: string, token: string) {
  return queryOptions({
    queryKey: queryKeys.confirmEmail(userId, token),
    queryFn: ({ signal }) => confirmEmail(userId, token, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Confirms the link, then forgets the signed-in guest so that "confirm your email" notices go. */
export function useConfirmEmail(userId: string, token: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...confirmEmailQueryOptions(userId, token),
    queryFn: async ({ signal }) => {
      const answer = await confirmEmail(userId, token, signal);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
      return answer;
    },
  });
}

/** Mails the signed-in guest a new confirmation link (POST /api/auth/confirm-email/resend). */
export function resendConfirmation(): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/confirm-email/resend', { method: 'POST', auth: 'guest' });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}

/**
 * Mails a new confirmation link to the account of `email` without signing in (POST /api/auth/confirm-email/request):
 * the page after sign-up. The answer is the same whether or not such an account waits for a link.
 */
export function requestConfirmation(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/confirm-email/request', { method: 'POST', body: { email } });
}

export function useRequestConfirmation() {
  return useMutation({ mutationFn: requestConfirmation });
}
