import type { DeskBookingDto, DeskDayDto } from '@repo/shared/schemas/desk';
import { DESK_MSG } from '@repo/shared/schemas/desk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { DeskDay } from './desk-day';

const STAY = '00000000-0000-4000-8000-000000000001';
const BOOKING = '00000000-0000-4000-8000-000000000002';

const arrival: DeskBookingDto = {
  id: BOOKING,
  stayId: STAY,
  source: 'desk',
  guestName: 'Meera Nair',
  guestMobile: '9876501234',
  guestEmail: null,
  from: '2026-11-29',
  to: '2026-11-30',
  nights: 1,
  adults: 1,
  children: 0,
  rooms: [{ id: '00000000-0000-4000-8000-000000000003', number: 101, title: 'Deluxe' }],
  amount: 262500,
  paid: 0,
  due: 262500,
  status: 'confirmed',
  arrival: null,
  checkedInAt: null,
  checkedOutAt: null,
  guestId: null,
  ledger: [],
  gst: { registered: true, lines: [], taxable: 250000, cgst: 6250, sgst: 6250, total: 262500 },
  documents: [],
};
const day: DeskDayDto = {
  stay: { id: STAY, name: 'Lake View' },
  today: '2026-11-29',
  arrivals: [arrival],
  inHouse: [],
  departures: [],
  noShows: [],
};

describe('the desk’s day', () => {
  it('checks a guest in: an Aadhaar takes four digits; an ID of the wrong shape is named on the field', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      [`GET /api/admin/stays/${STAY}/desk`]: { body: day },
      [`POST /api/admin/desk/bookings/${BOOKING}/check-in`]: (req) =>
        JSON.stringify(req.body).includes('K1234567')
          ? { body: { booking: { ...arrival, arrival: 'checked_in' } } }
          : { status: 400, body: { message: DESK_MSG.passportShape, fieldErrors: { idNumber: DESK_MSG.passportShape } } },
    });
    const user = userEvent.setup();
    renderRoute(<DeskDay stayId={STAY} />);
    const arrivals = await screen.findByRole('region', { name: 'Arrivals (1)' });
    const card = within(arrivals).getByRole('article', { name: 'Meera Nair' });
    expect(card).toHaveTextContent('₹2,625 due');
    expect(card).toHaveTextContent('Walk-in');
    await user.click(within(card).getByRole('button', { name: 'Check in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check in Meera Nair' });
    const number = within(dialog).getByRole('textbox', { name: /ID number/ });
    expect(number).toHaveAccessibleDescription(/only the last four digits/);
    // The field takes four characters for an Aadhaar (the server refuses a whole number too).
    expect(number).toHaveAttribute('maxLength', '4');
    // A passport number of the wrong shape: the server's 400 is shown on the field.
    await user.click(within(dialog).getAllByLabelText(/^ID shown/)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Passport', hidden: true }));
    await user.type(number, '123');
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await within(dialog).findByText(DESK_MSG.passportShape)).toBeInTheDocument();
    await user.clear(number);
    await user.type(number, 'K1234567');
    await user.click(within(dialog).getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/desk/bookings/${BOOKING}/check-in`).at(-1)?.body).toEqual({
      nationality: 'indian',
      idType: 'passport',
      idNumber: 'K1234567',
    });
  });
});
