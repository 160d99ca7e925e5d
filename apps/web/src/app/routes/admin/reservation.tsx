import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { todayInIndia } from '@repo/shared/domain/dates';
import { AdminPage } from '@/components/ui/admin-page';
import { paths } from '@/config/paths';
import { CancelBookingButton } from '@/features/cancellation/components/cancel-booking-dialog';
import { ReservationDetail } from '@/features/owner/components/reservation-detail';
import { OWNER_COPY } from '@/features/owner/copy';

const c = OWNER_COPY.detail;

/** /admin/reservations/:id: one booking of the admin's stays. */
export default function ReservationScreen() {
  const { id = '' } = useParams();
  return (
    <AdminPage
      size="lg"
      title={c.title}
      back={
        <Anchor component={Link} to={paths.admin.reservations.getHref()} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {c.back}
        </Anchor>
      }
    >
      <ReservationDetail
        id={id}
        actions={(r) =>
          // An owner may cancel a paid booking until its check-in day (the API says so too, and refunds the guest).
          r.status === 'confirmed' && r.from > todayInIndia() ? <CancelBookingButton bookingId={r.id} /> : null
        }
      />
    </AdminPage>
  );
}
