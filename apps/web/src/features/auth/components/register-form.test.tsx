import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';
import { RegisterForm } from './register-form';

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

async function fill(
  values: Partial<Record<'First Name' | 'Last Name' | 'Email' | 'Mobile' | 'Password' | 'Confirm Password', string>>,
) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const input = label === 'Password' ? screen.getByLabelText(/^Password/, { selector: 'input' }) : field(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

const VALID = {
  'First Name': 'Priya',
  'Last Name': 'Iyer',
  Email: 'priya@example.com',
  Mobile: '9876543210',
  Password: 'Secret123',
  'Confirm Password': 'Secret123',
};

describe('RegisterForm', () => {
  it('shows every required message under its own field', async () => {
    const api = mockApi({});
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(field('First Name')).toHaveAccessibleDescription(textRe(MSG.firstNameRequired));
    expect(field('Last Name')).toHaveAccessibleDescription(textRe(MSG.lastNameRequired));
    expect(field('Email')).toHaveAccessibleDescription(textRe(MSG.emailRequired));
    expect(field('Mobile')).toHaveAccessibleDescription(textRe(MSG.mobileRequired));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription(textRe(MSG.passwordRequired));
    expect(field('Confirm Password')).toHaveAccessibleDescription(textRe(MSG.confirmPasswordRequired));
    expect(field('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the format and length messages under the right fields', async () => {
    mockApi({});
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    const user = await fill({
      'First Name': 'Al',
      'Last Name': 'Abcdefghijklmnopqrstuv',
      Email: 'not-an-email',
      Mobile: '98765',
      Password: 'short',
      'Confirm Password': 'bad pass word',
    });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(field('First Name')).toHaveAccessibleDescription(textRe(MSG.firstNameTooShort));
    expect(field('Last Name')).toHaveAccessibleDescription(textRe(MSG.nameTooLong));
    expect(field('Email')).toHaveAccessibleDescription(textRe(MSG.emailInvalid));
    expect(field('Mobile')).toHaveAccessibleDescription(textRe(MSG.mobileInvalid));
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription(textRe(MSG.passwordInvalid));
    expect(field('Confirm Password')).toHaveAccessibleDescription(textRe(MSG.confirmPasswordInvalid));
  });

  it('shows a short last name message and limits the mobile input to 10 characters', async () => {
    mockApi({});
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    const user = await fill({ 'Last Name': 'Li', Mobile: '98765432101234' });
    expect(field('Mobile')).toHaveValue('9876543210');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(field('Last Name')).toHaveAccessibleDescription(textRe(MSG.lastNameTooShort));
    expect(field('Mobile')).not.toHaveAttribute('aria-invalid');
  });

  it('gives the mismatch message under Confirm Password and as a toast on submit', async () => {
    const api = mockApi({});
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    const user = await fill({ ...VALID, 'Confirm Password': 'Secret124' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(field('Confirm Password')).toHaveAccessibleDescription(textRe(MSG.passwordsMismatch));
    // once under the field, once in the toast
    await waitFor(() => expect(screen.getAllByText(MSG.passwordsMismatch)).toHaveLength(2));
    expect(api.calls).toHaveLength(0);
  });

  it('registers a guest, toasts the server message and goes to /login', async () => {
    const api = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: {}, message: 'Registered successfully' } },
    });
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    const user = await fill({ ...VALID, Email: 'Priya@Example.com' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByText('Registered successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      firstName: 'Priya',
      lastName: 'Iyer',
      email: 'priya@example.com',
      mobile: '9876543210',
      password: 'Secret123',
      confirmPassword: 'Secret123',
    });
  });

  it('registers an admin through the admin endpoint and goes to /admin', async () => {
    const api = mockApi({
      'POST /api/admin/auth/register': { status: 201, body: { user: {}, message: 'Admin access pending' } },
    });
    renderRoute(<RegisterForm area="admin" />, { path: '/admin/register' });
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
    expect(screen.getByText('Admin access pending')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/auth/register')).toHaveLength(1);
  });

  it('puts the server field errors under the fields and toasts the message', async () => {
    mockApi({
      'POST /api/auth/register': {
        status: 409,
        body: { message: 'An account with this email already exists', fieldErrors: { email: 'This email is taken' } },
      },
    });
    renderRoute(<RegisterForm area="guest" />, { path: '/register' });
    const user = await fill(VALID);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(textRe('This email is taken')));
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
