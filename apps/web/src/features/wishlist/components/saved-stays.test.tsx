import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import SavedScreen from '@/app/routes/saved';
import { aStay } from '@/testing/fixtures';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { WISHLIST_COPY } from '../copy';

const c = WISHLIST_COPY.page;
const sea = aStay({ id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c11', name: 'Sea Breeze' });
const hill = aStay({ id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c12', name: 'Hill Top Cottage', city: 'ooty' });

const render = () => renderRoute(<SavedScreen />, { path: '/saved' });

describe('Saved page', () => {
  beforeEach(() => localStorage.setItem('loginToken', fakeToken()));

  it('shows a loading state, then the saved stays as cards that open the stay, in the order given', async () => {
    mockApi({
      'GET /api/me/wishlist': { body: { stays: [hill, sea] } },
      'GET /api/me/wishlist/ids': { body: { stayIds: [hill.id, sea.id] } },
    });
    render();
    expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
    expect(screen.getByLabelText(c.loading)).toHaveAttribute('aria-busy', 'true');
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Hill Top Cottage', 'Sea Breeze']);
    expect(screen.getByText(c.count(2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sea Breeze' })).toHaveAttribute('href', `/hotels/${sea.id}`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: WISHLIST_COPY.heart.save('Sea Breeze') })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await userEvent.click(screen.getByRole('link', { name: 'Hill Top Cottage' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/hotels/${hill.id}`);
  });

  it('takes a stay off the page at once when its heart is un-pressed', async () => {
    let saved = [hill, sea];
    const api = mockApi({
      'GET /api/me/wishlist': () => ({ body: { stays: saved } }),
      'GET /api/me/wishlist/ids': () => ({ body: { stayIds: saved.map((s) => s.id) } }),
      [`DELETE /api/me/wishlist/${sea.id}`]: () => {
        saved = [hill];
        return { body: { stayId: sea.id, saved: false } };
      },
    });
    render();
    const heart = await screen.findByRole('button', { name: WISHLIST_COPY.heart.save('Sea Breeze'), pressed: true });
    await userEvent.click(heart);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Sea Breeze' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Hill Top Cottage' })).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/me/wishlist/${sea.id}`)).toHaveLength(1);
  });

  it('says when nothing is saved yet and leads to the search', async () => {
    mockApi({ 'GET /api/me/wishlist': { body: { stays: [] } } });
    render();
    expect(await screen.findByRole('heading', { name: c.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(c.emptyText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: c.findStays }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('shows the error with a retry that loads the list again', async () => {
    let fail = true;
    mockApi({
      'GET /api/me/wishlist': () =>
        fail ? { status: 503, body: { message: 'Service unavailable' } } : { body: { stays: [sea] } },
      'GET /api/me/wishlist/ids': { body: { stayIds: [sea.id] } },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(c.errorTitle)).toBeInTheDocument();
    expect(within(alert).getByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: c.retry }));
    expect(await screen.findByRole('link', { name: 'Sea Breeze' })).toBeInTheDocument();
  });
});
