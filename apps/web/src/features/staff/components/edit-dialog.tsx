import { StaffUpdateInput, type StaffMemberDto } from '@repo/shared/schemas/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useUpdateStaff } from '../api';
import { STAFF_COPY } from '../copy';
import { RoleField, StaysField } from './role-and-stays';

const c = STAFF_COPY.edit;

/** Changes a member's role and stays. */
export function EditDialog({
  member,
  stays,
  onClose,
}: {
  member: StaffMemberDto;
  stays: readonly { id: string; name: string }[];
  onClose: () => void;
}) {
  const update = useUpdateStaff();
  const form = useForm({
    resolver: zodResolver(StaffUpdateInput),
    defaultValues: { role: member.role, stayIds: member.stays.map((s) => s.id) },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync({ id: member.id, ...body }).then(
      () => {
        toast.success(c.saved, 'admin');
        onClose();
      },
      showSubmitError(form.setError, ['role', 'stayIds'], 'admin'),
    ),
  );
  return (
    <Modal opened onClose={onClose} title={c.title} size="lg" closeButtonProps={{ 'aria-label': c.close }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{member.name ?? member.email}</Text>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => <RoleField value={field.value} onChange={field.onChange} error={errors.role?.message} />}
          />
          <Controller
            control={form.control}
            name="stayIds"
            render={({ field }) => (
              <StaysField stays={stays} value={field.value} onChange={field.onChange} error={errors.stayIds?.message} />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
