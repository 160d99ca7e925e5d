import { z } from 'zod';
import { GST_PRICE_MSG, MSG } from '../constants/messages.ts';
import { isIsoDate, todayInIndia } from '../domain/dates.ts';
import { unslabbedBandOf } from '../domain/gst.ts';
import { GST_ACCOMMODATION_RATES } from '../domain/gst-rates.ts';
import { seasonsOverlap } from '../domain/rates.ts';
import { lastPlannableNight, PLANNING_MSG } from '../domain/stay-dates.ts';
import { Id, IsoDate } from './common.ts';
import { PlanQuoteDto } from './plans.ts';

const RoomNumber = z.coerce
  .number({ error: 'Room number must be a whole number' })
  .int({ error: 'Room number must be a whole number' })
  .min(1, { error: 'Room number must be 1 or more' })
  .max(99_999, { error: 'Room number can not exceed 99999' });

const Title = z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(80);
const Description = z.string().trim().max(500, { error: 'Description can not exceed 500 characters' });
/**
 * A tax-inclusive tariff must fit exactly one GST slab under the rates in force now or later (ADR 022): the tariffs
 * between two slabs (₹7,876–8,850 with 5 % and 18 %) are refused with what to choose instead.
 */
const fitsGstSlab = (label: string) => (price: number | null, ctx: z.RefinementCtx) => {
  if (price === null) return;
  const band = unslabbedBandOf(price, todayInIndia(), GST_ACCOMMODATION_RATES);
  if (band) ctx.addIssue({ code: 'custom', message: GST_PRICE_MSG.unslabbed(label, band) });
};
const Price = z.coerce
  .number({ error: 'Price must be a number' })
  .int({ error: 'Price must be whole rupees' })
  .min(1, { error: 'Price must be at least ₹1' })
  .max(10_000_000, { error: 'Price is too large' })
  .superRefine(fitsGstSlab('Price'));
/** An optional price: empty (or null) means none. */
const OptionalPrice = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int({ error: `${label} must be whole rupees` })
      .min(1, { error: `${label} must be at least ₹1` })
      .max(10_000_000, { error: `${label} is too large` })
      .nullable()
      .superRefine(fitsGstSlab(label)),
  );
const MinNights = z.coerce
  .number({ error: 'Minimum nights must be a number' })
  .int({ error: 'Minimum nights must be a whole number' })
  .min(1, { error: 'Minimum nights must be at least 1' })
  .max(60, { error: 'Minimum nights can not exceed 60' });
const MaxPeople = z.coerce
  .number({ error: 'Max persons must be a number' })
  .int({ error: 'Max persons must be a whole number' })
  .min(1, { error: 'Max persons must be at least 1' })
  .max(50, { error: 'Max persons can not exceed 50' });
const RoomNumberList = z
  .array(RoomNumber, { error: MSG.roomNumberRequired })
  .max(500, { error: 'At most 500 room numbers at a time' })
  .refine((a) => new Set(a).size === a.length, { error: 'Room numbers must not repeat' });

/** Add a room type with its room numbers. */
export const RoomTypeInput = z.object({
  title: Title,
  description: Description.default(''),
  price: Price,
  /** Rupees per Friday and Saturday night; none: the price. */
  weekendPrice: OptionalPrice('Weekend price').default(null),
  minNights: MinNights.default(1),
  maxPeople: MaxPeople,
  roomNumbers: RoomNumberList.check(z.minLength(1, { error: MSG.roomNumberRequired })),
});
export type RoomTypeInput = z.input<typeof RoomTypeInput>;

/** Edit a room type: the details sent are changed (absent ones kept), and `roomNumbers` are added to its rooms. */
export const RoomTypeUpdateInput = z.object({
  title: Title.optional(),
  description: Description.optional(),
  price: Price.optional(),
  /** null (or empty) clears the weekend price; absent keeps it. */
  weekendPrice: OptionalPrice('Weekend price').optional(),
  minNights: MinNights.optional(),
  maxPeople: MaxPeople.optional(),
  roomNumbers: RoomNumberList.default([]),
});
export type RoomTypeUpdateInput = z.input<typeof RoomTypeUpdateInput>;

