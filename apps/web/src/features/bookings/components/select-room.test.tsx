import { BILLING_MSG, MSG } from '@repo/shared/constants/messages';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import type { BillingAddressDto } from '@repo/shared/schemas/address';
import type { StayDto } from '@repo/shared/schemas/stay';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchState } from '@/features/search';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { checkoutStore } from '../checkout-store';
import { BOOKING_COPY } from '../copy';
import { SelectRoom } from './select-room';

const STAY_ID = '7d2b1c3e-3a47-4c36-9d1e-8a2f6b7c9d10';
const stay = { id: STAY_ID, name: 'Lake View Residency', lowestPrice: 2000 } as StayDto;
const id = (n: number) => `00000000-0000-4000-8000-000000000${n}`;
/** A room type's standard plan (room only, the stay's free cancellation) at `nightlyPrices`. */
function standardPlan(planId: string, nightlyPrices: number[]) {
  const total = nightlyPrices.reduce((a, b) => a + b, 0);
  return {
    id: planId,
    name: 'Standard',
    mealPlan: 'EP' as const,
    meals: 'Room only',
    cancellationPolicy: { freeDays: 1, refundPercent: 0 },
    policy: 'Free cancellation until the day before check-in.',
    nonRefundable: false,
    nightlyPrices,
    total,
    perNight: Math.round(total / nightlyPrices.length),
    fitsParty: true,
  };
}
const ROOM_TYPES = {
  roomTypes: [
    {
      id: id(901),
      stayId: STAY_ID,
      title: 'Deluxe',
      description: 'Queen bed, garden view',
      price: 2500,
      maxPeople: 2,
      roomNumbers: [
        { id: id(101), number: 101, available: true },
        { id: id(102), number: 102, available: false },
      ],
      nightlyPrices: [2500, 2500],
      total: 5000,
      breakdown: [{ price: 2500, nights: 2, weekend: false }],
      minNights: 1,
      bookable: true,
      plans: [standardPlan(id(911), [2500, 2500])],
    },
    {
      id: id(902),
      stayId: STAY_ID,
      title: 'Suite',
      description: 'Two rooms',
      price: 4000,
      maxPeople: 4,
      roomNumbers: [{ id: id(201), number: 201, available: true }],
      nightlyPrices: [4000, 4000],
      total: 8000,
      breakdown: [{ price: 4000, nights: 2, weekend: false }],
      minNights: 1,
      bookable: true,
      plans: [standardPlan(id(912), [4000, 4000])],
    },
  ],
  lowestPrice: 2500,
};

const ON_RECORD: BillingAddressDto = {
  billingAddress: '12, 80 Feet Road, Indiranagar, Bengaluru',
  billingPin: '560038',
  billingState: '29',
};
const NO_ADDRESS: BillingAddressDto = { billingAddress: null, billingPin: null, billingState: null };

function Harness({
  initial,
  profile = ON_RECORD,
  of = stay,
}: {
  initial: SearchState;
  profile?: BillingAddressDto;
  of?: StayDto;
}) {
  const [search, setSearch] = useState(initial);
  return <SelectRoom stay={of} search={search} onSearchChange={setSearch} profile={profile} />;
}
const search = (checkIn: string, checkOut: string): SearchState => ({
  city: 'bengaluru',
  checkIn,
  checkOut,
  adults: 2,
  children: 0,
  ages: [],
  rooms: 1,
});

