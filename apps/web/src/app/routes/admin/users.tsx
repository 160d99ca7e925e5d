import { AdminPage } from '@/components/ui/admin-page';
import { useDeleteUser } from '@/features/admin-users/api/delete-user';
import { useUsers } from '@/features/admin-users/api/get-users';
import { UsersTable } from '@/features/admin-users/components/users-table';
import { ADMIN_USERS_COPY } from '@/features/admin-users/copy';
import { useTokenUser } from '@/lib/auth';
import { toast } from '@/lib/notify';

const c = ADMIN_USERS_COPY;

/** /admin/allusers: every user with Edit and Delete. */
export default function UsersScreen() {
  const users = useUsers();
  const del = useDeleteUser();
  const me = useTokenUser('admin');
  return (
    <AdminPage size="lg" title={c.listTitle} subtitle={c.listSubtitle}>
      <UsersTable
        users={users}
        currentUserId={me?.id}
        onDelete={(user) =>
          del.mutateAsync(user.id).then(
            (res) => toast.success(res?.message || c.deleted, 'admin'),
            (err) => toast.fromError(err, 'admin'),
          )
        }
      />
    </AdminPage>
  );
}
