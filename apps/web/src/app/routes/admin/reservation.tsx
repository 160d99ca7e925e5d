import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useParams } from 'react-router';
import { todayInIndia } from '@repo/shared/domain/dates';
import { AdminPage } from '@/components/ui/admin-page';
import { reservationsHrefOf } from '@/features/owner/api/reservations';
import { CancelBookingButton } from '@/features/cancellation/components/cancel-booking-dialog';
import { FormCSection } from '@/features/form-c';
import { ReservationDetail } from '@/features/owner/components/reservation-detail';
import { OWNER_COPY } from '@/features/owner/copy';
import { useAdminRole } from '@/features/admin-users/api/get-admin-me';
import { BookingActions } from '@/features/staff';

const c = OWNER_COPY.detail;

/** /admin/reservations/:id: one booking of the admin's stays, with its tax documents, its guests' Form Cs and what staff did. */
export default function ReservationScreen() {
  const { id = '' } = useParams();
  // Back to the list as the owner left it (its filters and search), when they came from it.
  const backHref = reservationsHrefOf(useLocation().state);
  const role = useAdminRole();
  return (
    <AdminPage
      size="lg"
      title={c.title}
      back={
        <Anchor component={Link} to={backHref} size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {c.back}
        </Anchor>
      }
    >
      <ReservationDetail
        id={id}
        backHref={backHref}
        extra={(r) => (
          <>
            {role.may('desk.work') && <FormCSection booking={r} />}
            <BookingActions bookingId={r.id} />
          </>
        )}
        actions={(r) =>
          // An owner (or a manager) may cancel a paid booking until its check-in day (the API says so too, and refunds
          // the guest).
          role.may('bookings.cancel') && r.status === 'confirmed' && r.from > todayInIndia() ? (
            <CancelBookingButton bookingId={r.id} />
          ) : null
        }
      />
    </AdminPage>
  );
}
