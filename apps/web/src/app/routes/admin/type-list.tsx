import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { STAY_TYPES } from '@repo/shared/constants/domain';
import { Link, useLocation } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { useAdminStays } from '@/features/stays/api/admin-get-stays';
import { useDeleteStay } from '@/features/stays/api/admin-delete-stay';
import { AdminStaysTable } from '@/features/stays/components/admin-stays-table';
import { STAYS_COPY } from '@/features/stays/copy';
import { toast } from '@/lib/notify';

const a = STAYS_COPY.admin;

/** /admin/hotel, /admin/villa, ...: the admin's stays of the type named by the path. */
export default function TypeListScreen() {
  const segment = useLocation().pathname.split('/').pop() ?? '';
  const type = STAY_TYPES.find((t) => t.toLowerCase() === segment.toLowerCase()) ?? 'Hotel';
  const stays = useAdminStays(type);
  const del = useDeleteStay();

  return (
    <AdminPage
      size="lg"
      title={a.listTitle(type)}
      action={
        <Button component={Link} to={paths.admin.addStay.getHref()} leftSection={<IconPlus size={16} aria-hidden />}>
          {a.addStay}
        </Button>
      }
    >
      <AdminStaysTable
        stays={stays}
        onDelete={(stay) =>
          del.mutateAsync(stay.id).then(
            (res) => toast.success(res?.message || a.deleted, 'admin'),
            (err) => toast.fromError(err, 'admin'),
          )
        }
      />
    </AdminPage>
  );
}
