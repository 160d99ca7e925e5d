import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { formatRupees } from '@repo/shared/domain/money';
import type { StayDto } from '@repo/shared/schemas/stay';
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
const roomTypesFor = (
  nights: number[],
  cancellationPolicy: { freeDays: number; refundPercent: number } = { freeDays: 1, refundPercent: 0 },
) => ({
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
      // Its standard plan (ADR 065), under the stay's policy.
      plans: [
        {
          id: '00000000-0000-4000-8000-000000000911',
          name: 'Standard',
          mealPlan: 'EP',
          meals: 'Room only',
          cancellationPolicy,
          policy: '',
          nonRefundable: false,
          nightlyPrices: nights,
          total: nights.reduce((a, b) => a + b, 0),
          perNight: Math.round(nights.reduce((a, b) => a + b, 0) / nights.length),
          fitsParty: true,
        },
      ],
    },
  ],
  lowestPrice: Math.round(nights.reduce((a, b) => a + b, 0) / nights.length),
});

function openStay(at: RenderRouteOptions['at'], nights: number[] = [2600, 2600, 3100], me: UserDto = GUEST) {
  localStorage.setItem('loginToken', fakeToken());
  const api = mockApi({
    // The guest's profile: its billing address prefills the room dialog's.
    'GET /api/me': { body: { billingAddress: null, billingPin: null, billingState: null, ...me } },
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

  it('offers the link again in the room dialog instead of Pay Now until the email is confirmed, and asks no billing address', async () => {
    const api = openStay(`/hotels/${STAY.id}?${SEARCH}`, undefined, { ...GUEST, emailConfirmed: false });
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    await userEvent.click(await screen.findByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' }, { timeout: 5000 });
    await within(dialog).findByRole('checkbox', { name: 'Room 101' });
    const footer = within(dialog).getByTestId('room-dialog-footer');
    expect(footer).toHaveTextContent(`Confirm your email to book: we mailed a link to ${GUEST.email}`);
    expect(within(dialog).queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(within(dialog).queryByRole('group', { name: 'Billing address' })).toBeNull();
    await userEvent.click(within(footer).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/confirm-email/resend')).toHaveLength(1));
    expect(api.callsTo('POST /api/bookings')).toHaveLength(0);
  });

  it('offers Pay Now to a confirmed guest', async () => {
    openStay(`/hotels/${STAY.id}?${SEARCH}`);
    await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' });
    await userEvent.click(await screen.findByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' }, { timeout: 5000 });
    expect(await within(dialog).findByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('confirm-to-book')).toBeNull();
  });

  it('shows no notice to a confirmed guest', async () => {
    openStay(`/hotels/${STAY.id}?${SEARCH}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sea Breeze' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Confirm your email address to book' })).toBeNull());
  });
});

describe('Stay page: the cancellation policy as guests read it', () => {
  const policyStay = aStay({ cancellationPolicy: { freeDays: 30, refundPercent: 50 } });
  function openPolicyStay(at: string) {
    localStorage.setItem('loginToken', fakeToken());
    mockApi({
      [`GET /api/stays/${policyStay.id}/room-types`]: { body: roomTypesFor([2600], policyStay.cancellationPolicy) },
      [`GET /api/stays/${policyStay.id}`]: { body: policyStay },
      'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
      [`GET /api/stays/${policyStay.id}/reviews`]: { body: { reviews: [], page: 1, pageSize: 10, total: 0 } },
      'GET /api/me': { body: { ...GUEST, billingAddress: null, billingPin: null, billingState: null } },
    });
    return renderRoute(<StayScreen />, { path: '/hotels/:id', at });
  }

  it('without dates, words the policy without dates (not from the page’s own default of today)', async () => {
    openPolicyStay(`/hotels/${policyStay.id}`);
    const note = await screen.findByTestId('cancellation-policy');
    expect(note).toHaveTextContent(
      'Free cancellation up to 30 days before check-in, then a 50% refund until the day before check-in.',
    );
    expect(note.textContent).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  });

  it('with a check-in inside the free days, says what a cancel gives now and names no past date', async () => {
    const checkIn = addDays(todayInIndia(), 10);
    openPolicyStay(
      `/hotels/${policyStay.id}?city=goa&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&adults=1&children=0&rooms=1`,
    );
    const note = await screen.findByTestId('cancellation-policy');
    expect(note).toHaveTextContent('Free cancellation has ended: a 50% refund if you cancel until');
    expect(note).not.toHaveTextContent(/Free cancellation until/);
  });

  it('with a check-in far enough ahead, names the last free day', async () => {
    const checkIn = addDays(todayInIndia(), 40);
    openPolicyStay(
      `/hotels/${policyStay.id}?city=goa&checkIn=${checkIn}&checkOut=${addDays(checkIn, 1)}&adults=1&children=0&rooms=1`,
    );
    const [y, m, d] = addDays(checkIn, -30).split('-');
    expect(await screen.findByTestId('cancellation-policy')).toHaveTextContent(`Free cancellation until ${d}/${m}/${y}`);
  });
});

describe('Stay page: who sells the stay', () => {
  function openWithSeller(seller: NonNullable<StayDto['seller']>) {
    const stay = aStay({ seller });
    localStorage.setItem('loginToken', fakeToken());
    mockApi({
      [`GET /api/stays/${stay.id}/room-types`]: { body: roomTypesFor([2600]) },
      [`GET /api/stays/${stay.id}`]: { body: stay },
      'GET /api/me/wishlist/ids': { body: { stayIds: [] } },
      [`GET /api/stays/${stay.id}/reviews`]: { body: { reviews: [], page: 1, pageSize: 10, total: 0 } },
      'GET /api/me': { body: { ...GUEST, billingAddress: null, billingPin: null, billingState: null } },
    });
    return renderRoute(<StayScreen />, { path: '/hotels/:id', at: `/hotels/${stay.id}` });
  }

  it('names a registered seller with its address, contact number and GSTIN', async () => {
    openWithSeller({
      legalName: 'Sea Breeze Hospitality LLP',
      address: '12 Beach Road, Vizag',
      phone: '9876543210',
      gstin: '37AAGCB7383J1Z1',
      operator: null,
    });
    const seller = await screen.findByRole('region', { name: 'Sold by' });
    expect(seller).toHaveTextContent('Sea Breeze Hospitality LLP');
    expect(seller).toHaveTextContent('12 Beach Road, Vizag');
    expect(seller).toHaveTextContent('GSTIN 37AAGCB7383J1Z1');
    expect(within(seller).getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:9876543210');
    expect(seller).toHaveTextContent('Customer care 9876543210');
  });

  it('says a seller is not registered and who pays its GST under s.9(5)', async () => {
    openWithSeller({
      legalName: 'Pine Cabin',
      address: 'Old Manali Road, Manali',
      phone: '9123456780',
      gstin: null,
      operator: { legalName: 'StayBook Marketplace Private Limited', gstin: '02AAKCS4821M1ZQ' },
    });
    const seller = await screen.findByRole('region', { name: 'Sold by' });
    expect(seller).toHaveTextContent('Not registered under GST');
    expect(seller).toHaveTextContent(
      'GST on this stay is paid by StayBook Marketplace Private Limited (GSTIN 02AAKCS4821M1ZQ), which issues your tax invoice (section 9(5) of the CGST Act).',
    );
  });
});
