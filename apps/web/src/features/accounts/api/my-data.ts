import type { AccountDeleteInput, AccountDeletionDto } from '@repo/shared/schemas/privacy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { saveFile } from '@/lib/save-file';
import { tokenStorage } from '@/lib/token-storage';

/** Everything the site holds about the signed-in guest (GET /api/me/export), saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const blob = await api<Blob>('/me/export', { auth: 'guest', as: 'blob' });
  saveFile(blob, `staybook-my-data-${new Date().toISOString().slice(0, 10)}.json`);
}

/** Whether the signed-in guest's account can be deleted now, and why not (GET /api/me/deletion). */
export function getAccountDeletion(signal?: AbortSignal): Promise<AccountDeletionDto> {
  return api<AccountDeletionDto>('/me/deletion', { auth: 'guest', signal });
}

/** Asked each time the card shows (a booking may have been cancelled or ended meanwhile). */
export function useAccountDeletion() {
  return useQuery({
    queryKey: queryKeys.me.deletion(),
    queryFn: ({ signal }) => getAccountDeletion(signal),
    staleTime: 0,
  });
}

/** Deletes the signed-in guest's account (DELETE /api/me) with their password; answers the server's message. */
export function deleteAccount(body: AccountDeleteInput): Promise<{ message: string }> {
  return api<{ message: string }>('/me', { method: 'DELETE', body, auth: 'guest' });
}

/**
 * Deletes the account. `signOut` then forgets it here too (token and cached data); the caller calls it once it has
 * said so and left the guest's page, since without the token the guest's pages go away at once.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: deleteAccount });
  const signOut = () => {
    tokenStorage.clear('guest');
    queryClient.clear();
  };
  return { ...mutation, signOut };
}
