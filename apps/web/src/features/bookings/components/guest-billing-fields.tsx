import { CheckedGuestBilling } from '@repo/shared/schemas/gst';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { BOOKING_COPY } from '../copy';
import type { AddressErrors, AddressState } from './guest-address-fields';

const c = BOOKING_COPY.billing;

export type BillingState = { open: boolean; guestGstin: string; guestCompany: string };
export const NO_BILLING: BillingState = { open: false, guestGstin: '', guestCompany: '' };
const FIELDS = ['guestGstin', 'guestCompany', 'guestAddress', 'guestPin', 'guestState'] as const;
export type BillingErrors = Partial<Record<'guestGstin' | 'guestCompany', string>> & AddressErrors;

/**
 * What the hold sends for the invoice: the billing address (always, whole) and the business's GST details when
 * asked for; or each field's message, checked with the shared schema.
 */
export function billingOf(
  b: BillingState,
  address: AddressState,
): { ok: true; value: z.output<typeof CheckedGuestBilling> } | { ok: false; errors: BillingErrors } {
  const parsed = CheckedGuestBilling.safeParse({
    ...(b.open ? { guestGstin: b.guestGstin, guestCompany: b.guestCompany } : {}),
    guestAddress: address.guestAddress,
    guestPin: address.guestPin,
    guestState: address.guestState,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: BillingErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The billing fields' messages among a 400's field errors. */
export function billingErrorsOf(fieldErrors: Record<string, string> | undefined): BillingErrors {
  const errors: BillingErrors = {};
  for (const field of FIELDS) if (fieldErrors?.[field]) errors[field] = fieldErrors[field];
  return errors;
}

/** A business guest's GSTIN and company name, printed on the tax invoice; hidden until asked for. */
export function GuestBillingFields({
  value,
  onChange,
  errors,
}: {
  value: BillingState;
  onChange: (next: BillingState) => void;
  errors: BillingErrors;
}) {
  return (
    <Stack gap="xs">
      <Checkbox
        label={c.toggle}
        description={c.hint}
        checked={value.open}
        onChange={(e) => onChange({ ...value, open: e.currentTarget.checked })}
      />
      {value.open ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={c.gstin}
            placeholder="27AAPFU0939F1ZV"
            maxLength={15}
            autoCapitalize="characters"
            value={value.guestGstin}
            error={errors.guestGstin}
            onChange={(e) => onChange({ ...value, guestGstin: e.currentTarget.value })}
          />
          <TextInput
            label={c.company}
            autoComplete="organization"
            maxLength={120}
            value={value.guestCompany}
            error={errors.guestCompany}
            onChange={(e) => onChange({ ...value, guestCompany: e.currentTarget.value })}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
