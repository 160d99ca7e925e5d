import { Button, Group, Modal, Paper, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatRupees } from '@repo/shared/domain/money';
import type { AdminRoomRow } from '../api/get-admin-rooms';
import { ROOMS_COPY } from '../copy';
import { EmptyTable } from '@/components/ui/empty-table';
import { useConfirmAction } from '@/components/ui/use-confirm-action';

const c = ROOMS_COPY;

export type RoomsTableProps = {
  rooms: AdminRoomRow[];
  onDelete: (room: AdminRoomRow) => Promise<unknown>;
};

/** Admin rooms list: S.No, Stay Name, Room Number, Price, Title, Actions; sorted by room number. */
export function RoomsTable({ rooms, onDelete }: RoomsTableProps) {
  const { pending: confirming, ask: setConfirming, busy: deleting, confirm } = useConfirmAction(onDelete);

  if (rooms.length === 0) {
    return <EmptyTable>{c.empty}</EmptyTable>;
  }
  const sorted = [...rooms].sort((x, y) => x.number - y.number);

  return (
    <>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={620} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={64}>{c.columns.sno}</Table.Th>
                <Table.Th>{c.columns.stayName}</Table.Th>
                <Table.Th>{c.columns.number}</Table.Th>
                <Table.Th>{c.columns.price}</Table.Th>
                <Table.Th>{c.columns.title}</Table.Th>
                <Table.Th>{c.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sorted.map((room, i) => (
                <Table.Tr key={room.roomNumberId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{room.stayName}</Table.Td>
                  <Table.Td fw={600}>{room.number}</Table.Td>
                  <Table.Td>{formatRupees(room.price)}</Table.Td>
                  <Table.Td>{room.title}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => setConfirming(room)}
                      aria-label={`${c.delete}: ${room.number}`}
                    >
                      {c.delete}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={c.confirmTitle} centered>
        <Text>{confirming ? c.confirmText(confirming.number) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {c.confirmNo}
          </Button>
          <Button color="red" loading={deleting} onClick={confirm}>
            {c.confirmYes}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
