import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';
import { LoginForm } from './login-form';

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), email);
  if (password) await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('shows the required messages under the fields', async () => {
    const api = mockApi({});
    renderRoute(<LoginForm area="guest" />, { path: '/login' });
    await submit('', '');
    // the shared rules load with the first validation
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/, { selector: 'input' })).toHaveAccessibleDescription(textRe(MSG.emailRequired)),
    );
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveAccessibleDescription(textRe(MSG.passwordRequired));
    expect(api.calls).toHaveLength(0);
  });

  it('stores the guest token under loginToken and goes to /', async () => {
    const api = mockApi({ 'POST /api/auth/login': { body: { loginToken: 'guest.token.value' } } });
    renderRoute(<LoginForm area="guest" />, { path: '/login' });
    await submit('Guest@StayBook.in', 'Guest@12345');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(localStorage.getItem('loginToken')).toBe('guest.token.value');
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({ email: 'guest@staybook.in', password: 'Guest@12345' });
  });

  it('stores the admin token under adminLoginToken and goes to the dashboard', async () => {
    mockApi({ 'POST /api/admin/auth/login': { body: { adminLoginToken: 'admin.token.value' } } });
    renderRoute(<LoginForm area="admin" />, { path: '/admin' });
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    await submit('admin@staybook.in', 'Admin@12345');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(localStorage.getItem('adminLoginToken')).toBe('admin.token.value');
    expect(localStorage.getItem('loginToken')).toBeNull();
  });

  it('toasts the server message on a failed login and stays on the page', async () => {
    mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    renderRoute(<LoginForm area="guest" />, { path: '/login' });
    await submit('guest@staybook.in', 'wrongpass1');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem('loginToken')).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('says why when given a notice, and goes where it was asked after logging in', async () => {
    mockApi({ 'POST /api/auth/login': { body: { loginToken: 'guest.token.value' } } });
    renderRoute(<LoginForm area="guest" notice="Log in to see stays for your search" afterLogin="/?city=goa" />, {
      path: '/login',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Log in to see stays for your search');
    await submit('guest@staybook.in', 'Guest@12345');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/\?city=goa$/));
  });

  it('shows no notice on a plain visit', () => {
    mockApi({});
    renderRoute(<LoginForm area="guest" />, { path: '/login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
