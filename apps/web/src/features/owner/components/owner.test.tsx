import type { FiguresDto, OccupancyDto, ReservationDto } from '@repo/shared/schemas/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import type { ReservationFilters } from '../api/reservations';
import { OccupancyCalendar } from './occupancy-calendar';
import { ReservationsList } from './reservations-list';
import { StayFigures } from './stay-figures';

const STAY = '00000000-0000-4000-8000-000000000002';
const ROOM_A = '00000000-0000-4000-8000-000000000301';
const ROOM_B = '00000000-0000-4000-8000-000000000302';

const reservation = (n: number, over: Partial<ReservationDto> = {}): ReservationDto => ({
  id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
  stayId: STAY,
  stayName: 'Lake View',
  orderId: `order_${n}`,
  paymentId: null,
  guest: { name: `Guest ${n}`, email: `guest${n}@example.com`, mobile: '9876543210' },
  from: '2026-12-01',
  to: '2026-12-03',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: [{ number: 101, title: 'Deluxe', plan: null }],
  amount: 500_000,
  status: 'confirmed',
  holdExpiresAt: null,
  paid: 500_000,
  refunded: 0,
  refundStatus: null,
  compensation: 0,
  createdAt: '2026-11-20T05:00:00.000Z',
  ...over,
});

/** The list with its filters and page kept in state, as the route keeps them in the URL. */
function Harness() {
  const [state, setState] = useState<{ filters: ReservationFilters; page: number }>({ filters: {}, page: 1 });
  return <ReservationsList filters={state.filters} page={state.page} onChange={(filters, page) => setState({ filters, page })} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('ReservationsList', () => {
  it('lists a page with guests, money and status, filters by search, pages on, and exports the filtered list', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/stays': { body: { stays: [] } },
      'GET /api/admin/reservations': (req) => {
        const page = Number(req.url.searchParams.get('page'));
        if (req.url.searchParams.get('q') === 'order_7')
          return { body: { reservations: [reservation(7)], page: 1, pageSize: 10, total: 1 } };
        if (page === 2) return { body: { reservations: [reservation(11)], page: 2, pageSize: 10, total: 11 } };
        const rows = Array.from({ length: 10 }, (_, i) =>
          reservation(i + 1, i === 0 ? { status: 'cancelled', refunded: 250_000, refundStatus: 'pending' } : {}),
        );
        return { body: { reservations: rows, page: 1, pageSize: 10, total: 11 } };
      },
      'GET /api/admin/reservations/export': { body: 'csv' },
    });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    const table = await screen.findByRole('table');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first).toHaveTextContent('Guest 1');
    expect(first).toHaveTextContent('guest1@example.com');
    expect(first).toHaveTextContent('101 Deluxe');
    expect(first).toHaveTextContent('₹5,000');
    expect(first).toHaveTextContent('Cancelled');
    expect(first).toHaveTextContent('Paid ₹5,000, refunded ₹2,500 · Refund pending');
    expect(screen.getByText('11 reservations')).toBeInTheDocument();

    // Page 2: its S.No goes on from the first page.
    await user.click(within(screen.getByRole('navigation', { name: 'Reservation pages' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(/^11Guest 11/);

    // A search goes back to page 1 with the filter.
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'order_7');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('1 reservation')).toBeInTheDocument());
    const last = api.callsTo('GET /api/admin/reservations').at(-1);
    expect(last?.url.searchParams.get('q')).toBe('order_7');
    expect(last?.url.searchParams.get('page')).toBe('1');
    expect(last?.headers.get('authorization')).toMatch(/^Bearer /);

    // The export asks for the same filters and hands the file to the browser.
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = api.callsTo('GET /api/admin/reservations/export')[0];
    expect(exported?.url.searchParams.get('q')).toBe('order_7');
    expect(exported?.url.searchParams.get('page')).toBeNull();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('says so when nothing matches, and shows the error with a retry', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let fail = true;
    mockApi({
      'GET /api/admin/stays': { body: { stays: [] } },
      'GET /api/admin/reservations': () =>
        fail
          ? { status: 500, body: { message: 'Database down' } }
          : { body: { reservations: [], page: 1, pageSize: 10, total: 0 } },
    });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No reservations match these filters')).toBeInTheDocument();
  });
});

const occupancy: OccupancyDto = {
  stay: { id: STAY, name: 'Lake View' },
  month: '2026-12',
  today: '2026-12-02',
  nights: ['2026-12-01', '2026-12-02', '2026-12-03'],
  rooms: [
    { id: ROOM_A, number: 101, title: 'Deluxe', nights: ['booked', 'held', 'free'] },
    { id: ROOM_B, number: 102, title: 'Suite', nights: ['free', 'blocked', 'blocked'] },
  ],
  blocks: [
    {
      id: '00000000-0000-4000-8000-000000000501',
      roomNumberId: ROOM_B,
      number: 102,
      from: '2026-12-02',
      to: '2026-12-04',
      note: 'Paint',
    },
  ],
  arrivals: [{ bookingId: '00000000-0000-4000-8000-000000000401', guestName: 'Asha Verma', rooms: [101] }],
  departures: [],
};

