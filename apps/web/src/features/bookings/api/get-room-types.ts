import type { RoomTypesList } from '@repo/shared/schemas/room';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RoomTypesResult = z.infer<typeof RoomTypesList>;
export type RoomTypeWithRooms = RoomTypesResult['roomTypes'][number];

export type RatePlanQuote = RoomTypeWithRooms['plans'][number];
/** The party the plans are priced for: adults, children and the ages given. */
export type Party = { adults: number; children: number; ages: readonly number[] };

/**
 * Room types of a stay with each room number's availability and each rate plan's price for the dates and the party
 * (GET /api/stays/:id/room-types).
 */
export function getRoomTypes(stayId: string, checkIn: string, checkOut: string, party: Party, signal?: AbortSignal) {
  return api<RoomTypesResult>(`/stays/${stayId}/room-types`, {
    query: {
      checkIn,
      checkOut,
      adults: party.adults,
      children: party.children,
      childAges: party.ages.length > 0 ? party.ages.join(',') : undefined,
    },
    auth: 'guest',
    signal,
  });
}

export function useRoomTypes(stayId: string, checkIn: string, checkOut: string, party: Party, enabled: boolean) {
  const who = `${party.adults}|${party.children}|${party.ages.join(',')}`;
  return useQuery({
    queryKey: queryKeys.roomTypes.forDates(stayId, checkIn, checkOut, who),
    queryFn: ({ signal }) => getRoomTypes(stayId, checkIn, checkOut, party, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
