import { z } from 'zod';
import { GST_REGISTRATIONS } from '../domain/gst-supply.ts';
import { GST_STATES, isStateGstin } from '../domain/gstin.ts';

/** What the GST declaration form and its answers say (one place). */
export const DECLARATION_MSG = {
  stateInvalid: 'Choose the state',
  registrationInvalid: 'Choose how you are registered in this state',
  gstinRequired: 'A registered owner gives their GSTIN of this state',
  gstinInvalid: 'GSTIN must be 15 characters like 29AAGCB7383J1Z4, with its check character right',
  gstinOfOtherState: 'This GSTIN is of another state: a GSTIN is per state, give the one of the state you declare for',
  gstinOfOtherPan: 'This GSTIN is registered to another PAN than the one in your payout details',
  gstinWithoutRegistration: 'An owner who is not registered has no GSTIN: leave it blank or choose how you are registered',
  liableInvalid: 'Say whether your turnover is above the threshold for registration',
  legalNameRequired: 'Legal name is required, as registered against the GSTIN (or your own name)',
  addressRequired: 'Address is required: your principal place of business in the state (as registered, if registered)',
  tooLong: (label: string, max: number) => `${label} can not exceed ${max} characters`,
  confirmRequired: 'Confirm that the declaration is true',
  /** The hold refused: nobody may supply this stay's nights through the platform. */
  notForSale: {
    must_register:
      'This stay can not be booked now: its owner must register for GST in its state before selling through StayBook',
    composition:
      'This stay can not be booked now: its owner pays GST under the composition scheme, which does not allow selling stays through StayBook',
    platform_unregistered: 'This stay can not be booked now: StayBook is not yet registered for GST in its state',
  },
} as const;

const text = (label: string, max: number, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: DECLARATION_MSG.tooLong(label, max) });

/**
 * POST /admin/payouts/gst-declarations: how the owner stands for GST in one state, from today (append-only: a new
 * declaration replaces the one in force; ADR 054). The GSTIN must be of the state; the server also checks that it
 * is of the owner's PAN.
 */
export const GstDeclarationInput = z
  .object({
    stateCode: z
      .string({ error: DECLARATION_MSG.stateInvalid })
      .refine((c) => Object.hasOwn(GST_STATES, c), { error: DECLARATION_MSG.stateInvalid }),
    registration: z.enum(GST_REGISTRATIONS, { error: DECLARATION_MSG.registrationInvalid }),
    gstin: z
      .string({ error: DECLARATION_MSG.gstinInvalid })
      .trim()
      .transform((s) => s.toUpperCase())
      .refine((s) => s === '' || isStateGstin(s), { error: DECLARATION_MSG.gstinInvalid })
      .transform((s) => (s === '' ? null : s))
      .nullish()
      .transform((s) => s ?? null),
    liable: z.boolean({ error: DECLARATION_MSG.liableInvalid }),
    legalName: text('Legal name', 120, DECLARATION_MSG.legalNameRequired),
    address: text('Address', 300, DECLARATION_MSG.addressRequired),
    confirm: z.literal(true, { error: DECLARATION_MSG.confirmRequired }),
  })
  .superRefine((d, ctx) => {
    if (d.registration === 'none' && d.gstin)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: DECLARATION_MSG.gstinWithoutRegistration });
    if (d.registration !== 'none' && !d.gstin)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: DECLARATION_MSG.gstinRequired });
    if (d.gstin && d.gstin.slice(0, 2) !== d.stateCode)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: DECLARATION_MSG.gstinOfOtherState });
  });
export type GstDeclarationInput = z.input<typeof GstDeclarationInput>;

export const GstDeclarationDto = z.object({
  id: z.uuid(),
  stateCode: z.string(),
  registration: z.enum(GST_REGISTRATIONS),
  gstin: z.string().nullable(),
  liable: z.boolean(),
  legalName: z.string(),
  address: z.string(),
  /** When it was made: in force from then until the next for its state. */
  declaredAt: z.string(),
});
export type GstDeclarationDto = z.infer<typeof GstDeclarationDto>;

/** Each state the owner has stays in: the declaration in force and who supplies (and invoices) the stays' nights. */
export const GstStateSupplyDto = z.object({
  stateCode: z.string(),
  stays: z.number().int(),
  declaration: GstDeclarationDto.nullable(),
  supply: z.enum(['owner', 'platform', 'nobody']),
  /** The GSTIN the guests' invoices are issued under (the owner's or the platform's); null when nobody may sell. */
  invoicedUnder: z.string().nullable(),
  notForSale: z.enum(['must_register', 'composition', 'platform_unregistered']).nullable(),
});
export type GstStateSupplyDto = z.infer<typeof GstStateSupplyDto>;

export const GstDeclarationsResult = z.object({
  states: z.array(GstStateSupplyDto),
  /** Every declaration made, newest first (kept as made). */
  history: z.array(GstDeclarationDto),
});
export type GstDeclarationsResult = z.infer<typeof GstDeclarationsResult>;
