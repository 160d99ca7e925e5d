import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import { DEFAULT_POLICY, describePolicy, isNonRefundable, NON_REFUNDABLE, POLICY_LIMITS } from '@repo/shared/domain/cancellation';
import type { StayFields } from '@repo/shared/schemas/stay';
import { useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { NumberField } from '@/components/form/controlled-fields';
import { CANCEL_COPY } from '../copy';

type Values = StayFields;
const c = CANCEL_COPY.policy;

/**
 * The owner's cancellation policy in the stay form, with the sentence guests will read: 'Non-refundable' (0 free
 * days, 0 %) at one tick, else the free days and the refund after them. 'Non-refundable' is ticked only by the owner
 * (or by a saved policy that is one): typing 0 and 0 on the way to another policy leaves both fields open.
 */
export function PolicyFields({ control }: { control: Control<Values> }) {
  const [freeDays, refundPercent] = useWatch({ control, name: ['cancellationFreeDays', 'cancellationRefundPercent'] });
  const days = useController({ control, name: 'cancellationFreeDays' }).field;
  const percent = useController({ control, name: 'cancellationRefundPercent' }).field;
  const valid = (n: unknown, max: number) =>
    n !== '' && n !== null && Number.isInteger(Number(n)) && Number(n) >= 0 && Number(n) <= max;
  const policy =
    valid(freeDays, POLICY_LIMITS.maxFreeDays) && valid(refundPercent, POLICY_LIMITS.maxRefundPercent)
      ? { freeDays: Number(freeDays), refundPercent: Number(refundPercent) }
      : null;
  const [nonRefundable, setNonRefundable] = useState(() => policy !== null && isNonRefundable(policy));
  const choose = (nonRefundableNow: boolean) => {
    const next = nonRefundableNow ? NON_REFUNDABLE : DEFAULT_POLICY;
    setNonRefundable(nonRefundableNow);
    days.onChange(next.freeDays);
    percent.onChange(next.refundPercent);
  };
  return (
    <>
      <Checkbox
        label={c.nonRefundable}
        description={c.nonRefundableHint}
        checked={nonRefundable}
        onChange={(e) => choose(e.currentTarget.checked)}
        mb="sm"
      />
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
          disabled={nonRefundable}
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
          disabled={nonRefundable}
        />
      </SimpleGrid>
      {policy ? (
        <Text size="sm" c="gray.7" mt="xs" data-testid="policy-preview">
          {c.preview}: {describePolicy(policy)}
        </Text>
      ) : null}
    </>
  );
}