describe('SelectRoom', () => {
  it('lists room types and disables room numbers that are taken on a chosen night', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const api = mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES } });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 4))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    // The first test loads the dialog's chunk (lazy): allow it longer than a lookup.
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' }, { timeout: 5000 });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Room 101' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Room 102' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Room 201' })).toBeEnabled();
    expect(screen.getByText('Max persons: 2')).toBeInTheDocument();
    expect(screen.getByText('Queen bed, garden view')).toBeInTheDocument();
    const q = api.callsTo(`GET /api/stays/${STAY_ID}/room-types`)[0]?.url.searchParams;
    expect(q?.get('checkIn')).toBe(addDays(today, 2));
    expect(q?.get('checkOut')).toBe(addDays(today, 4));

    // Live total: price × nights for each chosen room.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Room 101' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Room 201' }));
    expect(screen.getByTestId('booking-total')).toHaveTextContent('₹13,000');
  });

  it("shows each room type's total for the dates with its nights by price, and a type too short a stay can not be ticked", async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const [deluxe, suite] = ROOM_TYPES.roomTypes as [(typeof ROOM_TYPES.roomTypes)[0], (typeof ROOM_TYPES.roomTypes)[0]];
    const priced = {
      roomTypes: [
        {
          ...deluxe,
          nightlyPrices: [2000, 2000, 2000, 2800, 2800],
          total: 11_600,
          plans: [standardPlan(id(911), [2000, 2000, 2000, 2800, 2800])],
          breakdown: [
            { price: 2000, nights: 3, weekend: false },
            { price: 2800, nights: 2, weekend: true },
          ],
        },
        {
          ...suite,
          nightlyPrices: [4000, 4000, 4000, 4000, 4000],
          total: 20_000,
          plans: [standardPlan(id(912), [4000, 4000, 4000, 4000, 4000])],
          breakdown: [{ price: 4000, nights: 5, weekend: false }],
          minNights: 7,
          bookable: false,
        },
      ],
      lowestPrice: 2320,
    };
    mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: priced } });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 7))} />);
    await waitFor(() => expect(screen.getByTestId('stay-total')).toHaveTextContent('₹11,600'));
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    const deluxeCard = await within(dialog).findByTestId(`room-type-${deluxe.id}`);
    expect(within(deluxeCard).getByTestId('room-type-price')).toHaveTextContent('₹11,600 for 5 nights');
    expect(within(deluxeCard).getByTestId('room-type-breakdown')).toHaveTextContent(
      '₹2,000 × 3 nights + ₹2,800 × 2 weekend nights',
    );
    const suiteCard = within(dialog).getByTestId(`room-type-${suite.id}`);
    expect(within(suiteCard).getByText('Minimum 7 nights')).toBeInTheDocument();
    expect(within(suiteCard).getByRole('checkbox', { name: 'Room 201' })).toBeDisabled();
    expect(within(suiteCard).getByTestId('room-type-breakdown')).toHaveTextContent('₹4,000 × 5 nights');

    await userEvent.click(within(deluxeCard).getByRole('checkbox', { name: 'Room 101' }));
    expect(within(dialog).getByTestId('booking-total')).toHaveTextContent('₹11,600');
    expect(within(dialog).getByTestId('booking-total-basis')).toHaveTextContent('1 room × 5 nights');
  });

  it('keeps each guest count at its minimum when it is cleared', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES } });
    renderRoute(<Harness initial={{ ...search(addDays(today, 2), addDays(today, 4)), adults: 3, children: 2, rooms: 2 }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    for (const [label, min] of [
      ['Adults', '1'],
      ['Children', '0'],
      ['Rooms', '1'],
    ] as const) {
      const input = within(dialog).getByRole('textbox', { name: label });
      await userEvent.clear(input);
      expect(input).toHaveValue(min);
    }
  });

  it('with zero nights, lists the room types with the alert asking for the dates', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const api = mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES } });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 2))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    expect(await within(dialog).findByRole('heading', { name: 'Deluxe' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Suite' })).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Room 101' })).toBeEnabled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.bookingNeedsDates);
    // The types' rooms are shown as free or taken on the check-in night.
    const q = api.callsTo(`GET /api/stays/${STAY_ID}/room-types`)[0]?.url.searchParams;
    expect([q?.get('checkIn'), q?.get('checkOut')]).toEqual([addDays(today, 2), addDays(today, 3)]);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Room 101' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MSG.bookingNeedsDates);
    expect(api.callsTo('POST /api/bookings')).toHaveLength(0);
  });

  it('ties the Rooms count to the rooms ticked, so the side total and the dialog total agree', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES } });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 4))} />);
    // Before any room is ticked: the cheapest free room type's total for the 2 nights × 1 room, the same on both.
    await waitFor(() => expect(screen.getByTestId('stay-total')).toHaveTextContent('₹5,000'));
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    const roomsInput = within(dialog).getByRole('textbox', { name: 'Rooms' });
    // In the dialog, no total before rooms are ticked (the cheapest type's is not what a ticked room would cost).
    expect(await within(dialog).findByTestId('booking-total-hint')).toHaveTextContent(BOOKING_COPY.selectRoom.chooseForTotal);
    expect(within(dialog).queryByTestId('booking-total')).toBeNull();

    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Room 101' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Room 201' }));
    expect(roomsInput).toHaveValue('2');
    expect(roomsInput).toHaveAttribute('readonly');
    // (2,500 + 4,000) × 2 nights, on the dialog and on the stay's side card, for '2 rooms × 2 nights'.
    expect(within(dialog).getByTestId('booking-total')).toHaveTextContent('₹13,000');
    expect(screen.getByTestId('stay-total')).toHaveTextContent('₹13,000');
    expect(screen.getByTestId('stay-total-basis')).toHaveTextContent('2 rooms × 2 nights');
    expect(within(dialog).getByTestId('booking-total-basis')).toHaveTextContent('2 rooms × 2 nights');

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Room 201' }));
    expect(roomsInput).toHaveValue('1');
    expect(screen.getByTestId('stay-total')).toHaveTextContent('₹5,000');
    expect(within(dialog).getByTestId('booking-total')).toHaveTextContent('₹5,000');
  });

  it('keeps the footer to one line until rooms are ticked, then gives the total of what is ticked and its policy', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const policyStay = { ...stay, cancellationPolicy: { freeDays: 7, refundPercent: 50 } } as StayDto;
    mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES } });
    renderRoute(<Harness initial={search(addDays(today, 20), addDays(today, 22))} of={policyStay} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    await within(dialog).findByRole('checkbox', { name: 'Room 201' });
    const footer = within(dialog).getByTestId('room-dialog-footer');
    // Nothing ticked: a hint and Pay Now, no total of the cheapest type (₹5,000) and no policy.
    expect(within(footer).getByTestId('booking-total-hint')).toHaveTextContent(BOOKING_COPY.selectRoom.chooseForTotal);
    expect(footer).not.toHaveTextContent('₹');
    expect(within(footer).queryByTestId('cancellation-policy')).toBeNull();
    expect(within(footer).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();

    // The Suite ticked: its own total (₹8,000 for 2 nights), and the policy it would be booked under.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Room 201' }));
    expect(within(footer).getByTestId('booking-total')).toHaveTextContent('₹8,000');
    expect(within(footer).getByTestId('booking-total-basis')).toHaveTextContent('1 room × 2 nights');
    expect(within(footer).getByTestId('cancellation-policy')).toBeInTheDocument();
    expect(within(footer).queryByTestId('booking-total-hint')).toBeNull();

    // Unticked again: back to one line.
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Room 201' }));
    expect(within(footer).queryByTestId('booking-total')).toBeNull();
    expect(within(footer).queryByTestId('cancellation-policy')).toBeNull();
  });

  it("shows a type's rate plans side by side; the plan chosen sets the total and the policy, and is the one held", async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const [deluxe, suite] = ROOM_TYPES.roomTypes as [(typeof ROOM_TYPES.roomTypes)[0], (typeof ROOM_TYPES.roomTypes)[0]];
    const nonRefundable = {
      ...standardPlan(id(913), [2250, 2250]),
      name: 'Non-refundable',
      cancellationPolicy: { freeDays: 0, refundPercent: 0 },
      policy: 'Non-refundable: no refund if you cancel.',
      nonRefundable: true,
    };
    const breakfast = {
      ...standardPlan(id(914), [3100, 3100]),
      name: 'Bed and breakfast',
      mealPlan: 'CP' as const,
      meals: 'Breakfast included',
    };
    const api = mockApi({
      [`GET /api/stays/${STAY_ID}/room-types`]: {
        body: { ...ROOM_TYPES, roomTypes: [{ ...deluxe, plans: [...deluxe.plans, breakfast, nonRefundable] }, suite] },
      },
      'POST /api/bookings': { status: 400, body: { message: 'Stop here' } },
    });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 4))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    const card = await within(dialog).findByTestId(`room-type-${deluxe.id}`);
    const plans = within(card).getAllByRole('radio');
    expect(plans.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Standard, Room only, ₹5,000',
      'Bed and breakfast, Breakfast included, ₹6,200',
      'Non-refundable, Room only, ₹4,500',
    ]);
    expect(plans[0]).toBeChecked();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Room 101' }));
    const footer = within(dialog).getByTestId('room-dialog-footer');
    expect(within(footer).getByTestId('booking-total')).toHaveTextContent('₹5,000');
    await userEvent.click(within(card).getByRole('radio', { name: /^Non-refundable/ }));
    expect(within(footer).getByTestId('booking-total')).toHaveTextContent('₹4,500');
    expect(within(footer).getByTestId('cancellation-policy')).toHaveTextContent(/no refund/i);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(api.callsTo('POST /api/bookings')).toHaveLength(1));
    expect(api.callsTo('POST /api/bookings')[0]?.body).toMatchObject({ roomNumberIds: [id(101)], ratePlanIds: [id(913)] });
  });

  it('holds the chosen rooms, opens the checkout and goes home', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const today = todayInIndia();
    const api = mockApi({
      [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES },
      'POST /api/bookings': {
        status: 201,
        body: {
          booking: { id: id(777), hotelName: stay.name, amount: 500000 },
          checkout: {
            provider: 'sandbox',
            keyId: 'k',
            orderId: 'order_X',
            amount: 500000,
            currency: 'INR',
            name: 'StayBook',
            description: 'x',
            prefill: { name: 'R', email: 'e', contact: '1' },
            upiFlows: ['intent', 'qr'],
          },
        },
      },
    });
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 4))} />, {
      path: '/hotels/:id',
      at: `/hotels/${STAY_ID}`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Room 101' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    const body = api.callsTo('POST /api/bookings')[0]?.body as Record<string, unknown>;
    expect(body).toEqual({
      stayId: STAY_ID,
      checkIn: addDays(today, 2),
      checkOut: addDays(today, 4),
      adults: 2,
      children: 0,
      childAges: [],
      roomNumberIds: [id(101)],
      // The room type's plan the guest saw (its standard plan unless another is chosen) is the one held.
      ratePlanIds: [id(911)],
      // The profile's billing address, shown as one line, is the one the hold is sold with.
      guestAddress: ON_RECORD.billingAddress,
      guestPin: '560038',
      guestState: '29',
    });
    expect(checkoutStore.get()).toMatchObject({ phase: 'paying', pending: { checkout: { orderId: 'order_X' } } });
    checkoutStore.set({ phase: 'idle' });
  });
});

