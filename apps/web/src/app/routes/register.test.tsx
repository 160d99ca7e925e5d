import { API_MSG } from '@repo/shared/constants/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import LoginScreen from './login';
import RegisterScreen from './register';

const SEARCH = '/?city=goa&checkIn=2030-02-01&checkOut=2030-02-03&adults=2&children=0&rooms=1';

/** The login and sign-up screens at their paths; any other path shows the location probe. */
const renderAuth = (at: string) =>
  renderRoute(<Outlet />, {
    at,
    children: [
      { path: paths.login.path, element: <LoginScreen /> },
      { path: paths.register.path, element: <RegisterScreen /> },
    ],
  });

async function signUp() {
  const user = userEvent.setup();
  const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
  await user.type(field('First Name'), 'Priya');
  await user.type(field('Last Name'), 'Iyer');
  await user.type(field('Email'), 'priya@example.com');
  await user.type(field('Mobile'), '9876543210');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Secret123');
  await user.type(field('Confirm Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign up from the login page of a logged-out search', () => {
  it('carries the search to sign-up, back to the login page after registering, and onto the results after login', async () => {
    mockApi({
      'POST /api/auth/register': { status: 201, body: { user: {}, message: 'Registered successfully' } },
      'POST /api/auth/login': { body: { loginToken: 'guest.token.value' } },
    });
    const user = userEvent.setup();
    renderAuth(paths.login.getHref(SEARCH));
    expect(screen.getByRole('alert')).toHaveTextContent('Log in to see stays for your search');
    const signUpLink = screen.getByRole('link', { name: 'Sign Up' });
    expect(signUpLink).toHaveAttribute('href', paths.register.getHref(SEARCH));
    await user.click(signUpLink);

    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sign up, then log in to see stays for your search');
    // Changing one's mind keeps the search too.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login.getHref(SEARCH));
    await signUp();

    // The spec's next step after registration: its message, then the login page (still for the search).
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see stays for your search')).toBeInTheDocument();
    // The address just registered is filled in.
    expect(screen.getByLabelText(/^Email/, { selector: 'input' })).toHaveValue('priya@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(SEARCH));
  });

  it('without a search (or with an address that is not one) sign-up goes to the plain login page', async () => {
    mockApi({ 'POST /api/auth/register': { status: 201, body: { user: {}, message: 'Registered successfully' } } });
    const view = renderAuth(paths.login.getHref('//elsewhere.example/?city=goa'));
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    view.unmount();

    renderAuth(paths.register.getHref('https://elsewhere.example/?city=goa'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await signUp();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Log in to see stays for your search')).not.toBeInTheDocument();
  });
});

describe('Sign up: the confirmation mail', () => {
  it('says on the login page it leads to where the confirmation link went, and sends it again without logging in', async () => {
    const api = mockApi({
      'POST /api/auth/register': { status: 201, body: { user: {}, message: 'Registered successfully' } },
      'POST /api/auth/confirm-email/request': { status: 202, body: { message: API_MSG.confirmRequested } },
    });
    renderAuth(paths.register.getHref());
    await signUp();
    // The spec's toast, verbatim, then the login page with the notice.
    expect(await screen.findByText('Registered successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Check your inbox' });
    expect(notice).toHaveTextContent('We mailed a confirmation link to priya@example.com');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(API_MSG.confirmRequested)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm-email/request').map((c) => c.body)).toEqual([{ email: 'priya@example.com' }]);
    // Sending it again did not submit the login form.
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('says nothing of a link on a login page reached otherwise', async () => {
    mockApi({});
    renderAuth(paths.login.getHref());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Check your inbox' })).toBeNull();
  });
});

describe('Sign up and the privacy notice', () => {
  it('links the privacy notice before the account is made', async () => {
    mockApi({});
    renderAuth(paths.register.getHref());
    const link = await screen.findByRole('link', { name: 'Privacy notice' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(/What we keep about you, why, for how long/)).toBeInTheDocument();
  });
});
