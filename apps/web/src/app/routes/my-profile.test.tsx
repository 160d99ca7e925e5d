import { MSG } from '@repo/shared/constants/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';
import MyProfileScreen from './my-profile';

const ME = GUEST;

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
