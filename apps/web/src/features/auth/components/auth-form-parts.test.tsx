import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@repo/shared/constants/messages';
import { fieldProps } from '@/components/form/fields';
import { renderRoute, textRe } from '@/testing/render';
import { authCopy } from '../copy';
import { AuthEmailField, AuthFooterLink, AuthForm, NewPasswordFields, toastPasswordMismatch } from './auth-form-parts';

function NewPassword({ onValid }: { onValid: () => void }) {
  const form = useForm({ defaultValues: { email: '', password: '', confirmPassword: '' } });
  const onSubmit = form.handleSubmit(() => onValid());
  return (
    <AuthForm
      title="Choose"
      footer={<AuthFooterLink prompt="Know it?" to="/login" label="Login" />}
      onSubmit={onSubmit}
      submitLabel="Save"
      pending={false}
    >
      <AuthEmailField {...fieldProps(form, 'email')} />
      <NewPasswordFields label="Password" password={fieldProps(form, 'password')} confirm={fieldProps(form, 'confirmPassword')} />
    </AuthForm>
  );
}

describe('auth form parts', () => {
  it('frame the fields in a named form with one submit button and the footer link', async () => {
    const onValid = vi.fn();
    renderRoute(<NewPassword onValid={onValid} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose' })).toBeInTheDocument();
    expect(screen.getByLabelText(authCopy.fields.email)).toHaveAttribute('placeholder', authCopy.placeholders.email);
    expect(screen.getByLabelText(authCopy.fields.confirmPassword)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText(authCopy.hints.password)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.type(screen.getByLabelText(authCopy.fields.confirmPassword), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledOnce();
    expect(screen.getByRole('form', { name: 'Choose' })).toBeInTheDocument();
  });

  it('toastPasswordMismatch toasts only when both passwords are filled in and differ', () => {
    renderRoute(<p>page</p>);
    const values = vi.fn(() => ({ password: 'Secret#123', confirmPassword: '' }));
    const onInvalid = toastPasswordMismatch(values, 'default');
    onInvalid();
    expect(screen.queryByText(MSG.passwordsMismatch)).not.toBeInTheDocument();
    values.mockReturnValue({ password: 'Secret#123', confirmPassword: 'Other#123' });
    onInvalid();
    return expect(screen.findByText(textRe(MSG.passwordsMismatch))).resolves.toBeInTheDocument();
  });
});
