import type { OwnerDocumentDto } from '@repo/shared/schemas/gst';
import type { ReservationDto } from '@repo/shared/schemas/owner';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import ReservationScreen from './reservation';
import ReservationsScreen from './reservations';

const STAY = '00000000-0000-4000-8000-000000000002';
const BOOKING = '00000000-0000-4000-8000-000000000401';

const reservation: ReservationDto = {
  id: BOOKING,
  stayId: STAY,
  stayName: 'Lake View',
  orderId: 'order_1',
  paymentId: 'pay_1',
  guest: { name: 'Asha Rao', email: 'asha@example.com', mobile: '9876543210' },
  from: '2026-12-01',
  to: '2026-12-03',
  nights: 2,
  adults: 2,
  children: 0,
  rooms: [{ number: 101, title: 'Deluxe', plan: null }],
  amount: 900_000,
  status: 'cancelled',
  holdExpiresAt: null,
  paid: 900_000,
  refunded: 450_000,
  refundStatus: 'processed',
  compensation: 0,
  createdAt: '2026-11-20T05:00:00.000Z',
};

const doc = (over: Partial<OwnerDocumentDto>): OwnerDocumentDto => ({
  id: '00000000-0000-4000-8000-000000000501',
  kind: 'invoice',
  title: 'Tax Invoice',
  number: 'TI/26-27/000001',
  issuedAt: '2026-11-20T05:01:00.000Z',
  bookingId: BOOKING,
  stayId: STAY,
  stayName: 'Lake View',
  guestName: 'Asha Rao',
  supplierGstin: '29AAKCS4821M1Z5',
  supplierName: 'StayBook',
  byPlatform: true,
  total: 900_000,
  taxable: 857_144,
  cgst: 21_428,
  sgst: 21_428,
  ...over,
});

const invoice = doc({});
const creditNote = doc({
  id: '00000000-0000-4000-8000-000000000502',
  kind: 'credit_note',
  title: 'Credit Note',
  number: 'CR/26-27/000001',
  issuedAt: '2026-11-25T05:01:00.000Z',
  total: 450_000,
  taxable: 428_572,
  cgst: 10_714,
  sgst: 10_714,
});

afterEach(() => vi.restoreAllMocks());

const OWNER_ME = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Omana',
  lastName: 'Pillai',
  email: 'owner@example.com',
  mobile: '9876543210',
  isAdmin: true,
  isPlatform: false,
  isLoggedIn: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  staff: null,
};
/** What every reservation page asks besides the booking: who is signed in, and what staff did on it. */
const around = (me: object = OWNER_ME, actions: object[] = []) => ({
  'GET /api/admin/me': { body: me },
  [`GET /api/admin/reservations/${BOOKING}/actions`]: { body: { actions } },
  [`GET /api/admin/bookings/${BOOKING}/form-c`]: { body: { reports: [] } },
});

