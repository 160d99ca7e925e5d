import type { AdminUserUpdateInput } from '@repo/shared/schemas/user';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Saves a user's details and admin flag. */
export const updateUser = ({ id, body }: { id: string; body: AdminUserUpdateInput }) =>
  api<unknown>(`/admin/users/${id}`, { method: 'PUT', body, auth: 'admin' });

export const useUpdateUser = () => {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.admin.users.all }) });
};
