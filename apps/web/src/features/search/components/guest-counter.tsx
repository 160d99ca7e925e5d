import { CHILD_AGE } from '@repo/shared/domain/plans';
import { ActionIcon, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { searchCopy } from '../copy';

export type Guests = { adults: number; children: number; rooms: number };

/** The minimum of each count: at least one adult and one room; children may be none. No upper bound. */
export const GUEST_MIN: Guests = { adults: 1, children: 0, rooms: 1 };

const c = searchCopy.counter;
const ROWS = [
  { key: 'adults', label: c.adults, hint: c.adultsHint },
  { key: 'children', label: c.children, hint: c.childrenHint },
  { key: 'rooms', label: c.rooms, hint: c.roomsHint },
] as const;

/** Adults, children and rooms with minus/plus buttons; minus is disabled at the minimum. */
export function GuestCounter({ value, onChange }: { value: Guests; onChange: (next: Guests) => void }) {
  return (
    <Stack gap="md">
      {ROWS.map((row) => {
        const n = value[row.key];
        const atMin = n <= GUEST_MIN[row.key];
        const id = `guest-count-${row.key}`;
        return (
          <Group key={row.key} justify="space-between" wrap="nowrap" gap="lg" role="group" aria-labelledby={`${id}-label`}>
            <div>
              <Text fw={600} size="sm" id={`${id}-label`}>
                {row.label}
              </Text>
              <Text size="xs" c="dimmed">
                {row.hint}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label={c.decrease(row.label)}
                disabled={atMin}
                onClick={() => onChange({ ...value, [row.key]: Math.max(GUEST_MIN[row.key], n - 1) })}
              >
                <IconMinus size={16} aria-hidden />
              </ActionIcon>
              <Text w={28} ta="center" fw={600} aria-live="polite" data-testid={id}>
                {n}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label={c.increase(row.label)}
                onClick={() => onChange({ ...value, [row.key]: n + 1 })}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

const AGE_OPTIONS = [
  { value: '', label: c.agePlaceholder },
  ...Array.from({ length: CHILD_AGE.max + 1 }, (_, age) => ({ value: String(age), label: c.ageOption(age) })),
];

/**
 * Each child's age (0–17), asked once there are children: plans price a child of 0–5, of 6–12, and one of 13–17 as
 * an adult. A child whose age is not chosen is priced as 6–12. `ages` holds the ages chosen, in order.
 */
export function ChildAges({
  count: children,
  ages,
  onChange,
}: {
  /** How many children. */
  count: number;
  ages: readonly number[];
  onChange: (ages: number[]) => void;
}) {
  if (children === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {c.agesHint}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        {Array.from({ length: children }, (_, i) => (
          <NativeSelect
            // biome-ignore lint/suspicious/noArrayIndexKey: a child is its place in the list
            key={i}
            size="sm"
            label={c.ageLabel(i + 1)}
            data={AGE_OPTIONS}
            value={ages[i] === undefined ? '' : String(ages[i])}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const next = [...ages];
              if (v === '') next.splice(i, 1);
              else if (i < next.length) next[i] = Number(v);
              else next.push(Number(v));
              onChange(next.slice(0, children));
            }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
