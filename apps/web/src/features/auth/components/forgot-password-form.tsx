import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInput } from '@repo/shared/schemas/auth';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailForward } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyServerErrors } from '@/components/form/server-errors';
import { FormCard } from '@/components/ui/form-card';
import { LinkAnchor } from '@/components/ui/link-button';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';

/** Asks for a reset link. Success toasts the server's message and returns to the area's login. */
export function ForgotPasswordForm({ area }: { area: Area }) {
  const copy = authCopy.forgot;
  const routes = areaRoutes(area);
  const tArea = toastAreaOf(area);
  const navigate = useNavigate();
  const mutation = useForgotPassword(area);
  useDocumentTitle(`${copy.title} | ${area === 'admin' ? common.adminBrand : common.brand}`);
  const form = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message, tArea);
        navigate(routes.login);
      },
      onError: (err) => {
        applyServerErrors(err, form.setError, ['email']);
        toast.fromError(err, tArea);
      },
    }),
  );

  return (
    <FormCard
      icon={<IconMailForward size={36} aria-hidden />}
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
        <Text size="sm" c="dimmed">
          {copy.remembered} <LinkAnchor to={routes.login}>{copy.login}</LinkAnchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label={copy.title}>
        <Stack gap="md">
          <TextInput
            label={authCopy.fields.email}
            placeholder={authCopy.placeholders.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {copy.submit}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
