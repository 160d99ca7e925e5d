import type { RoomTypesList } from '@repo/shared/schemas/room';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RoomTypesResult = z.infer<typeof RoomTypesList>;
export type RoomTypeWithRooms = RoomTypesResult['roomTypes'][number];

/** Room types of a stay with each room number's availability for the dates (GET /api/stays/:id/room-types). */
export function getRoomTypes(stayId: string, checkIn: string, checkOut: string, signal?: AbortSignal) {
  return api<RoomTypesResult>(`/stays/${stayId}/room-types`, { query: { checkIn, checkOut }, auth: 'guest', signal });
}

export function useRoomTypes(stayId: string, checkIn: string, checkOut: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.roomTypes.forDates(stayId, checkIn, checkOut),
    queryFn: ({ signal }) => getRoomTypes(stayId, checkIn, checkOut, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
