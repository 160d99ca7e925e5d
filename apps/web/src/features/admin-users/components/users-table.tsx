import { Badge, Button, Group, Modal, Paper, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { UserDto } from '@repo/shared/schemas/auth';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ADMIN_USERS_COPY } from '../copy';
import { EmptyTable } from '@/components/ui/empty-table';
import { useConfirmAction } from '@/components/ui/use-confirm-action';

const c = ADMIN_USERS_COPY;

export type UsersTableProps = {
  users: UserDto[];
  onDelete: (user: UserDto) => Promise<unknown>;
  /** The signed-in admin: their own row has no Delete. */
  currentUserId?: string;
};

/** Admin users list: S.No, Name, Email, Mobile, IsAdmin (Yes/No), Actions. */
export function UsersTable({ users, onDelete, currentUserId }: UsersTableProps) {
  const { pending: confirming, ask: setConfirming, busy: deleting, confirm } = useConfirmAction(onDelete);

  if (users.length === 0) {
    return <EmptyTable>{c.empty}</EmptyTable>;
  }

  const fullName = (u: UserDto) => `${u.firstName} ${u.lastName}`;

  return (
    <>
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th w={64}>{c.columns.sno}</Table.Th>
                <Table.Th>{c.columns.name}</Table.Th>
                <Table.Th>{c.columns.email}</Table.Th>
                <Table.Th>{c.columns.mobile}</Table.Th>
                <Table.Th>{c.columns.isAdmin}</Table.Th>
                <Table.Th>{c.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user, i) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td fw={600}>{fullName(user)}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.mobile}</Table.Td>
                  <Table.Td>
                    <Badge variant={user.isAdmin ? 'filled' : 'light'} color={user.isAdmin ? 'brand' : 'gray'} radius="sm">
                      {user.isAdmin ? c.yes : c.no}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={paths.admin.editUser.getHref(user.id)}
                        leftSection={<IconEdit size={14} aria-hidden />}
                        aria-label={`${c.edit}: ${fullName(user)}`}
                      >
                        {c.edit}
                      </Button>
                      {user.id !== currentUserId && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => setConfirming(user)}
                          aria-label={`${c.delete}: ${fullName(user)}`}
                        >
                          {c.delete}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={c.confirmTitle} centered>
        <Text>{confirming ? c.confirmText(fullName(confirming)) : ''}</Text>
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
