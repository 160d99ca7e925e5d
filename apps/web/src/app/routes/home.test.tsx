import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAYS_COPY } from '@/features/stays/copy';
import { WISHLIST_COPY } from '@/features/wishlist/copy';
import { fakeToken } from '@/testing/fake-token';
import { aStay } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import HomeScreen from './home';

const liked = aStay({ name: 'Sea Breeze', featured: true, rating: 9 });
const browse = {
  'GET /api/stays/count-by-city': { body: { counts: [1, 0, 0, 1] } },
  'GET /api/stays/count-by-type': { body: { counts: [1, 0, 0, 0, 0] } },
  'GET /api/stays': { body: { stays: [liked] } },
};
const heartName = WISHLIST_COPY.heart.save('Sea Breeze');
const featuredBlock = () => screen.getByRole('region', { name: STAYS_COPY.browse.featuredTitle });

describe('Home: most-liked cards', () => {
  it('shows no heart to a visitor and never asks for saved stays', async () => {
    const api = mockApi(browse);
    renderRoute(<HomeScreen />);
    expect(await screen.findByRole('heading', { name: 'Sea Breeze' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: heartName })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/me/wishlist/ids');
  });

  it('gives a signed-in guest the same heart as a result card: pressed when saved, at once on a click, back on failure', async () => {
    localStorage.setItem('loginToken', fakeToken());
    // The server's answer waits until the test lets it go, to look at the heart while the request is on its way.
    let release = () => {};
    const api = mockApi({
      ...browse,
      'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
      [`PUT /api/me/wishlist/${liked.id}`]: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 500, body: { message: 'Something went wrong' } });
        }),
    });
    renderRoute(<HomeScreen />);
    const heart = await within(await waitFor(featuredBlock)).findByRole('button', { name: heartName, pressed: false });
    await waitFor(() => expect(heart).toBeEnabled());
    // The heart sits beside the card's link, not inside it.
    expect(heart.closest('a')).toBeNull();
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo(`PUT /api/me/wishlist/${liked.id}`)).toHaveLength(1);
    release();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText(WISHLIST_COPY.heart.saveFailed('Sea Breeze'))).toBeInTheDocument();
  });
});