export const RoomNumberDto = z.object({ id: Id, number: z.number().int(), available: z.boolean() });
export const PriceLineDto = z.object({ price: z.number().int(), nights: z.number().int(), weekend: z.boolean() });
export type PriceLineDto = z.infer<typeof PriceLineDto>;
/** A room type for a stay's dates: its rooms' availability and what it costs for those nights (rupees). */
export const RoomTypeDto = z.object({
  id: Id,
  stayId: Id,
  title: z.string(),
  description: z.string(),
  /** The base price per night. */
  price: z.number().int(),
  maxPeople: z.number().int(),
  roomNumbers: z.array(RoomNumberDto),
  /** The price of each night of the dates, in order, and their sum (packages/shared/src/domain/rates.ts). */
  nightlyPrices: z.array(z.number().int()),
  total: z.number().int(),
  /** The nights grouped by price, cheapest first. */
  breakdown: z.array(PriceLineDto),
  minNights: z.number().int(),
  /** False when the dates have fewer nights than `minNights`: its rooms can not be booked for them. */
  bookable: z.boolean(),
  /** Its rate plans for the dates and the party, the standard plan first (ADR 065). */
  plans: z.array(PlanQuoteDto),
});
export type RoomTypeDto = z.infer<typeof RoomTypeDto>;
export const RoomTypesList = z.object({
  roomTypes: z.array(RoomTypeDto),
  /** The lowest average nightly price of a bookable room type with a free room for the dates (null: none). */
  lowestPrice: z.number().int().nullable(),
});

/** A row of the admin rooms list: S.No, Stay Name, Room Number, Price, Title. */
export const AdminRoomRow = z.object({
  roomTypeId: Id,
  roomNumberId: Id,
  stayName: z.string(),
  number: z.number().int(),
  price: z.number().int(),
  weekendPrice: z.number().int().nullable(),
  minNights: z.number().int(),
  title: z.string(),
});
export const AdminRoomsList = z.object({ rooms: z.array(AdminRoomRow) });
export const RoomNumberParams = z.object({ roomTypeId: Id, roomNumberId: Id });

/** Season dates: real dates between 2000 and 2099 (a season of prices, not a stay: past seasons may be kept). */
const SeasonDate = IsoDate.refine((d) => !isIsoDate(d) || (d >= '2000-01-01' && d <= '2099-12-31'), {
  error: 'Date must be between 2000 and 2099',
});

/** A season of a room type: its nights from `startsOn` to `endsOn` (both included) cost `price`. */
export const SeasonInput = z
  .object({
    startsOn: SeasonDate,
    endsOn: SeasonDate,
    price: Price,
    weekendPrice: OptionalPrice('Weekend price').default(null),
    minNights: z.preprocess((v) => (v === '' || v === undefined ? null : v), MinNights.nullable()).default(null),
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.startsOn) && isIsoDate(v.endsOn) && v.endsOn < v.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'The last night can not be before the first night' });
    else if (isIsoDate(v.endsOn) && v.endsOn > lastPlannableNight())
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: PLANNING_MSG.tooFarAhead });
  });
export type SeasonInput = z.input<typeof SeasonInput>;

export const SeasonDto = z.object({
  id: Id,
  startsOn: IsoDate,
  endsOn: IsoDate,
  price: z.number().int(),
  weekendPrice: z.number().int().nullable(),
  minNights: z.number().int().nullable(),
});
export type SeasonDto = z.infer<typeof SeasonDto>;

/** A room type's prices as its owner manages them: base, weekend, minimum nights and seasons by date. */
export const RoomTypeRatesDto = z.object({
  roomType: z.object({
    id: Id,
    stayId: Id,
    stayName: z.string(),
    title: z.string(),
    price: z.number().int(),
    weekendPrice: z.number().int().nullable(),
    minNights: z.number().int(),
  }),
  seasons: z.array(SeasonDto),
});
export type RoomTypeRatesDto = z.infer<typeof RoomTypeRatesDto>;
export const SeasonParams = z.object({ roomTypeId: Id, seasonId: Id });

/** True when a season would share a night with another of the list (the one being edited left out). */
export function overlappingSeason<T extends { id: string; startsOn: string; endsOn: string }>(
  seasons: readonly T[],
  season: { startsOn: string; endsOn: string },
  editing?: string,
): T | undefined {
  return seasons.find((s) => s.id !== editing && seasonsOverlap(s, season));
}
