import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';
import { GuestLayout } from './guest-layout';

const USER_ID = GUEST.id;
const ME = GUEST;
const home = [{ path: '/', element: <h1>Home page</h1> }];
const header = () => screen.getByRole('banner');
/** Every guest page's footer names the platform, its customer care and the grievance officer (GET /api/site). */
const OFFICER = {
  name: 'Asha Menon',
  designation: 'Grievance Officer',
  email: 'grievance@staybook.in',
  phone: '+91 80 4000 0000',
};
const PLATFORM = {
  legalName: 'StayBook Marketplace Private Limited',
  address: '80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  customerCare: { phone: '1800 425 0000', email: 'care@staybook.in' },
};
const SITE_INFO = { platform: PLATFORM, grievanceOfficer: OFFICER };
const SITE = { 'GET /api/site': { body: SITE_INFO } };

describe('GuestLayout header', () => {
  it('shows Sign Up and Login to a visitor, and no account menu', () => {
    const api = mockApi({ ...SITE });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    expect(within(header()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(header()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(header()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open account menu' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'StayBook' })).toHaveAttribute('href', '/');
    // a visitor's start loads no user
    expect(api.callsTo('GET /api/me')).toHaveLength(0);
  });

  it('shows Logout and the menu to a signed-in guest and loads the current user on start', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const api = mockApi({ ...SITE, 'GET /api/me': { body: ME } });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    expect(within(header()).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(within(header()).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1));
    expect(api.callsTo('GET /api/me')[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('toggles the menu open and closed; My Orders goes to /orders/{userId} without a brace, Saved to /saved', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    mockApi({ ...SITE, 'GET /api/me': { body: ME } });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Open account menu' });

    expect(screen.queryByText('Welcome User !!!')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Welcome User !!!')).toBeVisible();
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/myProfile');
    const orders = within(screen.getByRole('dialog')).getByRole('link', { name: 'My Orders' });
    expect(orders).toHaveAttribute('href', `/orders/${USER_ID}`);
    expect(orders.getAttribute('href')).not.toContain('}');
    expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');

    await user.click(button);
    await waitFor(() => expect(screen.queryByText('Welcome User !!!')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(await screen.findByText('Welcome User !!!')).toBeVisible();
  });

  it('logs out: toasts, clears all local storage and returns to /', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    localStorage.setItem('forgotPassToken', 'x');
    const api = mockApi({ ...SITE, 'GET /api/me': { body: ME }, 'POST /api/auth/logout': { status: 204 } });
    const { router } = renderRoute(<GuestLayout />, {
      children: [...home, { path: '/myProfile', element: <h1>Profile</h1> }],
      at: '/myProfile',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.length).toBe(0);
    expect(within(header()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/logout')[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('keeps the guest signed in and shows the server message when logout fails', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    mockApi({ ...SITE, 'GET /api/me': { body: ME }, 'POST /api/auth/logout': { status: 503, body: { message: 'Try later' } } });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Try later')).toBeInTheDocument();
    expect(localStorage.getItem('loginToken')).not.toBeNull();
  });
});

describe('GuestLayout footer', () => {
  it('has the subscribe form with a tagline and validates the email with the shared messages', async () => {
    const api = mockApi({ ...SITE });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/save money and stay comfortable/i)).toBeInTheDocument();
    const user = userEvent.setup();
    // the form's code loads when the footer comes into view
    const email = await within(footer).findByRole('textbox', { name: 'Your e-mail address for deals' });

    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(email).toHaveAccessibleDescription(textRe(MSG.emailRequired));
    await user.type(email, 'nope');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));
    expect(email).toHaveAccessibleDescription(textRe(MSG.emailInvalid));
    expect(api.callsTo('POST /api/subscribers')).toHaveLength(0);
  });

  it('subscribes an email and toasts the server message', async () => {
    const api = mockApi({ ...SITE, 'POST /api/subscribers': { body: { message: 'Thanks for subscribing' } } });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    const footer = screen.getByRole('contentinfo');
    const user = userEvent.setup();
    await user.type(await within(footer).findByRole('textbox', { name: 'Your e-mail address for deals' }), ' Deals@Example.com ');
    await user.click(within(footer).getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Thanks for subscribing')).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscribers')[0]?.body).toEqual({ email: 'deals@example.com' });
    expect(within(footer).getByRole('textbox', { name: 'Your e-mail address for deals' })).toHaveValue('');
  });

  it('names the grievance officer with their designation, email and phone, and offers to try again when they could not be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/site': () => (fail ? { status: 503, body: { message: 'Down' } } : { body: SITE_INFO }),
    });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    const officer = within(screen.getByRole('contentinfo')).getByTestId('grievance-officer');
    expect(within(officer).getByRole('heading', { name: 'Grievance officer' })).toBeInTheDocument();
    const retry = await within(officer).findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await within(officer).findByText('Asha Menon')).toBeInTheDocument();
    expect(within(officer).getByRole('link', { name: OFFICER.email })).toHaveAttribute('href', `mailto:${OFFICER.email}`);
    expect(within(officer).getByRole('link', { name: OFFICER.phone })).toHaveAttribute('href', 'tel:+918040000000');
    expect(officer).toHaveTextContent('Asha Menon, Grievance Officer');
  });

  it("names the platform's legal name, address and customer care, and links the privacy notice", async () => {
    mockApi({ ...SITE });
    renderRoute(<GuestLayout />, { children: home, at: '/' });
    const footer = screen.getByRole('contentinfo');
    const care = within(footer).getByTestId('platform-contact');
    expect(within(care).getByRole('heading', { name: 'Customer care' })).toBeInTheDocument();
    expect(await within(care).findByText(PLATFORM.legalName)).toBeInTheDocument();
    expect(care).toHaveTextContent(PLATFORM.address);
    expect(within(care).getByRole('link', { name: '1800 425 0000' })).toHaveAttribute('href', 'tel:18004250000');
    expect(within(care).getByRole('link', { name: 'care@staybook.in' })).toHaveAttribute('href', 'mailto:care@staybook.in');
    expect(within(footer).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
  });
});
