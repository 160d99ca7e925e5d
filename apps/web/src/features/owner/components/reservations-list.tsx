import { roomWords } from '../room-words';
import { BOOKING_STATUSES } from '@repo/shared/constants/domain';
import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import { OWNER_LIMITS, type ReservationDto } from '@repo/shared/schemas/owner';
import { Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Pager } from '@/components/ui/pager';
import { IconDownload, IconEye, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { DisplayDateInput } from '@/components/form/display-date-input';
import { AdminTable } from '@/components/ui/admin-table';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { useOwnerStays } from '../api/owner-stays';
import { type ReservationFilters, type ReservationsListState, useExportReservations, useReservations } from '../api/reservations';
import { OWNER_COPY } from '../copy';
import { PaymentState, StatusBadge } from './reservation-bits';

const c = OWNER_COPY.reservations;

export type ReservationsListProps = {
  filters: ReservationFilters;
  page: number;
  /** New filters (the page goes back to 1) or another page. */
  onChange: (filters: ReservationFilters, page: number) => void;
  /** Amounts and payment columns, and the CSV export (not for front-desk staff, ADR 066). */
  money?: boolean;
  canExport?: boolean;
};

/** The filter bar: stay, status, the dates a booking overlaps and a search; applied together by Search. */
function FilterBar({ filters, onApply }: { filters: ReservationFilters; onApply: (f: ReservationFilters) => void }) {
  const stays = useOwnerStays();
  const [draft, setDraft] = useState<ReservationFilters>(filters);
  const set = (key: keyof ReservationFilters) => (value: string | null) => setDraft((d) => ({ ...d, [key]: value ?? '' }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  return (
    <Paper component="form" withBorder radius="lg" p="md" mb="md" onSubmit={submit} role="search" aria-label={c.filters}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Select
          label={c.stay}
          placeholder={c.allStays}
          clearable
          data={(stays.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={draft.stayId || null}
          onChange={set('stayId')}
        />
        <Select
          label={c.statusLabel}
          placeholder={c.allStatuses}
          clearable
          data={BOOKING_STATUSES.map((s) => ({ value: s, label: OWNER_COPY.status[s] }))}
          value={draft.status || null}
          onChange={set('status')}
        />
        <DisplayDateInput label={c.from} clearable value={draft.from} onChange={set('from')} />
        <DisplayDateInput label={c.to} clearable value={draft.to} onChange={set('to')} />
      </SimpleGrid>
      <Group mt="sm" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={c.search}
          placeholder={c.searchPlaceholder}
          maxLength={OWNER_LIMITS.searchMax}
          value={draft.q ?? ''}
          onChange={(e) => set('q')(e.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {c.apply}
        </Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {c.clear}
        </Button>
      </Group>
    </Paper>
  );
}

const guestCell = (r: ReservationDto) => (
  <Box>
    <Text size="sm" fw={600}>
      {r.guest.name}
    </Text>
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {r.guest.email}
    </Text>
    <Text size="xs" c="dimmed">
      {r.guest.mobile}
    </Text>
  </Box>
);

/**
 * The bookings of the admin's stays, 10 a page, with filters, search and a CSV export of the same filtered list.
 * A phone shows a card per booking.
 */
export function ReservationsList({ filters, page, onChange, money = true, canExport = true }: ReservationsListProps) {
  const list = useReservations(filters, page);
  const exporter = useExportReservations();
  // A reservation opened from here returns to the list as it is now: its filters, search and page.
  const location = useLocation();
  const back: ReservationsListState = { from: `${location.pathname}${location.search}` };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const rows = { ...list, data: data?.reservations };
  return (
    <Stack gap={0}>
      <FilterBar key={JSON.stringify(filters)} filters={filters} onApply={(f) => onChange(f, 1)} />
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {data ? c.total(data.total) : ''}
        </Text>
        {canExport && (
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporter.isPending}
            onClick={() =>
              exporter.mutate(filters, {
                onSuccess: (name) => toast.success(c.exported(name), 'admin'),
                onError: (err) => toast.fromError(err, 'admin'),
              })
            }
          >
            {c.export}
          </Button>
        )}
      </Group>
      <AdminTable
        query={rows}
        copy={c}
        minWidth={1080}
        firstIndex={(page - 1) * OWNER_LIMITS.pageSize + 1}
        rowKey={(r) => r.id}
        rowName={(r) => `${r.guest.name}, ${formatDate(r.from)}`}
        columns={[
          { header: c.columns.guest, cell: guestCell, td: { miw: 180 } },
          { header: c.columns.stay, cell: (r) => r.stayName },
          {
            header: c.columns.dates,
            cell: (r) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.from)} – {formatDate(r.to)}
                <Text span size="xs" c="dimmed" display="block">
                  {c.nights(r.nights)}
                </Text>
              </Text>
            ),
          },
          { header: c.columns.rooms, cell: (r) => r.rooms.map(roomWords).join(', ') },
          ...(money
            ? [{ header: c.columns.amount, cell: (r: ReservationDto) => (r.amount === null ? '' : formatPaise(r.amount)) }]
            : []),
          { header: c.columns.status, cell: (r) => <StatusBadge status={r.status} /> },
          ...(money ? [{ header: c.columns.payment, cell: (r: ReservationDto) => <PaymentState r={r} /> }] : []),
        ]}
        actions={(r) => [
          { label: c.view, icon: IconEye, variant: 'light', to: paths.admin.reservation.getHref(r.id), state: back },
        ]}
      />
      {data && pages > 1 && (
        <Box component="nav" aria-label={c.pages} mt="md">
          <Pager total={pages} value={page} onChange={(p) => onChange(filters, p)} siblings={1} boundaries={1} />
        </Box>
      )}
    </Stack>
  );
}
