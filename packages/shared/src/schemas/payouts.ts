import { z } from 'zod';
import { GST_STATES } from '../domain/gstin.ts';
import { MAX_FEE_PERCENT } from '../domain/marketplace.ts';
import { Month } from './gst.ts';
import { Id, IsoDate } from './common.ts';

/** What an owner's payout settings, statements and the platform's fee forms say when input is wrong. */
export const PAYOUT_MSG = {
  legalNameRequired: 'Legal name is required',
  legalNameTooLong: 'Legal name can not exceed 120 characters',
  panInvalid: 'PAN must be 10 characters like ABCPE1234F',
  stateInvalid: 'Choose your state',
  methodInvalid: 'Choose a bank account or a UPI id',
  ifscInvalid: 'IFSC must be 11 characters like HDFC0001234',
  accountInvalid: 'Account number must be 9 to 18 digits',
  accountsDiffer: 'The account numbers do not match',
  holderRequired: "Account holder's name is required",
  upiInvalid: 'UPI id must be like name@bank',
  feeInvalid: `Fee must be a percentage from 0 to ${MAX_FEE_PERCENT}, at most two decimals`,
  feeTooHigh: `Fee can be at most ${MAX_FEE_PERCENT} %: with the GST on the fee and the TCS and TDS withheld, a higher fee would leave the owner less than nothing`,
  periodMissing: 'Settlement not found',
  profileMissing: 'Add your payout details first',
  holderInvalid: 'Choose who holds the PAN',
  holderMismatch:
    'This PAN belongs to another kind of holder: its fourth letter says who holds it (P a person, H a Hindu undivided family, C a company, F a firm or LLP)',
  quarterInvalid: 'Quarter must be like 2026-27-Q3',
} as const;

/**
 * A PAN: five letters, four digits, a letter; the fourth letter is the holder's kind (P person, C company, H HUF,
 * F firm, A association, T trust, B body of individuals, L local authority, J juridical person, G government).
 */
export const PAN_PATTERN = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;

/** Who holds a PAN, by its fourth letter (the kinds an owner chooses from; TDS relief is for P and H, ADR 050). */
export const PAN_HOLDERS = {
  individual: 'P',
  huf: 'H',
  company: 'C',
  firm: 'F',
  association: 'A',
  trust: 'T',
  body: 'B',
  local_authority: 'L',
  juridical: 'J',
  government: 'G',
} as const;
export type PanHolder = keyof typeof PAN_HOLDERS;
const PAN_HOLDER_KINDS = Object.keys(PAN_HOLDERS) as [PanHolder, ...PanHolder[]];
/** IFSC: four letters of the bank, a 0, six letters or digits of the branch (RBI). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ACCOUNT_PATTERN = /^\d{9,18}$/;
/** A UPI id (virtual payment address): handle@provider. */
export const UPI_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

const upper = (pattern: RegExp, error: string) =>
  z
    .string({ error })
    .trim()
    .transform((s) => s.toUpperCase().replaceAll(' ', ''))
    .refine((s) => pattern.test(s), { error });

export const Pan = upper(PAN_PATTERN, PAYOUT_MSG.panInvalid);
export const Ifsc = upper(IFSC_PATTERN, PAYOUT_MSG.ifscInvalid);

const StateCode = z
  .string({ error: PAYOUT_MSG.stateInvalid })
  .refine((code) => Object.hasOwn(GST_STATES, code), { error: PAYOUT_MSG.stateInvalid });

const accountNumber = z
  .string({ error: PAYOUT_MSG.accountInvalid })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .refine((s) => ACCOUNT_PATTERN.test(s), { error: PAYOUT_MSG.accountInvalid });

