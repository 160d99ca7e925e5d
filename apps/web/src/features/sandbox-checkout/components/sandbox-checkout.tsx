import type { PaymentMethod } from '@repo/shared/constants/domain';
import { formatPaise } from '@repo/shared/domain/money';
import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import type { SandboxPayInput } from '@repo/shared/schemas/payment';
import { Alert, Button, Code, Group, Loader, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useInterval, useMediaQuery } from '@mantine/hooks';
import { IconBuildingBank, IconCreditCard, IconDeviceMobile, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { timeLeft } from '@/lib/time-left';
import {
  isPendingAnswer,
  type SandboxOrderPaymentAnswer,
  type SandboxPayAnswer,
  sandboxPay,
  sandboxUpiApproval,
  useSandboxOrderPayment,
} from '../api/sandbox-payments';
import { SANDBOX_COPY } from '../copy';
import { CardForm, NetbankingForm, UpiCollectForm, UpiIntentForm } from './sandbox-methods';
import { UpiQrCode } from './upi-qr-code';

type Success = Extract<SandboxPayAnswer, { razorpay_payment_id: string }>;
type Failure = Extract<SandboxPayAnswer, { error: unknown }>['error'];
type Pending = Extract<SandboxPayAnswer, { pending: unknown }>['pending'];

/** What the booking's checkout host hands a checkout it hosts in the gateway's place. */
export type SandboxCheckoutProps = {
  pending: { booking: BookingDto; checkout: CheckoutDto };
  /** What the booking costs (the host's price and tax summary), shown above the methods. */
  summary?: ReactNode;
  /** Razorpay's success fields, as checkout.js hands them to its handler. */
  onSuccess: (fields: Success) => void;
  /** Razorpay's error object, as checkout.js reports 'payment.failed'. */
  onFailure: (error: Failure) => void;
  onCancel: () => void;
};

const METHOD_ICONS: Record<PaymentMethod, typeof IconCreditCard> = {
  card: IconCreditCard,
  upi: IconDeviceMobile,
  netbanking: IconBuildingBank,
};
const METHODS = Object.keys(METHOD_ICONS) as PaymentMethod[];

/**
 * The offline gateway's checkout, shown in place of Razorpay's checkout.js: amount, stay, and tabs for card, UPI
 * and netbanking with the sandbox's test values. It answers with the same fields Razorpay's checkout hands back.
 * UPI is paid as checkout.js offers it (ADR 052): on a phone "Pay by UPI app" opens the UPI app with the payment's
 * intent link (here the sandbox's own UPI app), on a larger screen the same link is a QR code to scan; a typed UPI id
 * (collect) only where the gateway still takes it. A UPI payment waits for the guest's approval: the checkout then
 * shows the wait, with the hold's countdown and the request's expiry, and asks the gateway again until the payment
 * is captured or fails (an order with a pending payment opens on that wait, e.g. from "Pay now" in My Orders).
 */
export function SandboxCheckout({ pending, summary, onSuccess, onFailure, onCancel }: SandboxCheckoutProps) {
  const c = SANDBOX_COPY;
  const phone = useMediaQuery('(max-width: 36em)');
  const qc = useQueryClient();
  const orderId = pending.checkout.orderId;
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useSandboxOrderPayment(orderId);
  const answer = latest.data?.payment;
  const amount = formatPaise(pending.checkout.amount);

  // Once a payment seen pending ends, its outcome is the checkout's answer (as checkout.js calls its handlers).
  const sawPending = useRef(false);
  const handlers = useRef({ onSuccess, onFailure });
  handlers.current = { onSuccess, onFailure };
  useEffect(() => {
    if (!answer) return;
    if (isPendingAnswer(answer)) {
      sawPending.current = true;
      return;
    }
    if (!sawPending.current) return;
    sawPending.current = false;
    if ('error' in answer) handlers.current.onFailure(answer.error);
    else handlers.current.onSuccess(answer);
  }, [answer]);

  const pay = async (body: SandboxPayInput): Promise<unknown> => {
    setProblem(null);
    setBusy(true);
    let result: SandboxPayAnswer;
    try {
      result = await sandboxPay(orderId, body);
    } catch (err) {
      setBusy(false);
      // A UPI payment of this order is already waiting for approval: show that wait.
      if (err instanceof ApiError && err.code === 'PAYMENT_PENDING') {
        await latest.refetch();
        return undefined;
      }
      if (err instanceof ApiError && err.fieldErrors) return err;
      setProblem(err instanceof ApiError ? err.message : GENERIC_ERROR);
      return undefined;
    }
    setBusy(false);
    if ('error' in result) onFailure(result.error);
    else if (isPendingAnswer(result))
      qc.setQueryData<SandboxOrderPaymentAnswer>(queryKeys.sandboxPayment.order(orderId), { payment: result });
    else onSuccess(result);
    return undefined;
  };

  const answerInUpiApp = async (approve: boolean) => {
    setProblem(null);
    try {
      const result = await sandboxUpiApproval(orderId, approve);
      qc.setQueryData<SandboxOrderPaymentAnswer>(queryKeys.sandboxPayment.order(orderId), { payment: result });
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : GENERIC_ERROR);
      await latest.refetch();
    }
  };

  let body: ReactNode;
  if (isPendingAnswer(answer))
    body = (
      <UpiWaiting
        pending={answer.pending}
        amount={amount}
        phone={phone === true}
        holdExpiresAt={pending.booking.holdExpiresAt}
        checkFailed={latest.isError}
        problem={problem}
        onAnswer={answerInUpiApp}
        onClose={onCancel}
      />
    );
  else
    body = (
      <Stack gap="md" p="lg">
        {summary}
        <Tabs value={method} onChange={(v) => v && setMethod(v as PaymentMethod)} keepMounted={false}>
          <Tabs.List grow aria-label={c.methods}>
            {METHODS.map((m) => {
              const Icon = METHOD_ICONS[m];
              return (
                <Tabs.Tab key={m} value={m} leftSection={<Icon size={18} aria-hidden />} disabled={busy && m !== method}>
                  {c.method[m]}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          {problem ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              {problem}
            </Alert>
          ) : null}
          <Tabs.Panel value="card" pt="md">
            <CardForm amount={amount} busy={busy} pay={pay} name={pending.checkout.prefill.name} />
          </Tabs.Panel>
          <Tabs.Panel value="upi" pt="md">
            <Stack gap="lg">
              <UpiIntentForm amount={amount} busy={busy} pay={pay} phone={phone === true} />
              {pending.checkout.upiFlows.includes('collect') ? <UpiCollectForm amount={amount} busy={busy} pay={pay} /> : null}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="netbanking" pt="md">
            <NetbankingForm amount={amount} busy={busy} pay={pay} />
          </Tabs.Panel>
        </Tabs>
        <Button variant="subtle" color="gray" onClick={onCancel} disabled={busy}>
          {c.cancel}
        </Button>
        <Text size="xs" c="gray.7" ta="center">
          {c.sandboxNote}
        </Text>
      </Stack>
    );

  return (
    <Modal.Root opened onClose={onCancel} fullScreen={phone} centered size="md" radius="lg" closeOnClickOutside={false}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header bg="brand.7" c="white" px="lg" py="md" style={{ alignItems: 'flex-start' }}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" w="100%">
            <Stack gap={2}>
              <Group gap={6} wrap="nowrap">
                <IconLock size={18} aria-hidden />
                <Modal.Title fw={700} fz="lg">
                  {c.title}
                </Modal.Title>
              </Group>
              <Text size="sm" c="brand.0">
                {pending.checkout.description}
              </Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text size="xs" c="brand.0">
                {c.amount}
              </Text>
              <Text fw={800} fz={22} data-testid="checkout-amount">
                {amount}
              </Text>
            </Stack>
          </Group>
        </Modal.Header>
        <Modal.Body p={0}>{body}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * The wait for the guest's approval in their UPI app, with the time left on the hold: a collect request sent to
 * their UPI id, or an intent — its QR code on a larger screen, the UPI app it opened on a phone — until it expires.
 */
function UpiWaiting(props: {
  pending: Pending;
  amount: string;
  phone: boolean;
  holdExpiresAt: string | null;
  checkFailed: boolean;
  problem: string | null;
  onAnswer: (approve: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const c = SANDBOX_COPY;
  const [answering, setAnswering] = useState<'approve' | 'decline' | null>(null);
  const appTitle = useId();
  const answer = async (approve: boolean) => {
    setAnswering(approve ? 'approve' : 'decline');
    await props.onAnswer(approve);
    setAnswering(null);
  };
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, [ticker]);
  const holdLive = props.holdExpiresAt !== null && Date.parse(props.holdExpiresAt) > now;
  const { vpa, link, expires_at: expiresAt } = props.pending;
  const qr = link !== null && !props.phone;
  return (
    <Stack gap="md" p="lg" data-testid="upi-waiting">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Loader size="sm" mt={2} aria-hidden />
        <Text fw={700} role="status">
          {qr ? c.waitingScan : c.waiting}
        </Text>
      </Group>
      {vpa !== null ? <Text size="sm">{c.waitingSentTo(vpa)}</Text> : null}
      {qr ? (
        <Group justify="center">
          <UpiQrCode value={link} label={c.qrLabel(props.amount)} />
        </Group>
      ) : null}
      {expiresAt !== null ? (
        <Text size="sm" fw={600} c={Date.parse(expiresAt) > now ? 'brand.8' : 'yellow.9'} data-testid="upi-expiry">
          {Date.parse(expiresAt) > now ? c.expiresIn(timeLeft(expiresAt, now)) : c.expired}
        </Text>
      ) : null}
      <Text size="sm" fw={600} c={holdLive ? 'brand.8' : 'yellow.9'} data-testid="upi-hold">
        {holdLive && props.holdExpiresAt ? c.waitingHold(timeLeft(props.holdExpiresAt, now)) : c.waitingHoldOver}
      </Text>
      {props.checkFailed ? (
        <Alert color="yellow" variant="light">
          {c.waitingCheckError}
        </Alert>
      ) : null}
      <Text size="sm" c="gray.7">
        {c.waitingLater}
      </Text>
      {props.problem ? (
        <Alert color="red" variant="light" role="alert">
          {props.problem}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={appTitle}>
        <Text id={appTitle} size="sm" fw={700}>
          {c.upiApp}
        </Text>
        <Text size="xs" c="gray.7" mb="xs">
          {link !== null && props.phone ? c.upiAppIntentHint : c.upiAppHint}
        </Text>
        {link !== null ? <IntentDetails link={link} amount={props.amount} /> : null}
        <Group grow gap="sm">
          <Button color="teal.9" onClick={() => answer(true)} loading={answering === 'approve'} disabled={answering !== null}>
            {c.approve}
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => answer(false)}
            loading={answering === 'decline'}
            disabled={answering !== null}
          >
            {c.decline}
          </Button>
        </Group>
      </Paper>
      <Button variant="default" onClick={props.onClose}>
        {c.closeWaiting}
      </Button>
    </Stack>
  );
}

/** What the guest's UPI app shows of an intent link: payee, amount, reference, and the link itself. */
function IntentDetails({ link, amount }: { link: string; amount: string }) {
  const c = SANDBOX_COPY;
  const params = new URL(link).searchParams;
  const rows: [string, string][] = [
    [c.upiAppPayee, `${params.get('pn') ?? ''} · ${params.get('pa') ?? ''}`],
    [c.upiAppAmount, amount],
    [c.upiAppReference, params.get('tr') ?? ''],
  ];
  return (
    <Stack gap={4} mb="sm">
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="nowrap">
          <Text size="xs" c="gray.7" w={72} style={{ flexShrink: 0 }}>
            {label}
          </Text>
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Group>
      ))}
      <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="upi-intent-link">
        {link}
      </Code>
    </Stack>
  );
}