describe('OccupancyCalendar', () => {
  it('shows each room-night with its state, today’s arrivals, and blocks and unblocks rooms', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let blockCalls = 0;
    const api = mockApi({
      [`GET /api/admin/stays/${STAY}/occupancy`]: { body: occupancy },
      [`POST /api/admin/stays/${STAY}/blocks`]: () => {
        blockCalls += 1;
        return blockCalls === 1
          ? {
              status: 409,
              body: {
                message: 'Room 101 is booked or held for the night of 01/12/2026. Nothing was blocked',
                code: 'NIGHT_TAKEN',
              },
            }
          : { status: 201, body: { blocks: [] } };
      },
      'DELETE /api/admin/blocks/00000000-0000-4000-8000-000000000501': { body: { message: 'Open again' } },
    });
    const user = userEvent.setup();
    renderRoute(<OccupancyCalendar stayId={STAY} month="2026-12" onMonth={() => {}} />);
    const grid = await screen.findByRole('table', { name: 'Lake View: rooms by night, December 2026' });
    const rows = within(grid).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent('101 Deluxe');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Booked', 'Held (awaiting payment)', 'Free']);
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Free', 'Blocked', 'Blocked']);
    expect(within(grid).getByRole('columnheader', { name: /02\/12\/2026, Today/ })).toBeInTheDocument();
    // A free night from today on opens the desk's booking form for that room and night (ADR 064); a past one does not.
    expect(within(grid).queryByRole('button', { name: 'Book room 102 from 01/12/2026 at the desk' })).toBeNull();
    await user.click(within(grid).getByRole('button', { name: 'Book room 101 from 03/12/2026 at the desk' }));
    const deskForm = await screen.findByRole('dialog', { name: 'Book room 101 from 03/12/2026' });
    expect(within(deskForm).getByRole('checkbox', { name: '101 · Deluxe' })).toBeChecked();
    await user.click(within(deskForm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book room 101 from 03/12/2026' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Lake View: rooms by night, December 2026' })).toHaveAttribute('tabindex', '0');
    expect(
      within(screen.getByRole('region', { name: 'Arriving today' })).getByRole('link', { name: 'Asha Verma' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No departures today')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Block rooms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block rooms' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByText('Choose at least one room')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/stays/${STAY}/blocks`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: '101 · Deluxe' }));
    const from = within(dialog).getByLabelText('From (first night)');
    const to = within(dialog).getByLabelText('Until (check-out day)');
    await user.clear(from);
    await user.type(from, '02/12/2026');
    await user.clear(to);
    await user.type(to, '03/12/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Leak');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Room 101 is booked or held for the night of 01/12/2026');
    expect(api.callsTo(`POST /api/admin/stays/${STAY}/blocks`)[0]?.body).toEqual({
      roomNumberIds: [ROOM_A],
      from: '2026-12-02',
      to: '2026-12-03',
      note: 'Leak',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Block rooms' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Unblock: Room 102, 02/12/2026 to 04/12/2026' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/admin/blocks/00000000-0000-4000-8000-000000000501')).toHaveLength(1));
  });
});

describe('StayFigures', () => {
  it('shows occupancy and revenue of both windows and a chart with a text alternative', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const nights = Array.from({ length: 60 }, (_, i) => ({
      night: `2026-${i < 30 ? '11' : '12'}-${String((i % 30) + 1).padStart(2, '0')}`,
      sold: i === 40 ? 2 : 0,
      sellable: 4,
    }));
    const figures: FiguresDto = {
      stayId: STAY,
      today: '2026-12-01',
      last30: { from: '2026-11-01', to: '2026-12-01', soldNights: 0, sellableNights: 0, occupancy: null, revenue: 0 },
      next30: { from: '2026-12-01', to: '2026-12-31', soldNights: 2, sellableNights: 120, occupancy: 1.7, revenue: 1_000_050 },
      nightly: nights,
    };
    mockApi({ [`GET /api/admin/stays/${STAY}/figures`]: { body: figures } });
    renderRoute(<StayFigures stayId={STAY} />);
    const next = await screen.findByRole('region', { name: 'Next 30 nights' });
    expect(next).toHaveTextContent('1.7%');
    expect(next).toHaveTextContent('₹10,000.50');
    expect(next).toHaveTextContent('2 of 120 room-nights sold');
    const last = screen.getByRole('region', { name: 'Last 30 nights' });
    expect(last).toHaveTextContent('—');
    expect(last).toHaveTextContent('No rooms for sale');
    const chart = screen.getByRole('img', { name: /Nightly occupancy, last 30 and next 30 nights/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('The busiest night is 11/12/2026 at 50%.'));
    expect(screen.getByRole('link', { name: 'Occupancy calendar' })).toHaveAttribute('href', `/admin/calendar/${STAY}`);
  });
});
