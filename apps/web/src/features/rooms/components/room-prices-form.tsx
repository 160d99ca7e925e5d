import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Text } from '@mantine/core';
import { RoomTypeUpdateInput } from '@repo/shared/schemas/room';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AdminForm } from '@/components/form/admin-form';
import { NumberField } from '@/components/form/controlled-fields';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { ROOMS_COPY } from '../copy';
import { minNightsInput, PriceField } from './price-field';

const f = ROOMS_COPY.form;
const c = ROOMS_COPY.rates.base;
type Input = z.input<typeof RoomTypeUpdateInput>;
type Output = z.output<typeof RoomTypeUpdateInput>;
const FIELDS = ['price', 'weekendPrice', 'minNights'] as const;

export type RoomPrices = { price: number; weekendPrice: number | null; minNights: number };

/** A room type's price, weekend price (optional: empty clears it) and minimum nights. */
export function RoomPricesForm({
  prices,
  onSubmit,
  terms,
}: {
  prices: RoomPrices;
  onSubmit: (body: Output) => Promise<unknown>;
  /** The stay's terms of sale, for what a price leaves the stay. */
  terms?: StayEarningTermsDto;
}) {
  const values = {
    price: prices.price,
    weekendPrice: prices.weekendPrice ?? '',
    minNights: prices.minNights,
  };
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(RoomTypeUpdateInput), values });
  const { control } = form;
  return (
    <AdminForm
      form={form}
      fields={FIELDS}
      onSubmit={({ price, weekendPrice, minNights }) =>
        onSubmit({ price, weekendPrice: weekendPrice ?? null, minNights, roomNumbers: [] })
      }
      label={c.title}
      copy={c}
      onCancel={() => form.reset(values)}
    >
      <Text size="sm" c="gray.7">
        {c.hint}
      </Text>
      {/* The two prices line up on their inputs whatever their hints take; each has its GST line under it. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" style={{ alignItems: 'end' }}>
        <PriceField form={form} terms={terms} name="price" label={f.price} withAsterisk min={1} />
        <PriceField
          form={form}
          terms={terms}
          name="weekendPrice"
          label={f.weekendPrice}
          description={f.weekendPriceHint}
          min={1}
        />
        <NumberField control={control} name="minNights" {...minNightsInput(f)} withAsterisk />
      </SimpleGrid>
    </AdminForm>
  );
}
