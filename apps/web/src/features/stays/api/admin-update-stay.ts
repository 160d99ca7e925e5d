import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Saves a stay: multipart; keepRoomImages lists the current room images to keep, new files are added. */
export const updateStay = ({ id, form }: { id: string; form: FormData }) =>
  api<unknown>(`/admin/stays/${id}`, { method: 'PUT', body: form, auth: 'admin' });

export const useUpdateStay = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateStay,
    onSuccess: () =>
      // The dashboard's figures list the stays by name.
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.stays.all }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
      ]),
  });
};
