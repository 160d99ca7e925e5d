import { Avatar, Badge, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { UserDto } from '@repo/shared/schemas/auth';
import { formatDate } from '@repo/shared/domain/dates';
import { AdminPage } from '@/components/ui/admin-page';
import { QueryState } from '@/components/ui/query-state';
import { OwnerDataCard } from '@/features/accounts/components/owner-data-card';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { ADMIN_USERS_COPY } from '@/features/admin-users/copy';

const p = ADMIN_USERS_COPY.profile;

/**
 * /admin/myProfile: the signed-in admin's own details and role (GET /api/admin/me), and a copy of what is held about
 * them as a stay owner (GET /api/admin/me/export).
 */
export default function AdminMyProfileScreen() {
  const user = useAdminMe();
  return (
    <AdminPage size="sm" title={p.title} subtitle={p.subtitle}>
      <QueryState
        query={user}
        skeleton={<Skeleton height={260} radius="lg" aria-label={ADMIN_USERS_COPY.loading} />}
        errorTitle={p.error}
        recover={{ retry: ADMIN_USERS_COPY.retry }}
      >
        {(data) => (
          <>
            <ProfileCard user={data} />
            <OwnerDataCard />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}

function ProfileCard({ user }: { user: UserDto }) {
  return (
    <Card p="lg" shadow="xs">
      <Group gap="md" wrap="nowrap">
        <Avatar color="brand" radius="xl" size={56} aria-hidden>
          {user.firstName.charAt(0)}
          {user.lastName.charAt(0)}
        </Avatar>
        <div>
          <Text fw={700} fz="xl">
            {user.firstName} {user.lastName}
          </Text>
          <Group gap={6}>
            {user.isAdmin && (
              <Badge variant="light" radius="sm">
                {user.isPlatform ? p.platform : p.owner}
              </Badge>
            )}
          </Group>
        </div>
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        <Detail term={p.firstName} value={user.firstName} />
        <Detail term={p.lastName} value={user.lastName} />
        <Detail term={p.email} value={user.email} />
        <Detail term={p.mobile} value={user.mobile} />
        <Detail term={p.memberSince} value={formatDate(user.createdAt)} />
      </SimpleGrid>
    </Card>
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
