import { ActionIcon, Group, Stack, Text } from '@mantine/core';
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
