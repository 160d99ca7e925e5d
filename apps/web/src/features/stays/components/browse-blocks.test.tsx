import { MantineProvider } from '@mantine/core';
import type { StayDto } from '@repo/shared/schemas/stay';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/theme';
import { STAYS_COPY } from '../copy';
import { BrowseBlocks } from './browse-blocks';

const c = STAYS_COPY.browse;

const featuredStay: StayDto = {
  id: '0b7d8f0e-3f4c-4b8a-9a55-7a1f7d2e0c11',
  name: 'Sea Breeze',
  type: 'Resort',
  title: '',
  address: 'Beach Road',
  city: 'vizag',
  distance: 3,
  description: '',
  overview: '',
  lowestPrice: 24999,
  amenities: [],
  rating: 9,
  experience: 'Excellent',
  featured: true,
  hotelImage: { key: 'stays/a/hotel', width: 1600, height: 1067 },
  roomImages: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

type Handler = (url: URL) => { status: number; body: unknown };
function mockApi(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(url);
      const { status, body } = handler(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const ok =
  (featured: StayDto[] = [featuredStay]): Handler =>
  (url) => {
    if (url.pathname === '/api/stays/count-by-city') return { status: 200, body: { counts: [5, 0, 1, 12] } };
    if (url.pathname === '/api/stays/count-by-type') return { status: 200, body: { counts: [7, 1, 2, 0, 3] } };
    if (url.pathname === '/api/stays') return { status: 200, body: { stays: featured } };
    return { status: 404, body: { message: 'Not found' } };
  };

const renderBlocks = () => {
  const onCity = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BrowseBlocks onCity={onCity} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onCity;
};

afterEach(() => vi.unstubAllGlobals());

describe('BrowseBlocks', () => {
  it('asks for the counts in the spec order and shows them on the cards in that order', async () => {
    const calls = mockApi(ok());
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
    const city = calls.find((u) => u.pathname.endsWith('count-by-city'));
    const type = calls.find((u) => u.pathname.endsWith('count-by-type'));
    expect(city?.searchParams.get('cities')).toBe('bengaluru,chennai,hyderabad,vizag');
    expect(type?.searchParams.get('types')).toBe('Hotel,Villa,Resort,Cottage,Cabin');
    expect(calls.find((u) => u.pathname === '/api/stays')?.searchParams.get('featured')).toBe('true');
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
    mockApi((url) =>
      fail && url.pathname.endsWith('count-by-city') ? { status: 503, body: { message: 'Down for a moment' } } : ok()(url),
    );
    renderBlocks();
    expect(await screen.findByText('Down for a moment')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: c.retry }));
    await waitFor(() => expect(screen.getAllByTestId('city-card')).toHaveLength(4));
  });
});
