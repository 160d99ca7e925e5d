import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { Anchor, Badge, Button, Card, Grid, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { OrderReview } from '@/features/reviews';
import { StayImage } from '@/features/stays';
import { toast } from '@/lib/notify';
import { useCancelBooking, useRetryRefund } from '../api/my-bookings';
import { getCheckout } from '../api/payments';
import { openCheckout } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import { OrderTax } from './order-tax';
import { roomWithPlan } from '../room-words';
import { orderStory } from '../order-story';

export { timeLeft } from '../order-story';

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
 * One order: stay image (or the fallback), stay name, order id, from, to, amount paid, payment id, booked on;
 * 'Booking failed' in red when an id is missing; then one story (order-story.ts): the one status, what happened (a
 * failed or pending attempt and the one countdown, the cancel, its policy and its refund with the refund ids, or
 * that nothing was charged), the ids that go with it and the actions.
 */
export function OrderCard({ order, now, extraAction }: { order: BookingDto; now: number; extraAction?: ReactNode }) {
  const c = BOOKING_COPY.orders;
  const [confirming, setConfirming] = useState(false);
  const [opening, setOpening] = useState(false);
  const cancel = useCancelBooking();
  const retryRefund = useRetryRefund();
  const story = orderStory(order, now);
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

  const askAgain = () =>
    retryRefund.mutate(order.id, {
      onSuccess: () => toast.success(c.refundRetried, 'booking'),
      onError: (err) => toast.fromError(err, 'booking'),
    });

  const { actions } = story;
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
              <Badge color={story.badge.color} variant="dot" size="lg" data-testid="order-status">
                {story.badge.label}
              </Badge>
            </Group>
            {story.bookingFailed ? (
              <Text c="red.8" fw={700}>
                {c.failed}
              </Text>
            ) : null}
            {order.paymentMethod && !story.bookingFailed ? (
              <Text size="sm" fw={600} c="teal.9" data-testid="paid-by">
                {c.paidBy[order.paymentMethod]}
              </Text>
            ) : null}
            {story.headline ? (
              <Text size="sm" fw={600} c={story.headline.color} data-testid="order-headline">
                {story.headline.text}
              </Text>
            ) : null}
            {story.refund ? (
              <div>
                <Text size="sm" fw={700} c={story.refund.color} data-testid="refund">
                  {story.refund.text}
                </Text>
                {story.refund.next ? (
                  <Text size="sm" c="gray.7">
                    {story.refund.next}
                  </Text>
                ) : null}
              </div>
            ) : null}
            {story.compensation ? (
              <div data-testid="order-compensation">
                <Text size="sm" fw={600} c="teal.9">
                  {story.compensation.text}
                </Text>
                {story.compensation.claimUrl ? (
                  <Anchor href={story.compensation.claimUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {c.compensation.claim}
                  </Anchor>
                ) : null}
              </div>
            ) : null}
            {story.charge ? (
              <Text size="sm" c="gray.8" data-testid="order-charge">
                {story.charge}
              </Text>
            ) : null}
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Field
                  label={story.ids.label ? `${c.orderId} (${story.ids.label})` : c.orderId}
                  value={story.ids.orderId}
                  testId="order-id"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6 }}>
                <Field
                  label={story.ids.label ? `${c.paymentId} (${story.ids.label})` : c.paymentId}
                  value={story.ids.paymentId}
                  testId="payment-id"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.from} value={formatDate(order.from)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.to} value={formatDate(order.to)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={story.bookingFailed ? c.amount : c.amountPaid} value={amount} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, xs: 3 }}>
                <Field label={c.bookedOn} value={formatDate(order.createdAt)} />
              </Grid.Col>
              {story.refund && story.refundIds.length ? (
                <Grid.Col span={12}>
                  <Field label={c.refundIds(story.refundIds.length)} value={story.refundIds.join(', ')} testId="refund-ids" />
                </Grid.Col>
              ) : null}
              {order.rooms.length ? (
                <Grid.Col span={12}>
                  <Field label={c.rooms} value={order.rooms.map(roomWithPlan).join(', ')} />
                </Grid.Col>
              ) : null}
            </Grid>
            <OrderTax order={order} />
            {story.policy ? (
              <div data-testid="order-policy">
                <Text size="xs" c="gray.7" tt="uppercase" fw={600} lts={0.3}>
                  {c.policy}
                </Text>
                <Text size="sm">{story.policy}</Text>
                {story.cancelQuote ? (
                  <Text size="sm" fw={600} data-testid="cancel-quote">
                    {story.cancelQuote}
                  </Text>
                ) : null}
              </div>
            ) : null}
            <OrderReview order={order} />
            {actions.pay || actions.cancel || actions.retryRefund || extraAction ? (
              <Group gap="sm" mt="auto" justify="flex-end">
                {extraAction}
                {actions.cancel ? (
                  <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                    {c.cancel}
                  </Button>
                ) : null}
                {actions.pay ? (
                  <Button onClick={payNow} loading={opening}>
                    {actions.pay === 'retry' ? c.retryPayment : c.payNow}
                  </Button>
                ) : null}
                {actions.retryRefund ? (
                  <Button onClick={askAgain} loading={retryRefund.isPending}>
                    {c.retryRefund}
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
          <Text data-testid="cancel-outcome">
            {order.status !== 'confirmed'
              ? c.cancelHold
              : order.cancelQuote && order.cancelQuote.refund > 0
                ? c.cancelPaid(order.cancelQuote.description, order.paymentMethod)
                : c.cancelNoRefund}
          </Text>
          {story.policy ? (
            <Text size="sm" c="gray.7">
              {story.policy}
            </Text>
          ) : null}
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
