import { addDays, nightsBetween } from '@repo/shared/domain/dates';
import { stayTotal } from '@repo/shared/domain/money';
import { stayDatesProblem } from '@repo/shared/domain/stay-dates';
import type { SearchState } from '@/features/search/search-params';
import type { RoomTypeWithRooms } from './api/get-room-types';

/** A ticked room that is free for the dates, with its type's price per night. */
export type ChosenRoom = { id: string; price: number };

/** What the stay's side card and the room dialog both show: one total for the same rooms and nights. */
export type BookingQuote = {
  nights: number;
  /** The ticked rooms' count, or the search's room count while none is ticked. */
  rooms: number;
  total: number;
  /** True when the total is the ticked rooms' own prices; false: the stay's lowest price times the room count. */
  exact: boolean;
};

/** The ticked rooms that are free for the dates (a room ticked before the dates changed counts only while free). */
export function chosenRooms(types: readonly RoomTypeWithRooms[], selected: ReadonlySet<string>): ChosenRoom[] {
  const list: ChosenRoom[] = [];
  for (const t of types)
    for (const r of t.roomNumbers) if (r.available && selected.has(r.id)) list.push({ id: r.id, price: t.price });
  return list;
}

/**
 * The total of a stay: the ticked rooms' prices × nights once rooms are ticked (the room count is then the number
 * ticked), before that the lowest price × nights × the search's room count.
 */
export function bookingQuote(lowestPrice: number, search: SearchState, chosen: readonly ChosenRoom[]): BookingQuote {
  const nights = nightsBetween(search.checkIn, search.checkOut);
  if (chosen.length > 0)
    return { nights, rooms: chosen.length, total: chosen.reduce((sum, r) => sum + r.price * nights, 0), exact: true };
  return { nights, rooms: search.rooms, total: stayTotal(lowestPrice, nights, search.rooms), exact: false };
}

/**
 * The dates the room types are asked for: the stay's, or with zero nights the check-in night alone (the types are
 * still listed, beside the alert asking for the dates). `enabled` is false while the dates break a rule.
 */
export function roomTypesWindow(search: SearchState): { checkIn: string; checkOut: string; enabled: boolean } {
  const checkOut = nightsBetween(search.checkIn, search.checkOut) > 0 ? search.checkOut : addDays(search.checkIn, 1);
  return { checkIn: search.checkIn, checkOut, enabled: stayDatesProblem(search.checkIn, checkOut) === null };
}
