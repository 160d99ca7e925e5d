import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { EmailInput, fieldProps, MobileInput, NameInputs } from './fields';

function Profile() {
  const form = useForm({ defaultValues: { first: '', last: '', email: '', mobile: '' } });
  return (
    <form>
      <NameInputs
        first={{ label: 'First', ...fieldProps(form, 'first') }}
        last={{ label: 'Last', ...fieldProps(form, 'last') }}
      />
      <EmailInput label="Mail" {...fieldProps(form, 'email')} />
      <MobileInput label="Phone" {...fieldProps(form, 'mobile')} />
      <button type="button" onClick={() => form.setError('email', { message: 'Mail is taken' })}>
        Fail
      </button>
      <output>{form.watch('first')}</output>
    </form>
  );
}

describe('form fields', () => {
  it('give each input the keyboard and autofill hints of its kind', () => {
    renderUi(<Profile />);
    expect(screen.getByLabelText('First')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last')).toHaveAttribute('autocomplete', 'family-name');
    const mail = screen.getByLabelText('Mail');
    expect(mail).toHaveAttribute('type', 'email');
    expect(mail).toHaveAttribute('inputmode', 'email');
    expect(mail).toHaveAttribute('autocomplete', 'email');
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(phone).toHaveAttribute('autocomplete', 'tel-national');
    expect(phone).toHaveAttribute('maxlength', '10');
  });

  it('fieldProps registers the field and shows its current message', async () => {
    renderUi(<Profile />);
    await userEvent.type(screen.getByLabelText('First'), 'Asha');
    expect(screen.getByRole('status')).toHaveTextContent('Asha');
    expect(screen.queryByText('Mail is taken')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByText('Mail is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Mail')).toHaveAttribute('aria-invalid', 'true');
  });
});
