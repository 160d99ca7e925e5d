import { zodResolver } from '@hookform/resolvers/zod';
import { Card, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { RoomTypeInput } from '@repo/shared/schemas/room';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NumberField, RupeesField } from '@/components/form/controlled-fields';
import { FormActions } from '@/components/form/form-actions';
import { applyServerErrors } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { ROOMS_COPY } from '../copy';

const f = ROOMS_COPY.form;
type Input = z.input<typeof RoomTypeInput>;
type Output = z.output<typeof RoomTypeInput>;
const FIELDS = ['title', 'description', 'price', 'maxPeople', 'roomNumbers'] as const;

/** The first message of a field, also when the field is a list with per-item errors. */
function messageOf(error: unknown): string | undefined {
  if (!error) return undefined;
  const e = error as FieldError & Record<string, FieldError | undefined>;
  if (typeof e.message === 'string' && e.message) return e.message;
  if (Array.isArray(error)) return (error as (FieldError | undefined)[]).find((x) => x?.message)?.message;
  return undefined;
}

export type AddRoomFormProps = {
  /** Receives the checked body; a thrown ApiError shows as a toast and its field messages on the form. */
  onSubmit: (body: Output) => Promise<unknown>;
  onCancel?: () => void;
};

/** Add a room type with its room numbers (a room number is required). */
export function AddRoomForm({ onSubmit, onCancel }: AddRoomFormProps) {
  const { register, control, handleSubmit, setError, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(RoomTypeInput),
    defaultValues: { title: '', description: '', price: '' as unknown as number, maxPeople: 2, roomNumbers: [] },
  });
  const err = (name: keyof Input) => messageOf(formState.errors[name]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (e) {
      applyServerErrors(e, setError, FIELDS);
      toast.fromError(e, 'admin');
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={f.submit}>
      <Card p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <TextInput label={f.title} placeholder={f.titlePlaceholder} withAsterisk {...register('title')} error={err('title')} />
          <Textarea label={f.description} rows={3} {...register('description')} error={err('description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <RupeesField control={control} name="price" label={f.price} withAsterisk min={1} />
            <NumberField
              control={control}
              name="maxPeople"
              label={f.maxPeople}
              withAsterisk
              min={1}
              max={50}
              allowDecimal={false}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="roomNumbers"
            render={({ field }) => (
              <TagsInput
                label={f.roomNumbers}
                description={f.roomNumbersHint}
                placeholder={f.roomNumbersPlaceholder}
                withAsterisk
                splitChars={[',', ' ']}
                acceptValueOnBlur
                value={((field.value as unknown[]) ?? []).map(String)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('roomNumbers')}
              />
            )}
          />
          <FormActions submitLabel={f.submit} pending={formState.isSubmitting} onCancel={onCancel} cancelLabel={f.cancel} />
        </Stack>
      </Card>
    </form>
  );
}
