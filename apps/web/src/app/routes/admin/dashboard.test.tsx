import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GUEST } from '@/testing/fixtures';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import DashboardScreen from './dashboard';

const answers = (isPlatform: boolean) => ({
  'GET /api/admin/me': { body: { ...GUEST, isAdmin: true, isPlatform } },
  'GET /api/admin/stays/types': { body: { types: [] } },
  'GET /api/admin/channel-conflicts': { body: { conflicts: [] } },
  'GET /api/admin/figures/month': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
});

describe('/admin/dashboard', () => {
  it('tells a stay owner they manage their stays and rooms; only the platform also manages users', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi(answers(false));
    const { unmount } = renderRoute(<DashboardScreen />, { path: '/admin/dashboard', at: '/admin/dashboard' });
    expect(await screen.findByText('Manage your stays and rooms')).toBeInTheDocument();
    expect(screen.queryByText(/users/i)).not.toBeInTheDocument();
    unmount();

    mockApi(answers(true));
    renderRoute(<DashboardScreen />, { path: '/admin/dashboard', at: '/admin/dashboard' });
    expect(await screen.findByText('Manage your stays, rooms and users')).toBeInTheDocument();
  });
});
