import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import type { MoneyFiguresDto, SettlementDetailDto } from '@repo/shared/schemas/payouts';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDownload, useSettlement } from '@/features/payouts/api/payouts';
import { PayoutStatus } from '@/features/payouts/components/payout-status';
import { PAYOUTS_COPY } from '@/features/payouts/copy';
import { rupees } from '@/features/payouts/money';
import { toast } from '@/lib/notify';

const c = PAYOUTS_COPY.statement;
const tdsRate = (bp: number) => `${bp / 100} %`;
const figures = (f: MoneyFiguresDto) => [f.gross, f.gst, f.taxable, f.fee, f.feeGst, f.tcs, f.tds, f.net];

/** A line's figures on a phone: each column's name beside its amount, the net last and bold. */
function FigureList({ values }: { values: number[] }) {
  return (
    <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
      {values.map((v, i) => {
        const last = i === values.length - 1;
        return [
          <Text key={`${c.columns[i]}-name`} size="sm" c="dimmed" fw={last ? 700 : undefined}>
            {c.columns[i]}
          </Text>,
          <Text key={`${c.columns[i]}-value`} size="sm" ta="right" fw={last ? 700 : undefined}>
            {rupees(v)}
          </Text>,
        ];
      })}
    </SimpleGrid>
  );
}

/** The statement's files (CSV, PDF), from the owner's or the platform's routes. */
function StatementFiles({ d, platform }: { d: SettlementDetailDto; platform: boolean }) {
  const file = useDownload();
  const base = platform ? `/admin/platform/settlements/${d.id}` : `/admin/payouts/settlements/${d.id}`;
  const get = (kind: 'csv' | 'pdf') =>
    file.mutate(
      { path: `${base}/statement.${kind}`, name: `statement-${d.periodStart}.${kind}` },
      { onError: (e) => toast.error(e.message, 'admin') },
    );
  return (
    <Group gap="xs" role="group" aria-label={c.downloads}>
      <Button size="sm" variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => get('pdf')}>
        {c.pdf}
      </Button>
      <Button size="sm" variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={() => get('csv')}>
        {c.csv}
      </Button>
    </Group>
  );
}

