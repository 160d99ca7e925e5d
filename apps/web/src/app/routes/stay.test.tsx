import { formatRupees } from '@repo/shared/domain/money';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOOKING_COPY } from '@/features/bookings/copy';
import { fakeToken } from '@/testing/fake-token';
import { aStay } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { type RenderRouteOptions, renderRoute } from '@/testing/render';
import StayScreen from './stay';

const STAY = aStay({ lowestPrice: 2500 });
const SEARCH = 'city=vizag&checkIn=2030-02-01&checkOut=2030-02-04&adults=2&children=1&rooms=2';

function openStay(at: RenderRouteOptions['at']) {
  localStorage.setItem('loginToken', fakeToken());
  mockApi({
    [`GET /api/stays/${STAY.id}`]: { body: STAY },
    'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
    [`GET /api/stays/${STAY.id}/reviews`]: { body: { reviews: [], page: 1, pageSize: 10, total: 0 } },
  });
  return renderRoute(<StayScreen />, { path: '/hotels/:id', at });
}

const backLink = () => screen.getByRole('link', { name: 'Back' });

describe('Stay page', () => {
  it('takes the dates and rooms of its URL for the total, and goes back to that search', async () => {
    openStay(`/hotels/${STAY.id}?${SEARCH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' })).toBeInTheDocument();
    // 3 nights x 2 rooms
    expect(screen.getByTestId('stay-total')).toHaveTextContent(formatRupees(2500 * 3 * 2));
    expect(screen.getByText(BOOKING_COPY.selectRoom.totalFromLowest(3, 2))).toBeInTheDocument();
    expect(backLink()).toHaveAttribute('href', `/?${SEARCH}`);
  });

  it('goes back to the exact results it was opened from (filters, sort and page)', async () => {
    const results = `/?${SEARCH}&type=Hotel&sort=rating&page=2`;
    openStay({ pathname: `/hotels/${STAY.id}`, search: `?${SEARCH}`, state: { from: results } });
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    expect(backLink()).toHaveAttribute('href', results);
    await userEvent.setup().click(backLink());
    expect(await screen.findByTestId('location')).toHaveTextContent(results);
  });

  it('ignores a way back that is not a search of this site', async () => {
    openStay({ pathname: `/hotels/${STAY.id}`, search: `?${SEARCH}`, state: { from: '//elsewhere.example/?city=goa' } });
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    expect(backLink()).toHaveAttribute('href', `/?${SEARCH}`);
  });

  it('works without a search in its URL: one night, one room, back home', async () => {
    openStay(`/hotels/${STAY.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    expect(screen.getByTestId('stay-total')).toHaveTextContent(formatRupees(2500));
    expect(screen.getByText(BOOKING_COPY.selectRoom.totalFromLowest(1, 1))).toBeInTheDocument();
    expect(backLink()).toHaveAttribute('href', '/');
  });
});
