import { Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { OwnerDocumentDto } from '@repo/shared/schemas/gst';
import { IconDownload } from '@tabler/icons-react';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { toast } from '@/lib/notify';
import { useBookingDocuments, useDownloadDocument } from '../api/documents';
import { OWNER_COPY } from '../copy';

const c = OWNER_COPY.detail;
const d = OWNER_COPY.documents;

/** One document: what it is and its number, who issued it, when, the value and GST in it, and its PDF. */
function DocumentItem({ doc, download }: { doc: OwnerDocumentDto; download: ReturnType<typeof useDownloadDocument> }) {
  const name = `${doc.title} ${doc.number}`;
  const figures: [string, string][] = [
    [c.issuedOn, formatDate(doc.issuedAt)],
    [c.supplier, `${doc.supplierName} · ${doc.supplierGstin ? d.supplierGstin(doc.supplierGstin) : d.notRegistered}`],
    [c.taxable, formatPaise(doc.taxable)],
    [c.gst, formatPaise(doc.cgst + doc.sgst)],
    [c.total, formatPaise(doc.total)],
  ];
  return (
    <Box component="li" data-testid={`reservation-document-${doc.kind}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb={4}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`${d.download}: ${name}`}
          loading={download.isPending && download.variables?.id === doc.id}
          onClick={() =>
            download.mutate(doc, {
              onSuccess: (file: string) => toast.success(d.downloaded(file), 'admin'),
              onError: (err: unknown) => toast.fromError(err, 'admin'),
            })
          }
        >
          {d.download}
        </Button>
      </Group>
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 16, rowGap: 4 }}
      >
        {figures.map(([term, value]) => (
          <Box key={term} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="gray.7">
              {term}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A booking's tax invoice (or bill of supply) and credit notes as issued, each with its figures and PDF. */
export function ReservationDocuments({ bookingId }: { bookingId: string }) {
  const docs = useBookingDocuments(bookingId);
  const download = useDownloadDocument();
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby="reservation-documents">
      <Title order={2} fz="lg" mb="sm" id="reservation-documents">
        {c.documents}
      </Title>
      {docs.isPending ? (
        <Skeleton height={80} radius="md" role="status" aria-busy="true" aria-label={c.documentsLoading} />
      ) : docs.isError ? (
        <LoadErrorAlert
          title={c.documentsError}
          message={docs.error.message}
          action={{ label: d.retry, onClick: () => docs.refetch() }}
        />
      ) : docs.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {c.noDocuments}
        </Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {[...docs.data].reverse().map((doc) => (
            <DocumentItem key={doc.id} doc={doc} download={download} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
