import { zodResolver } from '@hookform/resolvers/zod';
import {
  SANDBOX_BANKS,
  SandboxCardInput,
  SandboxNetbankingInput,
  type SandboxPayInput,
  SandboxUpiCollectInput,
} from '@repo/shared/schemas/payment';
import { Alert, Button, Divider, List, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAt, IconCreditCard, IconDeviceMobile, IconInfoCircle, IconLock, IconQrcode } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { applyServerErrors } from '@/components/form/server-errors';
import { SANDBOX_COPY } from '../copy';

/**
 * Pays with what a form holds. Resolves with the request's error when it failed, so that the form can put the
 * server's field messages under its fields (the checkout shows any other error).
 */
export type PayWith = (body: SandboxPayInput) => Promise<unknown>;
type FormProps = { amount: string; busy: boolean; pay: PayWith };

const c = SANDBOX_COPY;

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

/** Sends the form's values; an error with field messages lands under the fields. */
async function submitWith<T extends FieldValues>(
  pay: PayWith,
  body: SandboxPayInput,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const err = await pay(body);
  if (err) applyServerErrors(err, setError, fields);
}

/** The sandbox's test instruments, above each form. */
function TestValues({ title, items, hint }: { title: string; items: string[]; hint?: string }) {
  return (
    <Alert variant="light" color="brand" icon={<IconInfoCircle size={18} aria-hidden />} title={title}>
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
      {hint ? (
        <Text size="xs" c="gray.7" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Alert>
  );
}

function PayButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="md" fullWidth loading={busy} leftSection={<IconLock size={16} aria-hidden />}>
      {children}
    </Button>
  );
}

export function CardForm({ amount, busy, pay, name }: FormProps & { name: string }) {
  const form = useForm({
    resolver: zodResolver(SandboxCardInput),
    defaultValues: { method: 'card' as const, cardNumber: '', expiry: '', cvv: '', name },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => submitWith(pay, values, form.setError, ['cardNumber', 'expiry', 'cvv', 'name']));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={c.method.card}>
      <Stack gap="md">
        <TestValues title={c.testCards} items={[c.successCard, c.failureCard]} hint={c.testCardHint} />
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
        <PayButton busy={busy}>{c.pay(amount)}</PayButton>
      </Stack>
    </form>
  );
}

/**
 * UPI as the guest's phone pays: on a phone, "Pay by UPI app" opens their UPI app with the payment filled in (an
 * intent link); on a larger screen the same link is shown as a QR code to scan. Both make one intent payment.
 */
export function UpiIntentForm({ amount, busy, pay, phone }: FormProps & { phone: boolean }) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void pay({ method: 'upi', flow: 'intent' });
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={c.upiIntent}>
      <Stack gap="md">
        <TestValues title={c.testUpiApp} items={[c.testUpiAppHint]} />
        <Text size="sm">{phone ? c.upiIntentHint : c.upiQrHint}</Text>
        <Button
          type="submit"
          size="md"
          fullWidth
          loading={busy}
          leftSection={phone ? <IconDeviceMobile size={18} aria-hidden /> : <IconQrcode size={18} aria-hidden />}
        >
          {phone ? c.payByUpiApp(amount) : c.payByQr(amount)}
        </Button>
      </Stack>
    </form>
  );
}

/** UPI collect: a request to the UPI id the guest types, offered only where the gateway still takes it. */
export function UpiCollectForm({ amount, busy, pay }: FormProps) {
  const form = useForm({
    resolver: zodResolver(SandboxUpiCollectInput),
    defaultValues: { method: 'upi' as const, vpa: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ method, vpa }) => submitWith(pay, { method, vpa }, form.setError, ['vpa']));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={c.upiCollect}>
      <Stack gap="md">
        <Divider label={c.orUpiId} labelPosition="center" />
        <TestValues title={c.testUpiIds} items={[c.upiSuccess, c.upiFailure, c.upiPending]} />
        <TextInput
          label={c.upiId}
          description={c.upiIdHint}
          placeholder="name@bank"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          leftSection={<IconAt size={18} aria-hidden />}
          withAsterisk
          error={errors.vpa?.message}
          {...form.register('vpa')}
        />
        <PayButton busy={busy}>{c.payByUpi(amount)}</PayButton>
      </Stack>
    </form>
  );
}

export function NetbankingForm({ amount, busy, pay }: FormProps) {
  const form = useForm({
    resolver: zodResolver(SandboxNetbankingInput),
    defaultValues: { method: 'netbanking' as const },
  });
  const onSubmit = form.handleSubmit((values) => submitWith(pay, values, form.setError, ['bank']));
  return (
    <form onSubmit={onSubmit} noValidate aria-label={c.method.netbanking}>
      <Stack gap="md">
        <TestValues title={c.testBanks} items={[c.testBankHint]} />
        <Controller
          control={form.control}
          name="bank"
          render={({ field, fieldState }) => (
            <Radio.Group
              label={c.bank}
              withAsterisk
              value={field.value ?? null}
              onChange={(v) => field.onChange(v)}
              error={fieldState.error?.message}
              name={field.name}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                {SANDBOX_BANKS.map((b) => (
                  <Radio key={b.code} value={b.code} label={b.name} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
        />
        <PayButton busy={busy}>{c.payByBank(amount)}</PayButton>
      </Stack>
    </form>
  );
}
