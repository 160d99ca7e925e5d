import type { ResetPasswordInput } from '@repo/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Area, authBase } from '../area';

/** Sets a new password with the mailed link's user id and token (POST …/reset-password). */
export function resetPassword(area: Area, body: ResetPasswordInput): Promise<{ message: string }> {
  return api<{ message: string }>(`${authBase(area)}/reset-password`, { method: 'POST', body });
}

export function useResetPassword(area: Area) {
  return useMutation({ mutationFn: (body: ResetPasswordInput) => resetPassword(area, body) });
}
