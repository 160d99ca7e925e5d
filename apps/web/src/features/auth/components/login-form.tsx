import { Group, PasswordInput } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldProps } from '@/components/form/fields';
import { lazyZodResolver } from '@/components/form/lazy-zod-resolver';
import { showSubmitError } from '@/components/form/server-errors';
import { LinkAnchor } from '@/components/ui/link-button';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';
import { areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';
import { SignedUpNotice } from './confirm-email-notice';
import { AuthEmailField, AuthFooterLink, AuthNotice, AuthForm, type AuthScreenProps, useAuthTitle } from './auth-form-parts';

/** The shared login rules, loaded with the first validation (the login screen paints without them). */
const loginResolver = lazyZodResolver(() => import('@repo/shared/schemas/auth').then((m) => m.LoginInput));

export type LoginFormProps = AuthScreenProps & {
  /** Where a successful login goes instead of the area's start page (a guest's search; Sign Up carries it on). */
  afterLogin?: string;
  /** The address a guest has just signed up with: the confirmation link went there (said, and can be sent again). */
  signedUp?: string | undefined;
};

/**
 * The login screen of either area. Success stores the token; the guest goes to / (or `afterLogin`), the admin to the
 * dashboard.
 */
export function LoginForm({ area, notice, afterLogin, signedUp }: LoginFormProps) {
  const copy = authCopy.login;
  const routes = areaRoutes(area);
  const navigate = useNavigate();
  const mutation = useLogin(area);
  useAuthTitle(copy.title[area], area);
  const form = useForm({ resolver: loginResolver, defaultValues: { email: signedUp ?? '', password: '' } });
  // A guest who signs up instead keeps the search they were making: it comes back here after registration.
  const signUpHref = area === 'guest' && afterLogin ? paths.register.getHref(afterLogin) : routes.register;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => navigate(afterLogin ?? routes.afterLogin, { replace: true }),
      onError: showSubmitError(form.setError, ['email', 'password'], toastAreaOf(area)),
    }),
  );

  return (
    <AuthForm
      icon={<IconLogin2 size={36} aria-hidden />}
      title={copy.title[area]}
      subtitle={copy.subtitle[area]}
      footer={<AuthFooterLink prompt={copy.noAccount} to={signUpHref} label={copy.signUp} />}
      onSubmit={onSubmit}
      onFocus={loginResolver.preload}
      submitLabel={copy.submit}
      pending={mutation.isPending}
    >
      <AuthNotice notice={notice} />
      {signedUp ? <SignedUpNotice email={signedUp} /> : null}
      <AuthEmailField {...fieldProps(form, 'email')} />
      <PasswordInput label={authCopy.fields.password} autoComplete="current-password" {...fieldProps(form, 'password')} />
      <Group justify="flex-end" mt={-6}>
        <LinkAnchor to={routes.forgotPassword} size="sm">
          {copy.forgot}
        </LinkAnchor>
      </Group>
    </AuthForm>
  );
}
