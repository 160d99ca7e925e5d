import { z } from 'zod';
import { ARRIVAL_STATES, DESK_PAYMENT_METHODS, GUEST_ID_TYPES, HOUSEKEEPING_STATES, LIMITS } from '../constants/domain.ts';
import { Mobile } from './auth.ts';
import { Id, IsoDate } from './common.ts';
import { GstBreakupDto, GuestBilling, requireBillingAddress } from './gst.ts';
import { withStayDates } from './search.ts';

/** The front desk's words (ADR 064). */
export const DESK_MSG = {
  guestNameRequired: 'Guest name is required',
  guestNameTooLong: 'Guest name can not exceed 120 characters',
  emailInvalid: 'Email must be a valid email address',
  amountInvalid: 'Amount must be a whole number of paise above 0',
  referenceTooLong: 'Reference can not exceed 80 characters',
  referenceRequired: 'Reference is required for a UPI or card payment at the desk (its UTR or the terminal slip number)',
  idNumberRequired: 'ID number is required',
  aadhaarWhole:
    'Enter only the last four digits of the Aadhaar number: the whole number is never recorded (Aadhaar Act 2016 s.29)',
  aadhaarLastFour: 'Aadhaar: enter its last four digits (4 digits)',
  passportShape: 'Passport number must be a letter and 7 digits, like A1234567',
  drivingLicenceShape: 'Driving licence number must be 15 or 16 letters and digits, like MH1420110012345',
  voterIdShape: 'Voter ID (EPIC) number must be 3 letters and 7 digits, like ABC1234567',
  foreignPassport: 'A foreign national checks in with their passport',
  foreignPassportShape: 'Passport number must be 5 to 20 letters and digits',
  untilInvalid: 'Out of order until must be after today',
} as const;

/** A desk payment's method and reference; cash needs none, UPI and card name theirs. */
export const DeskPaymentInput = z
  .object({
    method: z.enum(DESK_PAYMENT_METHODS, { error: 'Method must be cash, upi_desk or card_desk' }),
    /** Paise; absent: the whole balance due. */
    amount: z.coerce
      .number({ error: DESK_MSG.amountInvalid })
      .int({ error: DESK_MSG.amountInvalid })
      .positive({ error: DESK_MSG.amountInvalid })
      .optional(),
    reference: z.string().trim().max(80, { error: DESK_MSG.referenceTooLong }).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'cash' && v.reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: DESK_MSG.referenceRequired });
  });
export type DeskPaymentInput = z.input<typeof DeskPaymentInput>;

/** A booking taken at the desk for a guest who called or walked in: name and an Indian mobile; email optional. */
export const DeskBookingInput = withStayDates(
  z
    .object({
      checkIn: IsoDate,
      checkOut: IsoDate,
      adults: z.coerce.number().int().min(1, { error: 'Adults must be at least 1' }).max(99),
      children: z.coerce.number().int().min(0, { error: 'Children can not be negative' }).max(99).default(0),
      roomNumberIds: z
        .array(Id, { error: 'Choose at least one room' })
        .min(1, { error: 'Choose at least one room' })
        .max(LIMITS.maxHeldRooms, { error: `At most ${LIMITS.maxHeldRooms} rooms in one booking` })
        .refine((a) => new Set(a).size === a.length, { error: 'A room can be chosen once' }),
      guestName: z
        .string({ error: DESK_MSG.guestNameRequired })
        .trim()
        .min(1, { error: DESK_MSG.guestNameRequired })
        .max(120, { error: DESK_MSG.guestNameTooLong }),
      guestMobile: Mobile,
      guestEmail: z
        .string({ error: DESK_MSG.emailInvalid })
        .trim()
        .max(254, { error: DESK_MSG.emailInvalid })
        .transform((s) => s.toLowerCase())
        .refine((s) => s === '' || z.email().safeParse(s).success, { error: DESK_MSG.emailInvalid })
        .transform((s) => (s === '' ? null : s))
        .nullish(),
      /** Money taken now, at the desk (absent: the guest pays later, by check-out). */
      payment: DeskPaymentInput.optional(),
    })
    .extend(GuestBilling.shape)
    .superRefine(requireBillingAddress),
);
export type DeskBookingInput = z.input<typeof DeskBookingInput>;

