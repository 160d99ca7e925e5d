import { Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useAdminMe } from '@/features/admin-users/api/get-admin-me';
import { StayFigures } from '@/features/owner/components/stay-figures';
import { AdminStayReviews } from '@/features/reviews/components/admin-stay-reviews';
import { useAdminStay } from '@/features/stays/api/admin-get-stay';
import { useUpdateStay } from '@/features/stays/api/admin-update-stay';
import { StayForm } from '@/features/stays/components/stay-form';
import { STAYS_COPY } from '@/features/stays/copy';
import { useAfterSave } from './use-after-save';

const a = STAYS_COPY.admin;

/**
 * /admin/editStay/:id: the stay's figures (occupancy and revenue, links to its calendar and reservations), its fields
 * and images (success goes to the dashboard), and its guests' reviews to reply to.
 */
export default function EditStayScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useAfterSave();
  const stay = useAdminStay(id);
  const update = useUpdateStay();
  const me = useAdminMe();
  return (
    <AdminPage
      size="md"
      title={
        <>
          {a.editTitle}
          {stay.data && (
            <Text span inherit c="dimmed" fw={500}>
              {' '}
              · {stay.data.name}
            </Text>
          )}
        </>
      }
    >
      {stay.data && <StayFigures stayId={stay.data.id} />}
      <QueryState
        query={stay}
        skeleton={
          <Stack role="status" aria-busy="true" aria-label={a.loading}>
            <Skeleton height={320} radius="lg" />
            <Skeleton height={200} radius="lg" />
          </Stack>
        }
        errorTitle={a.stayLoadError}
        errorText={missingOr(a.stayNotFound)}
        recover={{ label: a.dashboardTitle, to: paths.admin.dashboard.getHref() }}
      >
        {(data) => (
          <StayForm
            key={data.id}
            stay={data}
            submitLabel={STAYS_COPY.form.submitEdit}
            canFeature={me.data?.isPlatform === true}
            onCancel={() => navigate(-1)}
            onSubmit={(form) => update.mutateAsync({ id, form }).then(() => saved(a.updated, paths.admin.dashboard.getHref()))}
          />
        )}
      </QueryState>
      {stay.data && <AdminStayReviews stayId={stay.data.id} />}
    </AdminPage>
  );
}
