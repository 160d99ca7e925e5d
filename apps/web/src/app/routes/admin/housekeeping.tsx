import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { DESK_COPY, HousekeepingList, useHousekeeping } from '@/features/desk';

const c = DESK_COPY.housekeeping;

/** /admin/housekeeping/:id: today's rooms of a stay, clean, dirty, inspected or out of order (ADR 064). */
export default function HousekeepingScreen() {
  const { id = '' } = useParams();
  const data = useHousekeeping(id).data;
  return (
    <AdminPage
      size="sm"
      title={c.title}
      subtitle={data && c.subtitle(data.stay.name, data.today)}
      back={
        <Group gap="md" mb="xs">
          <Anchor component={Link} to={paths.admin.calendar.getHref(id)} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {DESK_COPY.desk.calendar}
          </Anchor>
          <Anchor component={Link} to={paths.admin.desk.getHref(id)} size="sm">
            {c.desk}
          </Anchor>
        </Group>
      }
    >
      <HousekeepingList stayId={id} />
    </AdminPage>
  );
}
