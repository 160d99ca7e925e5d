import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import LoginScreen from './login';

const SEARCH = '/?city=goa&checkIn=2030-02-01&checkOut=2030-02-03&adults=2&children=0&rooms=1';

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Email/, { selector: 'input' }), 'guest@staybook.in');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Guest@12345');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login screen', () => {
  it('after a logged-out search, says why and lands on that search once logged in', async () => {
    mockApi({ 'POST /api/auth/login': { body: { loginToken: 'guest.token.value' } } });
    renderRoute(<LoginScreen />, { path: '/login', at: paths.login.getHref(SEARCH) });
    expect(screen.getByRole('alert')).toHaveTextContent('Log in to see stays for your search');
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(SEARCH));
  });

  it('ignores a redirect that is not a search of this site, and goes home', async () => {
    mockApi({ 'POST /api/auth/login': { body: { loginToken: 'guest.token.value' } } });
    renderRoute(<LoginScreen />, { path: '/login', at: paths.login.getHref('//elsewhere.example/?city=goa') });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await logIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});
