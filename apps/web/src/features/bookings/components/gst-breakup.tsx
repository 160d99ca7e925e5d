import { formatPaise } from '@repo/shared/domain/money';
import type { GstBreakupDto } from '@repo/shared/schemas/gst';
import { Table, Text } from '@mantine/core';
import { BOOKING_COPY } from '../copy';

const c = BOOKING_COPY.gst;

/** ' @ 2.5%' when every line has one rate (CGST and SGST are each half of it), else nothing. */
function halfRate(gst: GstBreakupDto): string {
  const rates = [...new Set(gst.lines.map((l) => l.ratePercent))];
  return rates.length === 1 ? c.at(rates[0]! / 2) : '';
}

/**
 * The GST in an amount, as the server computed it (or as its tax invoice prints it): taxable value, CGST, SGST and
 * the total (left out with `withTotal={false}` where the amount is shown beside it). A stay not registered under
 * GST charges none, and says so.
 */
export function GstBreakup({
  gst,
  testId = 'gst-breakup',
  withTotal = true,
}: {
  gst: GstBreakupDto;
  testId?: string;
  withTotal?: boolean;
}) {
  const half = halfRate(gst);
  const rows: [string, number][] = gst.registered
    ? [
        [c.taxable, gst.taxable],
        [c.cgst(half), gst.cgst],
        [c.sgst(half), gst.sgst],
      ]
    : [];
  return (
    <div data-testid={testId}>
      <Table
        withRowBorders={false}
        verticalSpacing={2}
        horizontalSpacing={0}
        fz="sm"
        captionSide="top"
        styles={{ caption: { textAlign: 'left', marginBottom: 4, marginTop: 0 } }}
      >
        <Table.Caption>
          <Text span fw={600} size="sm" c="gray.9">
            {c.title}
          </Text>{' '}
          <Text span size="xs" c="gray.7">
            · {c.inclusive}
          </Text>
        </Table.Caption>
        <Table.Tbody>
          {rows.map(([label, paise]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400} c="gray.7">
                {label}
              </Table.Th>
              <Table.Td ta="right">{formatPaise(paise)}</Table.Td>
            </Table.Tr>
          ))}
          {withTotal ? (
            <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              <Table.Th scope="row">{c.total}</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatPaise(gst.total)}
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
      {gst.registered ? null : (
        <Text size="xs" c="gray.7" mt={4}>
          {c.unregistered}
        </Text>
      )}
    </div>
  );
}
