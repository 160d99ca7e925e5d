import { Badge, Button, Card, Group, Modal, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconList, IconPlus, IconTrash } from '@tabler/icons-react';
import type { StayDto } from '@repo/shared/schemas/stay';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cityLabel } from '../city-label';
import { STAYS_COPY } from '../copy';
import { EmptyTable } from '@/components/ui/empty-table';
import { useConfirmAction } from '@/components/ui/use-confirm-action';

const a = STAYS_COPY.admin;

export type AdminStaysTableProps = {
  stays: StayDto[];
  /** Called after the admin confirms; the table shows the button busy until it settles. */
  onDelete: (stay: StayDto) => Promise<unknown>;
};

/** Admin per-type stay list: S.No, Name, Type, City, Rating, Rooms, Actions. Scrolls sideways on a phone. */
export function AdminStaysTable({ stays, onDelete }: AdminStaysTableProps) {
  const { pending: confirming, ask: setConfirming, busy: deleting, confirm } = useConfirmAction(onDelete);

  if (stays.length === 0) {
    return <EmptyTable>{a.empty}</EmptyTable>;
  }

  return (
    <>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} visibleFrom="sm">
        <Table.ScrollContainer minWidth={980} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={64}>{a.columns.sno}</Table.Th>
                <Table.Th>{a.columns.name}</Table.Th>
                <Table.Th>{a.columns.type}</Table.Th>
                <Table.Th>{a.columns.city}</Table.Th>
                <Table.Th>{a.columns.rating}</Table.Th>
                <Table.Th>{a.columns.rooms}</Table.Th>
                <Table.Th>{a.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stays.map((stay, i) => (
                <Table.Tr key={stay.id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td fw={600} miw={180}>
                    {stay.name}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm">
                      {stay.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{cityLabel(stay.city)}</Table.Td>
                  <Table.Td>{STAYS_COPY.rating(stay.rating)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={paths.admin.rooms.getHref(stay.id)}
                        leftSection={<IconList size={14} aria-hidden />}
                        aria-label={`${a.roomsList}: ${stay.name}`}
                      >
                        {a.roomsList}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        component={Link}
                        to={paths.admin.addRoom.getHref(stay.id)}
                        leftSection={<IconPlus size={14} aria-hidden />}
                        aria-label={`${a.addRoom}: ${stay.name}`}
                      >
                        {a.addRoom}
                      </Button>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={paths.admin.editStay.getHref(stay.id)}
                        leftSection={<IconEdit size={14} aria-hidden />}
                        aria-label={`${a.edit}: ${stay.name}`}
                      >
                        {a.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => setConfirming(stay)}
                        aria-label={`${a.delete}: ${stay.name}`}
                      >
                        {a.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Stack gap="sm" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {stays.map((stay, i) => (
          <Card key={stay.id} component="li" p="md" data-testid="admin-stay-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="xs" c="dimmed">
                  {a.columns.sno} {i + 1}
                </Text>
                <Text fw={600}>{stay.name}</Text>
                <Text size="sm" c="dimmed">
                  {stay.type} · {cityLabel(stay.city)}
                </Text>
              </div>
              <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                {STAYS_COPY.rating(stay.rating)}
              </Badge>
            </Group>
            <SimpleGrid cols={2} spacing="xs" mt="sm">
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={paths.admin.rooms.getHref(stay.id)}
                aria-label={`${a.roomsList}: ${stay.name}`}
              >
                {a.roomsList}
              </Button>
              <Button
                size="xs"
                variant="outline"
                component={Link}
                to={paths.admin.addRoom.getHref(stay.id)}
                aria-label={`${a.addRoom}: ${stay.name}`}
              >
                {a.addRoom}
              </Button>
              <Button
                size="xs"
                variant="default"
                component={Link}
                to={paths.admin.editStay.getHref(stay.id)}
                aria-label={`${a.edit}: ${stay.name}`}
              >
                {a.edit}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => setConfirming(stay)}
                aria-label={`${a.delete}: ${stay.name}`}
              >
                {a.delete}
              </Button>
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={a.confirmTitle} centered>
        <Text>{confirming ? a.confirmText(confirming.name) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {a.confirmNo}
          </Button>
          <Button color="red" loading={deleting} onClick={confirm}>
            {a.confirmYes}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
