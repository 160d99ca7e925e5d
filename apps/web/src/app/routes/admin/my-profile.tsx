import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatDate } from '@repo/shared/domain/dates';
import { useUser } from '@/features/admin-users/api/get-user';
import { ADMIN_USERS_COPY } from '@/features/admin-users/copy';
import { useTokenUser } from '@/lib/auth';

const p = ADMIN_USERS_COPY.profile;

/** /admin/myProfile: the signed-in admin's own details (id from the admin token). */
export default function AdminMyProfileScreen() {
  const me = useTokenUser('admin');
  const user = useUser(me?.id ?? '');
  return (
    <Container size="sm" py="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {p.title}
      </Title>
      <Text c="dimmed" mb="lg">
        {p.subtitle}
      </Text>
      {user.isPending ? (
        <Skeleton height={260} radius="lg" aria-label={ADMIN_USERS_COPY.loading} />
      ) : user.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={p.error}>
          <Text size="sm" mb="sm">
            {user.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => user.refetch()}>
            {ADMIN_USERS_COPY.retry}
          </Button>
        </Alert>
      ) : (
        <Card p="lg" shadow="xs">
          <Group gap="md" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={56} aria-hidden>
              {user.data.firstName.charAt(0)}
              {user.data.lastName.charAt(0)}
            </Avatar>
            <div>
              <Text fw={700} fz="xl">
                {user.data.firstName} {user.data.lastName}
              </Text>
              {user.data.isAdmin && (
                <Badge variant="light" radius="sm">
                  {p.admin}
                </Badge>
              )}
            </div>
          </Group>
          <Divider my="md" />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
            <Detail term={p.firstName} value={user.data.firstName} />
            <Detail term={p.lastName} value={user.data.lastName} />
            <Detail term={p.email} value={user.data.email} />
            <Detail term={p.mobile} value={user.data.mobile} />
            <Detail term={p.memberSince} value={formatDate(user.data.createdAt)} />
          </SimpleGrid>
        </Card>
      )}
    </Container>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
