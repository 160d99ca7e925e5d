import { z } from 'zod';
import { BOOKING_STATUSES, REFUND_STATUSES } from '../constants/domain.ts';
import { addDays, dateParts, nightsBetween } from '../domain/dates.ts';
import { lastPlannableNight, PLANNING_MSG } from '../domain/stay-dates.ts';
import { Id, IsoDate } from './common.ts';

/** Limits of the owner's reservations, calendar and blocks. */
export const OWNER_LIMITS = {
  pageSize: 10,
  searchMax: 100,
  noteMax: 200,
  /** The most nights one block may take out of sale. */
  blockNightsMax: 366,
  /** The most rooms one block request may name. */
  blockRoomsMax: 200,
  /** The figures' windows: this many nights before today and from today on. */
  figureDays: 30,
  /** Stays per page of the dashboard's figures. */
  figuresPageSize: 12,
  /** Stays per page of the dashboard's month table. */
  monthPageSize: 20,
  /** The most bookings one CSV export lists (the newest; a last line says when there were more). */
  exportMax: 10_000,
} as const;

export const OWNER_MSG = {
  pageInvalid: 'Page must be a whole number from 1',
  statusInvalid: `Status must be one of ${BOOKING_STATUSES.join(', ')}`,
  searchTooLong: `Search can not exceed ${OWNER_LIMITS.searchMax} characters`,
  datesOrder: 'The end date must be after the start date',
  monthInvalid: 'Month must be written yyyy-MM',
  sortInvalid: 'Sort must be one of name, occupancy, adr, revpar, revenue',
  directionInvalid: 'Direction must be asc or desc',
  roomsRequired: 'Choose at least one room',
  roomsTooMany: `At most ${OWNER_LIMITS.blockRoomsMax} rooms in one block`,
  roomsTwice: 'A room can be chosen once',
  blockTooLong: `A block can take at most ${OWNER_LIMITS.blockNightsMax} nights`,
  noteTooLong: `A note can not exceed ${OWNER_LIMITS.noteMax} characters`,
} as const;

const page = z.coerce
  .number({ error: OWNER_MSG.pageInvalid })
  .int({ error: OWNER_MSG.pageInvalid })
  .min(1, { error: OWNER_MSG.pageInvalid })
  .max(100_000, { error: OWNER_MSG.pageInvalid })
  .default(1);

