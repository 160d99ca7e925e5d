import { addDays, nightsBetween } from '@repo/shared/domain/dates';
import { stayDatesProblem } from '@repo/shared/domain/stay-dates';
import type { SearchState } from '@/features/search';
import type { CancellationPolicy } from '@repo/shared/domain/cancellation';
import type { RatePlanQuote, RoomTypeWithRooms } from './api/get-room-types';

/**
 * A ticked room that is free for the dates, with the rate plan chosen for its type (the standard plan unless another
 * was picked) and what that plan costs for the dates and the party (rupees, from the server).
 */
export type ChosenRoom = { id: string; total: number; planId: string | null; policy: CancellationPolicy | null };

/** The plan chosen for a type: the one picked, else its first (the standard plan). */
export function planOf(t: RoomTypeWithRooms, plans: ReadonlyMap<string, string>): RatePlanQuote | undefined {
  const picked = plans.get(t.id);
  return t.plans.find((p) => p.id === picked) ?? t.plans[0];
}

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
export function chosenRooms(
  types: readonly RoomTypeWithRooms[],
  selected: ReadonlySet<string>,
  plans: ReadonlyMap<string, string> = new Map(),
): ChosenRoom[] {
  const list: ChosenRoom[] = [];
  for (const t of types) {
    if (!t.bookable) continue;
    const plan = planOf(t, plans);
    for (const r of t.roomNumbers)
      if (r.available && selected.has(r.id))
        list.push({
          id: r.id,
          total: plan?.total ?? t.total,
          planId: plan?.id ?? null,
          policy: plan?.cancellationPolicy ?? null,
        });
  }
  return list;
}

/** The policy a booking of the chosen rooms keeps: the strictest of their plans' (null: none known, the stay's). */
export function chosenPolicy(chosen: readonly ChosenRoom[]): CancellationPolicy | null {
  let policy: CancellationPolicy | null = null;
  for (const r of chosen)
    if (r.policy)
      policy = policy
        ? {
            freeDays: Math.min(policy.freeDays, r.policy.freeDays),
            refundPercent: Math.min(policy.refundPercent, r.policy.refundPercent),
          }
        : r.policy;
  return policy;
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
    .flatMap((t) => (t.plans.length > 0 ? t.plans.map((p) => p.total) : [t.total]))
    .reduce<number | null>((min, total) => (min === null || total < min ? total : min), null);
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
