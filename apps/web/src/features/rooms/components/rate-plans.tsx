import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CancellationPolicy } from '@repo/shared/domain/cancellation';
import { describePolicy, isNonRefundable } from '@repo/shared/domain/cancellation';
import { MEAL_PLAN_WORDS, MEAL_PLANS } from '@repo/shared/domain/plans';
import { formatRupees } from '@repo/shared/domain/money';
import { type RatePlanDto, RatePlanInput } from '@repo/shared/schemas/plans';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminForm } from '@/components/form/admin-form';
import { NumberField, RupeesField, SelectField } from '@/components/form/controlled-fields';
import { fieldProps } from '@/components/form/fields';
import { missingOr, QueryState } from '@/components/ui/query-state';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { toast } from '@/lib/notify';
import { useDeletePlan, useRatePlans, useSavePlan } from '../api/rate-plans';
import { ROOMS_COPY } from '../copy';

const c = ROOMS_COPY.plans;
type Input = z.input<typeof RatePlanInput>;
type Output = z.output<typeof RatePlanInput>;
const FIELDS = [
  'name',
  'mealPlan',
  'cancellationPolicy',
  'parentId',
  'adjustKind',
  'adjustValue',
  'singleLess',
  'extraAdult',
  'childPrice',
  'infantPrice',
] as const;

/** The policies a plan may have: the stay's (none of its own), non-refundable, or free until the day before. */
const POLICIES: { label: string; value: CancellationPolicy | null }[] = [
  { label: c.policyStay, value: null },
  { label: c.policyNonRefundable, value: { freeDays: 0, refundPercent: 0 } },
  { label: c.policyFree, value: { freeDays: 1, refundPercent: 0 } },
];
const policyLabel = (p: unknown) =>
  POLICIES.find((x) => JSON.stringify(x.value) === JSON.stringify(p ?? null))?.label ?? c.policyOther;

/** How a plan's price reads: the room type's own, or how it is derived from its parent. */
function priceWords(plan: RatePlanDto): string {
  if (plan.adjustKind === null) return c.ownPrices;
  const sign = plan.adjustValue < 0 ? '−' : '+';
  const amount = Math.abs(plan.adjustValue);
  return c.derived(plan.adjustKind === 'percent' ? `${sign}${amount} %` : `${sign}${formatRupees(amount)}`);
}

/**
 * A room type's rate plans (ADR 065): each with its meal plan in words, its policy, its price (the room type's own
 * for the standard plan, else derived from it) and its prices by occupancy; add, change and delete.
 */
