import { Badge } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { UserDto } from '@repo/shared/schemas/auth';
import { paths } from '@/config/paths';
import { ADMIN_USERS_COPY } from '../copy';
import { AdminTable, type ListQuery } from '@/components/ui/admin-table';

const c = ADMIN_USERS_COPY;

export type UsersTableProps = {
  users: ListQuery<UserDto>;
  onDelete: (user: UserDto) => Promise<unknown>;
  /** The signed-in admin: their own row has no Delete. */
  currentUserId?: string;
};

const fullName = (u: UserDto) => `${u.firstName} ${u.lastName}`;

/** Admin users list: S.No, Name, Email, Mobile, IsAdmin (Yes/No), Actions. */
export function UsersTable({ users, onDelete, currentUserId }: UsersTableProps) {
  return (
    <AdminTable
      query={users}
      copy={c}
      minWidth={760}
      rowKey={(user) => user.id}
      rowName={fullName}
      columns={[
        { header: c.columns.name, cell: fullName, td: { fw: 600 } },
        { header: c.columns.email, cell: (user) => user.email },
        { header: c.columns.mobile, cell: (user) => user.mobile },
        {
          header: c.columns.isAdmin,
          cell: (user) => (
            <Badge variant={user.isAdmin ? 'filled' : 'light'} color={user.isAdmin ? 'brand' : 'gray'} radius="sm">
              {user.isAdmin ? c.yes : c.no}
            </Badge>
          ),
        },
      ]}
      actions={(user) => [{ label: c.edit, icon: IconEdit, variant: 'default', to: paths.admin.editUser.getHref(user.id) }]}
      onDelete={onDelete}
      canDelete={(user) => user.id !== currentUserId}
      confirmText={(user) => c.confirmText(fullName(user))}
    />
  );
}
