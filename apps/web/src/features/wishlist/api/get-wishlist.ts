import type { WishlistDto, WishlistIds } from '@repo/shared/schemas/wishlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in guest's saved live stays as cards, newest first (GET /api/me/wishlist). */
export const getWishlist = (signal?: AbortSignal) => api<WishlistDto>('/me/wishlist', { auth: 'guest', signal });

export const getWishlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wishlist.stays(),
    queryFn: ({ signal }) => getWishlist(signal),
    select: (d) => d.stays,
  });

export const useWishlist = () => useQuery(getWishlistQueryOptions());

/** Only the saved stays' ids, enough to draw the hearts (GET /api/me/wishlist/ids). */
export const getWishlistIds = (signal?: AbortSignal) => api<WishlistIds>('/me/wishlist/ids', { auth: 'guest', signal });

export const getWishlistIdsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wishlist.ids(), queryFn: ({ signal }) => getWishlistIds(signal) });

/** Whether each stay is saved: a set of ids (empty until the answer comes). */
export function useWishlistIds() {
  return useQuery({ ...getWishlistIdsQueryOptions(), select: (d) => new Set(d.stayIds) });
}