export function RatePlans({ roomTypeId }: { roomTypeId: string }) {
  const plans = useRatePlans(roomTypeId);
  const save = useSavePlan(roomTypeId);
  const del = useDeletePlan(roomTypeId);
  const [editing, setEditing] = useState<RatePlanDto | 'new' | null>(null);
  const remove = useConfirmAction((plan: RatePlanDto) =>
    del.mutateAsync(plan.id).then(
      (res) => toast.success(res.message, 'admin'),
      (err) => toast.fromError(err, 'admin'),
    ),
  );
  const standard = plans.data?.plans.find((p) => p.standard);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="rate-plans-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} fz="lg" id="rate-plans-title">
              {c.title}
            </Title>
            <Text size="sm" c="gray.7">
              {c.intro}
            </Text>
          </div>
          <Button onClick={() => setEditing('new')} disabled={!standard}>
            {c.add}
          </Button>
        </Group>
        <QueryState
          query={plans}
          skeleton={<Skeleton h={120} radius="md" role="status" aria-label={c.loading} />}
          errorTitle={c.loadError}
          errorText={missingOr(c.loadError)}
          recover={{ retry: c.retry }}
        >
          {(data) => (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {data.plans.map((p) => (
                <Card key={p.id} withBorder radius="md" padding="sm" data-testid={`rate-plan-${p.id}`}>
                  <Stack gap={4}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={600}>{p.name}</Text>
                      {p.standard ? (
                        <Badge variant="light" tt="none">
                          {c.standard}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm">{MEAL_PLAN_WORDS[p.mealPlan]}</Text>
                    <Text size="sm" c="gray.7" fw={isNonRefundable(p.cancellationPolicy) ? 600 : 400}>
                      {p.cancellationPolicy ? describePolicy(p.cancellationPolicy) : c.policyStay}
                    </Text>
                    <Text size="sm">{priceWords(p)}</Text>
                    <Text size="xs" c="gray.7">
                      {c.occupancyWords(p)}
                    </Text>
                    <Group gap="xs" mt={4}>
                      <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={c.editOf(p.name)}>
                        {c.edit}
                      </Button>
                      {p.standard ? null : (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => remove.ask(p)}
                          aria-label={c.deleteOf(p.name)}
                        >
                          {c.delete}
                        </Button>
                      )}
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </QueryState>
      </Stack>

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? c.addTitle : c.editTitle}
        size="lg"
        closeButtonProps={{ 'aria-label': c.cancel }}
      >
        {editing !== null && standard ? (
          <PlanForm
            plan={editing === 'new' ? undefined : editing}
            standardId={standard.id}
            onCancel={() => setEditing(null)}
            onSubmit={(body) =>
              save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, body }).then((res) => {
                toast.success(res.message, 'admin');
                setEditing(null);
              })
            }
          />
        ) : null}
      </Modal>

      <Modal opened={remove.pending !== null} onClose={() => remove.ask(null)} title={c.confirmTitle}>
        <Stack gap="md">
          <Text>{remove.pending ? c.confirmText(remove.pending.name) : null}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => remove.ask(null)}>
              {c.confirmNo}
            </Button>
            <Button color="red" loading={remove.busy} onClick={remove.confirm}>
              {c.confirmYes}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** A plan's form: name, meal plan, policy, how it is derived (not for the standard plan), prices by occupancy. */
function PlanForm({
  plan,
  standardId,
  onSubmit,
  onCancel,
}: {
  plan?: RatePlanDto | undefined;
  standardId: string;
  onSubmit: (body: Output) => Promise<unknown>;
  onCancel: () => void;
}) {
  const own = plan?.standard === true;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(RatePlanInput),
    defaultValues: {
      name: plan?.name ?? '',
      mealPlan: plan?.mealPlan ?? 'CP',
      cancellationPolicy: plan?.cancellationPolicy ?? null,
      parentId: own ? null : (plan?.parentId ?? standardId),
      adjustKind: own ? null : (plan?.adjustKind ?? 'amount'),
      adjustValue: plan?.adjustValue ?? 0,
      singleLess: plan?.singleLess ?? 0,
      extraAdult: plan?.extraAdult ?? 0,
      childPrice: plan?.childPrice ?? 0,
      infantPrice: plan?.infantPrice ?? 0,
    },
  });
  const { control } = form;
  return (
    <AdminForm
      form={form}
      fields={FIELDS}
      onSubmit={onSubmit}
      label={plan ? c.editTitle : c.addTitle}
      copy={c}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={c.name} withAsterisk {...fieldProps(form, 'name')} />
        <SelectField
          control={control}
          name="mealPlan"
          label={c.mealPlan}
          data={MEAL_PLANS.map((m) => ({ value: m, label: `${MEAL_PLAN_WORDS[m]} (${m})` }))}
          parse={(option) => MEAL_PLANS.find((m) => m === option) ?? 'EP'}
        />
        <SelectField
          control={control}
          name="cancellationPolicy"
          label={c.policy}
          data={POLICIES.map((p) => p.label)}
          format={policyLabel}
          parse={(option) => POLICIES.find((p) => p.label === option)?.value ?? null}
        />
        {own ? (
          <Text size="sm" c="gray.7" mt={28}>
            {c.ownPrices}
          </Text>
        ) : (
          <>
            <SelectField
              control={control}
              name="adjustKind"
              label={c.adjustKind}
              data={[
                { value: 'amount', label: c.byAmount },
                { value: 'percent', label: c.byPercent },
              ]}
            />
            <NumberField
              control={control}
              name="adjustValue"
              label={c.adjustValue}
              description={c.adjustHint}
              allowDecimal={false}
            />
          </>
        )}
        <RupeesField control={control} name="singleLess" label={c.singleLess} description={c.singleLessHint} min={0} />
        <RupeesField control={control} name="extraAdult" label={c.extraAdult} min={0} />
        <RupeesField control={control} name="childPrice" label={c.childPrice} min={0} />
        <RupeesField control={control} name="infantPrice" label={c.infantPrice} description={c.infantHint} min={0} />
      </SimpleGrid>
    </AdminForm>
  );
}
