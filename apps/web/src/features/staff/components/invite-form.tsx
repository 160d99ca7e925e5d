import { StaffInviteInput } from '@repo/shared/schemas/staff';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useInviteStaff } from '../api';
import { STAFF_COPY } from '../copy';
import { RoleField, StaysField } from './role-and-stays';

const c = STAFF_COPY.invite;

/** Invites an address to some of the owner's stays with a role; the API's field messages show under the fields. */
export function InviteForm({ stays }: { stays: readonly { id: string; name: string }[] }) {
  const invite = useInviteStaff();
  const form = useForm({
    resolver: zodResolver(StaffInviteInput),
    defaultValues: { email: '', role: 'frontDesk' as const, stayIds: stays.length === 1 ? [stays[0]!.id] : [] },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((body) =>
    invite.mutateAsync(body).then(
      () => {
        toast.success(c.sent, 'admin');
        form.reset({ email: '', role: body.role, stayIds: body.stayIds });
      },
      showSubmitError(form.setError, ['email', 'role', 'stayIds'], 'admin'),
    ),
  );
  return (
    <Card component="section" withBorder radius="lg" p="lg" aria-labelledby="staff-invite">
      <Title order={2} fz="lg" id="staff-invite" mb="sm">
        {c.title}
      </Title>
      {stays.length === 0 ? (
        <Text c="dimmed">{c.noStays}</Text>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={c.email}
              type="email"
              autoComplete="off"
              {...form.register('email')}
              error={errors.email?.message}
            />
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
            <Text size="xs" c="gray.7">
              {c.hint}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={invite.isPending}>
                {c.submit}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
