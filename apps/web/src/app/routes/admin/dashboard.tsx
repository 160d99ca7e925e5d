import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconFileInvoice, IconPlus, IconUserCircle, IconUsers, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { paths } from '@/config/paths';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { ConflictsPanel } from '@/features/channels/components/conflicts-panel';
import { DashboardFigures } from '@/features/owner/components/dashboard-figures';
import { OWNER_COPY } from '@/features/owner/copy';
import { useAdminStayTypes } from '@/features/stays/api/admin-get-types';
import { STAYS_COPY } from '@/features/stays/copy';
import { TYPE_ICONS } from '@/features/stays/type-icons';

const a = STAYS_COPY.admin;

/**
 * /admin/dashboard: Add Stay, reservations, tax documents, users (the platform only) and profile; a card per stay type the admin owns ('{type}s List');
 * and each stay's occupancy and revenue.
 */
export default function DashboardScreen() {
  const types = useAdminStayTypes();
  const me = useAdminMe();
  return (
    <AdminPage size="lg" title={a.dashboardTitle} subtitle={a.dashboardSubtitle}>
      <ConflictsPanel bookingHref={paths.admin.reservation.getHref} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <LinkCard to={paths.admin.addStay.getHref()} icon={IconPlus} color="teal" title={a.addStay} hint={a.addStayHint} />
        <LinkCard
          to={paths.admin.reservations.getHref()}
          icon={IconCalendarEvent}
          color="blue"
          title={OWNER_COPY.reservations.title}
          hint={OWNER_COPY.reservations.hint}
        />
        <LinkCard
          to={paths.admin.documents.getHref()}
          icon={IconFileInvoice}
          color="orange"
          title={OWNER_COPY.documents.title}
          hint={OWNER_COPY.documents.hint}
        />
        {me.data?.isPlatform ? (
          <LinkCard to={paths.admin.users.getHref()} icon={IconUsers} color="grape" title={a.users} hint={a.usersHint} />
        ) : null}
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
      <QueryState
        query={types}
        skeleton={<SkeletonGrid count={3} height={96} cols={{ base: 1, xs: 2, md: 3 }} label={a.loading} />}
        errorTitle={a.typesError}
        recover={{ retry: a.retry }}
      >
        {(data) =>
          data.length === 0 ? (
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
              {data.map((type) => (
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
          )
        }
      </QueryState>
      <DashboardFigures />
    </AdminPage>
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
