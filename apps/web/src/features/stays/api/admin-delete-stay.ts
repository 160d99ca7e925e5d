import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteStay = (id: string) => api<{ message: string }>(`/admin/stays/${id}`, { method: 'DELETE', auth: 'admin' });

/** Deletes a stay, then refreshes the lists. */
export const useDeleteStay = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteStay,
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.admin.stays.all }),
  });
};
