import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterInput } from '@repo/shared/schemas/auth';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { fieldProps, MobileInput, NameInputs } from '@/components/form/fields';
import { paths } from '@/config/paths';
import { showSubmitError } from '@/components/form/server-errors';
import { toast } from '@/lib/notify';
import { useRegister } from '../api/register';
import { signedUpState } from '../signed-up';
import { areaRoutes, toastAreaOf } from '../area';
import { authCopy } from '../copy';
import {
  AuthEmailField,
  AuthFooterLink,
  AuthNotice,
  AuthForm,
  type AuthScreenProps,
  NewPasswordFields,
  toastPasswordMismatch,
  useAuthTitle,
} from './auth-form-parts';

const FIELDS = ['firstName', 'lastName', 'email', 'mobile', 'password', 'confirmPassword'] as const;

export type RegisterFormProps = AuthScreenProps & {
  /** The login page to go to after sign-up (and from the footer link) instead of the area's own. */
  loginHref?: string;
};

/**
 * The sign-up screen of either area, validated by the shared RegisterInput. A password mismatch is also
 * toasted on submit. Success toasts the server's message; the guest goes to /login (or `loginHref`), which then says
 * where the confirmation link was mailed, the admin to /admin.
 */
export function RegisterForm({ area, notice, loginHref }: RegisterFormProps) {
  const copy = authCopy.register;
  const routes = areaRoutes(area);
  const tArea = toastAreaOf(area);
  const navigate = useNavigate();
  const mutation = useRegister(area);
  useAuthTitle(copy.title[area], area);
  const form = useForm({
    resolver: zodResolver(RegisterInput),
    defaultValues: { firstName: '', lastName: '', email: '', mobile: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(
    (values) =>
      mutation.mutate(values, {
        onSuccess: (res) => {
          toast.success(res?.message ?? copy.fallbackSuccess, tArea);
          // The guest's login page goes on to say where the confirmation link went (and can send it again).
          navigate(loginHref ?? routes.login, area === 'guest' ? { state: signedUpState(values.email) } : undefined);
        },
        onError: showSubmitError(form.setError, FIELDS, tArea),
      }),
    toastPasswordMismatch(form.getValues, tArea),
  );

  return (
    <AuthForm
      width="md"
      icon={<IconUserPlus size={36} aria-hidden />}
      title={copy.title[area]}
      subtitle={copy.subtitle[area]}
      footer={<AuthFooterLink prompt={copy.haveAccount} to={loginHref ?? routes.login} label={copy.login} />}
      onSubmit={onSubmit}
      submitLabel={copy.submit}
      pending={mutation.isPending}
    >
      <AuthNotice notice={notice} />
      <NameInputs
        first={{
          label: authCopy.fields.firstName,
          placeholder: authCopy.placeholders.firstName,
          maxLength: 40,
          ...fieldProps(form, 'firstName'),
        }}
        last={{
          label: authCopy.fields.lastName,
          placeholder: authCopy.placeholders.lastName,
          maxLength: 40,
          ...fieldProps(form, 'lastName'),
        }}
      />
      <AuthEmailField {...fieldProps(form, 'email')} />
      <MobileInput label={authCopy.fields.mobile} placeholder={authCopy.placeholders.mobile} {...fieldProps(form, 'mobile')} />
      <NewPasswordFields
        label={authCopy.fields.password}
        password={fieldProps(form, 'password')}
        confirm={fieldProps(form, 'confirmPassword')}
      />
      <AuthFooterLink prompt={copy.privacyPrompt} to={paths.privacy.getHref()} label={copy.privacyLink} />
    </AuthForm>
  );
}
