import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import type { SettlementDto } from '@repo/shared/schemas/payouts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '@/components/ui/pager';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { toast } from '@/lib/notify';
import { useDownload, useSettlements } from '../api/payouts';
import { PAYOUTS_COPY } from '../copy';
import { rupees } from '../money';
import { PayoutStatus } from './payout-status';

const c = PAYOUTS_COPY.settlements;

/** A settlement made while the owner had given no PAN: its TDS was at the rate without one. */
const noPanTds = (s: SettlementDto) =>
  s.pan === null && s.lineCount > 0 ? (
    <Text size="xs" c="orange.9">
      {c.noPanTds}
    </Text>
  ) : null;

/** The balance cards and the owner's settlements, each with its payout and its statement's downloads. */
export function SettlementsSection() {
  const [page, setPage] = useState(1);
  const query = useSettlements(page);
  const file = useDownload();
  const get = (path: string, name: string) => file.mutate({ path, name }, { onError: (e) => toast.error(e.message, 'admin') });
  const downloads = (s: SettlementDto) => (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => get(`/admin/payouts/settlements/${s.id}/statement.pdf`, `statement-${s.periodStart}.pdf`)}
        aria-label={`${c.pdf} ${s.periodStart}`}
      >
        {c.pdf}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={() => get(`/admin/payouts/settlements/${s.id}/statement.csv`, `statement-${s.periodStart}.csv`)}
        aria-label={`${c.csv} ${s.periodStart}`}
      >
        {c.csv}
      </Button>
    </>
  );
  return (
    <QueryState query={query} skeleton={<Skeleton h={240} />} errorTitle={c.loadError} recover={{ retry: c.retry }}>
      {(data) => (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder radius="md">
              <Text size="sm" c="dimmed">
                {PAYOUTS_COPY.summary.unpaid}
              </Text>
              <Text fz={26} fw={700}>
                {rupees(data.unpaid)}
              </Text>
            </Card>
            <Card withBorder radius="md">
              <Text size="sm" c="dimmed">
                {PAYOUTS_COPY.summary.upcoming}
              </Text>
              <Text fz={26} fw={700}>
                {rupees(data.upcoming.net)}
              </Text>
              <Text size="xs" c="dimmed">
                {PAYOUTS_COPY.summary.netHint}
              </Text>
            </Card>
          </SimpleGrid>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settlements">
            <Title order={2} size="h4" id="settlements" mb="sm">
              {c.title}
            </Title>
            {data.settlements.length === 0 ? (
              <Text c="dimmed">{c.empty}</Text>
            ) : (
              <>
                {/* A phone: one card a settlement. */}
                <Stack gap="sm" hiddenFrom="sm">
                  {data.settlements.map((s) => (
                    <Card key={s.id} withBorder radius="md" padding="sm">
                      <Stack gap={6}>
                        <Anchor component={Link} to={paths.admin.settlement.getHref(s.id)} fw={600}>
                          {formatDate(s.periodStart)} – {formatDate(s.periodEnd)}
                        </Anchor>
                        <Group justify="space-between">
                          <Text size="sm" c="dimmed">
                            {c.net}
                          </Text>
                          <Text size="sm">{rupees(s.totals.net)}</Text>
                        </Group>
                        <Group justify="space-between">
                          <Text size="sm" c="dimmed">
                            {c.payable}
                          </Text>
                          <Text size="sm" fw={600}>
                            {rupees(s.payable)}
                          </Text>
                        </Group>
                        {s.carried < 0 ? (
                          <Text size="xs" c="orange.9">
                            {c.carried(rupees(s.carried))}
                          </Text>
                        ) : null}
                        {noPanTds(s)}
                        <PayoutStatus settlement={s} profileComplete={data.profileComplete} />
                        <Group gap="xs">{downloads(s)}</Group>
                      </Stack>
                    </Card>
                  ))}
                </Stack>
                <Table verticalSpacing="sm" striped visibleFrom="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{c.period}</Table.Th>
                      <Table.Th ta="right">{c.net}</Table.Th>
                      <Table.Th ta="right">{c.payable}</Table.Th>
                      <Table.Th>{c.payout}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{c.files}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.settlements.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.admin.settlement.getHref(s.id)}>
                            {formatDate(s.periodStart)} – {formatDate(s.periodEnd)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{rupees(s.totals.net)}</Table.Td>
                        <Table.Td ta="right">
                          {rupees(s.payable)}
                          {s.carried < 0 ? (
                            <Text size="xs" c="orange.9">
                              {c.carried(rupees(s.carried))}
                            </Text>
                          ) : null}
                          {noPanTds(s)}
                        </Table.Td>
                        <Table.Td>
                          <PayoutStatus settlement={s} profileComplete={data.profileComplete} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            {downloads(s)}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
            {data.total > 20 ? <Pager value={page} total={Math.ceil(data.total / 20)} onChange={setPage} mt="md" /> : null}
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
