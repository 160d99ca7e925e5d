import { screen, within } from '@testing-library/react';
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
  'GET /api/admin/form-c': { body: { reports: [], open: 0, overdue: 0, total: 0 } },
  'GET /api/admin/desk/today': {
    body: {
      today: '2026-11-29',
      stays: [
        { id: '00000000-0000-4000-8000-000000000009', name: 'Lake View', arrivals: 2, inHouse: 5, departures: 1, noShows: 0 },
      ],
    },
  },
  'GET /api/admin/figures/month': { status: 500, body: { code: 'INTERNAL', message: 'x' } },
});

describe('/admin/dashboard', () => {
  it('tells a stay owner they manage their stays and rooms; only the platform also manages users', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi(answers(false));
    const { unmount } = renderRoute(<DashboardScreen />, { path: '/admin/dashboard', at: '/admin/dashboard' });
    expect(await screen.findByText('Manage your stays and rooms')).toBeInTheDocument();
    // Today at their stays: each stay's arrivals, guests in house, departures and no-shows, opening its front desk.
    const today = await screen.findByRole('region', { name: 'Today at your stays' });
    expect(within(today).getByRole('link', { name: 'Front desk of Lake View' })).toHaveAttribute(
      'href',
      '/admin/desk/00000000-0000-4000-8000-000000000009',
    );
    expect(within(today).getByRole('listitem')).toHaveTextContent('Lake View2 arriving · 5 in house · 1 leaving · 0 no-shows');
    expect(screen.queryByText(/users/i)).not.toBeInTheDocument();
    unmount();

    mockApi(answers(true));
    renderRoute(<DashboardScreen />, { path: '/admin/dashboard', at: '/admin/dashboard' });
    expect(await screen.findByText('Manage your stays, rooms and users')).toBeInTheDocument();
  });

  it('reminds of the Form Cs not yet submitted, and says how many are past their 24 hours', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ ...answers(false), 'GET /api/admin/form-c': { body: { reports: [], open: 3, overdue: 1, total: 3 } } });
    renderRoute(<DashboardScreen />, { path: '/admin/dashboard', at: '/admin/dashboard' });
    const reminder = await screen.findByRole('region', { name: 'Form C to submit' });
    expect(reminder).toHaveTextContent('3 foreign guests to report to the Bureau of Immigration, 1 past the 24 hours.');
    expect(screen.getByRole('link', { name: 'Open Form C' })).toHaveAttribute('href', '/admin/formC');
  });
});
