import { acknowledgeBy, resolveBy } from '@repo/shared/domain/grievances';
import type { GrievanceDto } from '@repo/shared/schemas/grievance';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import AdminComplaintScreen from '@/app/routes/admin/complaint';
import ComplaintsScreen from '@/app/routes/complaints';
import OrdersScreen from '@/app/routes/orders';
import { fakeToken } from '@/testing/fake-token';
import { aBooking, GUEST } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute, textRe } from '@/testing/render';

const HOUR = 3_600_000;
const BOOKING = aBooking();

/** A ticket raised `hoursAgo` hours ago, with no answer unless given. */
function aTicket(hoursAgo: number, fields: Partial<GrievanceDto> = {}): GrievanceDto {
  const raised = new Date(Date.now() - hoursAgo * HOUR);
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    ticket: 'GRV-000007',
    bookingId: BOOKING.id,
    stayId: BOOKING.stayId,
    hotelName: BOOKING.hotelName,
    guestName: 'Rahul Sharma',
    orderId: BOOKING.orderId,
    from: BOOKING.from,
    to: BOOKING.to,
    category: 'stay',
    description: 'The room was not cleaned before we arrived.',
    status: 'open',
    createdAt: raised.toISOString(),
    acknowledgeBy: acknowledgeBy(raised).toISOString(),
    acknowledgedAt: null,
    resolveBy: resolveBy(raised).toISOString(),
    closedAt: null,
    closedBy: null,
    messages: [],
    ...fields,
  };
}

describe('Raise a complaint from My Orders', () => {
  it('checks the fields with the shared messages, then sends the complaint and shows its ticket number at once', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: GUEST.id }));
    const api = mockApi({
      'GET /api/me/bookings': { body: { bookings: [BOOKING] } },
      'POST /api/grievances': { status: 201, body: { grievance: aTicket(0) } },
    });
    renderRoute(<OrdersScreen />, { path: '/orders/:id', at: `/orders/${GUEST.id}` });
    const card = await screen.findByRole('article', { name: BOOKING.hotelName });
    await userEvent.click(within(card).getByRole('button', { name: 'Raise a complaint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise a complaint' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send complaint' }));
    expect(await within(dialog).findByRole('textbox', { name: /What happened/ })).toHaveAccessibleDescription(
      textRe('Describe the problem in at least 20 characters'),
    );
    expect(within(dialog).getByText('Choose what the complaint is about')).toBeInTheDocument();
    expect(api.callsTo('POST /api/grievances')).toHaveLength(0);

    await userEvent.click(within(dialog).getAllByLabelText(/What is it about/)[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'The stay or room was not as described', hidden: true }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /What happened/ }),
      'The room was not cleaned before we arrived.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send complaint' }));
    await waitFor(() => expect(api.callsTo('POST /api/grievances')).toHaveLength(1));
    expect(api.callsTo('POST /api/grievances')[0]?.body).toEqual({
      bookingId: BOOKING.id,
      category: 'stay',
      description: 'The room was not cleaned before we arrived.',
    });
    const done = await screen.findByRole('dialog', { name: 'Your complaint is registered' });
    expect(within(done).getByTestId('complaint-ticket')).toHaveTextContent('GRV-000007');
    expect(within(done).getByRole('link', { name: 'See my complaints' })).toHaveAttribute('href', '/complaints');
  });
});

