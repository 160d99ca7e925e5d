import { zodResolver } from '@hookform/resolvers/zod';
import { formatPaise } from '@repo/shared/domain/money';
import { SandboxPayInput } from '@repo/shared/schemas/payment';
import { Alert, Button, Group, List, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCreditCard, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '@/components/form/server-errors';
import { ApiError, GENERIC_ERROR } from '@/lib/api-client';
import { type SandboxPayAnswer, sandboxPay } from '../api/payments';
import type { PendingPayment } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import type { RazorpayError, RazorpaySuccess } from '../razorpay';

type Props = {
  pending: PendingPayment;
  onSuccess: (fields: RazorpaySuccess) => void;
  onFailure: (error: RazorpayError) => void;
  onCancel: () => void;
};

/** Groups card digits in fours as the guest types. */
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY with the slash added after the month. */
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * The offline gateway's checkout, shown in place of Razorpay's checkout.js: amount, stay, a card form and the
 * two test cards. It answers with the same fields Razorpay's checkout hands back.
 */
export function SandboxCheckout({ pending, onSuccess, onFailure, onCancel }: Props) {
  const c = BOOKING_COPY.checkout;
  const phone = useMediaQuery('(max-width: 36em)');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    resolver: zodResolver(SandboxPayInput),
    defaultValues: { cardNumber: '', expiry: '', cvv: '', name: pending.checkout.prefill.name },
  });
  const { errors } = form.formState;
  const amount = formatPaise(pending.checkout.amount);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    setBusy(true);
    let answer: SandboxPayAnswer;
    try {
      answer = await sandboxPay(pending.checkout.orderId, values);
    } catch (err) {
      setBusy(false);
      if (!applyServerErrors(err, form.setError, ['cardNumber', 'expiry', 'cvv', 'name']))
        setProblem(err instanceof ApiError ? err.message : GENERIC_ERROR);
      return;
    }
    setBusy(false);
    if ('error' in answer) onFailure(answer.error);
    else onSuccess(answer);
  });

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
        <Modal.Body p={0}>
          <form onSubmit={onSubmit} noValidate aria-label={c.title}>
            <Stack gap="md" p="lg">
              <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} aria-hidden />} title={c.testCards}>
                <List size="sm" spacing={2}>
                  <List.Item>{c.successCard}</List.Item>
                  <List.Item>{c.failureCard}</List.Item>
                </List>
                <Text size="xs" c="gray.7" mt={4}>
                  {c.testCardHint}
                </Text>
              </Alert>
              {problem ? (
                <Alert color="red" variant="light" role="alert">
                  {problem}
                </Alert>
              ) : null}
              <TextInput
                label={c.cardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4111 1111 1111 1111"
                leftSection={<IconCreditCard size={18} aria-hidden />}
                withAsterisk
                error={errors.cardNumber?.message}
                {...form.register('cardNumber', { onChange: (e) => form.setValue('cardNumber', groupDigits(e.target.value)) })}
              />
              <SimpleGrid cols={2} spacing="md">
                <TextInput
                  label={c.expiry}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="12/30"
                  withAsterisk
                  error={errors.expiry?.message}
                  {...form.register('expiry', { onChange: (e) => form.setValue('expiry', formatExpiry(e.target.value)) })}
                />
                <TextInput
                  label={c.cvv}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  maxLength={4}
                  withAsterisk
                  error={errors.cvv?.message}
                  {...form.register('cvv')}
                />
              </SimpleGrid>
              <TextInput
                label={c.nameOnCard}
                autoComplete="cc-name"
                withAsterisk
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconLock size={16} aria-hidden />}>
                {c.pay(amount)}
              </Button>
              <Button variant="subtle" color="gray" onClick={onCancel} disabled={busy}>
                {c.cancel}
              </Button>
              <Text size="xs" c="gray.7" ta="center">
                {c.sandboxNote}
              </Text>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
