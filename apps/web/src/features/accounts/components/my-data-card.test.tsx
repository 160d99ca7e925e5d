import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireGuest } from '@/lib/auth';
import { fakeToken } from '@/testing/fake-token';
import { type MockHandler, mockApi as mockAnyApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { MyDataCard } from './my-data-card';

const DELETED = 'Your account has been deleted. Records the law requires us to keep no longer name your email or mobile';

const UPCOMING =
  'You have 1 upcoming or running booking. Cancel it from My Orders, or wait until the stay is over, then delete your account';

/** The card's requests: whether the account can be deleted now (yes unless told), and what the test adds. */
const mockApi = (handlers: Record<string, MockHandler>) =>
  mockAnyApi({ 'GET /api/me/deletion': { body: { allowed: true, reason: null } }, ...handlers });

/** The card on a guest page, behind the guest guard as in the app. */
function renderCard() {
  localStorage.setItem('loginToken', fakeToken());
  renderRoute(<RequireGuest />, { children: [{ path: '/myProfile', element: <MyDataCard /> }], at: '/myProfile' });
  return userEvent.setup();
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('My Profile: your data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads a copy of my data as a JSON file', async () => {
    const api = mockApi({ 'GET /api/me/export': { body: { profile: { email: 'guest@staybook.in' } } } });
    const createObjectURL = vi.fn(() => 'blob:my-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data was downloaded as a JSON file')).toBeInTheDocument();
    expect(api.callsTo('GET /api/me/export')[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('asks for the password before deleting, and Cancel deletes nothing', async () => {
    const api = mockApi({});
    const user = renderCard();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/can not be undone/)).toBeInTheDocument();
    expect(within(dialog).getByText(/shown as by a Former guest/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/me')).toHaveLength(0);
  });

  it('shows a wrong password under the field', async () => {
    mockApi({
      'DELETE /api/me': {
        status: 400,
        body: { message: 'This password is not correct', fieldErrors: { password: 'This password is not correct' } },
      },
    });
    const user = renderCard();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Wrong@123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('This password is not correct')).toBeInTheDocument();
    expect(localStorage.getItem('loginToken')).not.toBeNull();
  });

  it('says on the card why it can not delete now, before any password, with the button disabled', async () => {
    const api = mockApi({ 'GET /api/me/deletion': { body: { allowed: false, reason: UPCOMING } } });
    renderCard();
    const note = await screen.findByTestId('account-deletion-blocked');
    expect(note).toHaveTextContent('Your account can not be deleted now');
    expect(note).toHaveTextContent(UPCOMING);
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(expect.stringContaining('Cancel it from My Orders'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/me')).toHaveLength(0);
  });

  it('says in the dialog why it can not delete yet (a stay booked meanwhile)', async () => {
    const message = UPCOMING;
    mockApi({ 'DELETE /api/me': { status: 409, body: { message, code: 'HAS_UPCOMING_BOOKINGS' } } });
    const user = renderCard();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Secret@123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Your account can not be deleted yet');
    expect(alert).toHaveTextContent(message);
    expect(localStorage.getItem('loginToken')).not.toBeNull();
  });

  it('deletes with the password, says so and signs out (the guest page goes away)', async () => {
    const api = mockApi({ 'DELETE /api/me': { body: { message: DELETED } } });
    const user = renderCard();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/^Password/), 'Secret@123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(DELETED)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/me')[0]?.body).toEqual({ password: 'Secret@123' });
    expect(localStorage.getItem('loginToken')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your data' })).not.toBeInTheDocument());
  });
});
