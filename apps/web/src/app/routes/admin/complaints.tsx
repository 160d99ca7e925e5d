import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { AdminComplaintsList } from '@/features/grievances/components/admin-complaints';
import { GRIEVANCE_COPY } from '@/features/grievances/copy';

const c = GRIEVANCE_COPY.admin;

/** /admin/complaints: complaints about the admin's stays (every one for the platform), newest first. */
export default function AdminComplaintsScreen() {
  return (
    <AdminPage size="md" title={c.title} subtitle={c.description}>
      <AdminComplaintsList hrefOf={paths.admin.complaint.getHref} />
    </AdminPage>
  );
}
