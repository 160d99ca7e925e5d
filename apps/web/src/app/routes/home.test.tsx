import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_MSG } from '@repo/shared/constants/messages';
import { STAYS_COPY } from '@/features/stays/copy';
import { WISHLIST_COPY } from '@/features/wishlist/copy';
import { fakeToken } from '@/testing/fake-token';
import { aStay, GUEST } from '@/testing/fixtures';
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
      'GET /api/me': { body: GUEST },
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

describe('Home: the confirmation mail', () => {
  it('tells a guest who has not confirmed their email, after login and before any search, and sends the link again', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const api = mockApi({
      ...browse,
      'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
      'GET /api/me': { body: { ...GUEST, emailConfirmed: false } },
      'POST /api/auth/confirm-email/resend': { status: 202, body: { message: API_MSG.confirmSent } },
    });
    renderRoute(<HomeScreen />);
    const notice = await screen.findByRole('region', { name: 'Confirm your email address to book' });
    expect(notice).toHaveTextContent(`We mailed a confirmation link to ${GUEST.email}`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/confirm-email/resend')).toHaveLength(1));
  });

  it('says nothing to a confirmed guest', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const api = mockApi({ ...browse, 'GET /api/me/wishlist/ids': { body: { stayIds: [] } }, 'GET /api/me': { body: GUEST } });
    renderRoute(<HomeScreen />);
    expect(await screen.findByRole('heading', { name: 'Sea Breeze' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Confirm your email address to book' })).toBeNull();
  });
});
