import { Anchor, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import type { MoneyFiguresDto } from '@repo/shared/schemas/payouts';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useSettlement } from '@/features/payouts/api/payouts';
import { PayoutStatus } from '@/features/payouts/components/payout-status';
import { PAYOUTS_COPY } from '@/features/payouts/copy';
import { rupees } from '@/features/payouts/money';

const c = PAYOUTS_COPY.statement;
const tdsRate = (bp: number) => `${bp / 100} %`;
const figures = (f: MoneyFiguresDto) => [f.gross, f.gst, f.taxable, f.fee, f.feeGst, f.tcs, f.tds, f.net];

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
      {(d) => (
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
                  {c.payable}: <b>{rupees(d.payable)}</b>
                </Text>
                <Text>
                  {c.pan}: <b>{d.pan ?? c.noPan}</b>
                </Text>
                <PayoutStatus settlement={d} profileComplete />
              </Group>
            </Card>
            <Table.ScrollContainer minWidth={980}>
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
      )}
    </QueryState>
  );
}
