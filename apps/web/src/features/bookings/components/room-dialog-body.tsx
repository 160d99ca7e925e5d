import '@mantine/dates/styles.css';
import { isIsoDate, nightsBetween, todayInIndia } from '@repo/shared/domain/dates';
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
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { SearchState } from '@/features/search/search-params';
import { ApiError, GENERIC_ERROR } from '@/lib/api-client';
import { useCreateBooking } from '../api/create-booking';
import type { RoomTypeWithRooms } from '../api/get-room-types';
import { openCheckout } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import { BookingTotal } from './booking-total';
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

/** A typed date in the spec's dd/MM/yyyy, as yyyy-MM-dd (null when it is not a real date). */
function parseDisplayDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

type BodyProps = RoomChoiceProps & { onDone: () => void };

/** The room dialog's content (its own chunk, with the date inputs): dates and counts, room types, total, Pay Now. */

export default function RoomDialogBody({
  stay,
  search,
  onSearchChange,
  roomTypes: rooms,
  typesShown,
  selected,
  onToggle,
  chosen,
  quote,
  onDone,
}: BodyProps) {
  const c = BOOKING_COPY.selectRoom;
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | null>(null);
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
    setAlert(null);
    booking.mutate(
      {
        stayId: stay.id,
        checkIn: search.checkIn,
        checkOut: search.checkOut,
        adults: search.adults,
        children: search.children,
        roomNumberIds: chosen.map((r) => r.id),
      },
      {
        onSuccess: (result) => {
          openCheckout(result);
          onDone();
          navigate(paths.home.getHref());
        },
        onError: (err) => {
          setAlert(err instanceof ApiError ? err.message : GENERIC_ERROR);
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
              <DateInput
                key={field}
                label={c[field]}
                value={search[field]}
                valueFormat="DD/MM/YYYY"
                dateParser={parseDisplayDate}
                minDate={todayInIndia()}
                popoverProps={{ withinPortal: true, zIndex: 400 }}
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
            <RoomTypeCard key={t.id} type={t} selected={selected} onToggle={toggle} />
          ))}
        </Stack>
      )}

      {/* The alert sits in the sticky footer, beside Pay Now, so it is seen however far the rooms were scrolled. */}
      <Stack
        gap="sm"
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 2 }}
      >
        {shownAlert ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            {shownAlert}
          </Alert>
        ) : null}
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <BookingTotal quote={quote} testId="booking-total" />
          <Button size="md" onClick={payNow} loading={booking.isPending} miw={160}>
            {c.payNow}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

function RoomTypeCard({
  type,
  selected,
  onToggle,
}: {
  type: RoomTypeWithRooms;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const c = BOOKING_COPY.selectRoom;
  return (
    <Card padding="md" radius="md" withBorder>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {type.title}
            </Title>
            {type.description ? (
              <Text size="sm" c="gray.7">
                {type.description}
              </Text>
            ) : null}
          </Stack>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatRupees(type.price)}{' '}
            <Text span size="sm" c="gray.7" fw={400}>
              {c.perDay}
            </Text>
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" tt="none" size="lg" leftSection={<IconUsers size={14} aria-hidden />}>
            {c.maxPersons(type.maxPeople)}
          </Badge>
        </Group>
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={500} p={0}>
            {c.roomNumbers}
          </Text>
          <Group gap="md" mt={6}>
            {type.roomNumbers.map((r) => (
              <Checkbox
                key={r.id}
                label={c.roomLabel(r.number)}
                description={r.available ? undefined : c.unavailable}
                disabled={!r.available}
                checked={r.available && selected.has(r.id)}
                onChange={(e) => onToggle(r.id, e.currentTarget.checked)}
              />
            ))}
          </Group>
        </fieldset>
      </Stack>
    </Card>
  );
}
