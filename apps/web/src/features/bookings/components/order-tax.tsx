import { documentFileName } from '@repo/shared/domain/gst';
import type { BookingDto } from '@repo/shared/schemas/booking';
import type { InvoiceRefDto } from '@repo/shared/schemas/gst';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { getDocument } from '../api/invoices';
import { BOOKING_COPY } from '../copy';
import { GstBreakup } from './gst-breakup';

const c = BOOKING_COPY.documents;

/** Saves a file the browser holds under a name (the PDF was fetched with the guest's token). */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DocumentButton({ order, doc }: { order: BookingDto; doc: InvoiceRefDto }) {
  const [busy, setBusy] = useState(false);
  const label = doc.kind === 'credit_note' ? c.creditNote : order.gst.registered ? c.invoice : c.billOfSupply;
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await getDocument(order.id, doc.kind), documentFileName(doc.number));
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
    </Stack>
  );
}

/** An order's GST breakup and its documents to download (the tax invoice once paid, a credit note once cancelled). */
export function OrderTax({ order }: { order: BookingDto }) {
  const shown = order.status === 'confirmed' || order.status === 'pending_payment' || order.documents.length > 0;
  if (!shown) return null;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <GstBreakup gst={order.gst} testId="order-gst" withTotal={false} />
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
