import type { StayDto } from '@repo/shared/schemas/stay';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Adds a stay: multipart with the stay fields, hotelImage and roomImages. */
export const createStay = (form: FormData) =>
  api<{ stay: StayDto }>('/admin/stays', { method: 'POST', body: form, auth: 'admin' }).then((r) => r.stay);

export const useCreateStay = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createStay,
    onSuccess: () =>
      // The dashboard's figures list the stays by name.
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.stays.all }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
      ]),
  });
};
