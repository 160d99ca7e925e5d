import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteUser = (id: string) => api<{ message: string }>(`/admin/users/${id}`, { method: 'DELETE', auth: 'admin' });

/** Deletes a user, then refreshes the list. */
export const useDeleteUser = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.users.all }) });
};
