import { Stack } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LinkButton } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { paths } from '@/config/paths';
import { useMyBookings } from '../api/my-bookings';
import { BOOKING_COPY } from '../copy';
import { OrderCard } from './order-card';

/**
 * The signed-in guest's own orders: loading, error, 'No Orders', or the cards (newest first). `orderAction` adds an
 * action of another feature to each card (the screen passes it: a complaint).
 */
export function OrdersList({ orderAction }: { orderAction?: (order: BookingDto) => ReactNode } = {}) {
  const c = BOOKING_COPY.orders;
  const orders = useMyBookings();
  const [now, setNow] = useState(() => Date.now());
  const hasHold = orders.data?.some((o) => o.status === 'pending_payment') ?? false;
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    if (hasHold) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [hasHold, ticker]);
  // When a hold runs out, the server has released it: reload to show the new status.
  const nextExpiry = orders.data
    ?.flatMap((o) => (o.status === 'pending_payment' && o.holdExpiresAt ? [Date.parse(o.holdExpiresAt)] : []))
    .sort((a, b) => a - b)[0];
  const { refetch } = orders;
  useEffect(() => {
    if (nextExpiry === undefined) return;
    const t = setTimeout(() => refetch(), Math.max(0, nextExpiry - Date.now()) + 1500);
    return () => clearTimeout(t);
  }, [nextExpiry, refetch]);

  if (orders.isPending) return <LoadingState label={c.loading} />;
  if (orders.isError)
    return <ErrorState title={c.loadError} description={orders.error.message} onRetry={() => orders.refetch()} />;
  if (orders.data.length === 0)
    return (
      <EmptyState
        icon={<IconReceipt size={28} aria-hidden />}
        title={c.empty}
        description={c.emptyText}
        actions={<LinkButton to={paths.home.getHref()}>{c.findStay}</LinkButton>}
      />
    );
  return (
    <Stack gap="md">
      {orders.data.map((o) => (
        <OrderCard key={o.id} order={o} now={now} extraAction={orderAction?.(o)} />
      ))}
    </Stack>
  );
}
