import type { AddFeedInput, ConflictsResult, FeedDto, RoomChannelsDto, RotateInput } from '@repo/shared/schemas/channels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A room's export addresses and imported calendars (GET /api/admin/rooms/:id/channels), read while shown. */
export const useRoomChannels = (roomNumberId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.channels.room(roomNumberId),
    queryFn: ({ signal }) => api<RoomChannelsDto>(`/admin/rooms/${roomNumberId}/channels`, { auth: 'admin', signal }),
    enabled,
    refetchInterval: 60_000,
  });

/** A change of a room's calendars refreshes them, the conflicts and the owner's calendars and figures. */
const useRefreshing = <A, R>(fn: (a: A) => Promise<R>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.admin.channels.all }),
        qc.invalidateQueries({ queryKey: queryKeys.admin.owner.all }),
      ]);
    },
  });
};

export const useAddFeed = (roomNumberId: string) =>
  useRefreshing((body: AddFeedInput) =>
    api<{ feed: FeedDto }>(`/admin/rooms/${roomNumberId}/feeds`, { method: 'POST', body, auth: 'admin' }),
  );

export const useSyncFeed = () =>
  useRefreshing((feedId: string) => api<{ feed: FeedDto }>(`/admin/feeds/${feedId}/sync`, { method: 'POST', auth: 'admin' }));

export const useRemoveFeed = () =>
  useRefreshing((feedId: string) => api<{ message: string }>(`/admin/feeds/${feedId}`, { method: 'DELETE', auth: 'admin' }));

export const useRotateExport = (roomNumberId: string) =>
  useRefreshing((body: RotateInput) =>
    api<RoomChannelsDto>(`/admin/rooms/${roomNumberId}/channels/rotate`, { method: 'POST', body, auth: 'admin' }),
  );

/** Open conflicts of the owner's stays (GET /api/admin/channel-conflicts). */
export const useConflicts = (stayId?: string) =>
  useQuery({
    queryKey: queryKeys.admin.channels.conflicts(stayId),
    queryFn: ({ signal }) =>
      api<ConflictsResult>('/admin/channel-conflicts', { auth: 'admin', query: stayId ? { stayId } : {}, signal }),
    refetchInterval: 60_000,
  });
