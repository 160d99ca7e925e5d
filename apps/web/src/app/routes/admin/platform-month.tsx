import { Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { todayInIndia } from '@repo/shared/domain/dates';
import { formatDateTime } from '@repo/shared/domain/grievances';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { PLATFORM_REPORTS, STAY_FEES_PAGE_SIZE } from '@repo/shared/schemas/payouts';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { AdminPage } from '@/components/ui/admin-page';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { useDownload, usePlatformMonth, useRunPayouts, useStayFees } from '@/features/payouts/api/payouts';
import { StayFeeRow } from '@/features/payouts/components/stay-fee-row';
import { PAYOUTS_COPY } from '@/features/payouts/copy';
import { rupees } from '@/features/payouts/money';
import { toast } from '@/lib/notify';

const c = PAYOUTS_COPY.platform;

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card withBorder radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** A row of figures on a phone: a card with a title and each figure's name beside its value. */
function FigureCard({ title, rows }: { title: string; rows: [label: string, value: ReactNode][] }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={title}>
      <Text fw={600} mb={4}>
        {title}
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {rows.flatMap(([label, value]) => [
          <Text key={`${label}-name`} size="sm" c="dimmed">
            {label}
          </Text>,
          <Text key={`${label}-value`} size="sm" ta="right">
            {value}
          </Text>,
        ])}
      </SimpleGrid>
    </Card>
  );
}

