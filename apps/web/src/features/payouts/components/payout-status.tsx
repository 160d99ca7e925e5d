import { Badge, Stack, Text } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import type { SettlementDto } from '@repo/shared/schemas/payouts';
import { PAYOUTS_COPY } from '../copy';

const c = PAYOUTS_COPY.status;
// Dark enough for white text (WCAG AA).
const COLORS = { processed: 'teal.9', requested: 'blue.8', failed: 'red.8' } as const;

/** A settlement's payout as the owner needs to know it: paid, processing, or failed with the bank's reason. */
export function PayoutStatus({ settlement, profileComplete }: { settlement: SettlementDto; profileComplete: boolean }) {
  const last = settlement.payouts.at(-1);
  if (!last)
    return (
      <Text size="sm" c="dimmed">
        {settlement.payable > 0 && !profileComplete ? c.none : settlement.payable > 0 ? c.requested : c.nothing}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Badge color={COLORS[last.status]} variant="filled">
        {c[last.status]}
      </Badge>
      {last.status === 'failed' ? (
        <Text size="xs" c="red.8">
          {last.failureReason}
          {last.retryAt ? ` · ${c.retry(formatDate(last.retryAt))}` : ''}
        </Text>
      ) : null}
    </Stack>
  );
}
