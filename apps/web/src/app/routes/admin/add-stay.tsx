import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { useCreateStay } from '@/features/stays/api/admin-create-stay';
import { StayForm } from '@/features/stays/components/stay-form';
import { STAYS_COPY } from '@/features/stays/copy';
import { useAfterSave } from './use-after-save';

const a = STAYS_COPY.admin;

/** /admin/addStay: a new stay with its images; success goes to the dashboard. */
export default function AddStayScreen() {
  const navigate = useNavigate();
  const saved = useAfterSave();
  const create = useCreateStay();
  const me = useAdminMe();
  return (
    <AdminPage size="md" title={a.addTitle} subtitle={a.addStayHint}>
      <StayForm
        submitLabel={STAYS_COPY.form.submitAdd}
        canFeature={me.data?.isPlatform === true}
        onCancel={() => navigate(paths.admin.dashboard.getHref())}
        onSubmit={(form) => create.mutateAsync(form).then(() => saved(a.added, paths.admin.dashboard.getHref()))}
      />
    </AdminPage>
  );
}
