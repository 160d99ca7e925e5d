import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';
import { VerifyReset } from './verify-reset';

const USER_ID = '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

function VerifyAt({ area }: { area: 'guest' | 'admin' }) {
  const { id = '', token = '' } = useParams();
  return <VerifyReset area={area} userId={id} token={token} />;
}

describe('ForgotPasswordForm', () => {
  it('validates the email, then toasts the server message and goes to /login', async () => {
    const api = mockApi({ 'POST /api/auth/forgot-password': { status: 202, body: { message: 'Check your mail' } } });
    renderRoute(<ForgotPasswordForm area="guest" />, { path: '/forgotpassword' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const user = userEvent.setup();
    const email = screen.getByLabelText(/^Email/, { selector: 'input' });
    await user.type(email, 'bad');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(email).toHaveAccessibleDescription(textRe(MSG.emailInvalid));
    expect(api.calls).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'guest@staybook.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(await screen.findByText('Check your mail')).toBeInTheDocument();
  });

  it('sends an admin to /admin', async () => {
    mockApi({ 'POST /api/admin/auth/forgot-password': { status: 202, body: { message: 'Check your mail' } } });
    renderRoute(<ForgotPasswordForm area="admin" />, { path: '/admin/forgotpassword' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'admin@staybook.in');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/));
  });
});

describe('VerifyReset', () => {
  it('shows the prompt and a button to the reset form carrying the id and token', async () => {
    mockApi({ [`GET /api/auth/reset/${USER_ID}/${TOKEN}`]: { body: { message: 'ok' } } });
    renderRoute(<VerifyAt area="guest" />, {
      path: '/forgotpassword/:id/verify/:token',
      at: `/forgotpassword/${USER_ID}/verify/${TOKEN}`,
    });
    expect(await screen.findByText('Click the below button to reset Your password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset Password' })).toHaveAttribute(
      'href',
      `/resetPassword?id=${USER_ID}&token=${TOKEN}`,
    );
  });

  it('toasts the server message and shows error when the link is bad', async () => {
    mockApi({
      [`GET /api/admin/auth/reset/${USER_ID}/${TOKEN}`]: { status: 400, body: { message: 'This link has expired' } },
    });
    renderRoute(<VerifyAt area="admin" />, {
      path: '/admin/forgotpassword/:id/verify/:token',
      at: `/admin/forgotpassword/${USER_ID}/verify/${TOKEN}`,
    });
    expect(await screen.findByRole('heading', { name: 'error' })).toBeInTheDocument();
    expect(screen.getAllByText('This link has expired').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/admin/forgotpassword');
    expect(screen.queryByRole('link', { name: 'Reset Password' })).not.toBeInTheDocument();
  });
});

describe('ResetPasswordForm', () => {
  it('asks for the mailed link when the id or token is missing', () => {
    mockApi({});
    renderRoute(<ResetPasswordForm area="guest" />, { path: '/resetPassword' });
    expect(screen.getByText('Open the reset link from your email to choose a new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('validates like sign-up, then sends the id and token and goes to /login', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': { body: { message: 'Your password has been reset' } } });
    renderRoute(<ResetPasswordForm area="guest" />, {
      path: '/resetPassword',
      at: `/resetPassword?id=${USER_ID}&token=${TOKEN}`,
    });
    const user = userEvent.setup();
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    const confirm = screen.getByLabelText(/^Confirm Password/, { selector: 'input' });
    await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'guest@staybook.in');
    await user.type(password, 'NewPass123');
    await user.type(confirm, 'NewPass124');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(confirm).toHaveAccessibleDescription(textRe(MSG.passwordsMismatch));
    await waitFor(() => expect(screen.getAllByText(MSG.passwordsMismatch)).toHaveLength(2));
    expect(api.calls).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'NewPass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByText('Your password has been reset')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      userId: USER_ID,
      token: TOKEN,
      email: 'guest@staybook.in',
      password: 'NewPass123',
      confirmPassword: 'NewPass123',
    });
  });
});
