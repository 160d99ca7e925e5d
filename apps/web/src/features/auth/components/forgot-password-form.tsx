import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInput } from '@repo/shared/schemas/auth';
import { IconMailForward } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldProps } from '@/components/form/fields';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useForgotPassword } from '../api/forgot-password';
import { type Area, areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';
import { AuthEmailField, AuthFooterLink, AuthForm, useAuthTitle } from './auth-form-parts';

/** Asks for a reset link. Success toasts the server's message and returns to the area's login. */
export function ForgotPasswordForm({ area }: { area: Area }) {
  const copy = authCopy.forgot;
  const routes = areaRoutes(area);
  const tArea = toastAreaOf(area);
  const navigate = useNavigate();
  const mutation = useForgotPassword(area);
  useAuthTitle(copy.title, area);
  const form = useForm({ resolver: zodResolver(ForgotPasswordInput), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: (res) => {
        toast.success(res.message, tArea);
        navigate(routes.login);
      },
      onError: showSubmitError(form.setError, ['email'], tArea),
    }),
  );

  return (
    <AuthForm
      icon={<IconMailForward size={36} aria-hidden />}
      title={copy.title}
      subtitle={copy.subtitle}
      footer={<AuthFooterLink prompt={copy.remembered} to={routes.login} label={copy.login} />}
      onSubmit={onSubmit}
      submitLabel={copy.submit}
      pending={mutation.isPending}
    >
      <AuthEmailField {...fieldProps(form, 'email')} />
    </AuthForm>
  );
}
