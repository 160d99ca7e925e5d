import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi, type MockRequest } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import PlatformMonthScreen from './platform-month';

const month = {
  month: '2026-11',
  tcs: [{ gstin: '29AAGCB7383J1Z4', ownerName: 'Lake View Hospitality', taxable: 1_00_000, cgst: 250, sgst: 250, igst: 0 }],
  supplies95: [{ stateCode: '29', ratePercent: 5, taxable: 1_00_000, cgst: 2500, sgst: 2500 }],
  fees: { invoices: 1, taxable: 15_000, gst: 2700 },
  tds: { amount: 1_00_000, withheld: 100 },
  payouts: { processed: { count: 0, amount: 0 }, pending: { count: 0, amount: 0 }, failed: [] },
  settlements: { count: 1, net: 76_800, payable: 76_800 },
};
/** 45 stays, named 'Stay 01'…, owned by two owners; the API's filter and paging, as the route does them. */
const STAYS = Array.from({ length: 45 }, (_, i) => ({
  stayId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  stayName: `Stay ${String(i + 1).padStart(2, '0')}`,
  ownerName: i % 2 ? 'Meera Iyer' : 'Omkar Rao',
  feeBp: 1500,
  custom: false,
}));
function fees(req: MockRequest) {
  const q = (req.url.searchParams.get('q') ?? '').toLowerCase();
  const page = Number(req.url.searchParams.get('page') ?? 1);
  const size = Number(req.url.searchParams.get('pageSize') ?? 20);
  const hits = STAYS.filter((s) => `${s.stayName} ${s.ownerName}`.toLowerCase().includes(q));
  return { body: { defaultBp: 1500, total: hits.length, stays: hits.slice((page - 1) * size, page * size) } };
}

function open(extra: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('adminLoginToken', fakeToken());
  const api = mockApi({ 'GET /api/admin/platform/month': { body: month }, 'GET /api/admin/platform/fees': fees, ...extra });
  renderRoute(<PlatformMonthScreen />, { path: '/admin/platform-month' });
  return { api, user: userEvent.setup() };
}

describe('/admin/platform-month', () => {
  it('“Settle and pay now” asks first, says what it will do (failed payouts due tried again), and runs only when confirmed', async () => {
    const { api, user } = open({
      'POST /api/admin/platform/settlements/run': { body: { settlements: 2, feeInvoices: 1, payouts: 3, retried: 1 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Settle and pay now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Settle and pay now?' });
    expect(within(dialog).getByText(/failed payouts whose next try has come/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/admin/platform/settlements/run')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Settle and pay now' }));
    dialog = await screen.findByRole('dialog', { name: 'Settle and pay now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Settle and pay' }));
    expect(await screen.findByText('2 settlements made, 3 payouts asked for (1 failed payout tried again)')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/platform/settlements/run')).toHaveLength(1);
  });

  it('the fee per stay is paged and searched by stay or owner name', async () => {
    const { api, user } = open();
    const section = await screen.findByRole('region', { name: 'Fee per stay' });
    expect(await within(section).findByText('Stay 01')).toBeInTheDocument();
    expect(within(section).queryByText('Stay 21')).not.toBeInTheDocument();
    expect(within(section).getByText(/45 stays/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '2' }));
    expect(await within(section).findByText('Stay 21')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/platform/fees').at(-1)?.url.searchParams.get('page')).toBe('2');

    await user.type(within(section).getByRole('searchbox', { name: 'Search by stay or owner' }), 'meera');
    await waitFor(() => expect(api.callsTo('GET /api/admin/platform/fees').at(-1)?.url.searchParams.get('q')).toBe('meera'));
    expect(api.callsTo('GET /api/admin/platform/fees').at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(await within(section).findByText(/22 stays/)).toBeInTheDocument();
    expect(within(section).queryByText('Stay 01')).not.toBeInTheDocument();
    expect(within(section).getByText('Stay 02')).toBeInTheDocument();
  });

  it('its GSTR-8 and s.9(5) tables scroll in focusable, named regions', async () => {
    open();
    for (const name of [
      'TCS per supplier GSTIN (GSTR-8), scrolls sideways',
      'Supplies taxed on StayBook (s.9(5)), scrolls sideways',
    ])
      expect(await screen.findByRole('region', { name })).toHaveAttribute('tabindex', '0');
  });
});
