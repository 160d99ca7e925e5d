import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, TextInput } from '@mantine/core';
import { LIMITS } from '@repo/shared/constants/domain';
import type { UserDto } from '@repo/shared/schemas/auth';
import { AdminUserUpdateInput } from '@repo/shared/schemas/user';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ownMessageOf, YesNoField } from '@/components/form/controlled-fields';
import { AdminForm } from '@/components/form/admin-form';
import { ADMIN_USERS_COPY } from '../copy';

const c = ADMIN_USERS_COPY;
const f = c.form;
type Input = z.input<typeof AdminUserUpdateInput>;
type Output = z.output<typeof AdminUserUpdateInput>;
const FIELDS = ['firstName', 'lastName', 'mobile', 'email', 'isAdmin', 'isPlatform'] as const;

export type EditUserFormProps = {
  user: UserDto;
  /** Receives the checked body; a thrown ApiError shows as a toast and its field messages on the form. */
  onSubmit: (body: Output) => Promise<unknown>;
  onCancel?: () => void;
};

/** The platform's edit of a user: names, mobile, email, the IsAdmin Yes/No flag and the platform role (ADR 023). */
export function EditUserForm({ user, onSubmit, onCancel }: EditUserFormProps) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(AdminUserUpdateInput),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      mobile: user.mobile,
      email: user.email,
      isAdmin: user.isAdmin ? 'Yes' : 'No',
      isPlatform: user.isPlatform ? 'Yes' : 'No',
    },
  });
  const { register, control, formState } = form;
  const err = (name: keyof Input) => ownMessageOf(formState.errors[name]);

  return (
    <AdminForm form={form} fields={FIELDS} onSubmit={onSubmit} label={c.editTitle} copy={f} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={f.firstName} withAsterisk {...register('firstName')} error={err('firstName')} />
        <TextInput label={f.lastName} withAsterisk {...register('lastName')} error={err('lastName')} />
      </SimpleGrid>
      <TextInput
        label={f.mobile}
        withAsterisk
        inputMode="numeric"
        maxLength={LIMITS.mobileDigits}
        {...register('mobile')}
        error={err('mobile')}
      />
      <TextInput label={f.email} type="email" withAsterisk {...register('email')} error={err('email')} />
      <YesNoField control={control} name="isAdmin" label={f.isAdmin} options={[c.yes, c.no]} values={['Yes', 'No']} />
      <YesNoField
        control={control}
        name="isPlatform"
        label={f.isPlatform}
        description={f.isPlatformHint}
        options={[c.yes, c.no]}
        values={['Yes', 'No']}
      />
    </AdminForm>
  );
}