export const PayoutAccountInput = z.discriminatedUnion(
  'method',
  [
    z
      .object({
        method: z.literal('bank'),
        ifsc: Ifsc,
        accountNumber,
        confirmAccountNumber: accountNumber,
        accountHolder: z
          .string({ error: PAYOUT_MSG.holderRequired })
          .trim()
          .min(1, { error: PAYOUT_MSG.holderRequired })
          .max(120, { error: PAYOUT_MSG.legalNameTooLong }),
      })
      .refine((a) => a.accountNumber === a.confirmAccountNumber, {
        error: PAYOUT_MSG.accountsDiffer,
        path: ['confirmAccountNumber'],
      }),
    z.object({
      method: z.literal('upi'),
      upiId: z
        .string({ error: PAYOUT_MSG.upiInvalid })
        .trim()
        .refine((s) => UPI_PATTERN.test(s), { error: PAYOUT_MSG.upiInvalid }),
    }),
  ],
  { error: PAYOUT_MSG.methodInvalid },
);
export type PayoutAccountInput = z.infer<typeof PayoutAccountInput>;

/** PUT /admin/payouts/profile: who is paid (for TDS: the PAN) and where. */
export const PayoutProfileInput = z
  .object({
    legalName: z
      .string({ error: PAYOUT_MSG.legalNameRequired })
      .trim()
      .min(1, { error: PAYOUT_MSG.legalNameRequired })
      .max(120, { error: PAYOUT_MSG.legalNameTooLong }),
    /** Blank: none given (TDS is then withheld at the higher rate). */
    pan: z
      .string({ error: PAYOUT_MSG.panInvalid })
      .trim()
      .transform((s) => (s === '' ? null : s))
      .pipe(Pan.nullable())
      .nullish()
      .transform((s) => s ?? null),
    /** Who holds the PAN (its fourth letter must say the same); none: read from the PAN. */
    holderType: z
      .enum(PAN_HOLDER_KINDS, { error: PAYOUT_MSG.holderInvalid })
      .nullish()
      .transform((h) => h ?? null),
    stateCode: StateCode,
    account: PayoutAccountInput,
  })
  .refine((p) => !p.pan || !p.holderType || p.pan[3] === PAN_HOLDERS[p.holderType], {
    error: PAYOUT_MSG.holderMismatch,
    path: ['holderType'],
  });
export type PayoutProfileInput = z.input<typeof PayoutProfileInput>;

export const PayoutAccountDto = z.object({
  method: z.enum(['bank', 'upi']),
  /** As shown: 'HDFC0001234 · XXXXXX4321' or 'ra****@okaxis'. */
  masked: z.string(),
  holder: z.string().nullable(),
  addedAt: z.string(),
});
export const PayoutProfileDto = z.object({
  legalName: z.string(),
  pan: z.string().nullable(),
  holderType: z.enum(PAN_HOLDER_KINDS).nullable(),
  stateCode: z.string(),
  account: PayoutAccountDto.nullable(),
});
export type PayoutProfileDto = z.infer<typeof PayoutProfileDto>;
export const PayoutProfileResult = z.object({ profile: PayoutProfileDto.nullable() });

/** Figures of a settlement line or total (paise). */
export const MoneyFiguresDto = z.object({
  gross: z.number().int(),
  gst: z.number().int(),
  taxable: z.number().int(),
  fee: z.number().int(),
  feeGst: z.number().int(),
  tcs: z.number().int(),
  tds: z.number().int(),
  net: z.number().int(),
});
export type MoneyFiguresDto = z.infer<typeof MoneyFiguresDto>;

export const PAYOUT_STATUSES = ['requested', 'processed', 'failed'] as const;
export const PayoutDto = z.object({
  id: Id,
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number().int(),
  attempt: z.number().int(),
  account: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** When a failed payout is tried again (null: not scheduled, e.g. waiting for new payout details). */
  retryAt: z.string().nullable(),
  /** The bank's reference of a paid payout (UTR), when the gateway gave it. */
  utr: z.string().nullable(),
});
export type PayoutDto = z.infer<typeof PayoutDto>;

