import { formatPaise } from '@repo/shared/domain/money';
import type { GstBreakupDto } from '@repo/shared/schemas/gst';
import { Table, Text } from '@mantine/core';
import { BOOKING_COPY } from '../copy';

const c = BOOKING_COPY.gst;

/**
 * The CGST and SGST rows, one pair per rate (each half of the line's GST rate: ' @ 2.5%'), so every amount shows its
 * own rate when the lines have several.
 */
function taxRows(gst: GstBreakupDto): [string, number][] {
  const byRate = new Map<number, { cgst: number; sgst: number }>();
  for (const l of gst.lines) {
    if (l.ratePercent === 0) continue;
    const r = byRate.get(l.ratePercent) ?? { cgst: 0, sgst: 0 };
    r.cgst += l.cgst;
    r.sgst += l.sgst;
    byRate.set(l.ratePercent, r);
  }
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  return [
    ...rates.map((rate): [string, number] => [c.cgst(c.at(rate / 2)), byRate.get(rate)!.cgst]),
    ...rates.map((rate): [string, number] => [c.sgst(c.at(rate / 2)), byRate.get(rate)!.sgst]),
  ];
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
  // No tax rows where no GST is charged: a stay not registered, or (documents issued before ADR 022) every night exempt.
  const exempt = gst.registered && gst.cgst + gst.sgst === 0 && gst.lines.length > 0;
  const rows: [string, number][] = gst.registered && !exempt ? [[c.taxable, gst.taxable], ...taxRows(gst)] : [];
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
      {gst.registered && !exempt ? null : (
        <Text size="xs" c="gray.7" mt={4}>
          {exempt ? c.exempt : c.unregistered}
        </Text>
      )}
    </div>
  );
}
