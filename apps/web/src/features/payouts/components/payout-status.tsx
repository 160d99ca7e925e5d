import { Badge, Stack, Text } from '@mantine/core';
import { formatDate } from '@repo/shared/domain/dates';
import { formatDateTime } from '@repo/shared/domain/grievances';
import type { SettlementDto } from '@repo/shared/schemas/payouts';
import { PAYOUTS_COPY } from '../copy';

const c = PAYOUTS_COPY.status;
// Dark enough for white text, at least 4.5:1 (WCAG AA).
const COLORS = { processed: 'teal.9', requested: 'blue.9', failed: 'red.9' } as const;

/**
 * A settlement's payout as the owner needs to know it: paid (on which day, with the bank's reference), processing,
 * or failed with the bank's reason, when it was tried and when it is tried next.
 */
export function PayoutStatus({ settlement, profileComplete }: { settlement: SettlementDto; profileComplete: boolean }) {
  const last = settlement.payouts.at(-1);
  if (!last)
    return (
      <Text size="sm" c="dimmed">
        {settlement.payable > 0 && !profileComplete ? c.none : settlement.payable > 0 ? c.requested : c.nothing}
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLORS[last.status]} variant="filled" autoContrast>
        {c[last.status]}
      </Badge>
      {last.status === 'processed' && last.settledAt ? (
        <>
          <Text size="xs">{c.paidOn(formatDate(last.settledAt))}</Text>
          {last.utr ? <Text size="xs">{c.utr(last.utr)}</Text> : null}
        </>
      ) : null}
      {last.status === 'failed' ? (
        <>
          <Text size="xs" c="red.9">
            {last.failureReason}
          </Text>
          <Text size="xs">
            {last.settledAt ? c.triedAt(formatDateTime(last.settledAt)) : null}
            {' · '}
            {last.retryAt ? c.retry(formatDateTime(last.retryAt)) : c.noRetry}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
