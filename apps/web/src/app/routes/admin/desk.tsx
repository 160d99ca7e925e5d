import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { DESK_COPY, DeskDay, useDeskDay } from '@/features/desk';

const c = DESK_COPY.desk;

/** /admin/desk/:id: a stay's day at the front desk (ADR 064). */
export default function DeskScreen() {
  const { id = '' } = useParams();
  const data = useDeskDay(id).data;
  return (
    <AdminPage
      size="lg"
      title={c.title}
      subtitle={data && c.subtitle(data.stay.name, data.today)}
      back={
        <Group gap="md" mb="xs">
          <Anchor component={Link} to={paths.admin.calendar.getHref(id)} size="sm">
            <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {c.calendar}
          </Anchor>
          <Anchor component={Link} to={paths.admin.housekeeping.getHref(id)} size="sm">
            {c.housekeeping}
          </Anchor>
        </Group>
      }
    >
      <DeskDay stayId={id} />
    </AdminPage>
  );
}
