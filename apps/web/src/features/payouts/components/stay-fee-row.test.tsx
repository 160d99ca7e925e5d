import { Table } from '@mantine/core';
import { MAX_FEE_PERCENT } from '@repo/shared/domain/marketplace';
import { PAYOUT_MSG } from '@repo/shared/schemas/payouts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { StayFeeRow } from './stay-fee-row';

const STAY = {
  stayId: '6f1c2f0e-4b1a-4c59-9a51-0c7f3f1d2a10',
  stayName: 'Lake View',
  ownerName: 'Omkar Rao',
  feeBp: 1500,
  custom: false,
};
const PUT = `PUT /api/admin/platform/stays/${STAY.stayId}/fee`;

function renderRow() {
  localStorage.setItem('adminLoginToken', fakeToken());
  renderRoute(
    <Table>
      <Table.Tbody>
        <StayFeeRow stay={STAY} defaultBp={1500} />
      </Table.Tbody>
    </Table>,
    { path: '/admin/platform-month' },
  );
  return userEvent.setup();
}

describe('Platform month: a stay’s fee', () => {
  it(`says as the fee is typed that it can be at most ${MAX_FEE_PERCENT} %, and does not save it`, async () => {
    const api = mockApi({});
    const user = renderRow();
    const input = screen.getByRole('textbox', { name: 'Fee % Lake View' });
    await user.clear(input);
    await user.type(input, String(MAX_FEE_PERCENT + 0.01));
    expect(await screen.findByText(PAYOUT_MSG.feeTooHigh)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(PAYOUT_MSG.feeTooHigh);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(save);
    expect(api.calls).toHaveLength(0);
  });

  it(`saves a fee of ${MAX_FEE_PERCENT} %, the highest allowed`, async () => {
    const api = mockApi({ [PUT]: { body: { feeBp: MAX_FEE_PERCENT * 100, custom: true } } });
    const user = renderRow();
    const input = screen.getByRole('textbox', { name: 'Fee % Lake View' });
    await user.clear(input);
    await user.type(input, String(MAX_FEE_PERCENT));
    expect(screen.queryByText(PAYOUT_MSG.feeTooHigh)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PUT)).toHaveLength(1));
    expect(api.callsTo(PUT)[0]?.body).toEqual({ feePercent: MAX_FEE_PERCENT });
    expect(await screen.findByText('Fee saved')).toBeInTheDocument();
  });
});
