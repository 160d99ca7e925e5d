import { documentFileName } from '@repo/shared/domain/gst';
import type { BookingDto } from '@repo/shared/schemas/booking';
import type { InvoiceRefDto } from '@repo/shared/schemas/gst';
import { formatPaise } from '@repo/shared/domain/money';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { saveFile } from '@/lib/save-file';
import { getDocument } from '../api/invoices';
import { BOOKING_COPY } from '../copy';
import { GstBreakup } from './gst-breakup';

const c = BOOKING_COPY.documents;

/** What the button says: the document as it is printed (a tax invoice, a bill of supply or a credit note). */
export function documentLabel(doc: Pick<InvoiceRefDto, 'kind' | 'title'>): string {
  if (doc.kind === 'credit_note') return c.creditNote;
  return doc.title === c.billOfSupplyTitle ? c.billOfSupply : c.invoice;
}

function DocumentButton({ order, doc }: { order: BookingDto; doc: InvoiceRefDto }) {
  const [busy, setBusy] = useState(false);
  const label = documentLabel(doc);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await getDocument(order.id, doc.kind), documentFileName(doc.number, doc.supplier));
    } catch (err) {
      toast.fromError(err, 'booking');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={2} align="flex-start">
      <Button
        variant="light"
        size="sm"
        leftSection={<IconFileDownload size={16} aria-hidden />}
        onClick={download}
        loading={busy}
        aria-label={c.label(label, doc.number)}
      >
        {label}
      </Button>
      <Text size="xs" c="gray.7" data-testid={`document-${doc.kind}`}>
        {c.number(doc.number)}
      </Text>
      <Text size="xs" c="gray.7" data-testid={`document-${doc.kind}-supplier`}>
        {c.issuedBy(doc.supplier.name, doc.supplier.gstin)}
      </Text>
    </Stack>
  );
}

/**
 * What a credited order comes to: the invoice less its credit note (what was refunded), and the GST in each, so a
 * partly refunded order shows what the guest paid in the end and the tax in it.
 */
function NetOfCredit({ invoice, credit }: { invoice: InvoiceRefDto; credit: InvoiceRefDto }) {
  const rows: [string, string][] = [
    [c.net.invoiced, formatPaise(invoice.total)],
    [c.net.credited, `− ${formatPaise(credit.total)}`],
    [c.net.paid, formatPaise(invoice.total - credit.total)],
    [c.net.tax, formatPaise(invoice.tax - credit.tax)],
  ];
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm" data-testid="order-net">
      <Table.Tbody>
        {rows.map(([label, value], i) => (
          <Table.Tr key={label} style={i === 2 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}>
            <Table.Th scope="row" fw={i === 2 ? 700 : 400} c={i === 2 ? undefined : 'gray.7'}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={i === 2 ? 700 : 400}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** An order's GST breakup and its documents to download (the tax invoice once paid, a credit note once cancelled). */
export function OrderTax({ order }: { order: BookingDto }) {
  const shown = order.status === 'confirmed' || order.status === 'pending_payment' || order.documents.length > 0;
  if (!shown) return null;
  const invoice = order.documents.find((d) => d.kind === 'invoice');
  const credit = order.documents.find((d) => d.kind === 'credit_note');
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Stack gap="xs">
          <GstBreakup gst={order.gst} testId="order-gst" withTotal={false} />
          {invoice && credit ? <NetOfCredit invoice={invoice} credit={credit} /> : null}
        </Stack>
        {order.documents.length ? (
          <Group gap="md" align="flex-start" justify="flex-start">
            {order.documents.map((d) => (
              <DocumentButton key={d.kind} order={order} doc={d} />
            ))}
          </Group>
        ) : null}
      </SimpleGrid>
    </Paper>
  );
}
