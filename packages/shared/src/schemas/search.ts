import { z } from 'zod';
import { CITY_ALIASES, LIMITS, SEARCH_SORTS } from '../constants/domain.ts';
import { MSG } from '../constants/messages.ts';
import { isIsoDate } from '../domain/dates.ts';
import { stayDatesProblem } from '../domain/stay-dates.ts';
import { IsoDate } from './common.ts';
import { ChildAgesQuery } from './plans.ts';
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
    // A malformed date already has its own message.
    if (!isIsoDate(v.checkIn) || !isIsoDate(v.checkOut)) return;
    const problem = stayDatesProblem(v.checkIn, v.checkOut);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}

export const StayDatesQuery = withStayDates(z.object({ checkIn: IsoDate, checkOut: IsoDate }));

// Kept in constants/domain.ts (no zod, for the pages that only list them); re-exported here.
export { SEARCH_SORTS, type SearchSort } from '../constants/domain.ts';

/** Messages of the search filters (ours; the spec has none). */
export const SEARCH_MSG = {
  priceRange: 'Minimum price can not exceed the maximum price',
  tooManyAges: 'Give one age for each child',
} as const;

/** The name stays are stored under for what a guest typed: lower-case, trimmed, known other spellings mapped. */
export function canonicalCity(city: string): string {
  const c = city.trim().toLowerCase().replace(/\s+/g, ' ');
  return CITY_ALIASES[c] ?? c;
}

const price = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be whole rupees` })
    .min(0, { error: `${label} can not be negative` })
    .max(10_000_000, { error: `${label} is too large` });

/** GET /api/stays/search: city, dates and party, plus optional filters, sort and page. */
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
    /** Each child's age ('7,3'): 0–5 stay free by default, 6–12 pay the child price, 13–17 count as adults. */
    childAges: ChildAgesQuery.optional(),
    rooms: count('Rooms', 1).default(1),
    type: StayType.optional(),
    amenities: z
      .string()
      .max(200, { error: 'Too many amenities' })
      .transform((s) => [
        ...new Set(
          s
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(Amenity))
      .optional(),
    minPrice: price('Minimum price').optional(),
    maxPrice: price('Maximum price').optional(),
    minRating: z.coerce
      .number({ error: 'Minimum rating must be a number' })
      .min(0, { error: 'Minimum rating must be from 0 to 10' })
      .max(LIMITS.ratingMax, { error: 'Minimum rating must be from 0 to 10' })
      .optional(),
    sort: z.enum(SEARCH_SORTS, { error: `Sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('price_asc'),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int({ error: 'Page must be a whole number' })
      .min(1, { error: 'Page must be at least 1' })
      .max(1000, { error: 'Page can not exceed 1000' })
      .default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .int({ error: 'Page size must be a whole number' })
      .min(1, { error: 'Page size must be at least 1' })
      .max(50, { error: 'Page size can not exceed 50' })
      .default(LIMITS.pageSize),
  }),
).superRefine((v, ctx) => {
  if (v.minPrice !== undefined && v.maxPrice !== undefined && v.minPrice > v.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: SEARCH_MSG.priceRange });
  childAgesProblem(v, ctx);
});

/** More ages than children is a 400 naming childAges. */
function childAgesProblem(v: { children: number; childAges?: number[] | undefined }, ctx: z.RefinementCtx) {
  if (v.childAges !== undefined && v.childAges.length > 0 && v.childAges.length > v.children)
    ctx.addIssue({ code: 'custom', path: ['childAges'], message: SEARCH_MSG.tooManyAges });
}

/** GET /api/stays/:id/room-types: the dates, and the party its plans are priced for. */
export const RoomTypesQuery = withStayDates(
  z.object({
    checkIn: IsoDate,
    checkOut: IsoDate,
    adults: count('Adults', 1).default(1),
    children: count('Children', 0).default(0),
    childAges: ChildAgesQuery.optional(),
  }),
).superRefine(childAgesProblem);
export type SearchQuery = z.input<typeof SearchQuery>;
export type SearchParams = z.output<typeof SearchQuery>;

/**
 * A search result: the stay with its lowest free nightly price for the dates and the party, and that plan's total
 * for the nights (ADR 065).
 */
export const SearchHit = StayDto.extend({ freeRooms: z.number().int(), lowestTotal: z.number().int() });
export const SearchResult = z.object({
  stays: z.array(SearchHit),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SearchResult = z.infer<typeof SearchResult>;
