import '@mantine/dates/styles.css';
import { formatPaise } from '@repo/shared/domain/money';
import { isOneOf } from '@repo/shared/domain/one-of';
import { MONTH_SORTS, type MonthStayDto, OWNER_LIMITS, type OwnerMonthDto } from '@repo/shared/schemas/owner';
import { ActionIcon, Box, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AdminTable, type AdminColumn, type RowAction } from '@/components/ui/admin-table';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { common } from '@/copy/common';
import { type MonthView, useOwnerMonth } from '../api/month';
import { OWNER_COPY } from '../copy';
import { monthLabel, shiftMonth } from '../month';

const c = OWNER_COPY.month;
const money = (paise: number | null) => (paise === null ? c.none : formatPaise(paise));

export type OwnerMonthProps = {
  view: MonthView;
  /** This month (yyyy-MM, India). */
  thisMonth: string;
  /** Another month, search, order or page (a new search or order goes back to page 1). */
  onChange: (view: MonthView) => void;
  /** A stay's buttons (edit, calendar, rooms…): the screen gives them. */
  actions: (stay: MonthStayDto) => RowAction[];
};

/** One figure of the month's totals: its name, the value, and a line under it. */
function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder radius="lg" p="md" component="div" role="group" aria-label={label}>
      <Text size="xs" c="gray.7" fw={500}>
        {label}
      </Text>
      <Text fz="xl" fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** The month's totals over every stay of the owner. */
function Totals({ totals }: { totals: OwnerMonthDto['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="month-totals">
      <Stat
        label={c.occupancy}
        value={c.percent(totals.occupancy, totals.soldNights)}
        hint={c.nights(totals.soldNights, totals.sellableNights)}
      />
      <Stat label={c.adr} value={money(totals.adr)} hint={c.adrHint} />
      <Stat label={c.revpar} value={money(totals.revpar)} hint={c.revparHint} />
      <Stat label={c.revenue} value={formatPaise(totals.revenue)} hint={c.netOfGst(formatPaise(totals.netRevenue))} />
      <Stat
        label={c.fee}
        value={totals.feeAvailable ? formatPaise(totals.fee) : c.none}
        hint={totals.feeAvailable ? undefined : c.notYet}
      />
      <Stat
        label={c.payable}
        value={totals.feeAvailable ? formatPaise(totals.payable) : c.none}
        hint={totals.feeAvailable ? undefined : c.notYet}
      />
    </SimpleGrid>
  );
}

/** Previous and next month around a month picker. */
function MonthPicker({ month, thisMonth, onMonth }: { month: string; thisMonth: string; onMonth: (m: string) => void }) {
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={c.month}>
      <ActionIcon variant="default" size="lg" aria-label={c.previous} onClick={() => onMonth(shiftMonth(month, -1))}>
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <MonthPickerInput
        aria-label={c.month}
        value={`${month}-01`}
        minDate="2000-01-01"
        maxDate="2100-12-01"
        valueFormat="MMMM YYYY"
        ariaLabels={common.calendar}
        popoverProps={{ withinPortal: true, zIndex: 400 }}
        onChange={(v) => v && onMonth(String(v).slice(0, 7))}
        w={170}
      />
      <ActionIcon variant="default" size="lg" aria-label={c.next} onClick={() => onMonth(shiftMonth(month, 1))}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
      {month !== thisMonth ? (
        <Button variant="subtle" size="compact-sm" onClick={() => onMonth(thisMonth)}>
          {c.thisMonth}
        </Button>
      ) : null}
    </Group>
  );
}

/** The stays' search (applied by Search) and, on a phone where the headers are not shown, the order. */
function Toolbar({ view, onChange }: Pick<OwnerMonthProps, 'view' | 'onChange'>) {
  const [q, setQ] = useState(view.q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...view, q: q.trim(), page: 1 });
  };
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" mb="sm">
      <Group
        component="form"
        role="search"
        aria-label={c.search}
        onSubmit={submit}
        align="flex-end"
        gap="sm"
        style={{ flex: '1 1 300px', maxWidth: 560 }}
      >
        <TextInput
          label={c.search}
          placeholder={c.searchPlaceholder}
          maxLength={OWNER_LIMITS.searchMax}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {c.apply}
        </Button>
        {view.q ? (
          <Button
            variant="default"
            onClick={() => {
              setQ('');
              onChange({ ...view, q: '', page: 1 });
            }}
          >
            {c.clear}
          </Button>
        ) : null}
      </Group>
      <Select
        hiddenFrom="sm"
        label={c.sortBy}
        allowDeselect={false}
        data={Object.entries(c.sorts).map(([value, label]) => ({ value, label }))}
        value={`${view.sort}-${view.dir}`}
        onChange={(v) => {
          const [sort = '', dir = ''] = (v ?? '').split('-');
          if (isOneOf(MONTH_SORTS, sort) && (dir === 'asc' || dir === 'desc')) onChange({ ...view, sort, dir, page: 1 });
        }}
        style={{ flex: '1 1 100%' }}
      />
    </Group>
  );
}

