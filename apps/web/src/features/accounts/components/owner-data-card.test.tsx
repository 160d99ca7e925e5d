import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { OwnerDataCard } from './owner-data-card';

function renderCard() {
  localStorage.setItem('adminLoginToken', fakeToken());
  renderRoute(<OwnerDataCard />, { path: '/admin/myProfile' });
  return userEvent.setup();
}

describe('Admin My Profile: your data as an owner', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('downloads the owner’s copy with the admin token, as a JSON file', async () => {
    const api = mockApi({ 'GET /api/admin/me/export': { body: { account: { email: 'owner@staybook.in' } } } });
    const createObjectURL = vi.fn(() => 'blob:owner-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = renderCard();
    expect(screen.getByRole('heading', { name: 'Your data as an owner' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download my owner data' }));
    expect(await screen.findByText('Your owner data was downloaded as a JSON file')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/me/export')).toHaveLength(1);
    expect(api.callsTo('GET /api/admin/me/export')[0]?.headers.get('authorization')).toBe(
      `Bearer ${localStorage.getItem('adminLoginToken')}`,
    );
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('says why when the copy could not be made', async () => {
    mockApi({ 'GET /api/admin/me/export': { status: 500, body: { message: 'Something went wrong on our side' } } });
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Download my owner data' }));
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
  });
});
