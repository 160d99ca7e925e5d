import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants/domain.ts';
import { addDays } from './dates.ts';
import { STAY_DATE_MSG, stayDatesProblem } from './stay-dates.ts';

const today = '2026-11-22';

describe('stayDatesProblem', () => {
  it('accepts a stay from today to tomorrow', () => {
    expect(stayDatesProblem(today, '2026-11-23', today)).toBeNull();
  });

  it('refuses a check-in before today (India date)', () => {
    expect(stayDatesProblem('2026-11-21', '2026-11-23', today)).toEqual({
      field: 'checkIn',
      message: STAY_DATE_MSG.checkInPast,
    });
  });

  it('refuses a check-out on or before the check-in', () => {
    expect(stayDatesProblem(today, today, today)).toEqual({ field: 'checkOut', message: STAY_DATE_MSG.checkOutNotAfter });
    expect(stayDatesProblem('2026-11-25', '2026-11-24', today)).toEqual({
      field: 'checkOut',
      message: STAY_DATE_MSG.checkOutNotAfter,
    });
  });

  it(`allows at most ${LIMITS.maxNights} nights`, () => {
    expect(stayDatesProblem(today, addDays(today, LIMITS.maxNights), today)).toBeNull();
    expect(stayDatesProblem(today, addDays(today, LIMITS.maxNights + 1), today)).toEqual({
      field: 'checkOut',
      message: STAY_DATE_MSG.tooLong,
    });
  });

  it(`books at most ${LIMITS.bookingHorizonDays} days ahead (no hold in year 9999)`, () => {
    const last = addDays(today, LIMITS.bookingHorizonDays);
    expect(stayDatesProblem(last, addDays(last, 1), today)).toBeNull();
    expect(stayDatesProblem(addDays(last, 1), addDays(last, 2), today)).toEqual({
      field: 'checkIn',
      message: STAY_DATE_MSG.tooFarAhead,
    });
    expect(stayDatesProblem('9999-12-01', '9999-12-02', today)).toEqual({ field: 'checkIn', message: STAY_DATE_MSG.tooFarAhead });
  });

  it('crosses month and year ends', () => {
    expect(stayDatesProblem('2026-12-31', '2027-01-01', today)).toBeNull();
  });

  it('uses the India date by default', () => {
    // A check-in far in the past is refused whatever the clock says.
    expect(stayDatesProblem('2000-01-01', '2000-01-02')?.message).toBe(STAY_DATE_MSG.checkInPast);
  });
});
