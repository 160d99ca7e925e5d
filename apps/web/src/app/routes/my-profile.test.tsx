import { BILLING_MSG, MSG } from '@repo/shared/constants/messages';
import type { ProfileDto } from '@repo/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { type MockHandler, mockApi as mockAnyApi } from '@/testing/mock-api';

/** The page's requests: the test's, and whether the account can be deleted now (the data card asks). */
const mockApi = (handlers: Record<string, MockHandler>) =>
  mockAnyApi({ 'GET /api/me/deletion': { body: { allowed: true, reason: null } }, ...handlers });
import { renderRoute, textRe } from '@/testing/render';
import MyProfileScreen from './my-profile';

const ME: ProfileDto = {
  ...GUEST,
  billingAddress: '12, 80 Feet Road, Indiranagar, Bengaluru',
  billingPin: '560038',
  billingState: '29',
};

function signIn() {
  localStorage.setItem('loginToken', fakeToken({ id: ME.id }));
}

/** Renders My Profile and opens its edit dialog. */
async function openEditDialog() {
  renderRoute(<MyProfileScreen />, { path: '/myProfile' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit profile' }) };
}

describe('My Profile', () => {
  it('shows the personal details', async () => {
    signIn();
    mockApi({ 'GET /api/me': { body: ME } });
    renderRoute(<MyProfileScreen />, { path: '/myProfile' });
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rahul Sharma' })).toBeInTheDocument();
    expect(screen.getByText('guest@staybook.in')).toBeInTheDocument();
    expect(screen.getByText('9123456780')).toBeInTheDocument();
    expect(screen.getByText('05/01/2026')).toBeInTheDocument();
    expect(screen.getByText('12, 80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038')).toBeInTheDocument();
  });

  it('says when no billing address is on record yet', async () => {
    signIn();
    mockApi({ 'GET /api/me': { body: { ...ME, billingAddress: null, billingPin: null, billingState: null } } });
    renderRoute(<MyProfileScreen />, { path: '/myProfile' });
    expect(await screen.findByText(/Not added yet/)).toBeInTheDocument();
  });

  it('edits the billing address below the personal details: PIN code and state checked by the shared schema', async () => {
    signIn();
    const api = mockApi({
      'GET /api/me': { body: { ...ME, billingAddress: null, billingPin: null, billingState: null } },
      'PATCH /api/me': (req) => ({
        body: { user: { ...ME, ...(req.body as object) }, message: 'Profile updated successfully' },
      }),
    });
    const { user, dialog } = await openEditDialog();
    const billing = within(dialog).getByRole('region', { name: 'Billing address' });
    const pin = within(billing).getByLabelText('PIN code');
    await user.type(within(billing).getByLabelText('Address'), '7 Marine Drive, Kochi');
    await user.type(pin, '012345');
    await user.selectOptions(within(billing).getByLabelText('State'), 'Kerala');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(pin).toHaveAccessibleDescription(textRe(BILLING_MSG.pinInvalid));
    expect(api.callsTo('PATCH /api/me')).toHaveLength(0);

    await user.clear(pin);
    await user.type(pin, '682031');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH /api/me')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me')[0]?.body).toEqual({
      billingAddress: '7 Marine Drive, Kochi',
      billingPin: '682031',
      billingState: '32',
    });
    expect(await screen.findByText('7 Marine Drive, Kochi, Kerala 682031')).toBeInTheDocument();
  });

  it('shows an error with a retry when the profile cannot load', async () => {
    signIn();
    mockApi({ 'GET /api/me': { status: 503, body: { message: 'Service unavailable' } } });
    renderRoute(<MyProfileScreen />, { path: '/myProfile' });
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends only the non-blank fields and shows the updated details', async () => {
    signIn();
    const api = mockApi({
      'GET /api/me': { body: ME },
      'PATCH /api/me': (req) => ({
        body: { user: { ...ME, ...(req.body as object) }, message: 'Profile updated successfully' },
      }),
    });
    const { user, dialog } = await openEditDialog();
    expect(within(dialog).getByLabelText('First Name')).toHaveAttribute('placeholder', 'Rahul');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Verma');
    await user.type(within(dialog).getByLabelText('Mobile'), '9000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PATCH /api/me')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/me')[0]?.body).toEqual({ lastName: 'Verma', mobile: '9000000001' });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Rahul Verma' })).toBeInTheDocument();
    expect(screen.getByText('9000000001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the shared messages under the dialog fields and sends nothing', async () => {
    signIn();
    const api = mockApi({ 'GET /api/me': { body: ME } });
    const { user, dialog } = await openEditDialog();
    await user.type(within(dialog).getByLabelText('First Name'), 'Al');
    await user.type(within(dialog).getByLabelText('Mobile'), '12345');
    await user.type(within(dialog).getByLabelText('Email'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(within(dialog).getByLabelText('First Name')).toHaveAccessibleDescription(textRe(MSG.firstNameTooShort));
    expect(within(dialog).getByLabelText('Mobile')).toHaveAccessibleDescription(textRe(MSG.mobileInvalid));
    expect(within(dialog).getByLabelText('Email')).toHaveAccessibleDescription(textRe(MSG.emailInvalid));
    expect(api.callsTo('PATCH /api/me')).toHaveLength(0);
  });

  it('sends nothing when every field is left blank', async () => {
    signIn();
    const api = mockApi({ 'GET /api/me': { body: ME } });
    const { user, dialog } = await openEditDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing to update: all fields were left blank')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/me')).toHaveLength(0);
  });
});
