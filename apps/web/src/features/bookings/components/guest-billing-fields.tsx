import { CheckedGuestBilling } from '@repo/shared/schemas/gst';
import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { BOOKING_COPY } from '../copy';

const c = BOOKING_COPY.billing;

export type BillingState = { open: boolean; guestGstin: string; guestCompany: string; guestAddress: string };
export const NO_BILLING: BillingState = { open: false, guestGstin: '', guestCompany: '', guestAddress: '' };
const FIELDS = ['guestGstin', 'guestCompany', 'guestAddress'] as const;
export type BillingErrors = Partial<Record<(typeof FIELDS)[number], string>>;

/** The optional GST details as sent with the hold, or the fields' errors (checked with the shared schema). */
export function billingOf(
  b: BillingState,
): { ok: true; value: z.output<typeof CheckedGuestBilling> } | { ok: false; errors: BillingErrors } {
  if (!b.open) return { ok: true, value: {} };
  const parsed = CheckedGuestBilling.safeParse({
    guestGstin: b.guestGstin,
    guestCompany: b.guestCompany,
    guestAddress: b.guestAddress,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: BillingErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** A business guest's GSTIN, company name and billing address, printed on the tax invoice; hidden until asked for. */
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
          <Textarea
            label={c.address}
            description={c.addressHint}
            autoComplete="street-address"
            autosize
            minRows={2}
            maxLength={200}
            value={value.guestAddress}
            error={errors.guestAddress}
            onChange={(e) => onChange({ ...value, guestAddress: e.currentTarget.value })}
            style={{ gridColumn: '1 / -1' }}
          />
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
