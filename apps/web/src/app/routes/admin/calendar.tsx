import { todayInIndia } from '@repo/shared/domain/dates';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { useOccupancy } from '@/features/owner/api/occupancy';
import { OccupancyCalendar } from '@/features/owner/components/occupancy-calendar';
import { DESK_COPY } from '@/features/desk';
import { OWNER_COPY } from '@/features/owner/copy';

const c = OWNER_COPY.calendar;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** /admin/calendar/:id: one stay's rooms by night for a month (?month=yyyy-MM, this month in India by default). */
export default function CalendarScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : todayInIndia().slice(0, 7);
  const stayName = useOccupancy(id, month).data?.stay.name;
  return (
    <AdminPage
      size="lg"
      title={c.title}
      subtitle={stayName && c.subtitle(stayName)}
      back={
        <Group gap="md">
          <Anchor component={Link} to={paths.admin.editStay.getHref(id)} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {OWNER_COPY.figures.backToStay}
          </Anchor>
          <Anchor
            component={Link}
            to={paths.admin.reservations.getHref(new URLSearchParams({ stayId: id }).toString())}
            size="sm"
          >
            {OWNER_COPY.reservations.title}
          </Anchor>
          <Anchor component={Link} to={paths.admin.desk.getHref(id)} size="sm">
            {DESK_COPY.desk.title}
          </Anchor>
          <Anchor component={Link} to={paths.admin.housekeeping.getHref(id)} size="sm">
            {DESK_COPY.housekeeping.title}
          </Anchor>
        </Group>
      }
    >
      <OccupancyCalendar stayId={id} month={month} onMonth={(m) => setParams({ month: m })} />
    </AdminPage>
  );
}
