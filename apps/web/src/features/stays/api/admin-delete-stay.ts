import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const deleteStay = (id: string) => api<{ message: string }>(`/admin/stays/${id}`, { method: 'DELETE', auth: 'admin' });

/** Deletes a stay, then refreshes the lists. */
export const useDeleteStay = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteStay,
    onSettled: () =>
      // The dashboard's figures list the stays by name.
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.stays.all }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
      ]),
  });
};
