import type { MonthStayDto, OwnerMonthDto } from '@repo/shared/schemas/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import type { MonthView } from '../api/month';
import { OwnerMonth } from './owner-month';

const stayId = (n: number) => `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`;
const stay = (n: number, name: string, over: Partial<MonthStayDto> = {}): MonthStayDto => ({
  stayId: stayId(n),
  name,
  city: 'mysuru',
  soldNights: 8,
  sellableNights: 60,
  occupancy: 13.3,
  revenue: 1_700_000,
  netRevenue: 1_619_048,
  adr: 212_500,
  revpar: 28_333,
  ...over,
});
const answer = (stays: MonthStayDto[], over: Partial<OwnerMonthDto> = {}): OwnerMonthDto => ({
  month: '2026-12',
  from: '2026-12-01',
  to: '2027-01-01',
  totals: {
    stays: 2,
    soldNights: 10,
    sellableNights: 91,
    occupancy: 11,
    revenue: 3_500_000,
    netRevenue: 3_144_472,
    adr: 350_000,
    revpar: 38_462,
    fee: 0,
    payable: 0,
    feeAvailable: false,
  },
  stays,
  page: 1,
  pageSize: 20,
  total: stays.length,
  ...over,
});

/** The dashboard keeps the view in the URL; here, in state. */
function Harness({ initial }: { initial?: Partial<MonthView> }) {
  const [view, setView] = useState<MonthView>({ month: '2026-12', q: '', sort: 'name', dir: 'asc', page: 1, ...initial });
  return (
    <OwnerMonth
      view={view}
      thisMonth="2026-11"
      onChange={setView}
      actions={(s) => [{ label: 'Edit', icon: IconEdit, variant: 'default', to: `/admin/editStay/${s.stayId}` }]}
    />
  );
}

describe('OwnerMonth', () => {
  it("shows the month's totals (the fee and payable as — until settled) and each stay's figures with its buttons", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/figures/month': {
        body: answer([
          stay(1, 'Alpha Lodge'),
          stay(2, 'Gamma Cottage', {
            occupancy: null,
            adr: null,
            revpar: null,
            soldNights: 0,
            sellableNights: 0,
            revenue: 0,
            netRevenue: 0,
          }),
        ]),
      },
    });
    renderRoute(<Harness />);
    expect(screen.getByRole('status', { name: 'Loading the figures of your stays' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Occupancy' })).toHaveTextContent('Occupancy11%10 of 91 room-nights sold');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Your month: December 2026');
    expect(screen.getByRole('group', { name: 'Average daily rate' })).toHaveTextContent('₹3,500');
    expect(screen.getByRole('group', { name: 'RevPAR' })).toHaveTextContent('₹384.62');
    expect(screen.getByRole('group', { name: 'Room revenue' })).toHaveTextContent('₹35,000₹31,444.72 net of GST');
    expect(screen.getByRole('group', { name: 'StayBook fee' })).toHaveTextContent('StayBook fee—Not settled yet');
    expect(screen.getByRole('group', { name: 'Payable to you' })).toHaveTextContent('Payable to you—Not settled yet');
    const table = screen.getByRole('table');
    const alpha = within(table).getByRole('row', { name: /Alpha Lodge/ });
    expect(alpha).toHaveTextContent('13.3%8 of 60 room-nights sold₹2,125₹283.33₹17,000₹16,190.48 net of GST');
    expect(within(alpha).getByRole('link', { name: 'Edit: Alpha Lodge' })).toHaveAttribute(
      'href',
      `/admin/editStay/${stayId(1)}`,
    );
    // Nothing for sale: no ratio.
    expect(within(table).getByRole('row', { name: /Gamma Cottage/ })).toHaveTextContent('—0 of 0 room-nights sold——₹0');
    expect(screen.getByText('2 stays')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/figures/month')[0]!.url.search).toBe('?month=2026-12&sort=name&dir=asc&page=1');
  });

  it('shows a few nights sold of very many as under 0.1 %, never 0 %', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      'GET /api/admin/figures/month': {
        body: answer([stay(1, 'Alpha Lodge', { soldNights: 2, sellableNights: 16_500, occupancy: 0 })], {
          totals: { ...answer([]).totals, stays: 1, soldNights: 2, sellableNights: 16_500, occupancy: 0 },
        }),
      },
    });
    renderRoute(<Harness />);
    expect(await screen.findByRole('group', { name: 'Occupancy' })).toHaveTextContent(
      'Occupancy< 0.1%2 of 16500 room-nights sold',
    );
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Alpha Lodge/ })).toHaveTextContent(
      '< 0.1%2 of 16500 room-nights sold',
    );
  });

  it('sorts by a column header (a button with aria-sort), searches by name or city and moves between months', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/figures/month': (req) => {
        const q = req.url.searchParams.get('q');
        return { body: answer(q ? [stay(2, 'Beta Residency')] : [stay(1, 'Alpha Lodge'), stay(2, 'Beta Residency')]) };
      },
    });
    renderRoute(<Harness />);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Stay' })).toHaveAttribute('aria-sort', 'ascending');
    expect(within(table).getByRole('columnheader', { name: 'Occupancy' })).toHaveAttribute('aria-sort', 'none');
    // A figure sorts highest first, then the other way.
    await userEvent.click(within(table).getByRole('button', { name: 'Occupancy' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Occupancy' })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Occupancy' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Occupancy' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    expect(
      api
        .callsTo('GET /api/admin/figures/month')
        .map((c) => `${c.url.searchParams.get('sort')} ${c.url.searchParams.get('dir')}`),
    ).toEqual(['name asc', 'occupancy desc', 'occupancy asc']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search stays' }), 'ooty');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).queryByRole('row', { name: /Alpha Lodge/ })).not.toBeInTheDocument(),
    );
    expect(api.calls.at(-1)!.url.searchParams.get('q')).toBe('ooty');
    expect(screen.getByText('1 of 2 stays match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('month')).toBe('2026-11'));
  });

  it('says when no stay matches, when there is no stay yet, and shows an error with a retry', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let reply: 'none' | 'empty' | 'fail' = 'fail';
    mockApi({
      'GET /api/admin/figures/month': () =>
        reply === 'fail'
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: answer([], reply === 'empty' ? { totals: { ...answer([]).totals, stays: 0 } } : {}) },
    });
    const { unmount } = renderRoute(<Harness initial={{ q: 'zzz' }} />);
    expect(await screen.findByText('We could not load the figures of your stays.')).toBeInTheDocument();
    reply = 'none';
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    expect(await screen.findByText('No stay matches this search')).toBeInTheDocument();
    unmount();
    reply = 'empty';
    renderRoute(<Harness />);
    expect(await screen.findByText('Add a stay to see its occupancy and revenue here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
