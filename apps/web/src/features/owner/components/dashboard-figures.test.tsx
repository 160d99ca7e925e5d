import type { FiguresDto, OwnerFiguresPage } from '@repo/shared/schemas/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { DashboardFigures } from './dashboard-figures';

const stayId = (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`;
const figures = (n: number, name: string): OwnerFiguresPage['stays'][number] & FiguresDto => ({
  stayId: stayId(n),
  name,
  today: '2026-12-01',
  last30: { from: '2026-11-01', to: '2026-12-01', soldNights: 30, sellableNights: 120, occupancy: 25, revenue: 9_000_000 },
  next30: { from: '2026-12-01', to: '2026-12-31', soldNights: 2, sellableNights: 120, occupancy: 1.7, revenue: 1_000_050 },
  nightly: Array.from({ length: 60 }, (_, i) => ({
    night: `2026-${i < 30 ? '11' : '12'}-${String((i % 30) + 1).padStart(2, '0')}`,
    sold: i === 40 ? 2 : 1,
    sellable: 4,
  })),
});

describe('DashboardFigures', () => {
  it("shows each stay's occupancy and revenue of both windows with its chart, from one request, and pages on", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/figures': (req) =>
        req.url.searchParams.get('page') === '2'
          ? { body: { stays: [figures(13, 'Zen Villa')], page: 2, pageSize: 12, total: 13 } }
          : {
              body: {
                stays: [
                  figures(1, 'Lake View'),
                  { ...figures(2, 'Sea Breeze'), next30: { ...figures(2, '').next30, occupancy: null, sellableNights: 0 } },
                ],
                page: 1,
                pageSize: 12,
                total: 13,
              },
            },
    });
    renderRoute(<DashboardFigures />);
    expect(screen.getByRole('status', { name: 'Loading the figures of your stays' })).toBeInTheDocument();
    const lake = await screen.findByRole('article', { name: 'Lake View' });
    expect(api.callsTo('GET /api/admin/figures')).toHaveLength(1);
    expect(within(lake).getByText('Last 30 nights').parentElement).toHaveTextContent('25% Occupancy₹90,000 Revenue');
    expect(within(lake).getByText('Next 30 nights').parentElement).toHaveTextContent('1.7% Occupancy₹10,000.50 Revenue');
    expect(within(lake).getByRole('img', { name: /Nightly occupancy, last 30 and next 30 nights/ })).toHaveAccessibleName(
      expect.stringContaining('The busiest night is 11/12/2026 at 50%.'),
    );
    expect(within(lake).getByRole('link', { name: 'Lake View' })).toHaveAttribute('href', `/admin/editStay/${stayId(1)}`);
    expect(within(lake).getByRole('link', { name: 'Occupancy calendar: Lake View' })).toHaveAttribute(
      'href',
      `/admin/calendar/${stayId(1)}`,
    );
    // Nothing sellable: no ratio.
    expect(
      within(screen.getByRole('article', { name: 'Sea Breeze' })).getByText('Next 30 nights').parentElement,
    ).toHaveTextContent('— Occupancy');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('article', { name: 'Zen Villa' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lake View' })).not.toBeInTheDocument());
    expect(api.callsTo('GET /api/admin/figures').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('says what to do when the admin has no stay yet', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({ 'GET /api/admin/figures': { body: { stays: [], page: 1, pageSize: 12, total: 0 } } });
    renderRoute(<DashboardFigures />);
    expect(await screen.findByText('Add a stay to see its occupancy and revenue here.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that loads them', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let fail = true;
    mockApi({
      'GET /api/admin/figures': () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: { stays: [figures(1, 'Lake View')], page: 1, pageSize: 12, total: 1 } },
    });
    renderRoute(<DashboardFigures />);
    expect(await screen.findByText('We could not load the figures.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Lake View' })).toBeInTheDocument();
  });
});
