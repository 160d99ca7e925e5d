import { useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { AcceptInvite, STAFF_COPY } from '@/features/staff';

/** /admin/staff-invite/:id/:token: the page a staff invitation's mailed link opens (no sign-in). */
export default function StaffInviteScreen() {
  const { id = '', token = '' } = useParams();
  return (
    <AdminPage size="sm" title={STAFF_COPY.accept.title}>
      <AcceptInvite id={id} token={token} />
    </AdminPage>
  );
}
