import type { SearchState } from '@/features/search';
import { useRoomTypes } from './api/get-room-types';
import { roomTypesWindow } from './quote';

/**
 * The stay's price per night for the search's dates, as the server works it out (ADR 018): the lowest average
 * nightly price of a room type that can be booked and has a free room. `fallback` (the stay's own lowest price)
 * while it loads or when no room is free. Shares the room dialog's request (same query).
 */
export function useLowestPrice(stayId: string, search: SearchState, fallback: number): number {
  const dates = roomTypesWindow(search);
  const types = useRoomTypes(stayId, dates.checkIn, dates.checkOut, search, dates.enabled);
  return types.data?.lowestPrice ?? fallback;
}
