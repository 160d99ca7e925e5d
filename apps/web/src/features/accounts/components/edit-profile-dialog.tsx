import { zodResolver } from '@hookform/resolvers/zod';
import { type ProfileDto, ProfileUpdateInput } from '@repo/shared/schemas/auth';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { AddressInput, PinInput, StateSelect } from '@/components/form/address-fields';
import { EmailInput, fieldProps, MobileInput, NameInputs } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useUpdateProfile } from '../api/update-profile';
import { accountsCopy } from '../copy';

const FIELDS = ['firstName', 'lastName', 'mobile', 'email', 'billingAddress', 'billingPin', 'billingState'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { firstName: '', lastName: '', mobile: '', email: '', billingAddress: '', billingPin: '', billingState: '' };

export type EditProfileDialogProps = {
  user: ProfileDto;
  opened: boolean;
  onClose: () => void;
  /** Called with the updated user after a successful save. */
  onSaved: (user: ProfileDto) => void;
};

/**
 * My Profile's edit dialog: first name, last name, mobile, email, then the billing address (address, PIN code,
 * state), each showing the current value as a placeholder. Blank fields keep the old values; only the non-blank ones
 * are sent to PATCH /api/me.
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
          <Stack gap="xs" component="section" aria-labelledby="profile-billing-heading">
            <Title order={3} fz="sm" id="profile-billing-heading">
              {copy.billingHeading}
            </Title>
            <Text size="xs" c="dimmed">
              {copy.billingHint}
            </Text>
            <AddressInput
              label={copy.billingAddress}
              placeholder={user.billingAddress ?? undefined}
              {...fieldProps(form, 'billingAddress')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
              <PinInput label={copy.billingPin} placeholder={user.billingPin ?? undefined} {...fieldProps(form, 'billingPin')} />
              {/* The empty choice keeps the state on record (named, when there is one). */}
              <StateSelect
                label={copy.billingState}
                placeholder={(user.billingState && GST_STATES[user.billingState]) || copy.chooseState}
                {...fieldProps(form, 'billingState')}
              />
            </SimpleGrid>
          </Stack>
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
