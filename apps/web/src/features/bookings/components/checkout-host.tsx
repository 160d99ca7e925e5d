import type { CheckoutDto } from '@repo/shared/schemas/booking';
import { PAYMENT_FAILURE_FIELDS, type PaymentFailure } from '@repo/shared/schemas/payment';
import { Button, Group, Modal, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTokenUser } from '@/lib/auth';
import { confirmPayment, recordPaymentFailure } from '../api/payments';
import { type PendingPayment, checkoutStore, closeCheckout, useCheckoutState } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import { toast } from '@/lib/notify';
import { openRazorpay, type RazorpayError, type RazorpaySuccess } from '../razorpay';
import { queryKeys } from '@/lib/query-keys';
import { roomWithPlan } from '../room-words';
import { GstBreakup } from './gst-breakup';
import { StaySupplierNote } from '@/features/stays';

/** What a checkout the app hosts in a gateway's place is given (it answers as Razorpay's checkout.js does). */
export type HostedCheckoutProps = {
  pending: PendingPayment;
  /** The booking's price and tax, shown above the payment methods. */
  summary: ReactNode;
  onSuccess: (fields: RazorpaySuccess) => void;
  onFailure: (error: RazorpayError) => void;
  onCancel: () => void;
};
/** The checkouts the app hosts, by the provider whose orders they pay (given by the app shell). */
export type HostedCheckouts = Partial<Record<CheckoutDto['provider'], ComponentType<HostedCheckoutProps>>>;

/** The gateway's error object as its seven fields (code, description, source, step, reason, order and payment id). */
export function failureFields(pending: PendingPayment, e: RazorpayError): PaymentFailure {
  return {
    code: e.code ?? '',
    description: e.description ?? '',
    source: e.source ?? '',
    step: e.step ?? '',
    reason: e.reason ?? '',
    orderId: e.metadata?.order_id ?? pending.checkout.orderId,
    paymentId: e.metadata?.payment_id ?? '',
  };
}

/**
 * Renders the payment in progress (from the checkout store) on whatever guest page is showing: a checkout the app
 * hosts for the order's provider (`hosted`), or Razorpay's checkout.js, then the confirmation or the one failure
 * dialog with the seven fields.
 */
export function CheckoutHost({ hosted = {} }: { hosted?: HostedCheckouts }) {
  const state = useCheckoutState();
  const qc = useQueryClient();
  const opened = useRef<string | null>(null);

  const onSuccess = async (pending: PendingPayment, r: RazorpaySuccess) => {
    try {
      const { booking } = await confirmPayment(pending.booking.id, {
        orderId: r.razorpay_order_id,
        paymentId: r.razorpay_payment_id,
        signature: r.razorpay_signature,
      });
      checkoutStore.set({ phase: 'paid', booking });
      toast.success(BOOKING_COPY.checkout.paid, 'booking');
    } catch (err) {
      closeCheckout();
      toast.fromError(err, 'booking');
    } finally {
      qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
      qc.invalidateQueries({ queryKey: queryKeys.roomTypes.all });
    }
  };

  const onFailure = (pending: PendingPayment, e: RazorpayError) => {
    const failure = failureFields(pending, e);
    checkoutStore.set({ phase: 'failed', pending, failure });
    recordPaymentFailure(pending.booking.id, failure)
      .catch((err) => toast.fromError(err, 'booking'))
      .finally(() => qc.invalidateQueries({ queryKey: queryKeys.myBookings.all }));
  };

  const pending = state.phase === 'paying' ? state.pending : null;
  // Razorpay's checkout.js is loaded on demand and opened once per order.
  useEffect(() => {
    if (pending?.checkout.provider !== 'razorpay' || opened.current === pending.checkout.orderId) return;
    opened.current = pending.checkout.orderId;
    openRazorpay(pending, {
      onSuccess: (r) => void onSuccess(pending, r),
      onFailure: (e) => onFailure(pending, e),
      onDismiss: () => {
        if (checkoutStore.get().phase === 'paying') closeCheckout();
        qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
      },
    }).catch(() => {
      opened.current = null;
      closeCheckout();
      toast.error(BOOKING_COPY.checkout.gatewayLoadError, 'booking');
    });
  });

  const Hosted = state.phase === 'paying' ? hosted[state.pending.checkout.provider] : undefined;
  if (state.phase === 'paying' && Hosted) {
    const p = state.pending;
    return (
      <Hosted
        key={p.checkout.orderId}
        pending={p}
        summary={
          <>
            <Text size="sm" data-testid="checkout-rooms">
              {p.booking.rooms.map(roomWithPlan).join(', ')}
            </Text>
            <GstBreakup gst={p.booking.gst} testId="checkout-gst" />
            <StaySupplierNote stayId={p.booking.stayId} />
          </>
        }
        onSuccess={(r) => void onSuccess(p, r)}
        onFailure={(e) => onFailure(p, e)}
        onCancel={() => {
          closeCheckout();
          qc.invalidateQueries({ queryKey: queryKeys.myBookings.all });
        }}
      />
    );
  }
  if (state.phase === 'paid') return <PaidDialog hotelName={state.booking.hotelName} />;
  if (state.phase === 'failed') return <PaymentFailureDialog failure={state.failure} />;
  return null;
}

function useOrdersHref() {
  const user = useTokenUser('guest');
  return user ? paths.orders.getHref(user.id) : paths.home.getHref();
}

function PaidDialog({ hotelName }: { hotelName: string }) {
  const c = BOOKING_COPY.checkout;
  return (
    <ResultDialog
      title={c.paidTitle}
      color="teal"
      icon={<IconCircleCheck size={22} />}
      message={<Text>{c.paidText(hotelName)}</Text>}
      closeLabel={c.done}
      ordersLabel={c.viewOrders}
    />
  );
}

/** One dialog with the seven failure fields, in the spec's order (instead of seven alerts). */
export function PaymentFailureDialog({ failure }: { failure: PaymentFailure }) {
  const c = BOOKING_COPY.failure;
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <ResultDialog
      title={c.title}
      color="red"
      icon={<IconAlertTriangle size={22} />}
      message={<Text size="sm">{c.intro}</Text>}
      closeLabel={c.ok}
      ordersLabel={c.viewOrders}
      fullScreen={phone}
    >
      <Table variant="vertical" withTableBorder layout="fixed" aria-label={c.title}>
        <Table.Tbody>
          {PAYMENT_FAILURE_FIELDS.map((field) => (
            <Table.Tr key={field}>
              <Table.Th w={120}>{c.fields[field]}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-word' }}>{failure[field] || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResultDialog>
  );
}

/** A payment's outcome: an icon with the message, any details, then Close and the way to My Orders. */
function ResultDialog(props: {
  title: string;
  color: 'teal' | 'red';
  icon: ReactNode;
  message: ReactNode;
  closeLabel: string;
  ordersLabel: string;
  fullScreen?: boolean;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const href = useOrdersHref();
  return (
    <Modal
      opened
      onClose={closeCheckout}
      title={props.title}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': BOOKING_COPY.closeDialog }}
      fullScreen={props.fullScreen}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color={props.color} variant="light" size="lg" radius="xl" aria-hidden>
            {props.icon}
          </ThemeIcon>
          {props.message}
        </Group>
        {props.children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={closeCheckout}>
            {props.closeLabel}
          </Button>
          <Button
            onClick={() => {
              closeCheckout();
              navigate(href);
            }}
          >
            {props.ordersLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
