import type { PayoutDto, SettlementDto } from '@repo/shared/schemas/payouts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/testing/render';
import { PayoutStatus } from './payout-status';

const figures = { gross: 0, gst: 0, taxable: 0, fee: 0, feeGst: 0, tcs: 0, tds: 0, net: 50_000 };
const settlement = (payouts: PayoutDto[]): SettlementDto => ({
  id: '3b0b7c3e-7f3f-4a51-9d0e-2c6a0f4f5a11',
  ownerId: '5c0b7c3e-7f3f-4a51-9d0e-2c6a0f4f5a33',
  ownerName: 'Lake View Hospitality',
  periodStart: '2026-10-26',
  periodEnd: '2026-11-01',
  opening: 0,
  totals: figures,
  closing: 50_000,
  payable: 50_000,
  carried: 0,
  lineCount: 1,
  pan: 'AAGCB7383J',
  createdAt: '2026-11-02T02:00:00.000Z',
  payouts,
});
const base: PayoutDto = {
  id: '9a1f1f3e-7f3f-4a51-9d0e-2c6a0f4f5a22',
  status: 'processed',
  amount: 50_000,
  attempt: 1,
  account: 'ab****@okaxis',
  failureReason: null,
  createdAt: '2026-11-02T03:00:00.000Z',
  settledAt: '2026-11-02T05:30:00.000Z',
  retryAt: null,
  utr: '482913570246',
};

describe('a payout’s status', () => {
  it('paid: the day it was paid and the bank’s reference', () => {
    renderUi(<PayoutStatus settlement={settlement([base])} profileComplete />);
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('Paid on 02/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Bank reference (UTR) 482913570246')).toBeInTheDocument();
  });

  it('failed: the bank’s reason, when it was tried and when it is tried next, with the time (India)', () => {
    const failed: PayoutDto = {
      ...base,
      status: 'failed',
      utr: null,
      failureReason: 'The beneficiary bank account is closed or invalid',
      settledAt: '2026-11-02T05:30:00.000Z',
      retryAt: '2026-11-02T06:30:00.000Z',
    };
    renderUi(<PayoutStatus settlement={settlement([failed])} profileComplete />);
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('The beneficiary bank account is closed or invalid')).toBeInTheDocument();
    expect(screen.getByText('Tried 02/11/2026 11:00 · Next try 02/11/2026 12:00')).toBeInTheDocument();
  });
});