describe('/admin/reservations/:id', () => {
  it("shows the booking's tax invoice and credit note with number, date, supplier, GST and a download", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      ...around(),
      [`GET /api/admin/reservations/${BOOKING}`]: { body: { reservation } },
      // Newest first, as the API lists them.
      'GET /api/admin/documents': { body: { documents: [creditNote, invoice], total: 2, page: 1, pageSize: 20 } },
      [`GET /api/admin/bookings/${BOOKING}/form-c`]: { body: { reports: [] } },
      [`GET /api/admin/documents/${invoice.id}/file`]: { body: 'pdf' },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderRoute(<ReservationScreen />, { path: '/admin/reservations/:id', at: `/admin/reservations/${BOOKING}` });
    const section = await screen.findByRole('region', { name: 'Tax documents' });
    const first = await within(section).findByTestId('reservation-document-invoice');
    expect(first).toHaveTextContent('Tax Invoice TI/26-27/000001');
    expect(first).toHaveTextContent('Issued on20/11/2026');
    expect(first).toHaveTextContent('Issued byStayBook · GSTIN 29AAKCS4821M1Z5');
    expect(first).toHaveTextContent('Taxable value₹8,571.44');
    expect(first).toHaveTextContent('GST (CGST + SGST)₹428.56');
    expect(first).toHaveTextContent('Total₹9,000');
    expect(within(section).getByTestId('reservation-document-credit_note')).toHaveTextContent(
      /Credit Note CR\/26-27\/000001.*25\/11\/2026.*GST \(CGST \+ SGST\)₹214\.28.*Total₹4,500/,
    );
    const asked = api.callsTo('GET /api/admin/documents')[0];
    expect(asked?.url.searchParams.get('bookingId')).toBe(BOOKING);
    expect(asked?.headers.get('authorization')).toMatch(/^Bearer /);

    await userEvent.click(within(first).getByRole('button', { name: 'Download: Tax Invoice TI/26-27/000001' }));
    await waitFor(() => expect(names).toEqual(['TI-26-27-000001-29AAKCS4821M1Z5.pdf']));
  });

  it('says when a booking has no tax document yet', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      ...around(),
      [`GET /api/admin/reservations/${BOOKING}`]: { body: { reservation: { ...reservation, status: 'pending_payment' } } },
      'GET /api/admin/documents': { body: { documents: [], total: 0, page: 1, pageSize: 20 } },
      [`GET /api/admin/bookings/${BOOKING}/form-c`]: { body: { reports: [] } },
    });
    renderRoute(<ReservationScreen />, { path: '/admin/reservations/:id', at: `/admin/reservations/${BOOKING}` });
    const section = await screen.findByRole('region', { name: 'Tax documents' });
    expect(await within(section).findByText(/None yet: the tax invoice is issued when the booking is paid/)).toBeVisible();
  });

  it('"Back to reservations" returns to the list with the filters and search it was opened from', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      ...around(),
      'GET /api/admin/stays': { body: { stays: [] } },
      'GET /api/admin/channel-conflicts': { body: { conflicts: [] } },
      'GET /api/admin/reservations': { body: { reservations: [reservation], page: 2, pageSize: 10, total: 11 } },
      [`GET /api/admin/reservations/${BOOKING}`]: { body: { reservation } },
      'GET /api/admin/documents': { body: { documents: [], total: 0, page: 1, pageSize: 20 } },
      [`GET /api/admin/bookings/${BOOKING}/form-c`]: { body: { reports: [] } },
    });
    const user = userEvent.setup();
    const list = '/admin/reservations?status=cancelled&q=Asha&page=2';
    renderRoute(<Outlet />, {
      at: list,
      children: [
        { path: '/admin/reservations', element: <ReservationsScreen /> },
        { path: '/admin/reservations/:id', element: <ReservationScreen /> },
      ],
    });
    await user.click((await screen.findAllByRole('link', { name: 'View: Asha Rao, 01/12/2026' }))[0] as HTMLElement);
    const back = await screen.findByRole('link', { name: 'Back to reservations' });
    expect(back).toHaveAttribute('href', list);
    await user.click(back);
    await waitFor(() => expect(api.callsTo('GET /api/admin/reservations')).toHaveLength(2));
    const asked = api.callsTo('GET /api/admin/reservations')[1]?.url.searchParams;
    expect(asked?.get('status')).toBe('cancelled');
    expect(asked?.get('q')).toBe('Asha');
    expect(asked?.get('page')).toBe('2');
  });

  it('goes back to the list as it opens when the reservation was not opened from it', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    mockApi({
      ...around(),
      [`GET /api/admin/reservations/${BOOKING}`]: { body: { reservation } },
      'GET /api/admin/documents': { body: { documents: [], total: 0, page: 1, pageSize: 20 } },
      [`GET /api/admin/bookings/${BOOKING}/form-c`]: { body: { reports: [] } },
    });
    renderRoute(<ReservationScreen />, {
      path: '/admin/reservations/:id',
      at: { pathname: `/admin/reservations/${BOOKING}`, state: { from: 'https://elsewhere.example/admin/reservations' } },
    });
    expect(await screen.findByRole('link', { name: 'Back to reservations' })).toHaveAttribute('href', '/admin/reservations');
  });

  it('shows front-desk staff the booking without any money, and what staff did on it (ADR 066)', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const deskMe = {
      ...OWNER_ME,
      isAdmin: false,
      firstName: 'Devi',
      staff: { role: 'frontDesk', ownerName: 'Omana Pillai', stays: [{ id: STAY, name: 'Lake View' }] },
    };
    const api = mockApi({
      ...around(deskMe, [
        {
          id: '00000000-0000-4000-8000-000000000901',
          actorName: 'Devi Rao',
          actorEmail: 'devi@example.com',
          action: 'Took rooms out of sale',
          stayId: STAY,
          bookingId: BOOKING,
          at: '2026-11-21T05:30:00.000Z',
        },
      ]),
      [`GET /api/admin/reservations/${BOOKING}`]: {
        body: {
          reservation: {
            ...reservation,
            status: 'confirmed',
            from: '2099-12-01',
            to: '2099-12-03',
            amount: null,
            paid: null,
            refunded: null,
            refundStatus: null,
            compensation: null,
          },
        },
      },
    });
    renderRoute(<ReservationScreen />, { path: '/admin/reservations/:id', at: `/admin/reservations/${BOOKING}` });
    const done = await screen.findByRole('region', { name: 'Done by staff' });
    expect(await within(done).findByText(/Took rooms out of sale/)).toBeVisible();
    expect(within(done).getByText('Devi Rao')).toBeVisible();
    expect(screen.getByText('Asha Rao')).toBeVisible();
    expect(document.body).not.toHaveTextContent('₹');
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tax documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/documents')).toHaveLength(0);
  });
});
