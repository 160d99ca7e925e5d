import '@mantine/dates/styles.css';
import { Box, Button, Card, Group, Paper, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import { isOneOf } from '@repo/shared/domain/one-of';
import { INVOICE_KINDS, type OwnerDocumentDto } from '@repo/shared/schemas/gst';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { AdminTable, type RowAction, RowActionButtons } from '@/components/ui/admin-table';
import { Pager } from '@/components/ui/pager';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { type DocumentFilters, useDownloadArchive, useDownloadDocument, useOwnerDocuments } from '../api/documents';
import { useOwnerStays } from '../api/owner-stays';
import { OWNER_COPY } from '../copy';
import { monthLabel } from '../month';

const c = OWNER_COPY.documents;

export type DocumentsListProps = {
  filters: DocumentFilters;
  page: number;
  /** This month (yyyy-MM, India): the latest the month picker offers. */
  thisMonth: string;
  /** New filters (the page goes back to 1) or another page. */
  onChange: (filters: DocumentFilters, page: number) => void;
};

/** Month, stay and kind: each applies as it is chosen. */
function FilterBar({
  filters,
  thisMonth,
  onApply,
}: Omit<DocumentsListProps, 'page' | 'onChange'> & { onApply: (f: DocumentFilters) => void }) {
  const stays = useOwnerStays();
  return (
    <Paper withBorder radius="lg" p="md" mb="md" role="search" aria-label={c.filters}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <MonthPickerInput
          label={c.month}
          value={`${filters.month}-01`}
          maxDate={`${thisMonth}-01`}
          valueFormat="MMMM YYYY"
          ariaLabels={common.calendar}
          popoverProps={{ withinPortal: true, zIndex: 400 }}
          onChange={(v) => v && onApply({ ...filters, month: String(v).slice(0, 7) })}
        />
        <Select
          label={c.stay}
          placeholder={c.allStays}
          clearable
          data={(stays.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={filters.stayId ?? null}
          onChange={(v) => onApply({ ...filters, stayId: v ?? undefined })}
        />
        <Select
          label={c.kind}
          placeholder={c.allKinds}
          clearable
          data={INVOICE_KINDS.map((k) => ({ value: k, label: c.kinds[k] }))}
          value={filters.kind ?? null}
          onChange={(v) => onApply({ ...filters, kind: isOneOf(INVOICE_KINDS, v) ? v : undefined })}
        />
      </SimpleGrid>
    </Paper>
  );
}

const money = (paise: number) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {formatPaise(paise)}
  </Text>
);

const kindCell = (d: OwnerDocumentDto) => (
  <Box>
    <Text size="sm" fw={600}>
      {d.title}
    </Text>
    {d.byPlatform ? (
      <Text size="xs" c="gray.7">
        {c.byPlatform}
      </Text>
    ) : null}
  </Box>
);

/** Who issued a document: its supplier's name and GSTIN (two suppliers may print the same number). */
const supplierCell = (d: OwnerDocumentDto) => (
  <Box>
    <Text size="sm">{d.supplierName}</Text>
    <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
      {d.supplierGstin ? c.supplierGstin(d.supplierGstin) : c.notRegistered}
    </Text>
  </Box>
);

/**
 * The phone layout: a card per document with what it is, its number and total first, then its date, stay and
 * guest, and the tax in it.
 */
function DocumentCards({
  rows,
  actionsOf,
}: {
  rows: readonly OwnerDocumentDto[];
  actionsOf: (d: OwnerDocumentDto) => RowAction[];
}) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((d) => (
        <Card key={d.id} component="li" p="md" data-testid="document-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Box miw={0}>
              {kindCell(d)}
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {d.number}
              </Text>
            </Box>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              <VisuallyHidden>{`${c.columns.total} `}</VisuallyHidden>
              {formatPaise(d.total)}
            </Text>
          </Group>
          <Text size="sm" c="gray.7" mt={4}>
            {formatDate(d.issuedAt)} · {d.stayName} · {d.guestName}
          </Text>
          <Text size="sm" c="gray.7" data-testid="document-supplier">
            {c.issuedBy(d.supplierName)} · {d.supplierGstin ? c.supplierGstin(d.supplierGstin) : c.notRegistered}
          </Text>
          <Box
            component="dl"
            mt="xs"
            mb={0}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: 8 }}
          >
            {(
              [
                [c.columns.taxable, d.taxable],
                [c.columns.cgst, d.cgst],
                [c.columns.sgst, d.sgst],
              ] as const
            ).map(([label, paise]) => (
              <Box key={label}>
                <Text component="dt" size="xs" c="gray.7">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {formatPaise(paise)}
                </Text>
              </Box>
            ))}
          </Box>
          <Group gap="xs" mt="sm" role="group" aria-label={`${c.columns.actions}: ${d.title} ${d.number}`}>
            <RowActionButtons actions={actionsOf(d)} name={`${d.title} ${d.number}`} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The tax invoices, bills of supply and credit notes of the admin's stays for a month, 20 a page, newest first: each
 * with its figures and its PDF to download, and the whole month as one ZIP. A phone shows a card per document.
 */
export function DocumentsList({ filters, page, thisMonth, onChange }: DocumentsListProps) {
  const list = useOwnerDocuments(filters, page);
  const file = useDownloadDocument();
  const archive = useDownloadArchive();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const month = monthLabel(filters.month);
  const rows = { ...list, data: data?.documents };
  const done = {
    onSuccess: (name: string) => toast.success(c.downloaded(name), 'admin'),
    onError: (err: unknown) => toast.fromError(err, 'admin'),
  };
  return (
    <Stack gap={0}>
      <FilterBar filters={filters} thisMonth={thisMonth} onApply={(f) => onChange(f, 1)} />
      <Group justify="space-between" mb="sm" wrap="wrap" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {data ? c.total(data.total, month) : ''}
        </Text>
        <Button
          variant="light"
          leftSection={<IconFileZip size={16} aria-hidden />}
          loading={archive.isPending}
          // The ZIP holds every kind: a month with none of the kind asked may still have others.
          disabled={!data || (data.total === 0 && !filters.kind)}
          title={c.archiveHint}
          // On a phone it takes the width and its words wrap rather than leave the screen.
          w={{ base: '100%', xs: 'auto' }}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => archive.mutate({ month: filters.month, stayId: filters.stayId }, done)}
        >
          {c.archive(month)}
        </Button>
      </Group>
      <AdminTable
        query={rows}
        copy={c}
        minWidth={1120}
        horizontalSpacing="sm"
        cards={(docs, actionsOf) => <DocumentCards rows={docs} actionsOf={actionsOf} />}
        firstIndex={data ? (data.page - 1) * data.pageSize + 1 : 1}
        rowKey={(d) => d.id}
        rowName={(d) => `${d.title} ${d.number}`}
        columns={[
          {
            header: c.columns.date,
            cell: (d) => (
              <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDate(d.issuedAt)}
              </Text>
            ),
          },
          {
            header: c.columns.number,
            cell: (d) => (
              <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
                {d.number}
              </Text>
            ),
          },
          { header: c.columns.kind, cell: kindCell },
          { header: c.columns.supplier, cell: supplierCell },
          { header: c.columns.stay, cell: (d) => d.stayName },
          { header: c.columns.guest, cell: (d) => d.guestName },
          { header: c.columns.taxable, cell: (d) => money(d.taxable) },
          { header: c.columns.cgst, cell: (d) => money(d.cgst) },
          { header: c.columns.sgst, cell: (d) => money(d.sgst) },
          { header: c.columns.total, cell: (d) => money(d.total), td: { fw: 600 } },
        ]}
        actions={(d) => [
          {
            label: c.download,
            icon: IconDownload,
            variant: 'light',
            loading: file.isPending && file.variables?.id === d.id,
            onClick: () => file.mutate(d, done),
          },
        ]}
      />
      {data && pages > 1 && (
        <Box component="nav" aria-label={c.pages} mt="md">
          <Pager total={pages} value={page} onChange={(p) => onChange(filters, p)} siblings={1} boundaries={1} />
        </Box>
      )}
    </Stack>
  );
}
