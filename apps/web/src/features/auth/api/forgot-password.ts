import type { ForgotPasswordInput } from '@repo/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Area, authBase } from '../area';

/** Asks for a reset link by mail (POST …/forgot-password); the answer is the same whether or not the email exists. */
export function forgotPassword(area: Area, body: ForgotPasswordInput): Promise<{ message: string }> {
  return api<{ message: string }>(`${authBase(area)}/forgot-password`, { method: 'POST', body });
}

export function useForgotPassword(area: Area) {
  return useMutation({ mutationFn: (body: ForgotPasswordInput) => forgotPassword(area, body) });
}
