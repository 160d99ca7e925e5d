import type { StayDto } from '@repo/shared/schemas/stay';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aStay } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { STAYS_COPY } from '../copy';
import { BrowseBlocks } from './browse-blocks';

const c = STAYS_COPY.browse;

const featuredStay = aStay({
  type: 'Resort',
  lowestPrice: 24999,
  rating: 9,
  featured: true,
  hotelImage: { key: 'stays/a/hotel', width: 1600, height: 1067 },
});

const ok = (featured: StayDto[] = [featuredStay]) => ({
  'GET /api/stays/count-by-city': { body: { counts: [5, 0, 1, 12] } },
  'GET /api/stays/count-by-type': { body: { counts: [7, 1, 2, 0, 3] } },
  'GET /api/stays': { body: { stays: featured } },
});

const renderBlocks = (onType = vi.fn()) => {
  const onCity = vi.fn();
  renderRoute(<BrowseBlocks onCity={onCity} onType={onType} />);
  return onCity;
};

describe('BrowseBlocks', () => {
  it('asks for the counts in the spec order and shows them on the cards in that order', async () => {
    const { calls } = mockApi(ok());
    renderBlocks();
    await waitFor(() => expect(screen.getAllByTestId('city-card')).toHaveLength(4));
    expect(screen.getAllByTestId('city-card').map((card) => card.getAttribute('aria-label'))).toEqual([
      c.cityCardLabel('Bengaluru', 5),
      c.cityCardLabel('Chennai', 0),
      c.cityCardLabel('Hyderabad', 1),
      c.cityCardLabel('Vizag', 12),
    ]);
    expect(screen.getAllByTestId('city-count').map((n) => n.textContent)).toEqual([
      '5 properties',
      '0 properties',
      '1 property',
      '12 properties',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('type-card')).toHaveLength(5));
    expect(screen.getAllByTestId('type-card').map((card) => card.textContent)).toEqual([
      'Hotel7 properties',
      'Villa1 property',
      'Resort2 properties',
      'Cottage0 properties',
      'Cabin3 properties',
    ]);
    const url = (path: string) => calls.find((c) => c.path === path)?.url;
    expect(url('/api/stays/count-by-city')?.searchParams.get('cities')).toBe('bengaluru,chennai,hyderabad,vizag');
    expect(url('/api/stays/count-by-type')?.searchParams.get('types')).toBe('Hotel,Villa,Resort,Cottage,Cabin');
    expect(url('/api/stays')?.searchParams.get('featured')).toBe('true');
  });

  it('shows featured stays with name, city, rating and price, and uses their photo on the city card', async () => {
    mockApi(ok());
    renderBlocks();
    const featured = await screen.findByRole('region', { name: c.featuredTitle });
    expect(await within(featured).findByText('Sea Breeze')).toBeInTheDocument();
    expect(within(featured).getByText('Vizag')).toBeInTheDocument();
    expect(within(featured).getByText('9/10')).toBeInTheDocument();
    expect(within(featured).getByText('₹24,999')).toBeInTheDocument();
    expect(within(featured).getByAltText('Sea Breeze')).toHaveAttribute('src', '/media/stays/a/hotel-md.webp');
    const vizag = screen.getAllByTestId('city-card')[3] as HTMLElement;
    await waitFor(() => expect(vizag.querySelector('img')).toHaveAttribute('src', '/media/stays/a/hotel-sm.webp'));
  });

  it("shows 'New', not a rating, on a featured stay no guest has reviewed yet", async () => {
    mockApi(ok([{ ...featuredStay, rating: null, experience: null }]));
    renderBlocks();
    const featured = await screen.findByRole('region', { name: c.featuredTitle });
    expect(await within(featured).findByText('Sea Breeze')).toBeInTheDocument();
    expect(within(featured).getByTestId('rating-badge')).toHaveTextContent('NewNew: not rated yet');
    expect(within(featured).queryByText(/\/10/)).not.toBeInTheDocument();
  });

  it('calls onCity with the city to search when a city card is chosen', async () => {
    mockApi(ok());
    const onCity = renderBlocks();
    await userEvent.click(await screen.findByRole('button', { name: c.cityCardLabel('Hyderabad', 1) }));
    expect(onCity).toHaveBeenCalledWith('hyderabad');
  });

  it('shows an empty state when no stay is featured', async () => {
    mockApi(ok([]));
    renderBlocks();
    expect(await screen.findByText(c.noFeatured)).toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    mockApi({
      ...ok(),
      'GET /api/stays/count-by-city': () =>
        fail ? { status: 503, body: { message: 'Down for a moment' } } : { body: { counts: [5, 0, 1, 12] } },
    });
    renderBlocks();
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: c.retry }));
    await waitFor(() => expect(screen.getAllByTestId('city-card')).toHaveLength(4));
  });

  it('searches a stay type when its card is chosen, by mouse or keyboard', async () => {
    mockApi(ok());
    const onType = vi.fn();
    renderBlocks(onType);
    const villa = await screen.findByRole('button', { name: 'Search Villas, 1 property' });
    await userEvent.click(villa);
    expect(onType).toHaveBeenLastCalledWith('Villa');
    screen.getByRole('button', { name: 'Search Cabins, 3 properties' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onType).toHaveBeenLastCalledWith('Cabin');
  });
});
