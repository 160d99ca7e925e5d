import { addressLine, type BillingAddressDto } from '@repo/shared/schemas/address';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { AddressInput, PinInput, StateSelect } from '@/components/form/address-fields';
import { BOOKING_COPY } from '../copy';

const c = BOOKING_COPY.address;

/** The dialog's billing address: shown as one line with 'Change' (`open` false) or as its three fields. */
export type AddressState = { open: boolean; guestAddress: string; guestPin: string; guestState: string };
export type AddressErrors = Partial<Record<'guestAddress' | 'guestPin' | 'guestState', string>>;

/** The profile's address on record, shut to its one line; open and empty when the profile has none. */
export function addressFromProfile(profile: BillingAddressDto | undefined): AddressState {
  const { billingAddress, billingPin, billingState } = profile ?? {};
  return billingAddress && billingPin && billingState
    ? { open: false, guestAddress: billingAddress, guestPin: billingPin, guestState: billingState }
    : { open: true, guestAddress: '', guestPin: '', guestState: '' };
}

/**
 * The guest's billing address, printed on the tax invoice with PIN code and state (asked once: prefilled from the
 * profile, saved to it by the first hold). `pending` while the profile loads.
 */
export function GuestAddressFields({
  value,
  onChange,
  errors,
  pending,
  business,
}: {
  value: AddressState;
  onChange: (next: AddressState) => void;
  errors: AddressErrors;
  pending: boolean;
  /** GST details asked: the address should be the GSTIN's. */
  business: boolean;
}) {
  const set = (patch: Partial<AddressState>) => onChange({ ...value, ...patch });
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" m={0} style={{ minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {c.heading}
      </Text>
      {pending ? (
        <Skeleton h={40} radius="sm" aria-label={c.loading} role="status" />
      ) : value.open ? (
        <Stack gap="sm">
          <Text size="xs" c="gray.7">
            {business ? c.businessHint : c.hint}
          </Text>
          <AddressInput
            label={c.address}
            required
            value={value.guestAddress}
            error={errors.guestAddress}
            onChange={(e) => set({ guestAddress: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PinInput
              label={c.pin}
              required
              value={value.guestPin}
              error={errors.guestPin}
              onChange={(e) => set({ guestPin: e.currentTarget.value })}
            />
            <StateSelect
              label={c.state}
              placeholder={c.statePlaceholder}
              required
              value={value.guestState}
              error={errors.guestState}
              onChange={(e) => set({ guestState: e.currentTarget.value })}
            />
          </SimpleGrid>
        </Stack>
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
          <Text size="sm" data-testid="billing-address-summary" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {addressLine({ address: value.guestAddress, pin: value.guestPin, state: value.guestState })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => set({ open: true })}
            aria-label={c.changeLabel}
            style={{ flexShrink: 0 }}
          >
            {c.change}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
