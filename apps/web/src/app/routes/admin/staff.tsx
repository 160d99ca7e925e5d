import { LoadingState } from '@/components/ui/loading-state';
import { AdminPage } from '@/components/ui/admin-page';
import { NotAllowed } from '@/components/ui/not-allowed';
import { common } from '@/copy/common';
import { useAdminRole } from '@/features/admin-users/api/get-admin-me';
import { STAFF_COPY, StaffManager } from '@/features/staff';

/** /admin/staff: the owner's staff (ADR 066); staff themselves get the not-allowed page (the API answers 403 too). */
export default function StaffScreen() {
  const role = useAdminRole();
  if (!role.known) return <LoadingState label={common.states.loading} />;
  if (!role.isOwner) return <NotAllowed />;
  return (
    <AdminPage size="lg" title={STAFF_COPY.title} subtitle={STAFF_COPY.subtitle}>
      <StaffManager />
    </AdminPage>
  );
}
