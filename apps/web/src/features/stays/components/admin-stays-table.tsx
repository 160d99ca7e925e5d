import { Badge, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconList, IconPlus } from '@tabler/icons-react';
import type { StayDto } from '@repo/shared/schemas/stay';
import { paths } from '@/config/paths';
import { cityLabel } from '../city-label';
import { STAYS_COPY } from '../copy';
import { GuestRating } from './guest-rating';
import { AdminTable, type ListQuery, type RowAction, RowActionButtons, RowActions } from '@/components/ui/admin-table';

const a = STAYS_COPY.admin;

export type AdminStaysTableProps = {
  stays: ListQuery<StayDto>;
  /** Called after the admin confirms; the table shows the button busy until it settles. */
  onDelete: (stay: StayDto) => Promise<unknown>;
};

/** The links to a stay's rooms: its room list and the add-room form. */
const roomLinks = (stay: StayDto): RowAction[] => [
  { label: a.roomsList, icon: IconList, variant: 'light', to: paths.admin.rooms.getHref(stay.id) },
  { label: a.addRoom, icon: IconPlus, variant: 'outline', to: paths.admin.addRoom.getHref(stay.id) },
];

/**
 * Admin per-type stay list: S.No, Name, Type, City, Rating (what guests see, and the owner's own value when it
 * differs), Rooms, Actions. A phone shows a card per stay with the same buttons.
 */
export function AdminStaysTable({ stays, onDelete }: AdminStaysTableProps) {
  return (
    <AdminTable
      query={stays}
      copy={a}
      minWidth={980}
      rowKey={(stay) => stay.id}
      rowName={(stay) => stay.name}
      columns={[
        { header: a.columns.name, cell: (stay) => stay.name, td: { fw: 600, miw: 180 } },
        {
          header: a.columns.type,
          cell: (stay) => (
            <Badge variant="light" radius="sm">
              {stay.type}
            </Badge>
          ),
          // The badge keeps its whole word beside the wider Rating column.
          td: { miw: 96 },
        },
        { header: a.columns.city, cell: (stay) => cityLabel(stay.city) },
        { header: a.columns.rating, cell: (stay) => <GuestRating stay={stay} /> },
        { header: a.columns.rooms, cell: (stay) => <RowActions actions={roomLinks(stay)} name={stay.name} /> },
      ]}
      actions={(stay) => [
        { label: a.edit, icon: IconEdit, variant: 'default', to: paths.admin.editStay.getHref(stay.id) },
        { label: a.calendar, icon: IconCalendarEvent, variant: 'default', to: paths.admin.calendar.getHref(stay.id) },
      ]}
      onDelete={onDelete}
      confirmText={(stay) => a.confirmText(stay.name)}
      cards={(rows, actionsOf) => (
        <Stack gap="sm" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((stay, i) => (
            <Card key={stay.id} component="li" p="md" data-testid="admin-stay-card">
              <Text size="xs" c="dimmed">
                {a.columns.sno} {i + 1}
              </Text>
              <Text fw={600}>{stay.name}</Text>
              <Text size="sm" c="dimmed" mb={6}>
                {stay.type} · {cityLabel(stay.city)}
              </Text>
              <GuestRating stay={stay} />
              <SimpleGrid cols={2} spacing="xs" mt="sm">
                <RowActionButtons actions={[...roomLinks(stay), ...actionsOf(stay)]} name={stay.name} icons={false} />
              </SimpleGrid>
            </Card>
          ))}
        </Stack>
      )}
    />
  );
}
