import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@repo/shared/constants/domain';
import { MSG } from '@repo/shared/constants/messages';
import { RegisterInput } from '@repo/shared/schemas/auth';
import { Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '@/components/form/server-errors';
import { FormCard } from '@/components/ui/form-card';
import { LinkAnchor } from '@/components/ui/link-button';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useRegister } from '../api/register';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';

const FIELDS = ['firstName', 'lastName', 'email', 'mobile', 'password', 'confirmPassword'] as const;

/**
 * The sign-up screen of either area, validated by the shared RegisterInput. A password mismatch is also
 * toasted on submit. Success toasts the server's message; the guest goes to /login, the admin to /admin.
 */
export function RegisterForm({ area }: { area: Area }) {
  const copy = authCopy.register;
  const routes = areaRoutes(area);
  const tArea = toastAreaOf(area);
  const navigate = useNavigate();
  const mutation = useRegister(area);
  useDocumentTitle(`${copy.title[area]} | ${area === 'admin' ? common.adminBrand : common.brand}`);
  const form = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { firstName: '', lastName: '', email: '', mobile: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) =>
      mutation.mutate(values, {
        onSuccess: (res) => {
          toast.success(res?.message ?? copy.fallbackSuccess, tArea);
          navigate(routes.login);
        },
        onError: (err) => {
          applyServerErrors(err, form.setError, FIELDS);
          toast.fromError(err, tArea);
        },
      }),
    () => {
      const { password, confirmPassword } = form.getValues();
      if (password && confirmPassword && password !== confirmPassword) toast.error(MSG.passwordsMismatch, tArea);
    },
  );

  return (
    <FormCard
      width="md"
      icon={<IconUserPlus size={36} aria-hidden />}
      title={copy.title[area]}
      subtitle={copy.subtitle[area]}
      footer={
        <Text size="sm" c="dimmed">
          {copy.haveAccount} <LinkAnchor to={routes.login}>{copy.login}</LinkAnchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={copy.title[area]}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={authCopy.fields.firstName}
              placeholder={authCopy.placeholders.firstName}
              autoComplete="given-name"
              maxLength={40}
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label={authCopy.fields.lastName}
              placeholder={authCopy.placeholders.lastName}
              autoComplete="family-name"
              maxLength={40}
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={authCopy.fields.email}
            placeholder={authCopy.placeholders.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label={authCopy.fields.mobile}
            placeholder={authCopy.placeholders.mobile}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={LIMITS.mobileDigits}
            error={errors.mobile?.message}
            {...form.register('mobile')}
          />
          <PasswordInput
            label={authCopy.fields.password}
            description={authCopy.hints.password}
            autoComplete="new-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label={authCopy.fields.confirmPassword}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {copy.submit}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
