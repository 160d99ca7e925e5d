import { zodResolver } from '@hookform/resolvers/zod';
import { ResetLinkParams, ResetPasswordForm as ResetPasswordSchema } from '@repo/shared/schemas/auth';
import { IconLock, IconLinkOff } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldProps } from '@/components/form/fields';
import { showSubmitError } from '@/components/form/server-errors';
import { EmptyState } from '@/components/ui/empty-state';
import { FormCard } from '@/components/ui/form-card';
import { LinkAnchor, LinkButton } from '@/components/ui/link-button';
import { toast } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';
import { AuthEmailField, AuthForm, NewPasswordFields, toastPasswordMismatch, useAuthTitle } from './auth-form-parts';

/**
 * The reset form: email, password and confirm password sent with the user id and token the verify page
 * carried in the query string (?id=…&token=…). Success goes to the area's login.
 */
export function ResetPasswordForm({ area }: { area: Area }) {
  const copy = authCopy.reset;
  const routes = areaRoutes(area);
  const [params] = useSearchParams();
  const link = ResetLinkParams.safeParse({ userId: params.get('id') ?? '', token: params.get('token') ?? '' });
  useAuthTitle(copy.title, area);

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

  const onSubmit = form.handleSubmit(
    (values) =>
      mutation.mutate(
        { ...values, userId, token },
        {
          onSuccess: (res) => {
            toast.success(res.message, tArea);
            navigate(routes.login, { replace: true });
          },
          onError: showSubmitError(form.setError, ['email', 'password', 'confirmPassword'], tArea),
        },
      ),
    toastPasswordMismatch(form.getValues, tArea),
  );

  return (
    <AuthForm
      icon={<IconLock size={36} aria-hidden />}
      title={copy.title}
      subtitle={copy.subtitle}
      footer={<LinkAnchor to={routes.login}>{copy.login}</LinkAnchor>}
      onSubmit={onSubmit}
      submitLabel={copy.submit}
      pending={mutation.isPending}
    >
      <AuthEmailField {...fieldProps(form, 'email')} />
      <NewPasswordFields
        label={authCopy.fields.newPassword}
        password={fieldProps(form, 'password')}
        confirm={fieldProps(form, 'confirmPassword')}
      />
    </AuthForm>
  );
}
