import { Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useUser } from '@/features/admin-users/api/get-user';
import { useUpdateUser } from '@/features/admin-users/api/update-user';
import { EditUserForm } from '@/features/admin-users/components/edit-user-form';
import { ADMIN_USERS_COPY } from '@/features/admin-users/copy';
import { useAfterSave } from './use-after-save';

const c = ADMIN_USERS_COPY;

/** /admin/edituser/:id: edit a user's details and admin flag; success goes to /admin/allusers. */
export default function EditUserScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useAfterSave();
  const user = useUser(id);
  const update = useUpdateUser();
  return (
    <AdminPage
      size="sm"
      title={c.editTitle}
      back={
        <Anchor component={Link} to={paths.admin.users.getHref()} size="sm" fw={500}>
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden />
            {c.backToUsers}
          </Group>
        </Anchor>
      }
    >
      <QueryState
        query={user}
        skeleton={
          <Stack role="status" aria-busy="true" aria-label={c.loading}>
            <Skeleton height={300} radius="lg" />
          </Stack>
        }
        errorTitle={c.userLoadError}
        errorText={missingOr(c.userNotFound)}
        recover={{ retry: c.retry }}
      >
        {(data) => (
          <EditUserForm
            key={data.id}
            user={data}
            onCancel={() => navigate(paths.admin.users.getHref())}
            onSubmit={(body) => update.mutateAsync({ id, body }).then(() => saved(c.updated, paths.admin.users.getHref()))}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
