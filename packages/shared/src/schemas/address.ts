import { z } from 'zod';
import { BILLING_MSG } from '../constants/messages.ts';
import { GST_STATES } from '../domain/gstin.ts';

/** An Indian PIN code: six digits, the first 1-9. */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;

/** The GST state codes ('01' … '38'), in the order of their codes. */
export const GST_STATE_CODES = Object.keys(GST_STATES).sort();

/** The one-line billing address: up to 200 characters, trimmed. */
export const BillingAddress = z
  .string({ error: BILLING_MSG.addressRequired })
  .trim()
  .min(1, { error: BILLING_MSG.addressRequired })
  .max(200, { error: BILLING_MSG.addressTooLong });

export const BillingPin = z
  .string({ error: BILLING_MSG.pinRequired })
  .trim()
  .min(1, { error: BILLING_MSG.pinRequired })
  .regex(PIN_PATTERN, { error: BILLING_MSG.pinInvalid });

/** A state or union territory by its 2-digit GST state code. */
export const BillingState = z
  .string({ error: BILLING_MSG.stateRequired })
  .trim()
  .min(1, { error: BILLING_MSG.stateRequired })
  .refine((code) => Object.hasOwn(GST_STATES, code), { error: BILLING_MSG.stateInvalid });

/** A whole billing address (the room dialog's address part; what a hold is sold with). */
export const GuestAddressInput = z.object({ guestAddress: BillingAddress, guestPin: BillingPin, guestState: BillingState });
export type GuestAddressInput = z.input<typeof GuestAddressInput>;

/** The address on record, as GET /api/me gives it (null until saved). */
export const BillingAddressDto = z.object({
  billingAddress: z.string().nullable(),
  billingPin: z.string().nullable(),
  billingState: z.string().nullable(),
});
export type BillingAddressDto = z.infer<typeof BillingAddressDto>;

/** The address in one line: '12 MG Road, Bengaluru, Karnataka 560038'. */
export function addressLine(a: { address: string; pin: string; state: string }): string {
  return `${a.address}, ${GST_STATES[a.state] ?? a.state} ${a.pin}`;
}
