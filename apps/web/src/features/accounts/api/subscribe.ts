import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Subscribes an email to deals (POST /api/subscribers); answers the server's message. */
export function subscribe(body: { email: string }): Promise<{ message: string }> {
  return api<{ message: string }>('/subscribers', { method: 'POST', body });
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
