import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { type SeasonDto, SeasonInput } from '@repo/shared/schemas/room';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminForm } from '@/components/form/admin-form';
import { DateField, NumberField } from '@/components/form/controlled-fields';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { ROOMS_COPY } from '../copy';
import { minNightsInput, PriceField } from './price-field';

const c = ROOMS_COPY.rates.seasonForm;
type Input = z.input<typeof SeasonInput>;
type Output = z.output<typeof SeasonInput>;
const FIELDS = ['startsOn', 'endsOn', 'price', 'weekendPrice', 'minNights'] as const;

export type SeasonFormProps = {
  /** The season to change; a new one when absent (`firstNight` preset). */
  season?: SeasonDto;
  firstNight?: string;
  onSubmit: (body: Output) => Promise<unknown>;
  onCancel: () => void;
  /** The stay's terms of sale, for what a price leaves the stay. */
  terms?: StayEarningTermsDto;
};

/** A season: first and last night (both included), price, optional weekend price and minimum nights. */
export function SeasonForm({ season, firstNight = '', onSubmit, onCancel, terms }: SeasonFormProps) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(SeasonInput),
    defaultValues: {
      startsOn: season?.startsOn ?? firstNight,
      endsOn: season?.endsOn ?? '',
      price: season?.price ?? '',
      weekendPrice: season?.weekendPrice ?? '',
      minNights: season?.minNights ?? '',
    },
  });
  const { control } = form;
  return (
    <AdminForm
      form={form}
      fields={FIELDS}
      onSubmit={onSubmit}
      label={season ? c.editTitle : c.addTitle}
      copy={c}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <DateField control={control} name="startsOn" label={c.startsOn} withAsterisk />
        <DateField control={control} name="endsOn" label={c.endsOn} withAsterisk />
        <PriceField form={form} terms={terms} name="price" label={c.price} withAsterisk min={1} />
        <PriceField
          form={form}
          terms={terms}
          name="weekendPrice"
          label={c.weekendPrice}
          description={c.weekendPriceHint}
          min={1}
        />
        <NumberField control={control} name="minNights" {...minNightsInput(c)} />
      </SimpleGrid>
    </AdminForm>
  );
}
