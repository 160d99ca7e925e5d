import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import AddRoomScreen from './add-room';

const STAY = '00000000-0000-4000-8000-000000000002';

describe('/admin/addRoom/:id', () => {
  it("says what a price leaves the stay by the stay's own terms of sale", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      // The owner (not staff: their forms ask for no fees, ADR 066).
      'GET /api/admin/me': { body: { ...GUEST, isAdmin: true, isPlatform: false, staff: null } },
      [`GET /api/admin/payouts/stays/${STAY}/terms`]: {
        body: { byPlatform: true, feeBp: 1200, feeGstBp: 1800, tcsBp: 0, tdsBp: 10, tdsSection: 's.393(1) S.No. 8(v)' },
      },
    });
    renderRoute(<AddRoomScreen />, { path: '/admin/addRoom/:id', at: `/admin/addRoom/${STAY}` });
    await waitFor(() => expect(api.callsTo(`GET /api/admin/payouts/stays/${STAY}/terms`)).toHaveLength(1));
    const price = screen.getByLabelText(/^Price/);
    await userEvent.type(price, '4500');
    // 12 % of ₹4,285.72 is ₹514.29, with ₹92.58 GST on it; TDS 0.1 %: ₹4.29.
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        'Guest pays ₹4,500 · GST ₹214.28 (5%) · StayBook fee 12% ₹514.29 + GST ₹92.58 · Stay receives ₹3,674.56 · TDS ₹4.29 withheld, credited to you',
      ),
    );
  });
});
