import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { todayInIndia } from '@repo/shared/domain/dates';
import { quartersUpTo } from '@repo/shared/domain/marketplace';
import { OWNER_REPORTS } from '@repo/shared/schemas/payouts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { useDownload, useFeeInvoices } from '../api/payouts';
import { PAYOUTS_COPY } from '../copy';
import { rupees } from '../money';

const c = PAYOUTS_COPY.reports;
const t = PAYOUTS_COPY.tdsStatements;

/**
 * A month's CSV reports (GSTR-1's tables, TCS, TDS, fee invoices), the platform's fee invoices as PDFs, and each
 * quarter's TDS statement (PDF and CSV).
 */
export function ReportsSection() {
  const [month, setMonth] = useState(todayInIndia().slice(0, 7));
  const quarters = quartersUpTo(todayInIndia(), 8);
  const [quarter, setQuarter] = useState(quarters[0]!);
  const file = useDownload();
  const fees = useFeeInvoices(month);
  const get = (path: string, name: string, query?: Record<string, string>) =>
    file.mutate({ path, name, query }, { onError: (e) => toast.error(e.message, 'admin') });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reports">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reports">
          {c.title}
        </Title>
        <TextInput
          type="month"
          label={c.month}
          value={month}
          max={todayInIndia().slice(0, 7)}
          onChange={(e) => e.currentTarget.value && setMonth(e.currentTarget.value)}
          w={200}
        />
        <Group gap="xs">
          {OWNER_REPORTS.map((r) => (
            <Button
              key={r}
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden />}
              onClick={() => get(`/admin/payouts/reports/${r}`, `${r}-${month}.csv`, { month })}
            >
              {c.names[r]}
            </Button>
          ))}
        </Group>
        <Text fw={600} size="sm" mt="sm">
          {c.feeInvoices}
        </Text>
        {fees.data && fees.data.feeInvoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {c.noFeeInvoices}
          </Text>
        ) : (
          fees.data?.feeInvoices.map((f) => (
            <Group key={f.id} justify="space-between" wrap="wrap">
              <Text size="sm">
                {f.title} {f.number} · {f.recipientGstin ?? '—'} · {rupees(f.total)}
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => get(`/admin/payouts/fee-invoices/${f.id}/file`, `${f.number.replaceAll('/', '-')}.pdf`)}
              >
                PDF
              </Button>
            </Group>
          ))
        )}
        <Text fw={600} size="sm" mt="sm" id="tds-statements">
          {t.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t.hint}
        </Text>
        <Group gap="xs" align="end">
          <NativeSelect
            label={t.quarter}
            data={quarters}
            value={quarter}
            onChange={(e) => setQuarter(e.currentTarget.value)}
            w={160}
          />
          {(['pdf', 'csv'] as const).map((kind) => (
            <Button
              key={kind}
              size="xs"
              variant="light"
              mb={4}
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-describedby="tds-statements"
              onClick={() => get(`/admin/payouts/tds-statements/${quarter}/statement.${kind}`, `tds-${quarter}.${kind}`)}
            >
              {kind.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
