import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { RequirePlatform } from './require-platform';

const usersPage = [{ path: '/admin/allusers', element: <h1>All Users</h1> }];
const me = (isPlatform: boolean) => ({ body: { ...GUEST, isAdmin: true, isPlatform } });

describe('RequirePlatform (the platform screens, ADR 023)', () => {
  it('shows the screen to the platform', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/me': me(true) });
    renderRoute(<RequirePlatform />, { children: usersPage, at: '/admin/allusers' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument();
  });

  it('shows a stay owner the not-allowed page with the way back to the dashboard', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/me': me(false) });
    renderRoute(<RequirePlatform />, { children: usersPage, at: '/admin/allusers' });
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'All Users' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('offers a retry when the role can not be read', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/me': { status: 500, body: { message: 'Down for a moment' } } });
    renderRoute(<RequirePlatform />, { children: usersPage, at: '/admin/allusers' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Down for a moment');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
