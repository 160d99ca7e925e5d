import { LIMITS } from '../constants/domain.ts';
import { addDays, nightsBetween, todayInIndia } from './dates.ts';

export const STAY_DATE_MSG = {
  checkInPast: 'Check-in date can not be in the past',
  checkOutNotAfter: 'Check-out date must be after the check-in date',
  tooLong: `A stay can be at most ${LIMITS.maxNights} nights`,
  tooFarAhead: `Stays can be booked at most ${LIMITS.bookingHorizonDays} days ahead`,
} as const;

/**
 * The date rules shared by search, room availability and booking: no past check-in (India time),
 * check-out after check-in, at most LIMITS.maxNights nights, check-in at most LIMITS.bookingHorizonDays days
 * ahead. Returns the problem per field, or null.
 */
export function stayDatesProblem(
  checkIn: string,
  checkOut: string,
  today: string = todayInIndia(),
): { field: 'checkIn' | 'checkOut'; message: string } | null {
  if (checkIn < today) return { field: 'checkIn', message: STAY_DATE_MSG.checkInPast };
  if (checkIn > addDays(today, LIMITS.bookingHorizonDays)) return { field: 'checkIn', message: STAY_DATE_MSG.tooFarAhead };
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return { field: 'checkOut', message: STAY_DATE_MSG.checkOutNotAfter };
  if (nights > LIMITS.maxNights) return { field: 'checkOut', message: STAY_DATE_MSG.tooLong };
  return null;
}

/** What an owner plans (blocks, seasons of prices by date) reaches at most LIMITS.planningHorizonDays ahead. */
export const PLANNING_MSG = {
  tooFarAhead: 'Dates can be at most two years ahead',
} as const;

/** The last night an owner may plan for: LIMITS.planningHorizonDays after today in India (yyyy-MM-dd). */
export function lastPlannableNight(today: string = todayInIndia()): string {
  return addDays(today, LIMITS.planningHorizonDays);
}
