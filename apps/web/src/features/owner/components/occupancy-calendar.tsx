import { formatDate, formatRange } from '@repo/shared/domain/dates';
import { NIGHT_STATES, type NightState, type OccupancyDto } from '@repo/shared/schemas/owner';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconLock } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { DeskBookingDialog } from '@/features/desk';
import { toast } from '@/lib/notify';
import { useOccupancy, useUnblock } from '../api/occupancy';
import { OWNER_COPY } from '../copy';
import { monthLabel, shiftMonth } from '../month';
import { BlockDialog } from './block-dialog';
import classes from './occupancy.module.css';

const c = OWNER_COPY.calendar;

const weekday = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const STATE_CLASS: Record<NightState, string | undefined> = {
  free: classes.free,
  booked: classes.booked,
  held: classes.held,
  blocked: classes.blocked,
};

function Legend() {
  return (
    <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={OWNER_COPY.calendar.legend}>
      {NIGHT_STATES.map((s) => (
        <Group key={s} gap={6} component="li">
          <span className={`${classes.swatch} ${STATE_CLASS[s]}`} aria-hidden />
          <Text size="sm">{OWNER_COPY.night[s]}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The grid: a row per room (its number and type stay in view while the nights scroll sideways), a column per night. */
type Room = OccupancyDto['rooms'][number];

function Grid({ data, onBook }: { data: OccupancyDto; onBook: (room: Room, night: string) => void }) {
  const label = c.grid(data.stay.name, monthLabel(data.month));
  const scroller = useRef<HTMLElement>(null);
  // This month's grid opens with today's column in view (two nights before it, after the rooms' column), not at the
  // 1st: on a phone it is the night the owner looks for first. Another month opens at its start.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const today = data.month === data.today.slice(0, 7) ? box.querySelector<HTMLElement>('[data-today]') : null;
    const rooms = box.querySelector<HTMLElement>('th');
    box.scrollLeft = today && rooms ? Math.max(0, today.offsetLeft - rooms.offsetWidth - 2 * today.offsetWidth) : 0;
  }, [data.month, data.today]);
  return (
    // A focusable scroll region: a keyboard scrolls it with the arrow keys.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe: scrollable-region-focusable)
    <section ref={scroller} className={classes.scroller} aria-label={label} tabIndex={0}>
      <table className={classes.grid}>
        <caption>
          <VisuallyHidden>{label}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${classes.room} ${classes.corner}`}>
              {c.room}
            </th>
            {data.nights.map((n) => (
              <th
                key={n}
                scope="col"
                className={`${classes.night} ${n === data.today ? classes.todayHead : ''}`}
                data-today={n === data.today || undefined}
                aria-label={`${weekday(n)} ${formatDate(n)}${n === data.today ? `, ${c.today}` : ''}`}
              >
                {Number(n.slice(8))}
                <span className={classes.weekday}>{weekday(n).slice(0, 2)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rooms.map((room) => (
            <tr key={room.id}>
              <th scope="row" className={classes.room} title={`${room.number} · ${room.title}`}>
                <Text span size="sm" fw={600}>
                  {room.number}
                </Text>{' '}
                <Text span size="xs" c="gray.7">
                  {room.title}
                </Text>
              </th>
              {room.nights.map((state, i) => {
                const night = data.nights[i] ?? '';
                return (
                  <td
                    key={night}
                    className={`${classes.cell} ${STATE_CLASS[state]}`}
                    title={c.cell(room.number, formatDate(night), OWNER_COPY.night[state])}
                  >
                    {state === 'free' && night >= data.today ? (
                      <button
                        type="button"
                        className={classes.book}
                        aria-label={c.bookNight(room.number, formatDate(night))}
                        onClick={() => onBook(room, night)}
                      >
                        <VisuallyHidden>{OWNER_COPY.night[state]}</VisuallyHidden>
                      </button>
                    ) : (
                      <VisuallyHidden>{OWNER_COPY.night[state]}</VisuallyHidden>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Movements({ title, items, empty }: { title: string; items: OccupancyDto['arrivals']; empty: string }) {
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        <List spacing={4} size="sm" listStyleType="none" p={0}>
          {items.map((m) => (
            <List.Item key={m.bookingId}>
              <Anchor component={Link} to={paths.admin.reservation.getHref(m.bookingId)} size="sm" fw={600}>
                {m.guestName}
              </Anchor>{' '}
              · {c.roomsOf(m.rooms)}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function Blocks({ data }: { data: OccupancyDto }) {
  const unblock = useUnblock();
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-labelledby="blocks-title">
      <Title order={2} fz="md" mb="xs" id="blocks-title">
        {c.blocksTitle}
      </Title>
      {data.blocks.length === 0 ? (
        <Text size="sm" c="gray.7">
          {c.noBlocks}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.blocks.map((b) => {
            const name = c.blockLabel(b.number, formatDate(b.from), formatDate(b.to));
            return (
              <Group key={b.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text size="sm" fw={600}>
                    {c.roomsOf([b.number])} · {formatRange(b.from, b.to)}
                  </Text>
                  {b.note && (
                    <Text size="xs" c="gray.7">
                      {b.note}
                    </Text>
                  )}
                </div>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  style={{ flexShrink: 0 }}
                  aria-label={`${c.unblock}: ${name}`}
                  loading={unblock.isPending && unblock.variables === b.id}
                  onClick={() =>
                    unblock.mutate(b.id, {
                      onSuccess: (res) => toast.success(res.message || c.unblocked, 'admin'),
                      onError: (err) => toast.fromError(err, 'admin'),
                    })
                  }
                >
                  {c.unblock}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

export type OccupancyCalendarProps = { stayId: string; month: string; onMonth: (month: string) => void };

/** A stay's month: today's arrivals and departures, the room × night grid with its legend, and the blocks. */
export function OccupancyCalendar({ stayId, month, onMonth }: OccupancyCalendarProps) {
  const occupancy = useOccupancy(stayId, month);
  const [blocking, setBlocking] = useState(false);
  const [booking, setBooking] = useState<{ room: Room; night: string } | null>(null);
  return (
    <QueryState
      query={occupancy}
      skeleton={
        <Stack role="status" aria-busy="true" aria-label={c.loading}>
          <Skeleton height={90} radius="lg" />
          <Skeleton height={280} radius="lg" />
        </Stack>
      }
      errorTitle={c.loadError}
      errorText={missingOr(c.notFound)}
      recover={{ retry: c.retry }}
    >
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Movements title={c.arrivals} items={data.arrivals} empty={c.noArrivals} />
            <Movements title={c.departures} items={data.departures} empty={c.noDepartures} />
          </SimpleGrid>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs" wrap="nowrap" role="group" aria-label={c.month}>
              <ActionIcon variant="default" size="lg" aria-label={c.previous} onClick={() => onMonth(shiftMonth(month, -1))}>
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text fw={600} miw={140} ta="center" aria-live="polite">
                {monthLabel(data.month)}
              </Text>
              <ActionIcon variant="default" size="lg" aria-label={c.next} onClick={() => onMonth(shiftMonth(month, 1))}>
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <Button
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => setBlocking(true)}
              disabled={data.rooms.length === 0}
            >
              {OWNER_COPY.block.open}
            </Button>
          </Group>
          <Legend />
          {data.rooms.length === 0 ? (
            <Card bg="gray.0" p="lg">
              <Text ta="center" c="gray.7">
                {c.noRooms}
              </Text>
            </Card>
          ) : (
            <Box>
              <Grid data={data} onBook={(room, night) => setBooking({ room, night })} />
            </Box>
          )}
          <Blocks data={data} />
          <DeskBookingDialog
            stayId={stayId}
            room={booking?.room ?? null}
            night={booking?.night ?? data.today}
            rooms={data.rooms}
            onClose={() => setBooking(null)}
          />
          <BlockDialog
            stayId={stayId}
            rooms={data.rooms}
            today={data.today}
            opened={blocking}
            onClose={() => setBlocking(false)}
          />
        </Stack>
      )}
    </QueryState>
  );
}
