import { Container, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAddRoomType } from '@/features/rooms/api/add-room-type';
import { AddRoomForm } from '@/features/rooms/components/add-room-form';
import { ROOMS_COPY } from '@/features/rooms/copy';
import { toast } from '@/lib/notify';

/** /admin/addRoom/:id: a room type with room numbers for the stay; shows the server's message, then the dashboard. */
export default function AddRoomScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const add = useAddRoomType();
  return (
    <Container size="sm" py="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {ROOMS_COPY.addTitle}
      </Title>
      <Text c="dimmed" mb="lg">
        {ROOMS_COPY.addSubtitle}
      </Text>
      <AddRoomForm
        onCancel={() => navigate(-1)}
        onSubmit={async (body) => {
          const { message } = await add.mutateAsync({ stayId: id, body });
          toast.success(message, 'admin');
          navigate(paths.admin.dashboard.getHref());
        }}
      />
    </Container>
  );
}
