import { addDays } from '@repo/shared/domain/dates';
import { BlockInput, OWNER_LIMITS } from '@repo/shared/schemas/owner';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { DateField } from '@/components/form/controlled-fields';
import { applyServerErrors } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useBlockRooms } from '../api/occupancy';
import { OWNER_COPY } from '../copy';

const c = OWNER_COPY.block;

type Form = { roomNumberIds: string[]; from: string; to: string; note: string };

export type BlockDialogProps = {
  stayId: string;
  rooms: readonly { id: string; number: number; title: string }[];
  /** The first night offered (today, India). */
  today: string;
  opened: boolean;
  onClose: () => void;
};

/** Takes one or more rooms out of sale over a range of nights, with a note; the server's 409 names a taken night. */
export function BlockDialog({ stayId, rooms, today, opened, onClose }: BlockDialogProps) {
  const block = useBlockRooms(stayId);
  const form = useForm<Form>({
    resolver: zodResolver(BlockInput) as never,
    defaultValues: { roomNumberIds: [], from: today, to: addDays(today, 1), note: '' },
  });
  const close = () => {
    block.reset();
    form.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((body) =>
    block.mutate(body, {
      onSuccess: (res) => {
        toast.success(c.done(res.blocks.length), 'admin');
        close();
      },
      onError: (err) => applyServerErrors(err, form.setError, ['roomNumberIds', 'from', 'to', 'note']),
    }),
  );
  const errors = form.formState.errors;
  return (
    <Modal opened={opened} onClose={close} title={c.title} size="lg" closeButtonProps={{ 'aria-label': c.close }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {c.intro}
          </Text>
          {block.isError && (
            <Alert color="red" role="alert">
              {block.error.message}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="roomNumberIds"
            render={({ field }) => (
              <Checkbox.Group label={c.rooms} value={field.value} onChange={field.onChange} error={errors.roomNumberIds?.message}>
                <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" mt="xs">
                  {rooms.map((r) => (
                    <Checkbox key={r.id} value={r.id} label={`${r.number} · ${r.title}`} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateField control={form.control} name="from" label={c.from} minDate={today} />
            <DateField control={form.control} name="to" label={c.to} minDate={today} />
          </SimpleGrid>
          <TextInput
            label={c.note}
            placeholder={c.notePlaceholder}
            maxLength={OWNER_LIMITS.noteMax}
            {...form.register('note')}
            error={errors.note?.message}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={block.isPending}>
              {c.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
