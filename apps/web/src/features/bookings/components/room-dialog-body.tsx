import { nightsBetween, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import { stayDatesProblem } from '@repo/shared/domain/stay-dates';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DisplayDateInput } from '@/components/form/display-date-input';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SearchState } from '@/features/search';
import { ApiError, GENERIC_ERROR } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { useCreateBooking } from '../api/create-booking';
import type { RoomTypeWithRooms } from '../api/get-room-types';
import { openCheckout } from '../checkout-store';
import { type BookingQuote, chosenPolicy, planOf } from '../quote';
import { BOOKING_COPY } from '../copy';
import { PolicyNote } from '@/features/cancellation';
import { BookingTotal } from './booking-total';
import { type AddressState, addressFromProfile, GuestAddressFields } from './guest-address-fields';
import { type BillingErrors, billingErrorsOf, billingOf, GuestBillingFields, NO_BILLING } from './guest-billing-fields';
import type { RoomChoiceProps } from './select-room-props';

/** A whole count from `min` up to 99; a cleared or invalid entry counts as `min`. */
function CountInput({
  label,
  min,
  value,
  onChange,
  readOnly,
  description,
}: {
  label: string;
  min: number;
  value: number;
  onChange: (n: number) => void;
  readOnly?: boolean;
  description?: string;
}) {
  return (
    <NumberInput
      label={label}
      readOnly={readOnly}
      description={description}
      hideControls={readOnly}
      min={min}
      max={99}
      allowDecimal={false}
      allowNegative={false}
      value={value}
      onChange={(v) => onChange(Math.max(min, Number(v) || min))}
    />
  );
}

type BodyProps = RoomChoiceProps & { onDone: () => void };

/** Once the messages are drawn, brings the first field with one to the middle of the dialog and focuses it. */
function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

/** What the footer says before any room is ticked: what is missing for a total (never a total of rooms not chosen). */
function footerHint(quote: BookingQuote, pending: boolean): string {
  const c = BOOKING_COPY.selectRoom;
  if (quote.nights === 0) return c.totalNoNights;
  if (pending) return c.totalPending;
  if (quote.total === null) return c.totalNoneFree;
  return c.chooseForTotal;
}

/** The room dialog's content (its own chunk, with the date inputs): dates and counts, room types, total, Pay Now. */