const filterFields = {
  stayId: Id.optional(),
  status: z.enum(BOOKING_STATUSES, { error: OWNER_MSG.statusInvalid }).optional(),
  /** Bookings with a night on or after `from` and before `to` (either end may be open). */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  /** A guest's name or email (part of it), or an order id or booking id (whole or its start). */
  q: z.string().trim().max(OWNER_LIMITS.searchMax, { error: OWNER_MSG.searchTooLong }).optional(),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.to > f.from;

/** The filters of the reservations list and of its CSV export (every one optional). */
export const ReservationsFilter = z.object(filterFields).refine(datesInOrder, { error: OWNER_MSG.datesOrder, path: ['to'] });
export type ReservationsFilter = z.output<typeof ReservationsFilter>;

/** One page of the filtered reservations. */
export const ReservationsQuery = z
  .object({ ...filterFields, page })
  .refine(datesInOrder, { error: OWNER_MSG.datesOrder, path: ['to'] });
export type ReservationsQuery = z.input<typeof ReservationsQuery>;

/**
 * A booking of one of the owner's stays, with its guest and what the ledger says of its money (paise). The money
 * (amount, paid, refunded, refund status, compensation) is null for staff whose role sees no money (ADR 066).
 */
export const ReservationDto = z.object({
  id: Id,
  stayId: Id,
  stayName: z.string(),
  orderId: z.string().nullable(),
  paymentId: z.string().nullable(),
  guest: z.object({ name: z.string(), email: z.string(), mobile: z.string() }),
  from: IsoDate,
  to: IsoDate,
  nights: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  /** Each room with its rate plan and meal plan in words ('Non-refundable · Room only'; null: sold before plans). */
  rooms: z.array(z.object({ number: z.number().int(), title: z.string(), plan: z.string().nullable() })),
  amount: z.number().int().nullable(),
  status: z.enum(BOOKING_STATUSES),
  holdExpiresAt: z.string().nullable(),
  /** Sum of the booking's payments in the ledger. */
  paid: z.number().int().nullable(),
  /** Sum of its refunds that did not fail. */
  refunded: z.number().int().nullable(),
  /** The latest refund's state, or null when nothing was refunded. */
  refundStatus: z.enum(REFUND_STATUSES).nullable(),
  /** What the stay owes the guest for cancelling it itself, on top of the refund (0 when none; ADR 053). */
  compensation: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ReservationDto = z.infer<typeof ReservationDto>;

export const ReservationsPage = z.object({
  reservations: z.array(ReservationDto),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReservationsPage = z.infer<typeof ReservationsPage>;

export const ReservationResult = z.object({ reservation: ReservationDto });

/** The states of a room-night in the occupancy calendar. */
export const NIGHT_STATES = ['free', 'booked', 'held', 'blocked'] as const;
export type NightState = (typeof NIGHT_STATES)[number];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** A month, yyyy-MM, of the years 2000 to 2100. */
const Month = z
  .string()
  .regex(MONTH, { error: OWNER_MSG.monthInvalid })
  .refine((m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100, { error: OWNER_MSG.monthInvalid });

export const OccupancyQuery = z.object({
  /** yyyy-MM; the current month in India when absent. */
  month: Month.optional(),
});

/** A guest arriving or leaving today. */
export const MovementDto = z.object({
  bookingId: Id,
  guestName: z.string(),
  rooms: z.array(z.number().int()),
});

export const BlockDto = z.object({
  id: Id,
  roomNumberId: Id,
  number: z.number().int(),
  from: IsoDate,
  to: IsoDate,
  note: z.string(),
});
export type BlockDto = z.infer<typeof BlockDto>;

/** A room × night grid of one stay for a month, with today's arrivals and departures (India date). */
export const OccupancyDto = z.object({
  stay: z.object({ id: Id, name: z.string() }),
  month: z.string(),
  today: IsoDate,
  /** Each night of the month, in order; every room's `nights` follows it. */
  nights: z.array(IsoDate),
  rooms: z.array(z.object({ id: Id, number: z.number().int(), title: z.string(), nights: z.array(z.enum(NIGHT_STATES)) })),
  /** Blocks with a night in the month. */
  blocks: z.array(BlockDto),
  arrivals: z.array(MovementDto),
  departures: z.array(MovementDto),
});
export type OccupancyDto = z.infer<typeof OccupancyDto>;

/** Takes rooms out of sale from `from` up to, not including, `to` (the nights of a stay with those dates). */
export const BlockInput = z
  .object({
    roomNumberIds: z
      .array(Id, { error: OWNER_MSG.roomsRequired })
      .min(1, { error: OWNER_MSG.roomsRequired })
      .max(OWNER_LIMITS.blockRoomsMax, { error: OWNER_MSG.roomsTooMany })
      .refine((a) => new Set(a).size === a.length, { error: OWNER_MSG.roomsTwice }),
    from: IsoDate,
    to: IsoDate,
    note: z.string().trim().max(OWNER_LIMITS.noteMax, { error: OWNER_MSG.noteTooLong }).default(''),
  })
  .refine((b) => b.to > b.from, { error: OWNER_MSG.datesOrder, path: ['to'] })
  .refine((b) => nightsBetween(b.from, b.to) <= OWNER_LIMITS.blockNightsMax, { error: OWNER_MSG.blockTooLong, path: ['to'] })
  // The last night blocked (the night before `to`) at most two years ahead.
  .refine((b) => b.to <= addDays(lastPlannableNight(), 1), { error: PLANNING_MSG.tooFarAhead, path: ['to'] });
export type BlockInput = z.input<typeof BlockInput>;

export const BlocksResult = z.object({ blocks: z.array(BlockDto) });

/** Sold and sellable room-nights over a window, their ratio (null when nothing was sellable) and revenue (paise). */
export const FigureDto = z.object({
  from: IsoDate,
  to: IsoDate,
  soldNights: z.number().int(),
  sellableNights: z.number().int(),
  occupancy: z.number().nullable(),
  revenue: z.number().int(),
});
export type FigureDto = z.infer<typeof FigureDto>;

/** A stay's figures (ADR 019): the last and next 30 nights, and each of those 60 nights. */
export const FiguresDto = z.object({
  stayId: Id,
  today: IsoDate,
  last30: FigureDto,
  next30: FigureDto,
  nightly: z.array(z.object({ night: IsoDate, sold: z.number().int(), sellable: z.number().int() })),
});
export type FiguresDto = z.infer<typeof FiguresDto>;

/** A page of the dashboard's figures (GET /api/admin/figures). */
export const FiguresQuery = z.object({ page });
export type FiguresQuery = z.input<typeof FiguresQuery>;

/** Every live stay of the owner with its figures, by name, a page at a time. */
export const OwnerFiguresPage = z.object({
  stays: z.array(FiguresDto.extend({ name: z.string() })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OwnerFiguresPage = z.infer<typeof OwnerFiguresPage>;

/** What the dashboard's month table sorts by: the stay's name, or one of its figures. */
export const MONTH_SORTS = ['name', 'occupancy', 'adr', 'revpar', 'revenue'] as const;
export type MonthSort = (typeof MONTH_SORTS)[number];
const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** The owner's month (GET /api/admin/figures/month): which month, and the table's search, sort and page. */
export const OwnerMonthQuery = z.object({
  /** yyyy-MM; the current month in India when absent. */
  month: Month.optional(),
  /** Part of a stay's name or city (case-insensitive); the totals always cover every stay. */
  q: z.string().trim().max(OWNER_LIMITS.searchMax, { error: OWNER_MSG.searchTooLong }).optional(),
  sort: z.enum(MONTH_SORTS, { error: OWNER_MSG.sortInvalid }).default('name'),
  dir: z.enum(SORT_DIRECTIONS, { error: OWNER_MSG.directionInvalid }).default('asc'),
  page,
});
export type OwnerMonthQuery = z.input<typeof OwnerMonthQuery>;

/**
 * A month's figures (ADR 019's definitions, ADR 039): sold and sellable room-nights, occupancy (sold ÷ sellable, one
 * decimal, null when nothing was sellable), the room revenue of the sold nights (their tariffs, GST included) and
 * the same net of the GST in them, the average daily rate (revenue ÷ sold nights) and RevPAR (revenue ÷ sellable
 * nights), in paise, null when there is nothing to divide by.
 */
export const MonthFiguresDto = z.object({
  soldNights: z.number().int(),
  sellableNights: z.number().int(),
  occupancy: z.number().nullable(),
  revenue: z.number().int(),
  netRevenue: z.number().int(),
  adr: z.number().int().nullable(),
  revpar: z.number().int().nullable(),
});
export type MonthFiguresDto = z.infer<typeof MonthFiguresDto>;

/** One stay's row of the month table. */
export const MonthStayDto = MonthFiguresDto.extend({ stayId: Id, name: z.string(), city: z.string() });
export type MonthStayDto = z.infer<typeof MonthStayDto>;

/**
 * The owner's month: totals over every live stay of theirs (with the platform's fee and what is payable to them,
 * `feeAvailable` false while those are not known: the screen then shows none), and a page of the stays matching the
 * search, sorted.
 */
export const OwnerMonthDto = z.object({
  month: z.string(),
  /** The first night of the month and the first of the next. */
  from: IsoDate,
  to: IsoDate,
  totals: MonthFiguresDto.extend({
    stays: z.number().int(),
    fee: z.number().int(),
    payable: z.number().int(),
    feeAvailable: z.boolean(),
  }),
  stays: z.array(MonthStayDto),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many stays match the search. */
  total: z.number().int(),
});
export type OwnerMonthDto = z.infer<typeof OwnerMonthDto>;

/** The first night of a month and the first of the next (yyyy-MM-dd). */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [y, m] = dateParts(month);
  const to = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to };
}

/** Every night from `from` up to, not including, `to`. */
export function nightsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d < to; d = addDays(d, 1)) out.push(d);
  return out;
}
