import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { addDays, dateParts, formatDate, formatRange, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import { isWeekendNight, nightPrice, type RoomTypeRates, seasonOf } from '@repo/shared/domain/rates';
import type { SeasonDto } from '@repo/shared/schemas/room';
import { IconChevronLeft, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ROOMS_COPY } from '../copy';

const c = ROOMS_COPY.rates;

/** 'yyyy-MM' of a date, and the first day of the month after. */
const monthOf = (iso: string) => iso.slice(0, 7);
const nextMonth = (month: string, step: number) => {
  const [y, m] = dateParts(month);
  const d = new Date(Date.UTC(y, m - 1 + step, 1));
  return d.toISOString().slice(0, 7);
};
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The weeks of a month, Monday first, each day a yyyy-MM-dd or null outside the month. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) days.push(d);
  while (days.length % 7) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/**
 * A month of nights, each with its price by the shared rule (packages/shared/src/domain/rates.ts): season nights
 * tinted, Friday and Saturday nights marked.
 */
export function MonthView({ rates, initialMonth }: { rates: RoomTypeRates; initialMonth?: string }) {
  const [month, setMonth] = useState(initialMonth ?? monthOf(todayInIndia()));
  const m = c.month;
  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={m.previous} onClick={() => setMonth(nextMonth(month, -1))}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} fz="lg" id="rate-month" aria-live="polite">
            {m.title}: {monthName(month)}
          </Title>
          <ActionIcon variant="subtle" aria-label={m.next} onClick={() => setMonth(nextMonth(month, 1))}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
        <Table
          aria-labelledby="rate-month"
          withColumnBorders
          layout="fixed"
          data-testid="rate-month"
          verticalSpacing={4}
          horizontalSpacing={2}
        >
          <Table.Thead>
            <Table.Tr>
              {m.weekdays.map((d) => (
                <Table.Th key={d} ta="center" fz="xs">
                  {d}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeksOf(month).map((week) => (
              <Table.Tr key={week.find(Boolean) ?? ''}>
                {week.map((day, i) => {
                  // A blank cell before the 1st or after the last day: its weekday names it.
                  if (!day) return <Table.Td key={m.weekdays[i]} />;
                  const season = seasonOf(rates.seasons, day);
                  const weekend = isWeekendNight(day);
                  const price = formatRupees(nightPrice(rates, day));
                  return (
                    <Table.Td
                      key={day}
                      ta="center"
                      bg={season ? 'var(--mantine-color-brand-0)' : undefined}
                      data-night={day}
                      title={m.night(formatDate(day), price, Boolean(season))}
                    >
                      <Text fz="xs" c="gray.7" fw={weekend ? 700 : 400}>
                        {Number(day.slice(8))}
                      </Text>
                      <Text fz={{ base: 10, sm: 'xs' }} fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {price}
                      </Text>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="md">
          <Group gap={6}>
            <Box w={14} h={14} bg="var(--mantine-color-brand-0)" style={{ border: '1px solid var(--mantine-color-gray-4)' }} />
            <Text fz="xs">{m.legendSeason}</Text>
          </Group>
          <Text fz="xs">
            <b>{m.weekdays[4]}</b>, <b>{m.weekdays[5]}</b>: {m.legendWeekend}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

export type SeasonListProps = {
  seasons: readonly SeasonDto[];
  onAdd: () => void;
  onEdit: (season: SeasonDto) => void;
  onDelete: (season: SeasonDto) => void;
};

/** The room type's seasons by date, each with Edit and Delete; Add season above. */
export function SeasonList({ seasons, onAdd, onEdit, onDelete }: SeasonListProps) {
  const s = c.seasons;
  return (
    <Card p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {s.title}
          </Title>
          <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {s.add}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {s.hint}
        </Text>
        {seasons.length === 0 ? (
          <Text c="gray.7" data-testid="no-seasons">
            {s.empty}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {seasons.map((season) => {
              const range = formatRange(season.startsOn, season.endsOn);
              return (
                <Card key={season.id} component="li" withBorder p="sm" radius="md" data-testid="season">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={2}>
                      <Text fw={600}>{range}</Text>
                      <Group gap={6}>
                        <Badge variant="light" tt="none">
                          {formatRupees(season.price)}
                        </Badge>
                        {season.weekendPrice !== null ? (
                          <Badge variant="light" color="grape" tt="none">
                            {s.weekend(formatRupees(season.weekendPrice))}
                          </Badge>
                        ) : null}
                        {season.minNights !== null ? (
                          <Badge variant="light" color="orange" tt="none">
                            {s.minNights(season.minNights)}
                          </Badge>
                        ) : null}
                      </Group>
                    </Stack>
                    <Group gap={6}>
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={`${s.edit}: ${range}`}
                        onClick={() => onEdit(season)}
                      >
                        {s.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={`${s.delete}: ${range}`}
                        onClick={() => onDelete(season)}
                      >
                        {s.delete}
                      </Button>
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