/** /admin/payouts/:id: one settlement's statement, every line and the balance (?platform=1: any owner's). */
export default function SettlementScreen() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const platform = params.get('platform') === '1';
  const query = useSettlement(id, platform);
  const back = (
    <Anchor component={Link} to={platform ? paths.admin.platformMonth.getHref() : paths.admin.payouts.getHref()} size="sm">
      ← {c.back}
    </Anchor>
  );
  return (
    <QueryState
      query={query}
      skeleton={<Skeleton h={320} m="lg" />}
      errorTitle={c.missing}
      errorText={missingOr(c.missing)}
      recover={{ label: c.back, to: paths.admin.payouts.getHref() }}
    >
      {(d) => {
        const paidAt = d.payouts.find((p) => p.status === 'processed')?.settledAt ?? null;
        const noPanBp = d.pan === null ? Math.max(0, ...d.lines.map((l) => l.tdsBp)) : 0;
        return (
          <AdminPage
            size="lg"
            back={back}
            title={c.title(formatDate(d.periodStart), formatDate(d.periodEnd))}
            subtitle={d.ownerName}
          >
            <Stack gap="md">
              <Card withBorder radius="md">
                <Group justify="space-between" wrap="wrap">
                  <Text>
                    {c.opening}: <b>{rupees(d.opening)}</b>
                  </Text>
                  <Text>
                    {c.closing}: <b>{rupees(d.closing)}</b>
                  </Text>
                  <Text>
                    {paidAt ? c.paidOn(formatDate(paidAt)) : c.payable}: <b>{rupees(d.payable)}</b>
                  </Text>
                  <Text>
                    {c.pan}: <b>{d.pan ?? c.noPan}</b>
                  </Text>
                  <PayoutStatus settlement={d} profileComplete />
                </Group>
              </Card>
              {noPanBp > 0 ? (
                <Alert color="orange" variant="light">
                  {c.noPanTds(tdsRate(noPanBp))}
                </Alert>
              ) : null}
              <StatementFiles d={d} platform={platform} />
              <Title order={2} size="h4">
                {c.linesTitle}
              </Title>
              {/* A phone: one card a line, then the total. */}
              <Stack gap="sm" hiddenFrom="sm">
                {d.lines.map((l) => (
                  <Card
                    key={`${l.bookingId}-${l.kind}`}
                    withBorder
                    radius="md"
                    padding="sm"
                    component="article"
                    aria-label={l.stayName}
                  >
                    <Text fw={600}>{l.stayName}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(l.checkIn)} · {l.kind === 'booking' ? c.booking : c.adjustment} ·{' '}
                      {l.invoiceNumber ?? l.bookingId.slice(0, 8)}
                      {l.byPlatform ? ` · ${c.platformGst}` : ''}
                    </Text>
                    {l.tdsSection ? (
                      <Text size="xs" c="dimmed" mb={4}>
                        {c.tds(tdsRate(l.tdsBp), l.tdsSection)}
                      </Text>
                    ) : null}
                    <FigureList values={figures(l)} />
                  </Card>
                ))}
                {d.compensations.map((comp) => (
                  <Card
                    key={`${comp.bookingId}-compensation`}
                    withBorder
                    radius="md"
                    padding="sm"
                    component="article"
                    aria-label={comp.stayName}
                  >
                    <Text fw={600}>{comp.stayName}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(comp.checkIn)} · {c.compensation}
                    </Text>
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed" fw={700}>
                        {c.columns[c.columns.length - 1]}
                      </Text>
                      <Text size="sm" fw={700}>
                        {rupees(-comp.amount)}
                      </Text>
                    </Group>
                  </Card>
                ))}
                {d.collectedAtStay.map((comp) => (
                  <Card
                    key={`${comp.bookingId}-collected-${comp.method}-${comp.amount}`}
                    withBorder
                    radius="md"
                    padding="sm"
                    component="article"
                    aria-label={comp.stayName}
                  >
                    <Text fw={600}>{comp.stayName}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDate(comp.checkIn)} · {c.collected(comp.method)}
                    </Text>
                    <Group justify="space-between">
                      <Text size="sm" c="dimmed" fw={700}>
                        {c.columns[c.columns.length - 1]}
                      </Text>
                      <Text size="sm" fw={700}>
                        {rupees(-comp.amount)}
                      </Text>
                    </Group>
                  </Card>
                ))}
                <Card withBorder radius="md" padding="sm" component="article" aria-label={c.total}>
                  <Text fw={700}>{c.total}</Text>
                  <FigureList values={figures(d.totals)} />
                </Card>
              </Stack>
              <Table.ScrollContainer
                minWidth={980}
                type="native"
                visibleFrom="sm"
                tabIndex={0}
                role="region"
                aria-label={PAYOUTS_COPY.platform.tablesScroll(c.linesTitle)}
              >
                <Table striped verticalSpacing="xs" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{c.stay}</Table.Th>
                      <Table.Th>{c.checkIn}</Table.Th>
                      <Table.Th>{c.line}</Table.Th>
                      {c.columns.map((h) => (
                        <Table.Th key={h} ta="right">
                          {h}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.lines.map((l) => (
                      <Table.Tr key={`${l.bookingId}-${l.kind}`}>
                        <Table.Td>
                          {l.stayName}
                          <Text size="xs" c="dimmed">
                            {l.invoiceNumber ?? l.bookingId.slice(0, 8)}
                            {l.byPlatform ? ` · ${c.platformGst}` : ''}
                          </Text>
                          {l.tdsSection ? (
                            <Text size="xs" c="dimmed">
                              {c.tds(tdsRate(l.tdsBp), l.tdsSection)}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{formatDate(l.checkIn)}</Table.Td>
                        <Table.Td>{l.kind === 'booking' ? c.booking : c.adjustment}</Table.Td>
                        {figures(l).map((v, i) => (
                          <Table.Td key={c.columns[i]} ta="right">
                            {rupees(v)}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                    {d.compensations.map((comp) => (
                      <Table.Tr key={`${comp.bookingId}-compensation`}>
                        <Table.Td>
                          {comp.stayName}
                          <Text size="xs" c="dimmed">
                            {comp.bookingId.slice(0, 8)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{formatDate(comp.checkIn)}</Table.Td>
                        <Table.Td>{c.compensation}</Table.Td>
                        <Table.Td colSpan={c.columns.length - 1} />
                        <Table.Td ta="right">{rupees(-comp.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                    {d.collectedAtStay.map((comp) => (
                      <Table.Tr key={`${comp.bookingId}-collected-${comp.method}-${comp.amount}`}>
                        <Table.Td>
                          {comp.stayName}
                          <Text size="xs" c="dimmed">
                            {comp.bookingId.slice(0, 8)}
                          </Text>
                        </Table.Td>
                        <Table.Td>{formatDate(comp.checkIn)}</Table.Td>
                        <Table.Td>{c.collected(comp.method)}</Table.Td>
                        <Table.Td colSpan={c.columns.length - 1} />
                        <Table.Td ta="right">{rupees(-comp.amount)}</Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr fw={700}>
                      <Table.Td colSpan={3}>{c.total}</Table.Td>
                      {figures(d.totals).map((v, i) => (
                        <Table.Td key={c.columns[i]} ta="right">
                          {rupees(v)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </AdminPage>
        );
      }}
    </QueryState>
  );
}
