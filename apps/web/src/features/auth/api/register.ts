import type { RegisterInput, UserDto } from '@repo/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type Area, authBase } from '../area';

export type RegisterResult = { user: UserDto; message?: string };

/** Creates an account (POST /api/auth/register or /api/admin/auth/register). */
export function register(area: Area, body: RegisterInput): Promise<RegisterResult> {
  return api<RegisterResult>(`${authBase(area)}/register`, { method: 'POST', body });
}

export function useRegister(area: Area) {
  return useMutation({ mutationFn: (body: RegisterInput) => register(area, body) });
}
