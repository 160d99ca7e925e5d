import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { useAddRoomType } from '@/features/rooms/api/add-room-type';
import { useAdminRole } from '@/features/admin-users/api/get-admin-me';
import { useStayEarningTerms } from '@/features/rooms/api/stay-earning-terms';
import { AddRoomForm } from '@/features/rooms/components/add-room-form';
import { ROOMS_COPY } from '@/features/rooms/copy';
import { useAfterSave } from './use-after-save';

/** /admin/addRoom/:id: a room type with room numbers for the stay; shows the server's message, then the dashboard. */
export default function AddRoomScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useAfterSave();
  const add = useAddRoomType();
  const terms = useStayEarningTerms(id, useAdminRole().isOwner);
  return (
    <AdminPage size="sm" title={ROOMS_COPY.addTitle} subtitle={ROOMS_COPY.addSubtitle}>
      <AddRoomForm
        terms={terms.data}
        onCancel={() => navigate(-1)}
        onSubmit={(body) =>
          add.mutateAsync({ stayId: id, body }).then(({ message }) => saved(message, paths.admin.dashboard.getHref()))
        }
      />
    </AdminPage>
  );
}
