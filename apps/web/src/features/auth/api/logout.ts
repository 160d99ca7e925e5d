import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tokenStorage } from '@/lib/token-storage';
import { type Area, authBase } from '../area';

/** Ends the session on the server (POST /api/auth/logout or /api/admin/auth/logout). */
export function logout(area: Area): Promise<void> {
  return api<void>(`${authBase(area)}/logout`, { method: 'POST', auth: area });
}

/** Logs out; on success clears all locally stored browser data and the query cache. */
export function useLogout(area: Area) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(area),
    onSuccess: () => {
      tokenStorage.clearAll();
      queryClient.clear();
    },
  });
}
