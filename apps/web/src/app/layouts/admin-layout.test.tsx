import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { AdminLayout } from './admin-layout';

const pages = [
  { path: '/admin', element: <h1>Admin login page</h1> },
  { path: '/admin/dashboard', element: <h1>Dashboard page</h1> },
];
const header = () => screen.getByRole('banner');
/** GET /api/admin/me as the platform's admin (isPlatform) or a stay owner. */
const adminMe = (isPlatform: boolean) => ({
  'GET /api/admin/me': { body: { ...GUEST, isAdmin: true, isPlatform } },
});

describe('AdminLayout navbar', () => {
  it('shows Login and Sign Up when signed out; the brand goes to /admin', () => {
    mockApi({});
    renderRoute(<AdminLayout />, { children: pages, at: '/admin' });
    expect(within(header()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin');
    expect(within(header()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/admin/register');
    expect(within(header()).getByRole('link', { name: 'StayBook Admin' })).toHaveAttribute('href', '/admin');
    expect(within(header()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows the admin links and Logout when signed in; the brand goes to the dashboard', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi(adminMe(true));
    renderRoute(<AdminLayout />, { children: pages, at: '/admin/dashboard' });
    const nav = within(header());
    expect(nav.getByRole('link', { name: 'StayBook Admin' })).toHaveAttribute('href', '/admin/dashboard');
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    // The owner's links once the admin is known (a staff member never glimpses them).
    expect(await nav.findByRole('link', { name: 'Reservations' })).toHaveAttribute('href', '/admin/reservations');
    expect(nav.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/admin/documents');
    expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/staff');
    expect(await nav.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/allusers');
    expect(nav.getByRole('link', { name: 'Add Stay' })).toHaveAttribute('href', '/admin/addStay');
    expect(nav.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/admin/myProfile');
    expect(nav.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('logs the admin out: clears all browser storage and goes to /admin', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    localStorage.setItem('loginToken', fakeToken());
    sessionStorage.setItem('something', '1');
    const api = mockApi({ ...adminMe(true), 'POST /api/admin/auth/logout': { status: 204 } });
    renderRoute(<AdminLayout />, { children: pages, at: '/admin/dashboard' });
    await userEvent.setup().click(within(header()).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Admin login page' })).toBeInTheDocument());
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(api.callsTo('POST /api/admin/auth/logout')).toHaveLength(1);
    expect(await screen.findByText('Logged Out Successfully')).toBeInTheDocument();
  });

  it('opens the burger menu with the same links', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi(adminMe(true));
    renderRoute(<AdminLayout />, { children: pages, at: '/admin/dashboard' });
    const burger = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(burger);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/allusers');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("a stay owner's navbar has no Users link (the platform's screen)", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi(adminMe(false));
    renderRoute(<AdminLayout />, { children: pages, at: '/admin/dashboard' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/me')).toHaveLength(1));
    const nav = within(header());
    expect(await nav.findByRole('link', { name: 'Reservations' })).toBeInTheDocument();
    await waitFor(() => expect(nav.getByRole('link', { name: 'My Profile' })).toBeInTheDocument());
    expect(nav.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it("a front-desk staff member's navbar has their links only: no money, staff or stays to add (ADR 066)", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/me': {
        body: { ...GUEST, isAdmin: false, isPlatform: false, staff: { role: 'frontDesk', ownerName: 'Omana', stays: [] } },
      },
    });
    renderRoute(<AdminLayout />, { children: pages, at: '/admin/dashboard' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/me')).toHaveLength(1));
    const nav = within(header());
    expect(await nav.findByRole('link', { name: 'Reservations' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
    for (const name of ['Documents', 'Payouts', 'Complaints', 'Staff', 'Add Stay', 'Users', 'Payments'])
      expect(nav.queryByRole('link', { name }), name).not.toBeInTheDocument();
  });
});
