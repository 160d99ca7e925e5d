import { Group, Text } from '@mantine/core';
import { type CancellationPolicy, describePolicy, describePolicyFor } from '@repo/shared/domain/cancellation';
import { isIsoDate, todayInIndia } from '@repo/shared/domain/dates';
import { IconCalendarX } from '@tabler/icons-react';
import { CANCEL_COPY } from '../copy';

/**
 * A stay's cancellation policy as guests read it before paying: without dates until the guest has chosen a
 * check-in date (`checkIn` unset), then as it applies today for that date (the last free day while it is ahead,
 * else what a cancel gives now). Nothing is shown for a stay sent without its policy.
 */
export function PolicyNote({ policy, checkIn }: { policy: CancellationPolicy | undefined; checkIn?: string | undefined }) {
  if (!policy) return null;
  const text = checkIn && isIsoDate(checkIn) ? describePolicyFor(policy, checkIn, todayInIndia()) : describePolicy(policy);
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid="cancellation-policy">
      <IconCalendarX size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
      <div>
        <Text size="sm" fw={600}>
          {CANCEL_COPY.policy.title}
        </Text>
        <Text size="sm" c="gray.7">
          {text}
        </Text>
      </div>
    </Group>
  );
}