export const SettlementDto = z.object({
  id: Id,
  ownerId: Id,
  ownerName: z.string(),
  periodStart: IsoDate,
  periodEnd: IsoDate,
  opening: z.number().int(),
  totals: MoneyFiguresDto,
  closing: z.number().int(),
  payable: z.number().int(),
  carried: z.number().int(),
  lineCount: z.number().int(),
  /** The owner's PAN when it was settled (null: none given; TDS at the rate without one). */
  pan: z.string().nullable(),
  createdAt: z.string(),
  payouts: z.array(PayoutDto),
});
export type SettlementDto = z.infer<typeof SettlementDto>;

export const SettlementLineDto = MoneyFiguresDto.extend({
  bookingId: Id,
  stayName: z.string(),
  checkIn: IsoDate,
  checkOut: IsoDate,
  /** 'booking': first credited after its check-in day; 'adjustment': a later refund netted off. */
  kind: z.enum(['booking', 'adjustment']),
  byPlatform: z.boolean(),
  invoiceNumber: z.string().nullable(),
  /** The TDS rate (basis points) and the provision it was deducted or relieved under (null: credited before both were kept). */
  tdsBp: z.number().int(),
  tdsSection: z.string().nullable(),
});
/**
 * A compensation the owner's stay owed its guest for cancelling their booking itself, deducted from this settlement's
 * net (ADR 053): the settlement's net is its lines' net less these.
 */
export const SettlementCompensationDto = z.object({
  bookingId: Id,
  stayName: z.string(),
  checkIn: IsoDate,
  amount: z.number().int(),
  description: z.string(),
});
export type SettlementCompensationDto = z.infer<typeof SettlementCompensationDto>;
/**
 * Money the owner's stay took at its desk for a booking credited in the lines (ADR 064): already in the owner's
 * hands, so taken off this settlement's net, once.
 */
export const SettlementCollectedDto = z.object({
  bookingId: Id,
  stayName: z.string(),
  checkIn: IsoDate,
  amount: z.number().int(),
  /** cash, upi_desk or card_desk. */
  method: z.string(),
});
export type SettlementCollectedDto = z.infer<typeof SettlementCollectedDto>;
export const SettlementDetailDto = SettlementDto.extend({
  lines: z.array(SettlementLineDto),
  compensations: z.array(SettlementCompensationDto),
  collectedAtStay: z.array(SettlementCollectedDto),
});
export type SettlementDetailDto = z.infer<typeof SettlementDetailDto>;

export const SettlementsQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const SettlementsPage = z.object({
  settlements: z.array(SettlementDto),
  total: z.number().int(),
  /** Credited since the last settlement, paid in the next one (an estimate until its period ends). */
  upcoming: MoneyFiguresDto,
  /** Settled and not yet paid out (processing or failed). */
  unpaid: z.number().int(),
  profileComplete: z.boolean(),
});
export type SettlementsPage = z.infer<typeof SettlementsPage>;

export const SettlementParams = z.object({ id: Id });

/** A financial year's quarter as TDS returns count them: '2026-27-Q3' is October to December 2026. */
export const TdsQuarter = z
  .string({ error: PAYOUT_MSG.quarterInvalid })
  .regex(/^\d{4}-\d{2}-Q[1-4]$/, { error: PAYOUT_MSG.quarterInvalid })
  .refine((q) => (Number(q.slice(0, 4)) + 1) % 100 === Number(q.slice(5, 7)), { error: PAYOUT_MSG.quarterInvalid });
export const TdsQuarterParams = z.object({ quarter: TdsQuarter });

export const MonthQuery = z.object({ month: Month });

/** The reports of a month, each a CSV. */
export const OWNER_REPORTS = [
  'gstr1-b2b',
  'gstr1-b2cs',
  'gstr1-cdnr',
  'gstr1-hsn-b2b',
  'gstr1-hsn-b2c',
  'gstr1-docs',
  'gstr1-eco',
  'tcs',
  'tds',
  'fees',
] as const;
export const PLATFORM_REPORTS = [
  'gstr8-b2b',
  'gstr8-b2c',
  'gstr1-ecob2b',
  'gstr1-ecourp2b',
  'gstr1-ecob2c',
  'gstr1-ecourp2c',
  'gstr1-docs',
  'supplies-9-5',
  'fees',
  'payouts',
] as const;
/** A report's month, and for a return sheet one of the GSTINs it is filed under (else all of them). */
export const ReportQuery = MonthQuery.extend({
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{2}[A-Z0-9]{13}$/, { error: 'GSTIN must be 15 characters like 29AAGCB7383J1Z4' })
    .optional(),
}).partial();
export const OwnerReportParams = z.object({ report: z.enum(OWNER_REPORTS) });
export const PlatformReportParams = z.object({ report: z.enum(PLATFORM_REPORTS) });