/** A desk payment as the admin booking view shows it: the ledger line as recorded. */
export const DeskLedgerLineDto = z.object({
  id: Id,
  at: z.string(),
  /** 'card' | 'upi' | 'netbanking' online, or a desk method. */
  method: z.string().nullable(),
  provider: z.string(),
  reference: z.string().nullable(),
  amount: z.number().int(),
});

/** A booking as the desk sees it. */
export const DeskBookingDto = z.object({
  id: Id,
  stayId: Id,
  source: z.enum(['online', 'desk']),
  guestName: z.string(),
  guestMobile: z.string().nullable(),
  guestEmail: z.string().nullable(),
  from: IsoDate,
  to: IsoDate,
  nights: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  rooms: z.array(z.object({ id: Id, number: z.number().int(), title: z.string() })),
  amount: z.number().int(),
  /** Paid less refunded (paise). */
  paid: z.number().int(),
  /** What is left to pay (paise, never below 0). */
  due: z.number().int(),
  status: z.string(),
  arrival: z.enum(ARRIVAL_STATES).nullable(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  /** The ID shown at check-in, masked; null when none was recorded; `erased` once deleted after check-out. */
  guestId: z
    .object({
      type: z.enum(GUEST_ID_TYPES),
      masked: z.string().nullable(),
      erased: z.boolean(),
      eraseAfter: z.string().nullable(),
    })
    .nullable(),
  ledger: z.array(DeskLedgerLineDto),
  gst: GstBreakupDto,
  /** Its tax invoice and credit note as issued, each downloadable from /api/admin/documents/:id/file. */
  documents: z.array(
    z.object({
      id: Id,
      kind: z.enum(['invoice', 'credit_note']),
      title: z.string(),
      number: z.string(),
      total: z.number().int(),
    }),
  ),
});
export type DeskBookingDto = z.infer<typeof DeskBookingDto>;
export const DeskBookingResult = z.object({ booking: DeskBookingDto });

const digits = (s: string) => s.replace(/[\s-]/g, '');

/**
 * The ID shown at check-in: its type and only what the law needs of its number (ADR 064): the last four digits of
 * an Aadhaar (a whole 12-digit number is refused, never stored), the whole number of a passport, driving licence or
 * voter ID, each of its own shape.
 */
export const CheckInInput = z
  .object({
    /**
     * Whether the guest is an Indian national; a foreign national (OCI cardholders too) shows their passport and has
     * a Form C recorded first (ADR 067).
     */
    nationality: z.enum(['indian', 'foreign'], { error: 'Nationality must be indian or foreign' }).default('indian'),
    idType: z.enum(GUEST_ID_TYPES, { error: 'ID type must be aadhaar, passport, driving_licence or voter_id' }),
    idNumber: z
      .string({ error: DESK_MSG.idNumberRequired })
      .trim()
      .min(1, { error: DESK_MSG.idNumberRequired })
      .max(40, { error: DESK_MSG.idNumberRequired })
      .transform((s) => digits(s).toUpperCase()),
  })
  .superRefine((v, ctx) => {
    if (v.nationality === 'foreign') {
      if (v.idType !== 'passport') ctx.addIssue({ code: 'custom', path: ['idType'], message: DESK_MSG.foreignPassport });
      else if (!/^[A-Z0-9]{5,20}$/.test(v.idNumber))
        ctx.addIssue({ code: 'custom', path: ['idNumber'], message: DESK_MSG.foreignPassportShape });
      return;
    }
    const problem = idNumberProblem(v.idType, v.idNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: problem });
  });
