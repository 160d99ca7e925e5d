import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogin2 } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { lazyZodResolver } from '@/components/form/lazy-zod-resolver';
import { applyServerErrors } from '@/components/form/server-errors';
import { FormCard } from '@/components/ui/form-card';
import { LinkAnchor } from '@/components/ui/link-button';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useLogin } from '../api/login';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';

/** The shared login rules, loaded with the first validation (the login screen paints without them). */
const loginResolver = lazyZodResolver(() => import('@repo/shared/schemas/auth').then((m) => m.LoginInput));

/** The login screen of either area. Success stores the token; the guest goes to /, the admin to the dashboard. */
export function LoginForm({ area }: { area: Area }) {
  const copy = authCopy.login;
  const routes = areaRoutes(area);
  const navigate = useNavigate();
  const mutation = useLogin(area);
  useDocumentTitle(`${copy.title[area]} | ${area === 'admin' ? common.adminBrand : common.brand}`);
  const form = useForm({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => navigate(routes.afterLogin, { replace: true }),
      onError: (err) => {
        applyServerErrors(err, form.setError, ['email', 'password']);
        toast.fromError(err, toastAreaOf(area));
      },
    }),
  );

  return (
    <FormCard
      icon={<IconLogin2 size={36} aria-hidden />}
      title={copy.title[area]}
      subtitle={copy.subtitle[area]}
      footer={
        <Text size="sm" c="dimmed">
          {copy.noAccount} <LinkAnchor to={routes.register}>{copy.signUp}</LinkAnchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} onFocus={loginResolver.preload} noValidate aria-label={copy.title[area]}>
        <Stack gap="md">
          <TextInput
            label={authCopy.fields.email}
            placeholder={authCopy.placeholders.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label={authCopy.fields.password}
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <LinkAnchor to={routes.forgotPassword} size="sm">
              {copy.forgot}
            </LinkAnchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
            {copy.submit}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}