/**
 * PUT /admin/platform/stays/:id/fee: the platform's fee for one stay, at most MAX_FEE_PERCENT (the fee, its GST and
 * the TCS and TDS withheld never take more than the owner's value before tax); null: the platform's default.
 */
export const StayFeeInput = z.object({
  feePercent: z
    .number({ error: PAYOUT_MSG.feeInvalid })
    .min(0, { error: PAYOUT_MSG.feeInvalid })
    .max(MAX_FEE_PERCENT, { error: PAYOUT_MSG.feeTooHigh })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
      error: PAYOUT_MSG.feeInvalid,
    })
    .nullable(),
});
export const StayFeeDto = z.object({
  stayId: Id,
  stayName: z.string(),
  ownerName: z.string(),
  /** Basis points in force (the stay's own, or the default). */
  feeBp: z.number().int(),
  custom: z.boolean(),
});
/**
 * GET /admin/platform/fees: every live stay's fee by stay name; `q` keeps the stays whose name or owner's name
 * holds it; `page` (with `pageSize`, 20 unless told) gives one page of them, else all are given.
 */
export const StayFeesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
export type StayFeesQuery = z.input<typeof StayFeesQuery>;
export const STAY_FEES_PAGE_SIZE = 20;
export const StayFeesResult = z.object({
  stays: z.array(StayFeeDto),
  defaultBp: z.number().int(),
  /** How many stays match (all pages). */
  total: z.number().int(),
});
export type StayFeesResult = z.infer<typeof StayFeesResult>;

/**
 * GET /admin/payouts/stays/:id/terms: what the platform would apply to a night of the owner's stay sold today, as a
 * settlement line credits it (`LineTerms`, marketplace.ts): who pays its GST, the fee and the GST on it, and the TCS
 * and TDS withheld (the TDS as the owner's next booking would be deducted, with its provision).
 */
export const StayEarningTermsDto = z.object({
  byPlatform: z.boolean(),
  feeBp: z.number().int(),
  feeGstBp: z.number().int(),
  tcsBp: z.number().int(),
  tdsBp: z.number().int(),
  tdsSection: z.string(),
});
export type StayEarningTermsDto = z.infer<typeof StayEarningTermsDto>;

/** The platform's month (GSTR-8, s.9(5), fees, payouts). */
export const PlatformMonthDto = z.object({
  month: Month,
  tcs: z.array(
    z.object({
      gstin: z.string(),
      ownerName: z.string(),
      taxable: z.number().int(),
      cgst: z.number().int(),
      sgst: z.number().int(),
      igst: z.number().int(),
    }),
  ),
  supplies95: z.array(
    z.object({
      stateCode: z.string(),
      ratePercent: z.number(),
      taxable: z.number().int(),
      cgst: z.number().int(),
      sgst: z.number().int(),
    }),
  ),
  fees: z.object({ invoices: z.number().int(), taxable: z.number().int(), gst: z.number().int() }),
  tds: z.object({ amount: z.number().int(), withheld: z.number().int() }),
  payouts: z.object({
    processed: z.object({ count: z.number().int(), amount: z.number().int() }),
    pending: z.object({ count: z.number().int(), amount: z.number().int() }),
    failed: z.array(
      z.object({ payoutId: Id, ownerName: z.string(), amount: z.number().int(), reason: z.string(), at: z.string() }),
    ),
  }),
  settlements: z.object({ count: z.number().int(), net: z.number().int(), payable: z.number().int() }),
});
export type PlatformMonthDto = z.infer<typeof PlatformMonthDto>;