export type CheckInInput = z.input<typeof CheckInInput>;

/** Why an ID number is not of its type's shape (null when it is). */
export function idNumberProblem(type: (typeof GUEST_ID_TYPES)[number], n: string): string | null {
  switch (type) {
    case 'aadhaar':
      if (/^\d{12}$/.test(n) || n.length > 4) return DESK_MSG.aadhaarWhole;
      return /^\d{4}$/.test(n) ? null : DESK_MSG.aadhaarLastFour;
    case 'passport':
      return /^[A-Z][0-9]{7}$/.test(n) ? null : DESK_MSG.passportShape;
    case 'driving_licence':
      return /^[A-Z]{2}[0-9A-Z]{13,14}$/.test(n) ? null : DESK_MSG.drivingLicenceShape;
    case 'voter_id':
      return /^[A-Z]{3}[0-9]{7}$/.test(n) ? null : DESK_MSG.voterIdShape;
  }
}

/** An ID number as shown: all but its last four characters hidden. */
export function maskIdNumber(type: (typeof GUEST_ID_TYPES)[number], n: string): string {
  const last = n.slice(-4);
  if (type === 'aadhaar') return `XXXX XXXX ${last}`;
  return `${'•'.repeat(Math.max(0, n.length - 4))}${last}`;
}

/** Check-out: settle what is due (method and reference), when anything is. */
export const CheckOutInput = z.preprocess((b) => b ?? {}, z.object({ payment: DeskPaymentInput.optional() }));
export type CheckOutInput = z.input<typeof CheckOutInput>;

/** Today's arrivals, in-house and departures of a stay, as the desk works them. */
export const DeskDayDto = z.object({
  stay: z.object({ id: Id, name: z.string() }),
  today: IsoDate,
  arrivals: z.array(DeskBookingDto),
  inHouse: z.array(DeskBookingDto),
  departures: z.array(DeskBookingDto),
  noShows: z.array(DeskBookingDto),
});
export type DeskDayDto = z.infer<typeof DeskDayDto>;

/** Today at each of the admin's stays (the dashboard): how many arrive, are in house, leave, did not come. */
export const DeskTodayDto = z.object({
  today: IsoDate,
  stays: z.array(
    z.object({
      id: Id,
      name: z.string(),
      arrivals: z.number().int(),
      inHouse: z.number().int(),
      departures: z.number().int(),
      noShows: z.number().int(),
    }),
  ),
});
export type DeskTodayDto = z.infer<typeof DeskTodayDto>;

/** A room's housekeeping state today. */
export const HousekeepingRoomDto = z.object({
  id: Id,
  number: z.number().int(),
  title: z.string(),
  status: z.enum(HOUSEKEEPING_STATES),
  /** Someone slept in it last night or leaves today. */
  occupied: z.boolean(),
  outOfOrderUntil: IsoDate.nullable(),
  updatedAt: z.string().nullable(),
});
export type HousekeepingRoomDto = z.infer<typeof HousekeepingRoomDto>;
export const HousekeepingDto = z.object({
  stay: z.object({ id: Id, name: z.string() }),
  today: IsoDate,
  rooms: z.array(HousekeepingRoomDto),
});
export type HousekeepingDto = z.infer<typeof HousekeepingDto>;

/** The desk marks a room: clean, dirty, inspected, or out of order until a day (its nights blocked up to it). */
export const HousekeepingInput = z
  .object({
    status: z.enum(HOUSEKEEPING_STATES, { error: 'Status must be clean, dirty, inspected or out_of_order' }),
    until: IsoDate.optional(),
    note: z.string().trim().max(200).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'out_of_order' && !v.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Out of order until is required' });
  });
export type HousekeepingInput = z.input<typeof HousekeepingInput>;
export const RoomParams = z.object({ id: Id, roomId: Id });