/** Asks before settling and paying: what the run does, and that money leaves at once. */
function RunPayoutsButton() {
  const [open, setOpen] = useState(false);
  const run = useRunPayouts();
  return (
    <>
      <Button onClick={() => setOpen(true)}>{c.run}</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={c.runTitle} centered>
        <Stack gap="sm">
          {c.runText.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} disabled={run.isPending}>
              {c.runNo}
            </Button>
            <Button
              loading={run.isPending}
              onClick={() =>
                run.mutate(undefined, {
                  onSuccess: (r) => {
                    setOpen(false);
                    toast.success(c.ran(r.settlements, r.payouts, r.retried), 'admin');
                  },
                  onError: (e) => toast.error(e.message, 'admin'),
                })
              }
            >
              {c.runYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Platform month's "Fee per stay": searched by stay or owner name, a page at a time. */
function StayFeesSection() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 250);
  const fees = useStayFees(q, page);
  const pages = fees.data ? Math.ceil(fees.data.total / STAY_FEES_PAGE_SIZE) : 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="fees">
      <Title order={2} size="h4" id="fees" mb="xs">
        {c.feesTitle}
      </Title>
      <TextInput
        type="search"
        label={c.feesSearch}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
        mb="xs"
      />
      {fees.data ? (
        <>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {c.feeDefault(`${fees.data.defaultBp / 100} %`)} · {c.feesCount(fees.data.total)}
          </Text>
          {fees.data.stays.length === 0 ? (
            <Text c="dimmed">{c.feesNone}</Text>
          ) : (
            <Table.ScrollContainer
              minWidth={420}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={c.tablesScroll(c.feesTitle)}
            >
              <Table fz="sm">
                <Table.Tbody>
                  {fees.data.stays.map((s) => (
                    <StayFeeRow key={s.stayId} stay={s} defaultBp={fees.data.defaultBp} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 ? <Pager value={page} total={pages} onChange={setPage} mt="md" /> : null}
        </>
      ) : (
        <Skeleton h={120} />
      )}
    </Card>
  );
}

/** /admin/platform-month (the platform only): the month's GSTR-8, s.9(5) supplies, fees, TDS, payouts and the fee per stay. */
export default function PlatformMonthScreen() {
  const [month, setMonth] = useState(todayInIndia().slice(0, 7));
  const query = usePlatformMonth(month);
  const file = useDownload();
  return (
    <AdminPage size="lg" title={c.title} subtitle={c.subtitle} action={<RunPayoutsButton />}>
      <Stack gap="lg">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="month"
            label={PAYOUTS_COPY.reports.month}
            value={month}
            onChange={(e) => e.currentTarget.value && setMonth(e.currentTarget.value)}
            w={200}
          />
          {PLATFORM_REPORTS.map((r) => (
            <Button
              key={r}
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => file.mutate({ path: `/admin/platform/reports/${r}`, query: { month }, name: `${r}-${month}.csv` })}
            >
              {PAYOUTS_COPY.reports.names[r]}
            </Button>
          ))}
        </Group>
        <QueryState
          query={query}
          skeleton={<Skeleton h={300} />}
          errorTitle={c.loadError}
          recover={{ retry: PAYOUTS_COPY.settlements.retry }}
        >
          {(m) => (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                <Figure label={c.settlements} value={String(m.settlements.count)} hint={rupees(m.settlements.payable)} />
                <Figure
                  label={c.fees}
                  value={rupees(m.fees.taxable + m.fees.gst)}
                  hint={`${m.fees.invoices} · GST ${rupees(m.fees.gst)}`}
                />
                <Figure label={c.tds} value={rupees(m.tds.withheld)} hint={rupees(m.tds.amount)} />
                <Figure
                  label={c.paid}
                  value={rupees(m.payouts.processed.amount)}
                  hint={`${c.pending}: ${rupees(m.payouts.pending.amount)}`}
                />
              </SimpleGrid>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="failed">
                <Title order={2} size="h4" id="failed" mb="xs">
                  {c.failed}
                </Title>
                {m.payouts.failed.length === 0 ? (
                  <Text c="dimmed">{c.noFailed}</Text>
                ) : (
                  m.payouts.failed.map((f) => (
                    <Text key={f.payoutId} size="sm">
                      <b>{f.ownerName}</b> · {rupees(f.amount)} · {c.failedAt(formatDateTime(f.at))} ·{' '}
                      <Text span c="red.9">
                        {f.reason}
                      </Text>
                    </Text>
                  ))
                )}
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gstr8">
                <Title order={2} size="h4" id="gstr8" mb="xs">
                  {c.gstr8}
                </Title>
                {m.tcs.length === 0 ? (
                  <Text c="dimmed">{c.noRows}</Text>
                ) : (
                  <>
                    <Stack gap="sm" hiddenFrom="sm">
                      {m.tcs.map((t) => (
                        <FigureCard
                          key={t.gstin}
                          title={t.gstin}
                          rows={[
                            [c.owner, t.ownerName],
                            [c.taxable, rupees(t.taxable)],
                            ['CGST', rupees(t.cgst)],
                            ['SGST', rupees(t.sgst)],
                            ['IGST', rupees(t.igst)],
                          ]}
                        />
                      ))}
                    </Stack>
                    <Table.ScrollContainer
                      minWidth={560}
                      type="native"
                      visibleFrom="sm"
                      tabIndex={0}
                      role="region"
                      aria-label={c.tablesScroll(c.gstr8)}
                    >
                      <Table striped fz="sm">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{c.gstin}</Table.Th>
                            <Table.Th>{c.owner}</Table.Th>
                            <Table.Th ta="right">{c.taxable}</Table.Th>
                            <Table.Th ta="right">CGST</Table.Th>
                            <Table.Th ta="right">SGST</Table.Th>
                            <Table.Th ta="right">IGST</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {m.tcs.map((t) => (
                            <Table.Tr key={t.gstin}>
                              <Table.Td>{t.gstin}</Table.Td>
                              <Table.Td>{t.ownerName}</Table.Td>
                              <Table.Td ta="right">{rupees(t.taxable)}</Table.Td>
                              <Table.Td ta="right">{rupees(t.cgst)}</Table.Td>
                              <Table.Td ta="right">{rupees(t.sgst)}</Table.Td>
                              <Table.Td ta="right">{rupees(t.igst)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </>
                )}
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="s95">
                <Title order={2} size="h4" id="s95" mb="xs">
                  {c.s95}
                </Title>
                {m.supplies95.length === 0 ? (
                  <Text c="dimmed">{c.noRows}</Text>
                ) : (
                  <>
                    <Stack gap="sm" hiddenFrom="sm">
                      {m.supplies95.map((s) => (
                        <FigureCard
                          key={`${s.stateCode}-${s.ratePercent}`}
                          title={`${GST_STATES[s.stateCode] ?? s.stateCode} · ${s.ratePercent} %`}
                          rows={[
                            [c.taxable, rupees(s.taxable)],
                            ['CGST', rupees(s.cgst)],
                            ['SGST', rupees(s.sgst)],
                          ]}
                        />
                      ))}
                    </Stack>
                    <Table.ScrollContainer
                      minWidth={480}
                      type="native"
                      visibleFrom="sm"
                      tabIndex={0}
                      role="region"
                      aria-label={c.tablesScroll(c.s95)}
                    >
                      <Table striped fz="sm">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{c.state}</Table.Th>
                            <Table.Th ta="right">{c.rate}</Table.Th>
                            <Table.Th ta="right">{c.taxable}</Table.Th>
                            <Table.Th ta="right">CGST</Table.Th>
                            <Table.Th ta="right">SGST</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {m.supplies95.map((s) => (
                            <Table.Tr key={`${s.stateCode}-${s.ratePercent}`}>
                              <Table.Td>{GST_STATES[s.stateCode] ?? s.stateCode}</Table.Td>
                              <Table.Td ta="right">{s.ratePercent} %</Table.Td>
                              <Table.Td ta="right">{rupees(s.taxable)}</Table.Td>
                              <Table.Td ta="right">{rupees(s.cgst)}</Table.Td>
                              <Table.Td ta="right">{rupees(s.sgst)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </>
                )}
              </Card>
            </Stack>
          )}
        </QueryState>
        <StayFeesSection />
      </Stack>
    </AdminPage>
  );
}
