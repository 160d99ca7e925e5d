import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants/domain.ts';
import { addDays } from './dates.ts';
import { BlockInput } from '../schemas/owner.ts';
import { SeasonInput } from '../schemas/room.ts';
import { lastPlannableNight, PLANNING_MSG, STAY_DATE_MSG, stayDatesProblem } from './stay-dates.ts';

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

describe('the planning horizon of blocks and seasons', () => {
  const today = '2026-11-25';
  const lastNight = lastPlannableNight(today);

  it('is 730 days after today (India)', () => {
    expect(lastNight).toBe(addDays(today, LIMITS.planningHorizonDays));
    expect(lastNight).toBe('2028-11-24');
  });

  it('a block or a season ending after it is refused with one message; ending on it is fine', () => {
    const horizon = lastPlannableNight();
    const block = (to: string) =>
      BlockInput.safeParse({ roomNumberIds: ['00000000-0000-4000-8000-000000000001'], from: addDays(to, -1), to });
    expect(block(addDays(horizon, 1)).success).toBe(true);
    const late = block(addDays(horizon, 2));
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]).toMatchObject({ path: ['to'], message: PLANNING_MSG.tooFarAhead });
    expect(block('9999-01-01').success).toBe(false);
    const season = (endsOn: string) => SeasonInput.safeParse({ startsOn: addDays(endsOn, -3), endsOn, price: 3000 });
    expect(season(horizon).success).toBe(true);
    expect(season(addDays(horizon, 1)).error?.issues[0]).toMatchObject({ path: ['endsOn'], message: PLANNING_MSG.tooFarAhead });
  });
});
