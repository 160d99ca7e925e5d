import { z } from 'zod';
import { MSG } from '../constants/messages.ts';
import { stayDatesProblem } from '../domain/stay-dates.ts';
import { IsoDate } from './common.ts';
import { Amenity, StayDto, StayType } from './stay.ts';

const count = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(99, { error: `${label} can not exceed 99` });

/** Refines any object with checkIn/checkOut by the shared stay-date rules. */
export function withStayDates<T extends z.ZodType<{ checkIn: string; checkOut: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    const problem = stayDatesProblem(v.checkIn, v.checkOut);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const StayDatesQuery = withStayDates(z.object({ checkIn: IsoDate, checkOut: IsoDate }));

export const SEARCH_SORTS = ['price_asc', 'price_desc', 'rating', 'distance'] as const;

export const SearchQuery = withStayDates(
  z.object({
    city: z
      .string({ error: MSG.cityRequired })
      .trim()
      .min(1, { error: MSG.cityRequired })
      .max(60, { error: 'City can not exceed 60 characters' })
      .transform((c) => c.toLowerCase()),
    checkIn: IsoDate,
    checkOut: IsoDate,
    adults: count('Adults', 1).default(1),
    children: count('Children', 0).default(0),
    rooms: count('Rooms', 1).default(1),
    type: StayType.optional(),
    amenities: z
      .string()
      .max(200)
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(Amenity))
      .optional(),
    minPrice: z.coerce.number({ error: 'Minimum price must be a number' }).int().min(0).max(10_000_000).optional(),
    maxPrice: z.coerce.number({ error: 'Maximum price must be a number' }).int().min(0).max(10_000_000).optional(),
    minRating: z.coerce.number({ error: 'Minimum rating must be a number' }).min(0).max(10).optional(),
    sort: z.enum(SEARCH_SORTS, { error: `Sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(1000).default(1),
  }),
);
export type SearchQuery = z.input<typeof SearchQuery>;

/** A search result: the stay with its lowest free nightly price for the dates. */
export const SearchHit = StayDto.extend({ freeRooms: z.number().int() });
export const SearchResult = z.object({
  stays: z.array(SearchHit),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResult>;
