import { Container, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCreateStay } from '@/features/stays/api/admin-create-stay';
import { StayForm } from '@/features/stays/components/stay-form';
import { STAYS_COPY } from '@/features/stays/copy';
import { toast } from '@/lib/notify';

const a = STAYS_COPY.admin;

/** /admin/addStay: a new stay with its images; success goes to the dashboard. */
export default function AddStayScreen() {
  const navigate = useNavigate();
  const create = useCreateStay();
  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {a.addTitle}
      </Title>
      <Text c="dimmed" mb="lg">
        {a.addStayHint}
      </Text>
      <StayForm
        submitLabel={STAYS_COPY.form.submitAdd}
        onCancel={() => navigate(paths.admin.dashboard.getHref())}
        onSubmit={async (form) => {
          await create.mutateAsync(form);
          toast.success(a.added, 'admin');
          navigate(paths.admin.dashboard.getHref());
        }}
      />
    </Container>
  );
}
