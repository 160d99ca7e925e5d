import { Alert, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingSkyscraper,
  IconHome,
  IconHomeHeart,
  IconPlus,
  IconPool,
  IconTrees,
  IconUserCircle,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import type { StayType } from '@repo/shared/constants/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAdminStayTypes } from '@/features/stays/api/admin-get-types';
import { STAYS_COPY } from '@/features/stays/copy';

const a = STAYS_COPY.admin;
const TYPE_ICONS: Record<StayType, TablerIcon> = {
  Hotel: IconBuildingSkyscraper,
  Villa: IconHomeHeart,
  Resort: IconPool,
  Cottage: IconHome,
  Cabin: IconTrees,
};

/** /admin/dashboard: a card per stay type the admin owns ('{type}s List'), Add Stay, users and profile. */
export default function DashboardScreen() {
  const types = useAdminStayTypes();
  return (
    <Container size="lg" py="lg">
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        {a.dashboardTitle}
      </Title>
      <Text c="dimmed" mb="lg">
        {a.dashboardSubtitle}
      </Text>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <LinkCard to={paths.admin.addStay.getHref()} icon={IconPlus} color="teal" title={a.addStay} hint={a.addStayHint} />
        <LinkCard to={paths.admin.users.getHref()} icon={IconUsers} color="grape" title={a.users} hint={a.usersHint} />
        <LinkCard
          to={paths.admin.myProfile.getHref()}
          icon={IconUserCircle}
          color="gray"
          title={a.myProfile}
          hint={a.myProfileHint}
        />
      </SimpleGrid>

      <Title order={2} fz="xl" mt="xl" mb="md">
        {a.columns.type}
      </Title>
      {types.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy="true" aria-label={a.loading}>
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
          <Skeleton height={96} radius="lg" />
        </SimpleGrid>
      ) : types.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={a.typesError}>
          <Text size="sm" mb="sm">
            {types.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => types.refetch()}>
            {a.retry}
          </Button>
        </Alert>
      ) : types.data.length === 0 ? (
        <Card bg="gray.0">
          <Stack align="center" gap="sm" py="md">
            <Text c="dimmed" ta="center">
              {a.noTypes}
            </Text>
            <Button component={Link} to={paths.admin.addStay.getHref()} leftSection={<IconPlus size={16} aria-hidden />}>
              {a.addStay}
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {types.data.map((type) => (
            <LinkCard
              key={type}
              to={paths.admin.typeList.getHref(type)}
              icon={TYPE_ICONS[type]}
              color="brand"
              title={a.typeListLink(type)}
              hint={a.typeListHint}
            />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}

function LinkCard({
  to,
  icon: Icon,
  color,
  title,
  hint,
}: {
  to: string;
  icon: TablerIcon;
  color: string;
  title: string;
  hint: ReactNode;
}) {
  return (
    <Card component={Link} to={to} shadow="xs" p="lg" style={{ textDecoration: 'none' }}>
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={48} radius="md" variant="light" color={color} aria-hidden>
          <Icon size={26} stroke={1.6} />
        </ThemeIcon>
        <div>
          <Text fw={600} fz="lg">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
