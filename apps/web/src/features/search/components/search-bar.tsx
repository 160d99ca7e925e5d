import { Box, Button, Grid, InputBase, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconEdit, IconMapPin, IconSearch, IconUsers, type TablerIcon } from '@tabler/icons-react';
import type { StayType } from '@repo/shared/constants/domain';
import { MSG } from '@repo/shared/constants/messages';
import { formatRange, nightsBetween, todayInIndia } from '@repo/shared/domain/dates';
import { stayDatesProblem } from '@repo/shared/domain/stay-dates';
import { type FormEvent, lazy, type ReactNode, type Ref, Suspense, useImperativeHandle, useRef, useState } from 'react';
import { DeferredPopover } from '@/components/ui/deferred-popover';
import { searchCopy } from '../copy';
import type { DateRange } from '../date-range';
import type { SearchState } from '../search-params';
import { ChildAges, GuestCounter } from './guest-counter';

const StayDateRangePicker = lazy(() => import('./date-range-picker'));
const CalendarDialog = lazy(() => import('./calendar-dialog'));

const c = searchCopy.bar;

/** What the home page asks of the bar: search one stay type with the bar's city, dates and guests. */
export type SearchBarHandle = { searchType: (type: StayType) => void };

export type SearchBarProps = {
  /** The search to start from (the URL's, or the defaults). */
  initial: SearchState;
  /** A search, with the stay type asked for by a type card (null: every type). */
  onSearch: (next: SearchState, type: StayType | null) => void;
  handleRef?: Ref<SearchBarHandle>;
  /**
   * On a phone, shows the search as one line (city, dates, guests) that opens the form, so the results start on
   * the first screen.
   */
  compact?: boolean;
};

/**
 * The home search bar: city, a date range picked in a calendar and a guest/room counter.
 * On submit the city must not be empty ('City name cant be empty') and the dates must hold at least one future night.
 */