describe('My complaints', () => {
  it('shows each ticket with its clocks (overdue said plainly), its answers, and sends a reply to an open one', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: GUEST.id }));
    const late = aTicket(50);
    const answered = aTicket(10, {
      id: '00000000-0000-4000-8000-0000000000a2',
      ticket: 'GRV-000008',
      acknowledgedAt: new Date(Date.now() - 5 * HOUR).toISOString(),
      messages: [
        {
          id: '00000000-0000-4000-8000-0000000000b1',
          author: 'owner',
          authorName: 'Meera Iyer',
          body: 'We are sorry; the room will be cleaned now.',
          createdAt: new Date(Date.now() - 5 * HOUR).toISOString(),
        },
      ],
    });
    const closed = aTicket(100, {
      id: '00000000-0000-4000-8000-0000000000a3',
      ticket: 'GRV-000003',
      status: 'closed',
      acknowledgedAt: new Date(Date.now() - 90 * HOUR).toISOString(),
      closedAt: new Date(Date.now() - 80 * HOUR).toISOString(),
      closedBy: 'owner',
    });
    const api = mockApi({
      'GET /api/me/grievances': { body: { grievances: [answered, late, closed] } },
      [`POST /api/grievances/${answered.id}/messages`]: { body: { grievance: answered } },
    });
    renderRoute(<ComplaintsScreen />, { path: '/complaints' });

    const overdue = await screen.findByRole('article', { name: 'GRV-000007' });
    expect(within(overdue).getByTestId('ticket-status')).toHaveTextContent('Open');
    expect(within(overdue).getByTestId('clock-acknowledgement')).toHaveAttribute('data-state', 'overdue');
    expect(within(overdue).getByTestId('clock-acknowledgement')).toHaveTextContent(
      /Overdue.*Overdue: was due by \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    expect(within(overdue).getByTestId('clock-resolution')).toHaveAttribute('data-state', 'running');
    expect(within(overdue).getByText('No answer yet.')).toBeInTheDocument();

    const ok = screen.getByRole('article', { name: 'GRV-000008' });
    expect(within(ok).getByTestId('ticket-status')).toHaveTextContent('Acknowledged');
    expect(within(ok).getByTestId('clock-acknowledgement')).toHaveAttribute('data-state', 'met');
    expect(within(ok).getByText('We are sorry; the room will be cleaned now.')).toBeInTheDocument();
    expect(within(ok).getByText(/The stay · Meera Iyer/)).toBeInTheDocument();
    await userEvent.click(within(ok).getByRole('button', { name: 'Send' }));
    expect(await within(ok).findByText('Write a message')).toBeInTheDocument();
    await userEvent.type(within(ok).getByRole('textbox', { name: 'Your message' }), 'Thank you, it is clean now.');
    await userEvent.click(within(ok).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo(`POST /api/grievances/${answered.id}/messages`)[0]?.body).toEqual({
        body: 'Thank you, it is clean now.',
      }),
    );

    const done = screen.getByRole('article', { name: 'GRV-000003' });
    expect(within(done).getByTestId('ticket-status')).toHaveTextContent('Closed');
    expect(within(done).getByTestId('clock-resolution')).toHaveAttribute('data-state', 'met');
    expect(within(done).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when there are none, and when they could not be loaded', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: GUEST.id }));
    mockApi({ 'GET /api/me/grievances': { body: { grievances: [] } } });
    const { unmount } = renderRoute(<ComplaintsScreen />, { path: '/complaints' });
    expect(await screen.findByText('No complaints')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', `/orders/${GUEST.id}`);
    unmount();
    mockApi({ 'GET /api/me/grievances': { status: 503, body: { message: 'Down for a moment' } } });
    renderRoute(<ComplaintsScreen />, { path: '/complaints' });
    expect(await screen.findByText('Your complaints could not be loaded')).toBeInTheDocument();
  });
});

describe('Admin: one complaint', () => {
  it('the owner answers it and closes it after confirming', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const open = aTicket(2);
    const api = mockApi({
      [`GET /api/admin/grievances/${open.id}`]: { body: { grievance: open } },
      [`POST /api/admin/grievances/${open.id}/messages`]: ({ body }) => ({
        body: {
          grievance: {
            ...open,
            acknowledgedAt: new Date().toISOString(),
            messages: [
              {
                id: '00000000-0000-4000-8000-0000000000b2',
                author: 'owner',
                authorName: 'Meera Iyer',
                body: (body as { body: string }).body,
                createdAt: new Date().toISOString(),
              },
            ],
          },
        },
      }),
      [`POST /api/admin/grievances/${open.id}/close`]: {
        body: { grievance: { ...open, status: 'closed', closedAt: new Date().toISOString(), closedBy: 'owner' } },
      },
      'GET /api/admin/grievances': { body: { grievances: [open] } },
    });
    renderRoute(<AdminComplaintScreen />, { path: '/admin/complaints/:id', at: `/admin/complaints/${open.id}` });
    const ticket = await screen.findByRole('article', { name: 'GRV-000007' });
    expect(within(ticket).getByText('Rahul Sharma')).toBeInTheDocument();
    expect(within(ticket).getByTestId('clock-acknowledgement')).toHaveAttribute('data-state', 'running');
    await userEvent.type(within(ticket).getByRole('textbox', { name: 'Answer the guest' }), 'Housekeeping is on its way.');
    await userEvent.click(within(ticket).getByRole('button', { name: 'Send answer' }));
    expect(await within(ticket).findByText('Housekeeping is on its way.')).toBeInTheDocument();
    expect(within(ticket).getByTestId('ticket-status')).toHaveTextContent('Acknowledged');

    await userEvent.click(within(ticket).getByRole('button', { name: 'Close complaint' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close this complaint?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, close it' }));
    await waitFor(() => expect(api.callsTo(`POST /api/admin/grievances/${open.id}/close`)).toHaveLength(1));
    expect(await within(ticket).findByTestId('ticket-closed')).toBeInTheDocument();
    expect(within(ticket).queryByRole('textbox', { name: 'Answer the guest' })).not.toBeInTheDocument();
  });
});
