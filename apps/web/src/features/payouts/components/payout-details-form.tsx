import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { PAN_HOLDERS, type PanHolder, type PayoutProfileDto, PayoutProfileInput } from '@repo/shared/schemas/payouts';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useSavePayoutProfile } from '../api/payouts';
import { PAYOUTS_COPY } from '../copy';

const c = PAYOUTS_COPY.details;
const STATES = Object.entries(GST_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
const HOLDERS = (Object.keys(PAN_HOLDERS) as PanHolder[]).map((value) => ({ value, label: c.holders[value] }));

type Fields = {
  legalName: string;
  pan: string;
  holderType: PanHolder | '';
  stateCode: string;
  method: 'bank' | 'upi';
  ifsc: string;
  accountNumber: string;
  confirmAccountNumber: string;
  accountHolder: string;
  upiId: string;
};

/** Who the owner is for tax (legal name, PAN, state) and where they are paid (bank account or UPI id, shown masked). */
export function PayoutDetailsForm({ profile }: { profile: PayoutProfileDto | null }) {
  const save = useSavePayoutProfile();
  const [f, setF] = useState<Fields>({
    legalName: profile?.legalName ?? '',
    pan: profile?.pan ?? '',
    holderType: profile?.holderType ?? '',
    stateCode: profile?.stateCode ?? '',
    method: profile?.account?.method ?? 'bank',
    ifsc: '',
    accountNumber: '',
    confirmAccountNumber: '',
    accountHolder: profile?.account?.holder ?? '',
    upiId: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof Fields) => (v: string | null) => setF((old) => ({ ...old, [k]: v ?? '' }));
  const input = (k: keyof Fields) => ({
    value: f[k],
    onChange: (e: { currentTarget: { value: string } }) => set(k)(e.currentTarget.value),
    error: errors[k],
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      legalName: f.legalName,
      pan: f.pan,
      holderType: f.holderType || null,
      stateCode: f.stateCode,
      account:
        f.method === 'bank'
          ? {
              method: 'bank' as const,
              ifsc: f.ifsc,
              accountNumber: f.accountNumber,
              confirmAccountNumber: f.confirmAccountNumber,
              accountHolder: f.accountHolder,
            }
          : { method: 'upi' as const, upiId: f.upiId },
    };
    const checked = PayoutProfileInput.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        toast.success(c.saved, 'admin');
        setF((old) => ({ ...old, ifsc: '', accountNumber: '', confirmAccountNumber: '', upiId: '' }));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
        toast.error(err.message, 'admin');
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payout-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="payout-details">
            {c.title}
          </Title>
          {profile?.account ? (
            <Text size="sm">
              {c.current}: <b>{profile.account.masked}</b>
            </Text>
          ) : (
            <Alert color="yellow" variant="light">
              {c.missing}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.legalName} required {...input('legalName')} />
            <NativeSelect label={c.state} required data={[{ value: '', label: '' }, ...STATES]} {...input('stateCode')} />
            <TextInput label={c.pan} description={c.panHint} maxLength={10} {...input('pan')} />
            <NativeSelect
              label={c.holder}
              description={c.holderHint}
              data={[{ value: '', label: '' }, ...HOLDERS]}
              {...input('holderType')}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id="paid-to">
              {c.method}
            </Text>
            <SegmentedControl
              aria-labelledby="paid-to"
              value={f.method}
              onChange={(v) => set('method')(v)}
              data={[
                { value: 'bank', label: c.bank },
                { value: 'upi', label: c.upi },
              ]}
            />
          </div>
          {f.method === 'bank' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <TextInput label={c.ifsc} required maxLength={11} {...input('ifsc')} />
              <PasswordInput label={c.accountNumber} required inputMode="numeric" {...input('accountNumber')} />
              <TextInput
                label={c.confirmAccountNumber}
                required
                inputMode="numeric"
                autoComplete="off"
                {...input('confirmAccountNumber')}
              />
              <TextInput label={c.accountHolder} required {...input('accountHolder')} />
            </SimpleGrid>
          ) : (
            // The gateway's refusal of the UPI id (checked when saved) is said under it.
            <TextInput
              label={c.upiId}
              required
              placeholder="name@bank"
              {...input('upiId')}
              error={errors.upiId ?? errors.account}
            />
          )}
          {errors.account && f.method === 'bank' ? (
            <Alert color="red" variant="light">
              {errors.account}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
