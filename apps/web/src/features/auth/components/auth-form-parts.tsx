import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '@repo/shared/constants/messages';
import type { FocusEventHandler, FormEventHandler, ReactNode } from 'react';
import { EmailInput, type InputFieldProps, type RegisteredField } from '@/components/form/fields';
import { ErrorState } from '@/components/ui/error-state';
import { FormCard, type FormCardProps } from '@/components/ui/form-card';
import { LinkAnchor } from '@/components/ui/link-button';
import { LoadingState } from '@/components/ui/loading-state';
import { common } from '@/copy/common';
import { type ToastArea, toast } from '@/lib/notify';
import type { Area } from '../area';
import { authCopy } from '../copy';

/** The browser tab's title of an account screen: the screen, then the area's brand. */
/** What every sign-in screen (login, sign-up) is given: its area, and why the guest was sent there. */
export type AuthScreenProps = {
  area: Area;
  /** Why the guest was sent here (shown above the fields and announced). */
  notice?: string;
};

export function useAuthTitle(title: string, area: Area) {
  useDocumentTitle(`${title} | ${area === 'admin' ? common.adminBrand : common.brand}`);
}

export type AuthFormProps = Pick<FormCardProps, 'icon' | 'subtitle' | 'footer' | 'width'> & {
  /** The card's heading, also the form's accessible name. */
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The request is running: the submit button shows busy. */
  pending: boolean;
  children: ReactNode;
};

/** An account screen's form in its card: the fields, then one full-width submit button. */
export function AuthForm({ title, onSubmit, onFocus, submitLabel, pending, children, ...card }: AuthFormProps) {
  return (
    <FormCard title={title} {...card}>
      <form onSubmit={onSubmit} onFocus={onFocus} noValidate aria-label={title}>
        <Stack gap="md">
          {children}
          <Button type="submit" size="md" fullWidth loading={pending}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </FormCard>
  );
}

/** The line under a card leading to the area's other screen: 'Already have an account? Login'. */
export function AuthFooterLink({ prompt, to, label }: { prompt: string; to: string; label: string }) {
  return (
    <Text size="sm" c="dimmed">
      {prompt} <LinkAnchor to={to}>{label}</LinkAnchor>
    </Text>
  );
}

/** The account email field. */
export function AuthEmailField(props: InputFieldProps) {
  return <EmailInput label={authCopy.fields.email} placeholder={authCopy.placeholders.email} {...props} />;
}

/** A new password with its rules as a hint, and its confirmation. */
export function NewPasswordFields({
  label,
  password,
  confirm,
}: {
  label: string;
  password: RegisteredField;
  confirm: RegisteredField;
}) {
  return (
    <>
      <PasswordInput label={label} description={authCopy.hints.password} autoComplete="new-password" {...password} />
      <PasswordInput label={authCopy.fields.confirmPassword} autoComplete="new-password" {...confirm} />
    </>
  );
}

/** The handler of a new-password form that did not pass its checks: a password mismatch is also toasted. */
export function toastPasswordMismatch(values: () => { password?: string; confirmPassword?: string }, area: ToastArea) {
  return () => {
    const { password, confirmPassword } = values();
    if (password && confirmPassword && password !== confirmPassword) toast.error(MSG.passwordsMismatch, area);
  };
}

type LinkCheckProps = { title: string; checking: string; failed: string; error: Error | null; action: ReactNode };

/** A mailed link's page while its link is checked (loading), or once it was refused: the reason and the way on. */
export function LinkCheckCard({ title, checking, failed, error, action }: LinkCheckProps) {
  return (
    <FormCard title={title}>
      {error ? (
        <ErrorState title={failed} description={error.message} actions={action} />
      ) : (
        <LoadingState label={checking} minHeight={120} />
      )}
    </FormCard>
  );
}

/** Why the guest was sent to a sign-in screen, above its fields; nothing without one. */
export function AuthNotice({ notice }: { notice?: string }) {
  if (!notice) return null;
  return (
    <Alert variant="light" color="brand" icon={<IconInfoCircle aria-hidden />}>
      {notice}
    </Alert>
  );
}