describe("the room dialog's billing address", () => {
  const HOLD = {
    status: 201,
    body: {
      booking: { id: id(778), hotelName: stay.name, amount: 500000 },
      checkout: {
        provider: 'sandbox',
        keyId: 'k',
        orderId: 'order_Y',
        amount: 500000,
        currency: 'INR',
        name: 'StayBook',
        description: 'x',
        prefill: { name: 'R', email: 'e', contact: '1' },
        upiFlows: ['intent', 'qr'],
      },
    },
  };
  const open = async (profile: BillingAddressDto) => {
    const today = todayInIndia();
    renderRoute(<Harness initial={search(addDays(today, 2), addDays(today, 4))} profile={profile} />, {
      path: '/hotels/:id',
      at: `/hotels/${STAY_ID}`,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Select Room to book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select your rooms' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Room 101' }));
    return dialog;
  };
  afterEach(() => checkoutStore.set({ phase: 'idle' }));

  it("shows the profile's address as one line with Change, which opens the fields prefilled", async () => {
    localStorage.setItem('loginToken', fakeToken());
    const api = mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES }, 'POST /api/bookings': HOLD });
    const dialog = await open(ON_RECORD);
    const part = within(dialog).getByRole('group', { name: 'Billing address' });
    expect(within(part).getByTestId('billing-address-summary')).toHaveTextContent(
      '12, 80 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
    );
    expect(within(part).queryByRole('textbox', { name: /Address/ })).not.toBeInTheDocument();
    await userEvent.click(within(part).getByRole('button', { name: 'Change billing address' }));
    expect(within(part).getByRole('textbox', { name: /^Address/ })).toHaveValue(ON_RECORD.billingAddress);
    expect(within(part).getByRole('textbox', { name: /^PIN code/ })).toHaveValue('560038');
    expect(within(part).getByRole('combobox', { name: /^State/ })).toHaveValue('29');
    // Another address for this booking.
    await userEvent.clear(within(part).getByRole('textbox', { name: /^PIN code/ }));
    await userEvent.type(within(part).getByRole('textbox', { name: /^PIN code/ }), '560001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(api.callsTo('POST /api/bookings')).toHaveLength(1));
    expect(api.callsTo('POST /api/bookings')[0]?.body).toMatchObject({ guestPin: '560001', guestState: '29' });
  });

  it('asks a guest with no address on record for it: messages under each field, no hold until they are right', async () => {
    localStorage.setItem('loginToken', fakeToken());
    const api = mockApi({ [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES }, 'POST /api/bookings': HOLD });
    const dialog = await open(NO_ADDRESS);
    const part = within(dialog).getByRole('group', { name: 'Billing address' });
    expect(within(part).queryByTestId('billing-address-summary')).not.toBeInTheDocument();
    const address = within(part).getByRole('textbox', { name: /^Address/ });
    const pin = within(part).getByRole('textbox', { name: /^PIN code/ });
    const state = within(part).getByRole('combobox', { name: /^State/ });
    expect(address).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(address).toHaveAccessibleDescription(BILLING_MSG.addressRequired);
    expect(pin).toHaveAccessibleDescription(BILLING_MSG.pinRequired);
    expect(state).toHaveAccessibleDescription(BILLING_MSG.stateRequired);
    expect(api.callsTo('POST /api/bookings')).toHaveLength(0);
    // The first field with a message is brought into view and focused.
    await waitFor(() => expect(address).toHaveFocus());

    await userEvent.type(address, '  7 Marine Drive, Kochi ');
    // A field's message goes as it is changed.
    expect(address).not.toHaveAccessibleDescription(BILLING_MSG.addressRequired);
    expect(pin).toHaveAccessibleDescription(BILLING_MSG.pinRequired);
    await userEvent.type(pin, '012345');
    await userEvent.selectOptions(state, 'Kerala');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(pin).toHaveAccessibleDescription(BILLING_MSG.pinInvalid);
    expect(address).not.toHaveAccessibleDescription(BILLING_MSG.addressRequired);
    expect(api.callsTo('POST /api/bookings')).toHaveLength(0);

    await userEvent.clear(pin);
    await userEvent.type(pin, '682031');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(api.callsTo('POST /api/bookings')).toHaveLength(1));
    expect(api.callsTo('POST /api/bookings')[0]?.body).toMatchObject({
      guestAddress: '7 Marine Drive, Kochi',
      guestPin: '682031',
      guestState: '32',
    });
  });

  it("puts the server's word on a billing field under that field", async () => {
    localStorage.setItem('loginToken', fakeToken());
    mockApi({
      [`GET /api/stays/${STAY_ID}/room-types`]: { body: ROOM_TYPES },
      'POST /api/bookings': {
        status: 400,
        body: { message: BILLING_MSG.holdNeedsAddress, code: 'BAD_REQUEST', fieldErrors: { guestPin: BILLING_MSG.pinInvalid } },
      },
    });
    const dialog = await open(ON_RECORD);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay Now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(BILLING_MSG.holdNeedsAddress);
    expect(within(dialog).getByRole('textbox', { name: /^PIN code/ })).toHaveAccessibleDescription(BILLING_MSG.pinInvalid);
  });
});
