import { todayInIndia } from '@repo/shared/domain/dates';
import { isOneOf } from '@repo/shared/domain/one-of';
import { MONTH_SORTS, OwnerMonthQuery } from '@repo/shared/schemas/owner';
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconEdit,
  IconFileInvoice,
  IconList,
  IconPlus,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { QueryState } from '@/components/ui/query-state';
import { SkeletonGrid } from '@/components/ui/skeleton-grid';
import { paths } from '@/config/paths';
import { LoadingState } from '@/components/ui/loading-state';
import { common } from '@/copy/common';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { STAFF_COPY, StaffHome } from '@/features/staff';
import { ConflictsPanel } from '@/features/channels/components/conflicts-panel';
import { FormCReminder } from '@/features/form-c';
import { DeskToday } from '@/features/desk';
import type { MonthView } from '@/features/owner/api/month';
import { OwnerMonth } from '@/features/owner/components/owner-month';
import { OWNER_COPY } from '@/features/owner/copy';
import { useAdminStayTypes } from '@/features/stays/api/admin-get-types';
import { STAYS_COPY } from '@/features/stays/copy';
import { TYPE_ICONS } from '@/features/stays/type-icons';

const a = STAYS_COPY.admin;

/** The month, search, order and page the URL asks for (this month, every stay, by name, page 1 when it does not). */
function useMonthView(thisMonth: string): [MonthView, (view: MonthView) => void] {
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? '';
  const sort = params.get('sort') ?? '';
  const view: MonthView = {
    month: OwnerMonthQuery.shape.month.safeParse(month).success && month ? month : thisMonth,
    q: (params.get('q') ?? '').slice(0, 100),
    sort: isOneOf(MONTH_SORTS, sort) ? sort : 'name',
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const setView = (next: MonthView) => {
    const search = new URLSearchParams();
    if (next.month !== thisMonth) search.set('month', next.month);
    if (next.q) search.set('q', next.q);
    if (next.sort !== 'name') search.set('sort', next.sort);
    if (next.dir !== 'asc') search.set('dir', next.dir);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return [view, setView];
}

/**
 * /admin/dashboard: the owner's month, or for a stay owner's staff the stays given to them with what their role opens,
 * and no figures (ADR 066).
 */
export default function DashboardScreen() {
  const me = useAdminMe();
  if (me.isPending) return <LoadingState label={common.states.loading} />;
  const staff = me.data?.staff;
  if (staff)
    return (
      <AdminPage
        size="lg"
        title={STAFF_COPY.home.title}
        subtitle={STAFF_COPY.home.subtitle(staff.ownerName, STAFF_COPY.roles[staff.role])}
      >
        <StaffHome role={staff.role} stays={staff.stays} />
      </AdminPage>
    );
  return <OwnerDashboard />;
}

/**
 * The owner's month at a glance (totals over every stay, then the stays sorted and searched, each with its buttons);
 * Add Stay, reservations, tax documents, users (the platform only) and profile; a card per stay type the admin owns
 * ('{type}s List').
 */
function OwnerDashboard() {
  const types = useAdminStayTypes();
  const me = useAdminMe();
  const thisMonth = todayInIndia().slice(0, 7);
  const [view, setView] = useMonthView(thisMonth);
  return (
    <AdminPage size="lg" title={a.dashboardTitle} subtitle={a.dashboardSubtitle(me.data?.isPlatform === true)}>
      <ConflictsPanel bookingHref={paths.admin.reservation.getHref} />
      <FormCReminder />
      <DeskToday deskHref={paths.admin.desk.getHref} />
      <OwnerMonth
        view={view}
        thisMonth={thisMonth}
        onChange={setView}
        actions={(stay) => [
          { label: a.edit, icon: IconEdit, variant: 'default', to: paths.admin.editStay.getHref(stay.stayId) },
          { label: a.calendar, icon: IconCalendarEvent, variant: 'default', to: paths.admin.calendar.getHref(stay.stayId) },
          { label: a.roomsList, icon: IconList, variant: 'light', to: paths.admin.rooms.getHref(stay.stayId) },
        ]}
      />
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
          to={paths.admin.staff.getHref()}
          icon={IconUsersGroup}
          color="cyan"
          title={STAFF_COPY.title}
          hint={STAFF_COPY.subtitle}
        />
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
