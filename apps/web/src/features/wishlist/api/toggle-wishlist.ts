import type { WishlistChange, WishlistDto, WishlistIds } from '@repo/shared/schemas/wishlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import { WISHLIST_COPY } from '../copy';

/** Saves a stay (PUT /api/me/wishlist/:stayId; saving twice is fine). */
export const saveStay = (stayId: string) => api<WishlistChange>(`/me/wishlist/${stayId}`, { method: 'PUT', auth: 'guest' });

/** Removes a stay from Saved (DELETE /api/me/wishlist/:stayId; removing twice is fine). */
export const removeStay = (stayId: string) => api<WishlistChange>(`/me/wishlist/${stayId}`, { method: 'DELETE', auth: 'guest' });

export type ToggleWishlist = { stayId: string; stayName: string; save: boolean };
type Snapshot = { ids?: WishlistIds; stays?: WishlistDto };

/**
 * Saves or removes a stay at once in the cache (the heart fills or empties, a removed card leaves the Saved page),
 * then asks the server. On failure the cache goes back to what it was and a toast says what did not happen.
 */
export function useToggleWishlist() {
  const qc = useQueryClient();
  const idsKey = queryKeys.wishlist.ids();
  const staysKey = queryKeys.wishlist.stays();
  return useMutation<WishlistChange, Error, ToggleWishlist, Snapshot>({
    mutationFn: ({ stayId, save }) => (save ? saveStay(stayId) : removeStay(stayId)),
    onMutate: async ({ stayId, save }) => {
      await qc.cancelQueries({ queryKey: queryKeys.wishlist.all });
      const snapshot: Snapshot = { ids: qc.getQueryData<WishlistIds>(idsKey), stays: qc.getQueryData<WishlistDto>(staysKey) };
      qc.setQueryData<WishlistIds>(idsKey, (old) => {
        const rest = (old?.stayIds ?? []).filter((id) => id !== stayId);
        return { stayIds: save ? [stayId, ...rest] : rest };
      });
      if (!save && snapshot.stays)
        qc.setQueryData<WishlistDto>(staysKey, { stays: snapshot.stays.stays.filter((s) => s.id !== stayId) });
      return snapshot;
    },
    onError: (_err, { stayName, save }, snapshot) => {
      qc.setQueryData(idsKey, snapshot?.ids);
      qc.setQueryData(staysKey, snapshot?.stays);
      toast.error(save ? WISHLIST_COPY.heart.saveFailed(stayName) : WISHLIST_COPY.heart.removeFailed(stayName));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.wishlist.all }),
  });
}
