import type { StaffMemberDto } from '@repo/shared/schemas/staff';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { aStay } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { AcceptInvite } from './accept-invite';
import { StaffManager } from './staff-manager';

const LAKE = aStay({ id: '00000000-0000-4000-8000-000000000002', name: 'Lake View' });
const HILL = aStay({ id: '00000000-0000-4000-8000-000000000003', name: 'Hill Lodge' });
const member: StaffMemberDto = {
  id: '00000000-0000-4000-8000-000000000701',
  email: 'devi@example.com',
  name: 'Devi Rao',
  role: 'frontDesk',
  stays: [{ id: LAKE.id, name: 'Lake View' }],
  status: 'active',
  invitedAt: '2026-11-20T05:00:00.000Z',
  acceptedAt: '2026-11-20T06:00:00.000Z',
  inviteExpiresAt: null,
};
const INVITE = '00000000-0000-4000-8000-000000000801';
const TOKEN = 'a'.repeat(43);

describe('the Staff page (ADR 066)', () => {
  it('lists members with role, stays and status, and invites with the role and stays chosen', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/stays': { body: { stays: [LAKE, HILL] } },
      'GET /api/admin/staff': { body: { members: [member] } },
      'GET /api/admin/staff/actions': { body: { actions: [] } },
      'POST /api/admin/staff': { status: 201, body: { member, message: 'Invitation sent' } },
    });
    renderRoute(<StaffManager />, { path: '/admin/staff', at: '/admin/staff' });
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Devi Rao/ });
    expect(row).toHaveTextContent('Front desk');
    expect(row).toHaveTextContent('Lake View');
    expect(row).toHaveTextContent('Active');

    const user = userEvent.setup();
    const form = screen.getByRole('region', { name: 'Invite a member' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Email is required')).toBeVisible();
    expect(within(form).getByText('Choose at least one stay')).toBeVisible();
    expect(api.callsTo('POST /api/admin/staff')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Email'), 'new@example.com');
    await user.click(within(form).getByRole('radio', { name: 'Manager' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Hill Lodge' }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/staff')).toHaveLength(1));
    expect(api.callsTo('POST /api/admin/staff')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'manager',
      stayIds: [HILL.id],
    });
  });
});

describe('the invitation page', () => {
  it('asks an existing account only its password', async () => {
    mockApi({
      [`GET /api/staff-invites/${INVITE}/${TOKEN}`]: {
        body: { email: 'devi@example.com', ownerName: 'Omana Pillai', role: 'manager', stays: ['Lake View'], hasAccount: true },
      },
    });
    renderRoute(<AcceptInvite id={INVITE} token={TOKEN} />);
    expect(await screen.findByText('Omana Pillai invites you as manager at Lake View.')).toBeVisible();
    expect(screen.getByText(/You have a StayBook account with devi@example.com/)).toBeVisible();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('shows a used or expired link as not valid', async () => {
    mockApi({
      [`GET /api/staff-invites/${INVITE}/${TOKEN}`]: {
        status: 400,
        body: { message: 'This invitation link is not valid, used or expired: ask the owner for a new one' },
      },
    });
    renderRoute(<AcceptInvite id={INVITE} token={TOKEN} />);
    expect(await screen.findByText(/not valid, used or expired/)).toBeVisible();
  });
});
