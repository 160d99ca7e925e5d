import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdateInput, type UserDto } from '@repo/shared/schemas/auth';
import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { EmailInput, fieldProps, MobileInput, NameInputs } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { accountsCopy } from '../copy';

const FIELDS = ['firstName', 'lastName', 'mobile', 'email'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { firstName: '', lastName: '', mobile: '', email: '' };

export type EditProfileDialogProps = {
  user: UserDto;
  opened: boolean;
  onClose: () => void;
  /** Called with the updated user after a successful save. */
  onSaved: (user: UserDto) => void;
};

/**
 * My Profile's edit dialog: first name, last name, mobile, email, each showing the current value as a placeholder.
 * Blank fields keep the old values; only the non-blank ones are sent to PATCH /api/me.
 */
export function EditProfileDialog({ user, opened, onClose, onSaved }: EditProfileDialogProps) {
  const copy = accountsCopy.editDialog;
  const mutation = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(ProfileUpdateInput), defaultValues: EMPTY });

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    const changes: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const value = values[field];
      if (typeof value === 'string' && value !== '') changes[field] = value;
    }
    if (Object.keys(changes).length === 0) {
      toast.error(copy.nothingChanged);
      return;
    }
    mutation.mutate(changes, {
      onSuccess: (res) => {
        toast.success(res.message);
        onSaved(res.user);
        close();
      },
      onError: showSubmitError(form.setError, FIELDS),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={copy.title} centered size="lg" closeButtonProps={{ 'aria-label': copy.close }}>
      <form onSubmit={onSubmit} noValidate aria-label={copy.title}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {copy.hint}
          </Text>
          <NameInputs
            first={{ label: copy.firstName, placeholder: user.firstName, ...fieldProps(form, 'firstName') }}
            last={{ label: copy.lastName, placeholder: user.lastName, ...fieldProps(form, 'lastName') }}
          />
          <MobileInput label={copy.mobile} placeholder={user.mobile} {...fieldProps(form, 'mobile')} />
          <EmailInput label={copy.email} placeholder={user.email} {...fieldProps(form, 'email')} />
          <FormActions
            submitLabel={copy.submit}
            pending={mutation.isPending}
            onCancel={close}
            cancelLabel={copy.cancel}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
