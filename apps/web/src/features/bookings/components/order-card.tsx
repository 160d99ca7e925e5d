import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { Badge, Button, Card, Grid, Group, type MantineColor, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { OrderReview } from '@/features/reviews/components/order-review';
import { StayImage } from '@/features/stays/components/stay-image';
import { getCheckout } from '../api/payments';
import { useCancelBooking } from '../api/my-bookings';
import { openCheckout } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import { toast } from '@/lib/notify';

const STATUS_COLOR: Record<BookingDto['status'], MantineColor> = {
  pending_payment: 'yellow',
  confirmed: 'teal',
  payment_failed: 'red',
  expired: 'gray',
  cancelled: 'gray',
};

/** mm:ss until an instant (0:00 once past). */
export function timeLeft(until: string, now: number): string {
  const s = Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * One order: stay image (or the fallback), stay name, order id, from, to, amount paid,
 * payment id, booked on; 'Booking failed' in red when an id is missing; the status, and 'Pay now' / 'Cancel'.
 */
export function OrderCard({ order, now }: { order: BookingDto; now: number }) {
  const c = BOOKING_COPY.orders;
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);
  const cancel = useCancelBooking();
  const failed = !order.orderId || !order.paymentId;
  const liveHold = order.status === 'pending_payment' && order.holdExpiresAt !== null && Date.parse(order.holdExpiresAt) > now;
  const cancellable = liveHold || (order.status === 'confirmed' && todayInIndia() < order.from);
  const amount = formatPaise(order.amount);

  const payNow = async () => {
    setOpening(true);
    try {
      const { checkout } = await getCheckout(order.id);
      openCheckout({ booking: order, checkout });
    } catch (err) {
      toast.fromError(err, 'booking');
    } finally {
      setOpening(false);
    }
  };

  const doCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(c.cancelled, 'booking');
      },
      onError: (err) => {
        setConfirming(false);
        toast.fromError(err, 'booking');
      },
    });

  return (
    <Card component="article" padding="md" radius="lg" withBorder aria-label={order.hotelName}>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <StayImage
            image={order.hotelImage}
            alt={c.imageAlt(order.hotelName)}
            sizes="(max-width: 48em) 100vw, 300px"
            ratio={4 / 3}
            style={{ height: 'auto' }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <Stack gap="sm" h="100%">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
              <Title order={2} fz="lg">
                {order.hotelName}
              </Title>
              <Badge color={STATUS_COLOR[order.status]} variant="dot" size="lg">
                {c.status[order.status]}
                {liveHold && order.holdExpiresAt ? ` · ${c.timeLeft(timeLeft(order.holdExpiresAt, now))}` : ''}
              </Badge>
            </Group>
            {failed ? (
              <Text c="red.8" fw={700}>
                {c.failed}
              </Text>
            ) : null}
            {order.refund ? (
              <Text size="sm" fw={600} c={order.refund.status === 'processed' ? 'teal.9' : 'yellow.9'} data-testid="refund">
                {c.refund(formatPaise(order.refund.amount), order.refund.status)}
              </Text>
            ) : null}
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Field label={c.orderId} value={order.orderId ?? '—'} testId="order-id" />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Field label={c.paymentId} value={order.paymentId ?? '—'} testId="payment-id" />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.from} value={formatDate(order.from)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.to} value={formatDate(order.to)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={failed ? c.amount : c.amountPaid} value={amount} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.bookedOn} value={formatDate(order.createdAt)} />
              </Grid.Col>
              {order.rooms.length ? (
                <Grid.Col span={12}>
                  <Field label={c.rooms} value={order.rooms.map((r) => `${r.number} (${r.title})`).join(', ')} />
                </Grid.Col>
              ) : null}
            </Grid>
            <OrderReview order={order} />
            {liveHold || cancellable ? (
              <Group gap="sm" mt="auto" justify="flex-end">
                {cancellable ? (
                  <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                    {c.cancel}
                  </Button>
                ) : null}
                {liveHold ? (
                  <Button onClick={payNow} loading={opening}>
                    {c.payNow}
                  </Button>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={c.cancelTitle}
        centered
        radius="lg"
        closeButtonProps={{ 'aria-label': BOOKING_COPY.closeDialog }}
      >
        <Stack gap="md">
          <Text>{order.status === 'confirmed' ? c.cancelPaid(amount) : c.cancelHold}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {c.keep}
            </Button>
            <Button color="red" onClick={doCancel} loading={cancel.isPending}>
              {c.confirmCancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
