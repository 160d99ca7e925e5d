import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { WISHLIST_COPY } from '../copy';
import { WishlistHeart } from './wishlist-heart';

const STAY = '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c11';
const OTHER = '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c12';
const c = WISHLIST_COPY.heart;

/** A reply that waits until `release()` is called, to look at the page while a request is on its way. */
function held<T>(value: T) {
  let release = () => {};
  const reply = new Promise<T>((resolve) => {
    release = () => resolve(value);
  });
  return { reply: () => reply, release: () => release() };
}

const renderHeart = () => renderRoute(<WishlistHeart stayId={STAY} stayName="Sea Breeze" />);

describe('WishlistHeart', () => {
  beforeEach(() => localStorage.setItem('loginToken', fakeToken()));

  it('is a toggle named after the stay, pressed when the stay is saved', async () => {
    mockApi({ 'GET /api/me/wishlist/ids': { body: { stayIds: [OTHER, STAY] } } });
    renderHeart();
    const heart = await screen.findByRole('button', { name: c.save('Sea Breeze') });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
  });

  it('fills at once on a click, before the server answers, and saves the stay', async () => {
    const put = held({ body: { stayId: STAY, saved: true } });
    let saved: string[] = [];
    const api = mockApi({
      'GET /api/me/wishlist/ids': () => ({ body: { stayIds: saved } }),
      [`PUT /api/me/wishlist/${STAY}`]: async () => {
        const reply = await put.reply();
        saved = [STAY];
        return reply;
      },
    });
    renderHeart();
    const heart = await screen.findByRole('button', { name: c.save('Sea Breeze'), pressed: false });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo(`PUT /api/me/wishlist/${STAY}`)).toHaveLength(1);
    put.release();
    await waitFor(() => expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(2));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('empties at once on a second click and removes the stay', async () => {
    const del = held({ body: { stayId: STAY, saved: false } });
    let saved = [STAY];
    const api = mockApi({
      'GET /api/me/wishlist/ids': () => ({ body: { stayIds: saved } }),
      [`DELETE /api/me/wishlist/${STAY}`]: async () => {
        const reply = await del.reply();
        saved = [];
        return reply;
      },
    });
    renderHeart();
    const heart = await screen.findByRole('button', { name: c.save('Sea Breeze'), pressed: true });
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo(`DELETE /api/me/wishlist/${STAY}`)).toHaveLength(1);
    del.release();
    await waitFor(() => expect(api.callsTo('GET /api/me/wishlist/ids')).toHaveLength(2));
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('goes back and says so in a toast when saving fails', async () => {
    mockApi({
      'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
      [`PUT /api/me/wishlist/${STAY}`]: { status: 404, body: { message: 'This stay does not exist' } },
    });
    renderHeart();
    const heart = await screen.findByRole('button', { name: c.save('Sea Breeze') });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByText(c.saveFailed('Sea Breeze'))).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('goes back and says so in a toast when removing fails', async () => {
    mockApi({
      'GET /api/me/wishlist/ids': { body: { stayIds: [STAY] } },
      [`DELETE /api/me/wishlist/${STAY}`]: { status: 503, body: { message: 'Down for a moment' } },
    });
    renderHeart();
    const heart = await screen.findByRole('button', { name: c.save('Sea Breeze'), pressed: true });
    await userEvent.click(heart);
    expect(await screen.findByText(c.removeFailed('Sea Breeze'))).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });
});
