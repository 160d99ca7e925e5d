import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkButton } from '@/components/ui/link-button';
import { PageContainer } from '@/components/ui/page-container';
import { paths } from '@/config/paths';
import { common } from '@/copy/common';
import { OrdersList } from '@/features/bookings/components/orders-list';
import { BOOKING_COPY } from '@/features/bookings/copy';
import { RaiseComplaintButton } from '@/features/grievances/components/raise-complaint';
import { useTokenUser } from '@/lib/auth';

/**
 * My Orders (/orders/:id). The list always comes from the signed-in guest's own bookings (GET /api/me/bookings);
 * another user's id in the address shows nothing of theirs. Each order but a live hold offers "Raise a complaint".
 */
export default function OrdersScreen() {
  const c = BOOKING_COPY.orders;
  const { id } = useParams();
  const user = useTokenUser('guest');
  useDocumentTitle(`${c.title} | ${common.brand}`);
  const mine = Boolean(user && id && user.id === id.replace(/\}$/, ''));
  return (
    <PageContainer title={c.title} description={mine ? c.description : undefined} size="md">
      {mine ? (
        <OrdersList
          orderAction={(o) =>
            o.status === 'pending_payment' ? null : (
              <RaiseComplaintButton booking={{ id: o.id, hotelName: o.hotelName, orderId: o.orderId }} />
            )
          }
        />
      ) : (
        <EmptyState
          icon={<IconLock size={28} aria-hidden />}
          title={c.notYours}
          description={c.notYoursText}
          actions={user ? <LinkButton to={paths.orders.getHref(user.id)}>{c.myOrders}</LinkButton> : undefined}
        />
      )}
    </PageContainer>
  );
}
