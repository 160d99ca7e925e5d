import type { FeedDto, RoomChannelsDto } from '@repo/shared/schemas/channels';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { ChannelsDialog } from './channels-dialog';
import { ConflictsPanel } from './conflicts-panel';

const ROOM = '00000000-0000-4000-8000-000000000101';
const feed = (over: Partial<FeedDto>): FeedDto => ({
  id: '00000000-0000-4000-8000-000000000f01',
  roomNumberId: ROOM,
  label: 'Airbnb',
  url: 'https://www.airbnb.co.in/calendar/ical/1.ics',
  lastSuccessAt: '2026-11-26T08:30:00.000Z',
  lastAttemptAt: '2026-11-26T08:30:00.000Z',
  nextFetchAt: '2026-11-26T08:45:00.000Z',
  eventsRead: 3,
  nightsBlocked: 5,
  lastError: null,
  ...over,
});
const channels = (feeds: FeedDto[]): { body: RoomChannelsDto } => ({
  body: {
    roomNumberId: ROOM,
    number: 101,
    roomExport: { url: 'https://staybook.in/api/calendars/room-token.ics' },
    typeExport: { url: 'https://staybook.in/api/calendars/type-token.ics' },
    feeds,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('ChannelsDialog', () => {
  it('shows the export addresses and each imported calendar’s sync in words', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      [`GET /api/admin/rooms/${ROOM}/channels`]: channels([
        feed({}),
        feed({
          id: '00000000-0000-4000-8000-000000000f02',
          label: 'Booking.com',
          lastSuccessAt: null,
          eventsRead: 0,
          nightsBlocked: 0,
          lastError: 'the site answered 404',
        }),
      ]),
    });
    renderRoute(<ChannelsDialog room={{ roomNumberId: ROOM, number: 101 }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Room 101: calendars with other sites' });
    expect(await within(dialog).findByRole('textbox', { name: 'This room' })).toHaveValue(
      'https://staybook.in/api/calendars/room-token.ics',
    );
    const items = within(dialog).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('In sync');
    expect(items[0]).toHaveTextContent('Last read 26/11/2026 14:00 · 3 events read · 5 nights blocked');
    expect(items[1]).toHaveTextContent('Failing');
    expect(items[1]).toHaveTextContent('Not read yet · 0 events read · 0 nights blocked');
    expect(items[1]).toHaveTextContent('Last try failed: the site answered 404');
  });

  it('checks the form before sending it, then imports the calendar', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      [`GET /api/admin/rooms/${ROOM}/channels`]: channels([]),
      [`POST /api/admin/rooms/${ROOM}/feeds`]: { status: 201, body: { feed: feed({}) } },
    });
    const user = userEvent.setup();
    renderRoute(<ChannelsDialog room={{ roomNumberId: ROOM, number: 101 }} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/No calendar imported yet/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Calendar address (.ics)' }), 'ftp://example.com/x.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Import calendar' }));
    expect(within(dialog).getByText('Name the site this calendar comes from')).toBeInTheDocument();
    expect(
      within(dialog).getByText('The calendar address must be a web address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/rooms/${ROOM}/feeds`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Site' }), 'Airbnb');
    const url = within(dialog).getByRole('textbox', { name: 'Calendar address (.ics)' });
    await user.clear(url);
    await user.type(url, 'https://www.airbnb.co.in/calendar/ical/1.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Import calendar' }));
    await vi.waitFor(() => expect(api.callsTo(`POST /api/admin/rooms/${ROOM}/feeds`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/admin/rooms/${ROOM}/feeds`)[0]?.body).toEqual({
      url: 'https://www.airbnb.co.in/calendar/ical/1.ics',
      label: 'Airbnb',
    });
  });
});

describe('ConflictsPanel', () => {
  it('names each room and night sold here and taken elsewhere, with a link to its booking', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const conflicts = [
      {
        id: '00000000-0000-4000-8000-000000000c01',
        stayId: '00000000-0000-4000-8000-000000000002',
        stayName: 'Lake View',
        roomNumber: 101,
        night: '2026-12-05',
        bookingId: '00000000-0000-4000-8000-000000000b01',
        orderId: 'order_ABC',
        feedLabel: 'Airbnb',
        detectedAt: '2026-11-26T08:30:00.000Z',
      },
    ];
    mockApi({ 'GET /api/admin/channel-conflicts': { body: { conflicts } } });
    renderRoute(<ConflictsPanel bookingHref={(id) => `/admin/reservations/${id}`} />);
    const region = await screen.findByRole('region', { name: '1 night is sold here and taken on another site' });
    expect(region).toHaveTextContent('Lake View · Room 101, night of 05/12/2026: taken on Airbnb');
    expect(
      within(region).getByRole('link', { name: 'Open the booking of room 101 for the night of 05/12/2026' }),
    ).toHaveAttribute('href', '/admin/reservations/00000000-0000-4000-8000-000000000b01');
  });
});
