import { addDays, nightsBetween } from '@repo/shared/domain/dates';
import { stayDatesProblem } from '@repo/shared/domain/stay-dates';
import type { SearchState } from '@/features/search';
import type { RoomTypeWithRooms } from './api/get-room-types';

/** A ticked room that is free for the dates, with what its type costs for them (rupees, from the server). */
export type ChosenRoom = { id: string; total: number };

/** What the stay's side card and the room dialog both show: one total for the same rooms and nights. */
export type BookingQuote = {
  nights: number;
  /** The ticked rooms' count, or the search's room count while none is ticked. */
  rooms: number;
  /** Rupees; null while the room prices for the dates are not known (loading), or when no room is free. */
  total: number | null;
  /** True when the total is the ticked rooms' own prices; false: the cheapest free room type's times the room count. */
  exact: boolean;
};

/** A room type whose rooms can be booked for the dates (long enough a stay) with at least one free room. */
const offered = (t: RoomTypeWithRooms) => t.bookable && t.roomNumbers.some((r) => r.available);

/** The ticked rooms that are free for the dates (a room ticked before the dates changed counts only while free). */
export function chosenRooms(types: readonly RoomTypeWithRooms[], selected: ReadonlySet<string>): ChosenRoom[] {
  const list: ChosenRoom[] = [];
  for (const t of types) {
    if (!t.bookable) continue;
    for (const r of t.roomNumbers) if (r.available && selected.has(r.id)) list.push({ id: r.id, total: t.total });
  }
  return list;
}

/**
 * The total of a stay, from the prices the server worked out for the dates: the ticked rooms' totals once rooms are
 * ticked (the room count is then the number ticked), before that the cheapest free room type's total × the search's
 * room count. `types` is undefined while the room types load.
 */
export function bookingQuote(
  types: readonly RoomTypeWithRooms[] | undefined,
  search: SearchState,
  chosen: readonly ChosenRoom[],
): BookingQuote {
  const nights = nightsBetween(search.checkIn, search.checkOut);
  if (chosen.length > 0) return { nights, rooms: chosen.length, total: chosen.reduce((sum, r) => sum + r.total, 0), exact: true };
  const cheapest = types
    ?.filter(offered)
    .reduce<number | null>((min, t) => (min === null || t.total < min ? t.total : min), null);
  return { nights, rooms: search.rooms, total: cheapest == null ? null : cheapest * search.rooms, exact: false };
}

/**
 * The dates the room types are asked for: the stay's, or with zero nights the check-in night alone (the types are
 * still listed, beside the alert asking for the dates). `enabled` is false while the dates break a rule.
 */
export function roomTypesWindow(search: SearchState): { checkIn: string; checkOut: string; enabled: boolean } {
  const checkOut = nightsBetween(search.checkIn, search.checkOut) > 0 ? search.checkOut : addDays(search.checkIn, 1);
  return { checkIn: search.checkIn, checkOut, enabled: stayDatesProblem(search.checkIn, checkOut) === null };
}