export default function RoomDialogBody({
  stay,
  search,
  onSearchChange,
  roomTypes: rooms,
  typesShown,
  selected,
  onToggle,
  plans,
  onPlan,
  chosen,
  quote,
  pending,
  profile,
  profilePending = false,
  bookingBlock,
  onDone,
}: BodyProps) {
  const c = BOOKING_COPY.selectRoom;
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const [billing, setBilling] = useState(NO_BILLING);
  // The address as the guest edits it; until then, the profile's (which may arrive after the dialog opens).
  const [addressEdit, setAddress] = useState<AddressState | null>(null);
  const address = addressEdit ?? addressFromProfile(profile);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const nights = nightsBetween(search.checkIn, search.checkOut);
  const datesProblem = nights > 0 ? stayDatesProblem(search.checkIn, search.checkOut) : null;
  const booking = useCreateBooking();
  const types = rooms.data?.roomTypes ?? [];
  // With zero nights the room types are listed with the alert asking for the dates, until the dates hold a night.
  const shownAlert = alert ?? (nights === 0 ? c.needsDates : null);

  const change = (patch: Partial<SearchState>) => {
    setAlert(null);
    onSearchChange({ ...search, ...patch });
  };
  const toggle = (id: string, on: boolean) => {
    setAlert(null);
    onToggle(id, on);
  };

  const payNow = () => {
    if (nights === 0) return setAlert(c.needsDates);
    if (datesProblem) return setAlert(datesProblem.message);
    if (chosen.length === 0) return setAlert(c.chooseRooms);
    const bill = billingOf(billing, address);
    setBillingErrors(bill.ok ? {} : bill.errors);
    if (!bill.ok) {
      // A message about the address stands under its field: show the fields.
      if (bill.errors.guestAddress || bill.errors.guestPin || bill.errors.guestState) setAddress({ ...address, open: true });
      focusFirstInvalid();
      return;
    }
    setAlert(null);
    booking.mutate(
      {
        ...bill.value,
        stayId: stay.id,
        checkIn: search.checkIn,
        checkOut: search.checkOut,
        adults: search.adults,
        children: search.children,
        childAges: search.ages.slice(0, search.children),
        roomNumberIds: chosen.map((r) => r.id),
        // The plan of each room type chosen: the price the guest saw is the one the hold computes and charges.
        ratePlanIds: [...new Set(chosen.flatMap((r) => (r.planId ? [r.planId] : [])))],
      },
      {
        onSuccess: (result) => {
          // A profile without an address has just been given this one.
          if (!profile?.billingAddress) void queryClient.invalidateQueries({ queryKey: queryKeys.me.all });
          openCheckout(result);
          onDone();
          navigate(paths.home.getHref());
        },
        onError: (err) => {
          setAlert(err instanceof ApiError ? err.message : GENERIC_ERROR);
          // The server's word on a billing field stands under it too.
          const fields = err instanceof ApiError ? billingErrorsOf(err.fieldErrors) : {};
          if (Object.keys(fields).length > 0) {
            setBillingErrors(fields);
            setAddress({ ...address, open: true });
            focusFirstInvalid();
          }
          rooms.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text c="gray.7" size="sm">
        {stay.name}
      </Text>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Text fw={600} size="sm" component="h3">
            {c.dates}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
            {(['checkIn', 'checkOut'] as const).map((field) => (
              <DisplayDateInput
                key={field}
                label={c[field]}
                value={search[field]}
                minDate={todayInIndia()}
                onChange={(v) => v && change({ [field]: v })}
                error={datesProblem?.field === field ? datesProblem.message : undefined}
              />
            ))}
            <CountInput label={c.adults} min={1} value={search.adults} onChange={(adults) => change({ adults })} />
            <CountInput label={c.children} min={0} value={search.children} onChange={(children) => change({ children })} />
            {/* Once rooms are ticked, the count is theirs (read only), so it and the total always agree. */}
            <CountInput
              label={c.rooms}
              min={1}
              value={quote.rooms}
              onChange={(rooms) => change({ rooms })}
              readOnly={quote.exact}
              description={quote.exact ? c.roomsTicked : undefined}
            />
          </SimpleGrid>
        </Stack>
      </Paper>

      {!typesShown ? null : rooms.isPending ? (
        <Stack gap="sm" role="status" aria-label={c.loading}>
          <Skeleton h={120} radius="md" />
          <Skeleton h={120} radius="md" />
        </Stack>
      ) : rooms.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={c.loadError}>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => rooms.refetch()}>
            {c.retry}
          </Button>
        </Alert>
      ) : types.length === 0 ? (
        <Text c="gray.7">{c.noRooms}</Text>
      ) : (
        <Stack gap="sm">
          {types.map((t) => (
            <RoomTypeCard
              key={t.id}
              type={t}
              nights={nights}
              selected={selected}
              onToggle={toggle}
              plan={planOf(t, plans)?.id ?? null}
              onPlan={(planId) => {
                setAlert(null);
                onPlan(t.id, planId);
              }}
            />
          ))}
        </Stack>
      )}

      {/* The billing details are asked for only of a guest who can book. */}
      {types.length > 0 && !bookingBlock ? (
        <>
          <GuestAddressFields
            value={address}
            onChange={(next) => {
              // A field's message goes once the field is changed (it is checked again on Pay Now).
              setBillingErrors((errors) => ({
                ...errors,
                ...(next.guestAddress !== address.guestAddress ? { guestAddress: undefined } : {}),
                ...(next.guestPin !== address.guestPin ? { guestPin: undefined } : {}),
                ...(next.guestState !== address.guestState ? { guestState: undefined } : {}),
              }));
              setAddress(next);
            }}
            errors={billingErrors}
            pending={profilePending && addressEdit === null}
            business={billing.open}
          />
          <GuestBillingFields
            value={billing}
            onChange={(next) => {
              // A business's invoice prints the GSTIN's address: show the address to check it.
              if (next.open && !billing.open) setAddress({ ...address, open: true });
              setBilling(next);
            }}
            errors={billingErrors}
          />
        </>
      ) : null}

      {/*
        The alert sits in the sticky footer, beside Pay Now, so it is seen however far the rooms were scrolled. Until
        rooms are ticked the footer is one line (what to do, and Pay Now) and leaves the screen to the rooms; then it
        gives the ticked rooms' total and the cancellation policy they would be booked under.
      */}
      <Stack
        gap="xs"
        pos="sticky"
        bottom={0}
        py="xs"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
        data-testid="room-dialog-footer"
      >
        {shownAlert ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {shownAlert}
          </Alert>
        ) : null}
        {bookingBlock ? (
          bookingBlock
        ) : (
          <>
            {quote.exact ? (
              <PolicyNote policy={chosenPolicy(chosen) ?? stay.cancellationPolicy} checkIn={search.checkIn} />
            ) : null}
            <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
              {quote.exact ? (
                <BookingTotal quote={quote} testId="booking-total" pending={pending} />
              ) : (
                <Text size="sm" c="gray.7" data-testid="booking-total-hint" aria-live="polite">
                  {footerHint(quote, pending)}
                </Text>
              )}
              <Button size="md" onClick={payNow} loading={booking.isPending} miw={140} style={{ flex: 'none' }}>
                {c.payNow}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * A room type with its price for the dates (the server's total; when nights differ in price, the nights grouped by
 * price), its capacity and its room numbers. A type the dates are too short for shows its minimum and can not be
 * ticked.
 */
function RoomTypeCard({
  type,
  nights,
  selected,
  onToggle,
  plan,
  onPlan,
}: {
  type: RoomTypeWithRooms;
  /** The stay's nights (0: no dates yet, the base price is shown). */
  nights: number;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  /** The rate plan chosen for the type, and choosing another. */
  plan: string | null;
  onPlan: (planId: string) => void;
}) {
  const c = BOOKING_COPY.selectRoom;
  const priced = nights > 0 && type.nightlyPrices.length === nights;
  const varies = priced && type.breakdown.length > 1;
  const minId = `min-nights-${type.id}`;
  return (
    <Card padding="md" radius="md" withBorder data-testid={`room-type-${type.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Title order={3} fz="lg">
              {type.title}
            </Title>
            {type.description ? (
              <Text size="sm" c="gray.7">
                {type.description}
              </Text>
            ) : null}
          </Stack>
          {priced ? (
            <Stack gap={0} align="flex-end" data-testid="room-type-price">
              <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRupees(type.total)}{' '}
                <Text span size="sm" c="gray.7" fw={400}>
                  {c.forNights(nights)}
                </Text>
              </Text>
              <Text size="xs" c="gray.7" ta="right" data-testid="room-type-breakdown">
                {varies ? c.breakdown(type.breakdown) : c.breakdown([{ ...type.breakdown[0]!, weekend: false }])}
              </Text>
            </Stack>
          ) : (
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatRupees(type.price)}{' '}
              <Text span size="sm" c="gray.7" fw={400}>
                {c.perDay}
              </Text>
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Badge variant="light" tt="none" size="lg" leftSection={<IconUsers size={14} aria-hidden />}>
            {c.maxPersons(type.maxPeople)}
          </Badge>
          {!type.bookable && nights > 0 ? (
            <Badge variant="light" color="orange" tt="none" size="lg" id={minId}>
              {c.minNights(type.minNights)}
            </Badge>
          ) : null}
        </Group>
        {!type.bookable && nights > 0 ? (
          <Text size="sm" c="orange.9">
            {c.minNightsHint(type.minNights)}
          </Text>
        ) : null}
        {priced && type.plans.length > 0 ? <PlanChoice type={type} nights={nights} value={plan} onChange={onPlan} /> : null}
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            {c.roomNumbers}
          </Text>
          <Group gap="md" mt={6}>
            {type.roomNumbers.map((r) => {
              const free = r.available && (type.bookable || nights === 0);
              return (
                <Checkbox
                  key={r.id}
                  label={c.roomLabel(r.number)}
                  description={r.available ? undefined : c.unavailable}
                  aria-describedby={!type.bookable && r.available ? minId : undefined}
                  disabled={!free}
                  checked={free && selected.has(r.id)}
                  onChange={(e) => onToggle(r.id, e.currentTarget.checked)}
                />
              );
            })}
          </Group>
        </fieldset>
      </Stack>
    </Card>
  );
}

/**
 * The type's rate plans side by side, one to choose: each with its meal plan in words, its cancellation policy, its
 * total for the party and the nights, and its price a night.
 */
function PlanChoice({
  type,
  nights,
  value,
  onChange,
}: {
  type: RoomTypeWithRooms;
  nights: number;
  value: string | null;
  onChange: (planId: string) => void;
}) {
  const c = BOOKING_COPY.plans;
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={c.legend}
      description={type.plans[0]?.fitsParty === false ? c.notWholeParty(type.maxPeople) : undefined}
    >
      <SimpleGrid cols={{ base: 1, sm: Math.min(3, type.plans.length) }} spacing="xs" mt={6}>
        {type.plans.map((p) => (
          <Radio.Card
            key={p.id}
            value={p.id}
            radius="md"
            p="sm"
            data-testid={`plan-${p.id}`}
            aria-label={c.aria(p.name, p.meals, formatRupees(p.total))}
            style={{ borderColor: p.id === value ? 'var(--mantine-color-blue-6)' : undefined }}
          >
            <Group wrap="nowrap" align="flex-start" gap="xs">
              <Radio.Indicator />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                <Text size="sm">{p.meals}</Text>
                <Text size="xs" c="gray.7" fw={p.nonRefundable ? 600 : 400}>
                  {p.nonRefundable ? c.nonRefundable : p.policy}
                </Text>
                <Text fw={700} size="sm">
                  {formatRupees(p.total)}{' '}
                  <Text span size="xs" c="gray.7" fw={400}>
                    {BOOKING_COPY.selectRoom.forNights(nights)}
                  </Text>
                </Text>
                <Text size="xs" c="gray.7">
                  {c.perNight(formatRupees(p.perNight))}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
