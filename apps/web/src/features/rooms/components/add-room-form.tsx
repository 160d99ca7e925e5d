import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { RoomTypeInput } from '@repo/shared/schemas/room';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NumberField, TagsField } from '@/components/form/controlled-fields';
import { fieldProps } from '@/components/form/fields';
import { AdminForm } from '@/components/form/admin-form';
import type { StayEarningTermsDto } from '@repo/shared/schemas/payouts';
import { ROOMS_COPY } from '../copy';
import { minNightsInput, PriceField } from './price-field';

const f = ROOMS_COPY.form;
type Input = z.input<typeof RoomTypeInput>;
type Output = z.output<typeof RoomTypeInput>;
const FIELDS = ['title', 'description', 'price', 'weekendPrice', 'minNights', 'maxPeople', 'roomNumbers'] as const;

export type AddRoomFormProps = {
  /** Receives the checked body; a thrown ApiError shows as a toast and its field messages on the form. */
  onSubmit: (body: Output) => Promise<unknown>;
  onCancel?: () => void;
  /** The stay's terms of sale, for what a price leaves the stay. */
  terms?: StayEarningTermsDto;
};

/** Add a room type with its room numbers (a room number is required). */
export function AddRoomForm({ onSubmit, onCancel, terms }: AddRoomFormProps) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(RoomTypeInput),
    defaultValues: {
      title: '',
      description: '',
      price: '',
      weekendPrice: '',
      minNights: 1,
      maxPeople: 2,
      roomNumbers: [],
    },
  });
  const { control } = form;

  return (
    <AdminForm form={form} fields={FIELDS} onSubmit={onSubmit} label={f.submit} copy={f} onCancel={onCancel}>
      <TextInput label={f.title} placeholder={f.titlePlaceholder} withAsterisk {...fieldProps(form, 'title')} />
      <Textarea label={f.description} rows={3} {...fieldProps(form, 'description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <PriceField form={form} terms={terms} name="price" label={f.price} withAsterisk min={1} />
        <NumberField control={control} name="maxPeople" label={f.maxPeople} withAsterisk min={1} max={50} allowDecimal={false} />
        <PriceField
          form={form}
          terms={terms}
          name="weekendPrice"
          label={f.weekendPrice}
          description={f.weekendPriceHint}
          min={1}
        />
        <NumberField control={control} name="minNights" {...minNightsInput(f)} />
      </SimpleGrid>
      <TagsField
        control={control}
        name="roomNumbers"
        label={f.roomNumbers}
        description={f.roomNumbersHint}
        placeholder={f.roomNumbersPlaceholder}
        withAsterisk
        splitChars={[',', ' ']}
        acceptValueOnBlur
      />
    </AdminForm>
  );
}
