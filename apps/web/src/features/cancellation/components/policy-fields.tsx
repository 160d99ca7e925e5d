import { SimpleGrid, Text } from '@mantine/core';
import { describePolicy, POLICY_LIMITS } from '@repo/shared/domain/cancellation';
import type { StayFields } from '@repo/shared/schemas/stay';
import { type Control, useWatch } from 'react-hook-form';
import { NumberField } from '@/components/form/controlled-fields';
import { CANCEL_COPY } from '../copy';

type Values = StayFields;
const c = CANCEL_COPY.policy;

/** The owner's cancellation policy in the stay form, with the sentence guests will read. */
export function PolicyFields({ control }: { control: Control<Values> }) {
  const [freeDays, refundPercent] = useWatch({ control, name: ['cancellationFreeDays', 'cancellationRefundPercent'] });
  const valid = (n: unknown, max: number) => Number.isInteger(Number(n)) && Number(n) >= 0 && Number(n) <= max;
  const preview =
    valid(freeDays, POLICY_LIMITS.maxFreeDays) && valid(refundPercent, POLICY_LIMITS.maxRefundPercent)
      ? describePolicy({ freeDays: Number(freeDays), refundPercent: Number(refundPercent) })
      : null;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberField
          control={control}
          name="cancellationFreeDays"
          label={c.freeDays}
          description={c.freeDaysHint}
          min={0}
          max={POLICY_LIMITS.maxFreeDays}
          allowDecimal={false}
          allowNegative={false}
        />
        <NumberField
          control={control}
          name="cancellationRefundPercent"
          label={c.refundPercent}
          description={c.refundPercentHint}
          min={0}
          max={POLICY_LIMITS.maxRefundPercent}
          allowDecimal={false}
          allowNegative={false}
          suffix=" %"
        />
      </SimpleGrid>
      {preview ? (
        <Text size="sm" c="gray.7" mt="xs" data-testid="policy-preview">
          {c.preview}: {preview}
        </Text>
      ) : null}
    </>
  );
}
