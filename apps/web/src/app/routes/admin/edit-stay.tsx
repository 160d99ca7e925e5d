import { Alert, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAdminStay } from '@/features/stays/api/admin-get-stay';
import { useUpdateStay } from '@/features/stays/api/admin-update-stay';
import { StayForm } from '@/features/stays/components/stay-form';
import { STAYS_COPY } from '@/features/stays/copy';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';

const a = STAYS_COPY.admin;

/** /admin/editStay/:id: the stay's fields and images; success goes to the dashboard. */
export default function EditStayScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const stay = useAdminStay(id);
  const update = useUpdateStay();
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }} mb="lg">
        {a.editTitle}
        {stay.data && (
          <Text span inherit c="dimmed" fw={500}>
            {' '}
            · {stay.data.name}
          </Text>
        )}
      </Title>
      {stay.isPending ? (
        <Stack aria-busy="true" aria-label={a.loading}>
          <Skeleton height={320} radius="lg" />
          <Skeleton height={200} radius="lg" />
        </Stack>
      ) : stay.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={a.stayLoadError}>
          <Text size="sm" mb="sm">
            {stay.error instanceof ApiError && (stay.error.status === 404 || stay.error.status === 400)
              ? a.stayNotFound
              : stay.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" component={Link} to={paths.admin.dashboard.getHref()}>
            {a.dashboardTitle}
          </Button>
        </Alert>
      ) : (
        <StayForm
          key={stay.data.id}
          stay={stay.data}
          submitLabel={STAYS_COPY.form.submitEdit}
          onCancel={() => navigate(-1)}
          onSubmit={async (form) => {
            await update.mutateAsync({ id, form });
            toast.success(a.updated, 'admin');
            navigate(paths.admin.dashboard.getHref());
          }}
        />
      )}
    </Container>
  );
}
