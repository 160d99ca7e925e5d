import { Text } from '@mantine/core';
import { formatRupees } from '@repo/shared/domain/money';
import { BOOKING_COPY } from '../copy';
import type { BookingQuote } from '../quote';

const c = BOOKING_COPY.selectRoom;

/**
 * A stay's total and what it is made of ('2 rooms × 3 nights'). The stay's side card and the room dialog both show
 * it for the same quote, so they always agree. `pending`: the prices for the dates are still being asked for.
 */
export function BookingTotal({ quote, testId, pending }: { quote: BookingQuote; testId: string; pending: boolean }) {
  return (
    <div>
      <Text c="gray.7" size="sm">
        {c.total}
      </Text>
      <Text fw={800} fz={26} lh={1.2} aria-live="polite" data-testid={testId}>
        {quote.total === null || quote.nights === 0 ? '—' : formatRupees(quote.total)}
      </Text>
      <Text size="xs" c="gray.7" data-testid={`${testId}-basis`}>
        {quote.nights === 0
          ? c.totalNoNights
          : quote.total === null
            ? pending
              ? c.totalPending
              : c.totalNoneFree
            : quote.exact
              ? c.totalFor(quote.nights, quote.rooms)
              : c.totalFromLowest(quote.nights, quote.rooms)}
      </Text>
    </div>
  );
}
