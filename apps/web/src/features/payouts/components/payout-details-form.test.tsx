import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { PayoutDetailsForm } from './payout-details-form';

const REFUSED = 'The UPI id does not exist or can not receive money';

describe('Payout details', () => {
  it('a UPI id the gateway refuses when it is checked is said under the UPI id, in the gateway’s words', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'PUT /api/admin/payouts/profile': {
        status: 400,
        body: { code: 'BAD_REQUEST', message: REFUSED, fieldErrors: { account: REFUSED } },
      },
    });
    renderRoute(<PayoutDetailsForm profile={null} />, { path: '/admin/payouts' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Legal name/ }), 'Demo Hospitality Private Limited');
    await user.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'Karnataka');
    await user.click(screen.getByText('UPI id', { exact: true }));
    const upi = screen.getByRole('textbox', { name: /^UPI id/ });
    await user.type(upi, 'failure@razorpay');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    await expect.poll(() => upi.getAttribute('aria-invalid')).toBe('true');
    expect(upi).toHaveAccessibleDescription(REFUSED);
    expect(api.callsTo('PUT /api/admin/payouts/profile')[0]?.body).toMatchObject({
      account: { method: 'upi', upiId: 'failure@razorpay' },
    });
  });
});
