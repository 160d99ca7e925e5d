import { AdminPage } from '@/components/ui/admin-page';
import { STAFF_COPY, StaffManager } from '@/features/staff';

/** /admin/staff: the owner's staff (ADR 066); behind RequireOwner (staff get the not-allowed page, the API 403). */
export default function StaffScreen() {
  return (
    <AdminPage size="lg" title={STAFF_COPY.title} subtitle={STAFF_COPY.subtitle}>
      <StaffManager />
    </AdminPage>
  );
}