export function SearchBar({ initial, onSearch, handleRef, compact = false }: SearchBarProps) {
  const [state, setState] = useState<SearchState>(initial);
  const [cityError, setCityError] = useState<string | null>(null);
  // A type card chosen before a city was typed: the next search is of that type.
  const [pendingType, setPendingType] = useState<StayType | null>(null);
  const [expanded, setExpanded] = useState(false);
  const cityRef = useRef<HTMLInputElement>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // The phone's calendar dialog is loaded with its first opening and then stays mounted.
  const [calendarUsed, setCalendarUsed] = useState(false);
  if (calendarOpen && !calendarUsed) setCalendarUsed(true);
  const [guestsOpen, setGuestsOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const today = todayInIndia();

  const setRange = (r: DateRange) => {
    setState((s) => ({ ...s, ...r }));
    setDateError(null);
  };

  const run = (type: StayType | null, cityMessage: string) => {
    const city = state.city.trim();
    const cityProblem = city ? null : cityMessage;
    const dates = stayDatesProblem(state.checkIn, state.checkOut);
    setCityError(cityProblem);
    setDateError(dates?.message ?? null);
    if (cityProblem) cityRef.current?.focus();
    if (cityProblem || dates) return;
    onSearch({ ...state, city }, type);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(pendingType, MSG.cityRequired);
  };

  useImperativeHandle(handleRef, () => ({
    searchType: (type) => {
      setPendingType(type);
      run(type, c.cityForType(type));
    },
  }));

  const nights = nightsBetween(state.checkIn, state.checkOut);
  const picker = (
    <Suspense
      fallback={
        <Stack align="center" p="xl" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {c.calendarLoading}
          </Text>
        </Stack>
      }
    >
      <StayDateRangePicker
        value={{ checkIn: state.checkIn, checkOut: state.checkOut }}
        onChange={setRange}
        today={today}
        months={wide ? 2 : 1}
      />
      <Box px="md" pb="md" pt="xs" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <Text size="sm" c="dimmed">
          {formatRange(state.checkIn, state.checkOut)} · {c.nights(nights)}
        </Text>
        <Button size="xs" onClick={() => setCalendarOpen(false)}>
          {c.calendarDone}
        </Button>
      </Box>
    </Suspense>
  );

  const dateField = pickerTrigger({
    label: c.dates,
    icon: IconCalendar,
    open: calendarOpen,
    onToggle: () => setCalendarOpen((o) => !o),
    error: dateError,
    value: formatRange(state.checkIn, state.checkOut),
  });

  if (compact && phone && !expanded) {
    return (
      <Paper shadow="md" radius="lg" p={0}>
        <UnstyledButton
          onClick={() => setExpanded(true)}
          aria-expanded={false}
          aria-label={c.editSearch(
            state.city,
            formatRange(state.checkIn, state.checkOut),
            c.guestsLabel(state.adults, state.children, state.rooms),
          )}
          p="sm"
          w="100%"
          style={{ display: 'flex', alignItems: 'center', gap: 12 }}
        >
          <IconSearch size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate>
              {state.city.replace(/\b\p{L}/gu, (ch) => ch.toUpperCase())}
            </Text>
            <Text size="xs" c="gray.7" truncate>
              {formatRange(state.checkIn, state.checkOut)} · {c.guestsLabel(state.adults, state.children, state.rooms)}
            </Text>
          </Box>
          <IconEdit size={18} aria-hidden style={{ flexShrink: 0 }} />
        </UnstyledButton>
      </Paper>
    );
  }

  return (
    <Paper
      component="form"
      onSubmit={submit}
      noValidate
      shadow="md"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label={c.label}
    >
      <Grid gap="md" columns={24}>
        <Grid.Col span={{ base: 24, md: 6 }}>
          <TextInput
            ref={cityRef}
            autoFocus={compact && expanded}
            label={c.city}
            description={pendingType ? c.typeChosen(pendingType) : undefined}
            placeholder={c.cityPlaceholder}
            value={state.city}
            onChange={(e) => {
              const city = e.currentTarget.value;
              setState((s) => ({ ...s, city }));
              if (cityError && city.trim()) setCityError(null);
            }}
            error={cityError}
            leftSection={<IconMapPin size={18} aria-hidden />}
            autoComplete="address-level2"
            size="md"
            maxLength={60}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 7 }}>
          {phone ? (
            <>
              {dateField}
              {calendarUsed ? (
                <Suspense fallback={null}>
                  <CalendarDialog
                    opened={calendarOpen}
                    onClose={() => setCalendarOpen(false)}
                    title={c.calendarTitle}
                    closeLabel={c.calendarClose}
                  >
                    {picker}
                  </CalendarDialog>
                </Suspense>
              ) : null}
            </>
          ) : (
            <DeferredPopover
              opened={calendarOpen}
              onChange={setCalendarOpen}
              position="bottom-start"
              shadow="lg"
              radius="md"
              hideDetached={false}
              trapFocus
              returnFocus
              withinPortal
              target={dateField}
              dropdownProps={{ p: 0, 'aria-label': c.calendarTitle }}
            >
              {picker}
            </DeferredPopover>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 7 }}>
          <DeferredPopover
            hideDetached={false}
            opened={guestsOpen}
            onChange={setGuestsOpen}
            position="bottom-start"
            shadow="lg"
            radius="md"
            width={300}
            trapFocus
            returnFocus
            target={pickerTrigger({
              label: c.guests,
              icon: IconUsers,
              open: guestsOpen,
              onToggle: () => setGuestsOpen((o) => !o),
              value: c.guestsLabel(state.adults, state.children, state.rooms),
              oneLine: true,
            })}
            dropdownProps={{ 'aria-label': c.guests, p: 'md' }}
          >
            <Stack gap="md">
              <GuestCounter
                value={{ adults: state.adults, children: state.children, rooms: state.rooms }}
                onChange={(g) => setState((s) => ({ ...s, ...g, ages: s.ages.slice(0, g.children) }))}
              />
              <ChildAges count={state.children} ages={state.ages} onChange={(ages) => setState((s) => ({ ...s, ages }))} />
              <Button variant="light" onClick={() => setGuestsOpen(false)}>
                {searchCopy.counter.done}
              </Button>
            </Stack>
          </DeferredPopover>
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 4 }}>
          <Button type="submit" size="md" fullWidth leftSection={<IconSearch size={18} aria-hidden />} mt={{ base: 0, md: 26 }}>
            {c.submit}
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/**
 * A field-like button showing a choice (the dates, the guests) that opens its picker. An element, not a component:
 * the popover gives the button itself its id, ref and handlers.
 */
function pickerTrigger(p: {
  label: string;
  icon: TablerIcon;
  open: boolean;
  onToggle: () => void;
  value: string;
  error?: ReactNode;
  /** Cuts a long value with an ellipsis instead of wrapping it. */
  oneLine?: boolean;
}) {
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={p.label}
      leftSection={<p.icon size={18} aria-hidden />}
      onClick={p.onToggle}
      aria-haspopup="dialog"
      aria-expanded={p.open}
      error={p.error}
      size="md"
      styles={p.oneLine ? { input: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } } : undefined}
    >
      {p.value}
    </InputBase>
  );
}
