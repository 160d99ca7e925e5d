import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatDateTime } from '@repo/shared/domain/grievances';
import { GST_REGISTRATIONS, type GstRegistration } from '@repo/shared/domain/gst-supply';
import { GST_STATES, stateLabel } from '@repo/shared/domain/gstin';
import {
  type GstDeclarationDto,
  GstDeclarationInput,
  type GstDeclarationsResult,
  type GstStateSupplyDto,
} from '@repo/shared/schemas/gst-declaration';
import { useState } from 'react';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/notify';
import { useDeclareGst, useGstDeclarations } from '../api/payouts';
import { PAYOUTS_COPY } from '../copy';

const c = PAYOUTS_COPY.gst;
const STATES = Object.entries(GST_STATES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** What a declaration says, in a line. */
const standing = (d: GstDeclarationDto) =>
  [c.registrations[d.registration], d.gstin, d.liable ? c.liableYes : c.liableNo].filter(Boolean).join(' · ');

function StateRow({ s }: { s: GstStateSupplyDto }) {
  const verdict =
    !s.declaration && s.supply !== 'nobody'
      ? c.undeclaredVerdict
      : s.supply === 'nobody' && s.notForSale
        ? c.notForSale[s.notForSale]
        : s.supply === 'owner' && s.invoicedUnder
          ? c.supply.owner(s.invoicedUnder)
          : s.invoicedUnder
            ? c.supply.platform(s.invoicedUnder)
            : c.supply.platformNoState;
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={stateLabel(s.stateCode)}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600}>
          {stateLabel(s.stateCode)}{' '}
          <Text span size="sm" c="dimmed">
            {c.stays(s.stays)}
          </Text>
        </Text>
        <Text
          size="sm"
          fw={600}
          c={
            !s.declaration && s.supply !== 'nobody'
              ? 'dimmed'
              : s.supply === 'nobody'
                ? 'red.8'
                : s.supply === 'owner'
                  ? 'blue.8'
                  : 'teal.9'
          }
        >
          {verdict}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {s.declaration ? `${standing(s.declaration)} · ${c.declaredOn(formatDateTime(s.declaration.declaredAt))}` : c.undeclared}
      </Text>
    </Card>
  );
}

type Fields = {
  stateCode: string;
  registration: GstRegistration;
  gstin: string;
  liable: '' | 'yes' | 'no';
  legalName: string;
  address: string;
  confirm: boolean;
};

function DeclarationForm({ states }: { states: GstStateSupplyDto[] }) {
  const declare = useDeclareGst();
  const [f, setF] = useState<Fields>({
    stateCode: states[0]?.stateCode ?? '',
    registration: 'none',
    gstin: '',
    liable: '',
    legalName: '',
    address: '',
    confirm: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Fields>(k: K, v: Fields[K]) => setF((old) => ({ ...old, [k]: v }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      stateCode: f.stateCode,
      registration: f.registration,
      gstin: f.registration === 'none' ? '' : f.gstin,
      liable: f.liable === '' ? undefined : f.liable === 'yes',
      legalName: f.legalName,
      address: f.address,
      confirm: f.confirm,
    };
    const checked = GstDeclarationInput.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    declare.mutate(body as GstDeclarationInput, {
      onSuccess: () => {
        toast.success(c.saved, 'admin');
        setF((old) => ({ ...old, confirm: false }));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
        toast.error(err.message, 'admin');
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="gst-form">
      <Stack gap="sm">
        <Text fw={600} size="sm" id="gst-form">
          {c.form}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={c.state}
            required
            data={[{ value: '', label: '' }, ...STATES]}
            value={f.stateCode}
            onChange={(e) => set('stateCode', e.currentTarget.value)}
            error={errors.stateCode}
          />
          <NativeSelect
            label={c.registration}
            required
            data={GST_REGISTRATIONS.map((value) => ({ value, label: c.registrations[value] }))}
            value={f.registration}
            onChange={(e) => set('registration', e.currentTarget.value as GstRegistration)}
            error={errors.registration}
          />
          {f.registration !== 'none' ? (
            <TextInput
              label={c.gstin}
              required
              maxLength={15}
              value={f.gstin}
              onChange={(e) => set('gstin', e.currentTarget.value)}
              error={errors.gstin}
            />
          ) : null}
          <TextInput
            label={c.legalName}
            required
            value={f.legalName}
            onChange={(e) => set('legalName', e.currentTarget.value)}
            error={errors.legalName}
          />
        </SimpleGrid>
        <Textarea
          label={c.address}
          required
          autosize
          minRows={2}
          value={f.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address}
        />
        <Radio.Group
          label={c.liable}
          required
          value={f.liable}
          onChange={(v) => set('liable', v as Fields['liable'])}
          error={errors.liable}
        >
          <Group mt={4}>
            <Radio value="yes" label={c.yes} />
            <Radio value="no" label={c.no} />
          </Group>
        </Radio.Group>
        <Checkbox
          label={c.confirm}
          checked={f.confirm}
          onChange={(e) => set('confirm', e.currentTarget.checked)}
          error={errors.confirm}
        />
        <Group>
          <Button type="submit" loading={declare.isPending}>
            {c.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The declarations no longer in force (each replaced by a later one for its state). */
const earlier = (data: GstDeclarationsResult) => data.history.filter((d) => !data.states.some((s) => s.declaration?.id === d.id));

/**
 * The owner's GST standing per state (ADR 054): who invoices their guests in each state by the declaration in force,
 * or why their stays there cannot be booked; a form to declare anew; the earlier declarations, kept as made.
 */
export function GstDeclarationsSection() {
  const query = useGstDeclarations();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="gst-declarations">
      <Stack gap="sm">
        <Title order={2} size="h4" id="gst-declarations">
          {c.title}
        </Title>
        <Text size="sm" c="dimmed">
          {c.hint}
        </Text>
        <QueryState query={query} skeleton={<Skeleton h={120} />} errorTitle={c.loadError} recover={{ retry: c.retry }}>
          {(data) => (
            <Stack gap="sm">
              {data.states.length === 0 ? (
                <Alert variant="light" color="gray">
                  {c.empty}
                </Alert>
              ) : (
                data.states.map((s) => <StateRow key={s.stateCode} s={s} />)
              )}
              <DeclarationForm states={data.states} />
              {earlier(data).length > 0 ? (
                <Stack gap={4}>
                  <Text fw={600} size="sm">
                    {c.history}
                  </Text>
                  {earlier(data).map((d) => (
                    <Text key={d.id} size="xs" c="dimmed">
                      {stateLabel(d.stateCode)} · {standing(d)} · {c.declaredOn(formatDateTime(d.declaredAt))}
                    </Text>
                  ))}
                </Stack>
              ) : null}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
