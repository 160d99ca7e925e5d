import type { LoginInput } from '@repo/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { type Area, authBase } from '../area';
import { queryKeys } from '@/lib/query-keys';

/** Signs in (POST /api/auth/login or /api/admin/auth/login) and answers the token. */
export async function login(area: Area, body: LoginInput): Promise<string> {
  if (area === 'admin') {
    const res = await api<{ adminLoginToken: string }>(`${authBase(area)}/login`, { method: 'POST', body });
    return res.adminLoginToken;
  }
  const res = await api<{ loginToken: string }>(`${authBase(area)}/login`, { method: 'POST', body });
  return res.loginToken;
}

/** Signs in and stores the token under loginToken / adminLoginToken. */
export function useLogin(area: Area) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) => login(area, body),
    onSuccess: (token) => {
      queryClient.removeQueries({ queryKey: queryKeys.me.all });
      tokenStorage.set(area, token);
    },
  });
}
