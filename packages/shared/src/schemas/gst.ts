import { z } from 'zod';
import { BILLING_MSG } from '../constants/messages.ts';
import { isStateGstin } from '../domain/gstin.ts';
import { BillingAddress, BillingPin, BillingState, GuestAddressInput } from './address.ts';

const GSTIN_ERROR = 'GSTIN must be 15 characters like 27AAPFU0939F1ZV, of a state, with its check character right';

/** A GSTIN, upper-cased; blank means none (null). */
export const OptionalGstin = z
  .string({ error: GSTIN_ERROR })
  .trim()
  .max(15, { error: GSTIN_ERROR })
  .transform((s) => s.toUpperCase())
  .refine((s) => s === '' || isStateGstin(s), { error: GSTIN_ERROR })
  .transform((s) => (s === '' ? null : s))
  .nullish();

const optionalName = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can not exceed ${max} characters` })
    .transform((s) => (s === '' ? null : s))
    .nullish();

/** A field a hold may leave out: blank or absent is none (null), else `rule`. */
const omittable = (rule: z.ZodType<string, string>, notText: string) =>
  z
    .string({ error: notText })
    .transform((s) => (s.trim() === '' ? null : s))
    .pipe(rule.nullable())
    .nullish();

/**
 * What the tax invoice prints of the guest, sent with the hold: a business's GSTIN and name (optional), and the
 * billing address with PIN code and state code. The address may be left out as a whole (the profile's is used);
 * given, it is given whole (`requireBillingAddress`).
 */
export const GuestBilling = z.object({
  guestGstin: OptionalGstin,
  guestCompany: optionalName('Company name', 120),
  guestAddress: omittable(BillingAddress, BILLING_MSG.addressRequired),
  guestPin: omittable(BillingPin, BILLING_MSG.pinRequired),
  guestState: omittable(BillingState, BILLING_MSG.stateRequired),
});

export const BILLING_ADDRESS_REQUIRED = 'Billing address is required with a GSTIN';

const ADDRESS_PARTS = [
  ['guestAddress', BILLING_MSG.addressRequired],
  ['guestPin', BILLING_MSG.pinRequired],
  ['guestState', BILLING_MSG.stateRequired],
] as const;

/**
 * A hold's billing address is all three parts or none (none: the server uses the profile's); each missing part is
 * named. A registered guest's tax invoice names its address with its GSTIN (CGST Rules, rule 46(e)): with a GSTIN,
 * the address is sent with the hold.
 */
export function requireBillingAddress(
  v: { guestGstin?: string | null; guestAddress?: string | null; guestPin?: string | null; guestState?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (v.guestAddress || v.guestPin || v.guestState) {
    for (const [field, message] of ADDRESS_PARTS) if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  } else if (v.guestGstin) ctx.addIssue({ code: 'custom', path: ['guestAddress'], message: BILLING_ADDRESS_REQUIRED });
}

/**
 * The room dialog's billing: the GST details with the billing address, which the dialog always sends whole (so its
 * messages stand under each field).
 */
export const CheckedGuestBilling = GuestBilling.extend(GuestAddressInput.shape);

/** The stay's business details printed on its invoices (part of the stay form). */
export const StayTaxFields = z.object({
  legalName: z.string().trim().max(120, { error: 'Legal name can not exceed 120 characters' }).default(''),
  gstin: OptionalGstin,
});

/** One room's nights at one tariff and GST rate, with the tax they include (paise). */
export const GstLineDto = z.object({
  roomNumber: z.number().int(),
  title: z.string(),
  tariff: z.number(),
  nights: z.number().int(),
  ratePercent: z.number(),
  amount: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
});

/** The GST in a booking's amount (paise): computed, or as printed on its tax invoice once issued. */
export const GstBreakupDto = z.object({
  /** False when the stay has no GSTIN: it charges no GST and issues a bill of supply. */
  registered: z.boolean(),
  lines: z.array(GstLineDto),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  total: z.number().int(),
});
export type GstBreakupDto = z.infer<typeof GstBreakupDto>;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;

/**
 * Who issued a document: the stay's business under its GSTIN, or the platform under its own for the stay (s.9(5)
 * CGST Act); `gstin` null on a bill of supply of a stay not registered. Each numbers its own series.
 */
export const DocumentSupplierDto = z.object({
  /** Its trade name as printed: the stay's, or the platform's. */
  name: z.string(),
  gstin: z.string().nullable(),
  /** Issued by the platform for the stay under s.9(5). */
  byPlatform: z.boolean(),
});
export type DocumentSupplierDto = z.infer<typeof DocumentSupplierDto>;

/** A document issued for a booking: its tax invoice (or bill of supply), and a credit note once cancelled. */
export const InvoiceRefDto = z.object({
  kind: z.enum(INVOICE_KINDS),
  /** As printed: 'Tax Invoice', 'Bill of Supply' or 'Credit Note'. */
  title: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  /** What it says in paise: its total and the GST in it (CGST + SGST). */
  total: z.number().int(),
  tax: z.number().int(),
  supplier: DocumentSupplierDto,
});
export type InvoiceRefDto = z.infer<typeof InvoiceRefDto>;

/** GET /bookings/:id/invoice?kind=credit_note */
export const InvoiceQuery = z.object({ kind: z.enum(INVOICE_KINDS).default('invoice') });

/** A month as documents are filtered by it: yyyy-MM. */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Month must be like 2026-11' });

/** GET /admin/documents: an owner's tax documents, newest first, by month (India date of issue), stay and booking. */
export const OwnerDocumentsQuery = z.object({
  month: Month.optional(),
  stayId: z.uuid({ error: 'Unknown stay' }).optional(),
  bookingId: z.uuid({ error: 'Unknown booking' }).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OwnerDocumentsQuery = z.input<typeof OwnerDocumentsQuery>;

/** GET /admin/documents/archive?month=: every document of a month as one ZIP. */
export const DocumentsArchiveQuery = z.object({ month: Month, stayId: z.uuid({ error: 'Unknown stay' }).optional() });

/** One tax document issued for a booking of the owner's stays. */
export const OwnerDocumentDto = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_KINDS),
  /** As printed: 'Tax Invoice', 'Bill of Supply', 'Credit Note'. */
  title: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  bookingId: z.uuid(),
  stayId: z.uuid(),
  stayName: z.string(),
  guestName: z.string(),
  /** Who issued it: the stay's GSTIN, the platform's (s.9(5)), or null for a bill of supply of a stay not registered. */
  supplierGstin: z.string().nullable(),
  /** The trade name of who issued it: the stay's, or the platform's. */
  supplierName: z.string(),
  /** Issued by the platform for the stay under s.9(5). */
  byPlatform: z.boolean(),
  total: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
});
export type OwnerDocumentDto = z.infer<typeof OwnerDocumentDto>;

export const OwnerDocumentsPage = z.object({
  documents: z.array(OwnerDocumentDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OwnerDocumentsPage = z.infer<typeof OwnerDocumentsPage>;
