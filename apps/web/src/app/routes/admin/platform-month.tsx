import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { todayInIndia } from '@repo/shared/domain/dates';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { PLATFORM_REPORTS } from '@repo/shared/schemas/payouts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminPage } from '@/components/ui/admin-page';
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

/** /admin/platform-month (the platform only): the month's GSTR-8, s.9(5) supplies, fees, TDS, payouts and the fee per stay. */
export default function PlatformMonthScreen() {
  const [month, setMonth] = useState(todayInIndia().slice(0, 7));
  const query = usePlatformMonth(month);
  const fees = useStayFees();
  const run = useRunPayouts();
  const file = useDownload();
  return (
    <AdminPage
      size="lg"
      title={c.title}
      subtitle={c.subtitle}
      action={
        <Button
          loading={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (r) => toast.success(c.ran(r.settlements, r.payouts), 'admin'),
              onError: (e) => toast.error(e.message, 'admin'),
            })
          }
        >
          {c.run}
        </Button>
      }
    >
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
                      <b>{f.ownerName}</b> · {rupees(f.amount)} ·{' '}
                      <Text span c="red.8">
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
                  <Table.ScrollContainer minWidth={560}>
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
                )}
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="s95">
                <Title order={2} size="h4" id="s95" mb="xs">
                  {c.s95}
                </Title>
                {m.supplies95.length === 0 ? (
                  <Text c="dimmed">{c.noRows}</Text>
                ) : (
                  <Table.ScrollContainer minWidth={480}>
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
                )}
              </Card>
            </Stack>
          )}
        </QueryState>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="fees">
          <Title order={2} size="h4" id="fees" mb="xs">
            {c.feesTitle}
          </Title>
          {fees.data ? (
            <>
              <Text size="sm" c="dimmed" mb="xs">
                {c.feeDefault(`${fees.data.defaultBp / 100} %`)}
              </Text>
              <Table.ScrollContainer minWidth={420}>
                <Table fz="sm">
                  <Table.Tbody>
                    {fees.data.stays.map((s) => (
                      <StayFeeRow key={s.stayId} stay={s} defaultBp={fees.data.defaultBp} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          ) : (
            <Skeleton h={120} />
          )}
        </Card>
      </Stack>
    </AdminPage>
  );
}
