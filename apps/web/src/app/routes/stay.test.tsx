import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOOKING_COPY } from '@/features/bookings/copy';
import { fakeToken } from '@/testing/fake-token';
import { API_MSG } from '@repo/shared/constants/messages';
import type { UserDto } from '@repo/shared/schemas/auth';
import { aStay, GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { type RenderRouteOptions, renderRoute } from '@/testing/render';
import StayScreen from './stay';

const STAY = aStay({ lowestPrice: 2500 });
const CHECK_IN = addDays(todayInIndia(), 3);
const SEARCH = `city=vizag&checkIn=${CHECK_IN}&checkOut=${addDays(CHECK_IN, 3)}&adults=2&children=1&rooms=2`;
/** The stay's one room type, priced by the server for the dates asked (3 nights: ₹2,600 + ₹2,600 + ₹3,100). */
const roomTypesFor = (nights: number[]) => ({
  roomTypes: [
    {
      id: '00000000-0000-4000-8000-000000000901',
      stayId: STAY.id,
      title: 'Deluxe',
      description: '',
      price: 2600,
      maxPeople: 2,
      roomNumbers: [{ id: '00000000-0000-4000-8000-000000000101', number: 101, available: true }],
      nightlyPrices: nights,
      total: nights.reduce((a, b) => a + b, 0),
      breakdown: [],
      minNights: 1,
      bookable: true,
    },
  ],
  lowestPrice: Math.round(nights.reduce((a, b) => a + b, 0) / nights.length),
});

function openStay(at: RenderRouteOptions['at'], nights: number[] = [2600, 2600, 3100], me: UserDto = GUEST) {
  localStorage.setItem('loginToken', fakeToken());
  const api = mockApi({
    'GET /api/me': { body: me },
    [`GET /api/stays/${STAY.id}/room-types`]: { body: roomTypesFor(nights) },
    [`GET /api/stays/${STAY.id}`]: { body: STAY },
    'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
    [`GET /api/stays/${STAY.id}/reviews`]: { body: { reviews: [], page: 1, pageSize: 10, total: 0 } },
    'POST /api/auth/confirm-email/resend': { status: 202, body: { message: API_MSG.confirmSent } },
  });
  renderRoute(<StayScreen />, { path: '/hotels/:id', at });
  return api;
}

const backLink = () => screen.getByRole('link', { name: 'Back' });

describe('Stay page', () => {
  it('takes the dates and rooms of its URL for the total, and goes back to that search', async () => {
    openStay(`/hotels/${STAY.id}?${SEARCH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' })).toBeInTheDocument();
    // The cheapest room type's total for the 3 nights x 2 rooms, and its average night in 'Book this Stay for just'.
    expect(await screen.findByText(BOOKING_COPY.selectRoom.totalFromLowest(3, 2))).toBeInTheDocument();
    expect(screen.getByTestId('stay-total')).toHaveTextContent(formatRupees((2600 + 2600 + 3100) * 2));
    expect(screen.getByTestId('stay-lowest-price')).toHaveTextContent(`Book this Stay for just ${formatRupees(2767)}/day`);
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
    openStay(`/hotels/${STAY.id}`, [2600]);
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    expect(await screen.findByText(BOOKING_COPY.selectRoom.totalFromLowest(1, 1))).toBeInTheDocument();
    expect(screen.getByTestId('stay-total')).toHaveTextContent(formatRupees(2600));
    expect(backLink()).toHaveAttribute('href', '/');
  });

  it('tells a guest who has not confirmed their email how to book, and sends the link again', async () => {
    const api = openStay(`/hotels/${STAY.id}?${SEARCH}`, undefined, { ...GUEST, emailConfirmed: false });
    const notice = await screen.findByRole('region', { name: 'Confirm your email address to book' });
    expect(notice).toHaveTextContent(`We mailed a confirmation link to ${GUEST.email}`);
    await userEvent.click(within(notice).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/confirm-email/resend')).toHaveLength(1));
  });

  it('shows no notice to a confirmed guest', async () => {
    openStay(`/hotels/${STAY.id}?${SEARCH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Confirm your email address to book' })).toBeNull());
  });
});
