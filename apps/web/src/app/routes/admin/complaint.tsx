import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { AdminComplaint } from '@/features/grievances/components/admin-complaints';
import { GRIEVANCE_COPY } from '@/features/grievances/copy';

const c = GRIEVANCE_COPY.admin;

/** /admin/complaints/:id: one complaint, answered and closed by the stay's owner or the platform. */
export default function AdminComplaintScreen() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      size="md"
      title={c.title}
      back={
        <Anchor component={Link} to={paths.admin.complaints.getHref()} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {c.back}
        </Anchor>
      }
    >
      <AdminComplaint id={id} />
    </AdminPage>
  );
}