/**
 * The owner's month at a glance (ADR 039): the month's totals over every stay of theirs (occupancy, average daily
 * rate, RevPAR, room revenue with and without GST, the platform's fee and what is payable, "—" while those are not
 * known), then their stays with the same figures, searched by name or city and sorted by a column's header (a
 * "Sort by" list on a phone), 20 a page, each with its buttons. Loading, error and empty states for each.
 */
export function OwnerMonth({ view, thisMonth, onChange, actions }: OwnerMonthProps) {
  const query = useOwnerMonth(view);
  const titleId = useId();
  const data = query.data;
  const sortable = (key: (typeof MONTH_SORTS)[number]): AdminColumn<MonthStayDto>['sort'] => ({
    state: view.sort === key ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    // A name sorts A to Z first; a figure, highest first.
    onSort: () =>
      onChange({
        ...view,
        sort: key,
        dir: view.sort === key ? (view.dir === 'asc' ? 'desc' : 'asc') : key === 'name' ? 'asc' : 'desc',
        page: 1,
      }),
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Box component="section" aria-labelledby={titleId} mb="xl">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
        <div>
          <Title order={2} fz="xl" id={titleId}>
            {c.title(monthLabel(view.month))}
          </Title>
          <Text size="sm" c="gray.7">
            {c.hint}
          </Text>
        </div>
        <MonthPicker month={view.month} thisMonth={thisMonth} onMonth={(month) => onChange({ ...view, month, page: 1 })} />
      </Group>
      <QueryState
        query={query}
        skeleton={<SkeletonGrid count={6} height={96} cols={{ base: 2, sm: 3, lg: 6 }} label={c.loading} />}
        errorTitle={c.loadError}
        recover={{ retry: c.retry }}
      >
        {(month) => (
          <Stack gap="xs">
            <Box component="section" aria-label={c.totals}>
              <Totals totals={month.totals} />
            </Box>
            <Text size="xs" c="gray.7">
              {c.definition}
            </Text>
          </Stack>
        )}
      </QueryState>
      <Title order={3} fz="lg" mt="lg" mb="sm">
        {c.stays}
      </Title>
      {data && data.totals.stays === 0 ? (
        <Card bg="gray.0">
          <Text c="gray.7" ta="center" py="md">
            {c.noStays}
          </Text>
        </Card>
      ) : (
        <>
          <Toolbar key={view.q} view={view} onChange={onChange} />
          <Text size="sm" c="gray.7" mb="xs" aria-live="polite">
            {data ? c.staysCount(data.total, data.totals.stays) : ''}
          </Text>
          <AdminTable
            query={{ ...query, data: data?.stays }}
            copy={{ ...c, loading: c.staysLoading }}
            minWidth={820}
            firstIndex={(view.page - 1) * OWNER_LIMITS.monthPageSize + 1}
            rowKey={(s) => s.stayId}
            rowName={(s) => s.name}
            columns={[
              {
                header: c.columns.name,
                sort: sortable('name'),
                td: { miw: 160 },
                cell: (s) => (
                  <Box>
                    <Text size="sm" fw={600}>
                      {s.name}
                    </Text>
                    <Text size="xs" c="gray.7" tt="capitalize">
                      {s.city}
                    </Text>
                  </Box>
                ),
              },
              {
                header: c.columns.occupancy,
                sort: sortable('occupancy'),
                cell: (s) => (
                  <Box>
                    <Text size="sm" fw={600}>
                      {c.percent(s.occupancy, s.soldNights)}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {c.nights(s.soldNights, s.sellableNights)}
                    </Text>
                  </Box>
                ),
              },
              { header: c.columns.adr, sort: sortable('adr'), cell: (s) => money(s.adr) },
              { header: c.columns.revpar, sort: sortable('revpar'), cell: (s) => money(s.revpar) },
              {
                header: c.columns.revenue,
                sort: sortable('revenue'),
                cell: (s) => (
                  <Box>
                    <Text size="sm" fw={600}>
                      {formatPaise(s.revenue)}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {c.netOfGst(formatPaise(s.netRevenue))}
                    </Text>
                  </Box>
                ),
              },
            ]}
            actions={actions}
          />
          {data && pages > 1 && (
            <Box component="nav" aria-label={c.pages} mt="md">
              <Pager
                total={pages}
                value={view.page}
                onChange={(page) => onChange({ ...view, page })}
                siblings={1}
                boundaries={1}
              />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
