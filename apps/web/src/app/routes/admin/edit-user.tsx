import { Alert, Anchor, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUser } from '@/features/admin-users/api/get-user';
import { useUpdateUser } from '@/features/admin-users/api/update-user';
import { EditUserForm } from '@/features/admin-users/components/edit-user-form';
import { ADMIN_USERS_COPY } from '@/features/admin-users/copy';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';

const c = ADMIN_USERS_COPY;

/** /admin/edituser/:id: edit a user's details and admin flag; success goes to /admin/allusers. */
export default function EditUserScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser(id);
  const update = useUpdateUser();
  return (
    <Container size="sm" py="lg">
      <Anchor component={Link} to={paths.admin.users.getHref()} size="sm" fw={500}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {c.backToUsers}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 30 }} mt="sm" mb="lg">
        {c.editTitle}
      </Title>
      {user.isPending ? (
        <Stack aria-busy="true" aria-label={c.loading}>
          <Skeleton height={300} radius="lg" />
        </Stack>
      ) : user.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={c.userLoadError}>
          <Text size="sm" mb="sm">
            {user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400)
              ? c.userNotFound
              : user.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => user.refetch()}>
            {c.retry}
          </Button>
        </Alert>
      ) : (
        <EditUserForm
          key={user.data.id}
          user={user.data}
          onCancel={() => navigate(paths.admin.users.getHref())}
          onSubmit={async (body) => {
            await update.mutateAsync({ id, body });
            toast.success(c.updated, 'admin');
            navigate(paths.admin.users.getHref());
          }}
        />
      )}
    </Container>
  );
}
