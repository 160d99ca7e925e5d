import { useSearchParams } from 'react-router';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { ConflictsPanel } from '@/features/channels/components/conflicts-panel';
import { ReservationsList } from '@/features/owner/components/reservations-list';
import type { ReservationFilters } from '@/features/owner/api/reservations';
import { OWNER_COPY } from '@/features/owner/copy';
import { useAdminRole } from '@/features/admin-users/api/get-admin-me';

const c = OWNER_COPY.reservations;
const KEYS = ['stayId', 'status', 'from', 'to', 'q'] as const;

/** /admin/reservations: the bookings of the admin's stays; the filters and page live in the URL. */
export default function ReservationsScreen() {
  const [params, setParams] = useSearchParams();
  const filters: ReservationFilters = {};
  for (const k of KEYS) {
    const v = params.get(k);
    if (v) filters[k] = v;
  }
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // Staff see what their role allows (ADR 066): front desk no conflicts panel, amounts or export.
  const role = useAdminRole();
  return (
    <AdminPage size="lg" title={c.title} subtitle={c.subtitle}>
      {role.may('stays.edit') && <ConflictsPanel bookingHref={paths.admin.reservation.getHref} stayId={filters.stayId} />}
      <ReservationsList
        money={!role.known || role.may('money.view')}
        canExport={role.may('guests.export')}
        filters={filters}
        page={page}
        onChange={(next, p) => {
          const search = new URLSearchParams();
          for (const k of KEYS) if (next[k]) search.set(k, String(next[k]).trim());
          if (p > 1) search.set('page', String(p));
          setParams(search);
        }}
      />
    </AdminPage>
  );
}
