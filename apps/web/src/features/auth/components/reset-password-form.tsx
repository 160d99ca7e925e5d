import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@repo/shared/constants/messages';
import { ResetLinkParams, ResetPasswordForm as ResetPasswordSchema } from '@repo/shared/schemas/auth';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock, IconLinkOff } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { applyServerErrors } from '@/components/form/server-errors';
import { EmptyState } from '@/components/ui/empty-state';
import { FormCard } from '@/components/ui/form-card';
import { LinkAnchor, LinkButton } from '@/components/ui/link-button';
import { common } from '@/copy/common';
import { toast } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';

/**
 * The reset form: email, password and confirm password sent with the user id and token the verify page
 * carried in the query string (?id=…&token=…). Success goes to the area's login.
 */
export function ResetPasswordForm({ area }: { area: Area }) {
  const copy = authCopy.reset;
  const routes = areaRoutes(area);
  const [params] = useSearchParams();
  const link = ResetLinkParams.safeParse({ userId: params.get('id') ?? '', token: params.get('token') ?? '' });
  useDocumentTitle(`${copy.title} | ${area === 'admin' ? common.adminBrand : common.brand}`);

  if (!link.success) {
    return (
      <FormCard title={copy.title}>
        <EmptyState
          icon={<IconLinkOff size={28} aria-hidden />}
          title={copy.missingLink}
          titleOrder={2}
          actions={<LinkButton to={routes.forgotPassword}>{copy.newLink}</LinkButton>}
        />
      </FormCard>
    );
  }
  return <ResetFields area={area} userId={link.data.userId} token={link.data.token} />;
}

function ResetFields({ area, userId, token }: { area: Area; userId: string; token: string }) {
  const copy = authCopy.reset;
  const routes = areaRoutes(area);
  const tArea = toastAreaOf(area);
  const navigate = useNavigate();
  const mutation = useResetPassword(area);
  const form = useForm({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (values) =>
      mutation.mutate(
        { ...values, userId, token },
        {
          onSuccess: (res) => {
            toast.success(res.message, tArea);
            navigate(routes.login, { replace: true });
          },
          onError: (err) => {
            applyServerErrors(err, form.setError, ['email', 'password', 'confirmPassword']);
            toast.fromError(err, tArea);
          },
        },
      ),
    () => {
      const { password, confirmPassword } = form.getValues();
      if (password && confirmPassword && password !== confirmPassword) toast.error(MSG.passwordsMismatch, tArea);
    },
  );

  return (
    <FormCard
      icon={<IconLock size={36} aria-hidden />}
      title={copy.title}
      subtitle={copy.subtitle}
      footer={<LinkAnchor to={routes.login}>{copy.login}</LinkAnchor>}
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
          <PasswordInput
            label={authCopy.fields.newPassword}
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
