import type { PayoutDto, SettlementDetailDto } from '@repo/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import SettlementScreen from './settlement';

const ID = '3b0b7c3e-7f3f-4a51-9d0e-2c6a0f4f5a11';
const figures = { gross: 1_05_000, gst: 5000, taxable: 1_00_000, fee: 15_000, feeGst: 2700, tcs: 500, tds: 5000, net: 76_800 };
const payout = (over: Partial<PayoutDto>): PayoutDto => ({
  id: '9a1f1f3e-7f3f-4a51-9d0e-2c6a0f4f5a22',
  status: 'processed',
  amount: 76_800,
  attempt: 1,
  account: 'HDFC0001234 · XXXXXX6789',
  failureReason: null,
  createdAt: '2026-11-02T03:00:00.000Z',
  settledAt: '2026-11-02T05:30:00.000Z',
  retryAt: null,
  utr: '482913570246',
  ...over,
});
const statement = (over: Partial<SettlementDetailDto>): SettlementDetailDto => ({
  id: ID,
  ownerId: '5c0b7c3e-7f3f-4a51-9d0e-2c6a0f4f5a33',
  ownerName: 'Lake View Hospitality',
  periodStart: '2026-10-26',
  periodEnd: '2026-11-01',
  opening: 0,
  totals: figures,
  closing: 76_800,
  payable: 76_800,
  carried: 0,
  lineCount: 1,
  pan: 'AAGCB7383J',
  createdAt: '2026-11-02T02:00:00.000Z',
  payouts: [],
  lines: [
    {
      ...figures,
      bookingId: '7d0b7c3e-7f3f-4a51-9d0e-2c6a0f4f5a44',
      stayName: 'Lake View Residency',
      checkIn: '2026-10-28',
      checkOut: '2026-10-29',
      kind: 'booking',
      byPlatform: false,
      invoiceNumber: 'LVR/26-27/0001',
      tdsBp: 500,
      tdsSection: 's.393(1) S.No. 8(v) with s.397(2)',
    },
  ],
  compensations: [],
  collectedAtStay: [],
  ...over,
});

function open(detail: SettlementDetailDto) {
  localStorage.setItem('adminLoginToken', fakeToken());
  mockApi({ [`GET /api/admin/payouts/settlements/${ID}`]: { body: detail } });
  renderRoute(<SettlementScreen />, { path: '/admin/payouts/:id', at: `/admin/payouts/${ID}` });
}

describe('/admin/payouts/:id, the settlement statement', () => {
  it('says what is payable while the payout is processing', async () => {
    open(statement({ payouts: [payout({ status: 'requested', settledAt: null, utr: null })] }));
    expect(await screen.findByText(/^Payable to you:/)).toBeInTheDocument();
    expect(screen.queryByText(/^Paid on/)).not.toBeInTheDocument();
  });

  it('a paid settlement reads “Paid on <date>” with its UTR', async () => {
    open(statement({ payouts: [payout({})] }));
    expect(await screen.findByText(/^Paid on 02\/11\/2026:/)).toBeInTheDocument();
    expect(screen.queryByText(/^Payable to you/)).not.toBeInTheDocument();
    expect(screen.getByText('Bank reference (UTR) 482913570246')).toBeInTheDocument();
  });

  it('a settlement made before the owner gave a PAN warns that TDS was at the rate without one', async () => {
    open(statement({ pan: null }));
    expect(
      await screen.findByText(/made before you gave your PAN, so TDS was withheld at the rate without a PAN \(5 %\)/),
    ).toBeInTheDocument();
  });

  it('with a PAN there is no such warning', async () => {
    open(statement({}));
    expect(await screen.findByText(/^Payable to you:/)).toBeInTheDocument();
    expect(screen.queryByText(/before you gave your PAN/)).not.toBeInTheDocument();
  });

  it('offers the statement’s CSV and PDF on the page, and its wide table scrolls in a focusable, named region', async () => {
    open(statement({}));
    const files = await screen.findByRole('group', { name: 'Statement files' });
    expect(within(files).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(within(files).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Lines, scrolls sideways' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('columnheader', { name: 'Net' })).toBeInTheDocument();
    // A phone's cards: each line and the total with every figure, the net among them.
    const total = screen.getByRole('article', { name: 'Total' });
    expect(within(total).getByText('Net')).toBeInTheDocument();
  });
});
