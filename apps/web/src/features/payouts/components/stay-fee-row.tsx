import { Button, Group, NumberInput, Table, Text } from '@mantine/core';
import { MAX_FEE_PERCENT } from '@repo/shared/domain/marketplace';
import { StayFeeInput } from '@repo/shared/schemas/payouts';
import { useState } from 'react';
import { toast } from '@/lib/notify';
import { type StayFee, useSetStayFee } from '../api/payouts';
import { PAYOUTS_COPY } from '../copy';

const c = PAYOUTS_COPY.platform;

/** The rule of the API (the shared schema) on what is typed: the problem's words, or null when it may be saved. */
function feeProblem(value: number | string): string | null {
  const typed = typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);
  const parsed = StayFeeInput.shape.feePercent.safeParse(typed);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** One stay's row of Platform month's "Fee per stay": its fee, checked as it is typed, saved or set back to the default. */
export function StayFeeRow({ stay, defaultBp }: { stay: StayFee; defaultBp: number }) {
  const [value, setValue] = useState<number | string>(stay.feeBp / 100);
  const save = useSetStayFee();
  const problem = feeProblem(value);
  const set = (feePercent: number | null) =>
    save.mutate(
      { stayId: stay.stayId, feePercent },
      { onSuccess: () => toast.success(c.feeSaved, 'admin'), onError: (e) => toast.error(e.message, 'admin') },
    );
  return (
    <Table.Tr>
      <Table.Td>
        {stay.stayName}
        <Text size="xs" c="dimmed">
          {stay.ownerName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <NumberInput
            aria-label={`${c.fee} ${stay.stayName}`}
            value={value}
            onChange={setValue}
            min={0}
            max={MAX_FEE_PERCENT}
            // The rule is said, not applied silently: a fee above the cap stays as typed, with the reason under it.
            clampBehavior="none"
            decimalScale={2}
            w={100}
            size="xs"
            error={problem}
          />
          <Button
            size="xs"
            onClick={() => set(typeof value === 'number' ? value : Number(value))}
            loading={save.isPending}
            disabled={problem !== null}
          >
            {c.saveFee}
          </Button>
          {stay.custom ? (
            <Button size="xs" variant="subtle" onClick={() => set(null)}>
              {c.useDefault} ({defaultBp / 100} %)
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
