import { BILLING_MSG } from '@repo/shared/constants/messages';
import type { BookingDto } from '@repo/shared/schemas/booking';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OrdersScreen from '@/app/routes/orders';
import { fakeToken } from '@/testing/fake-token';
import { aBooking } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import { billingOf, NO_BILLING } from './guest-billing-fields';

const USER_ID = '5b0f4c1e-3a47-4c36-9d1e-8a2f6b7c9d01';
const render = () => renderRoute(<OrdersScreen />, { path: '/orders/:id', at: `/orders/${USER_ID}` });

describe('GST on My Orders', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the taxable value, CGST and SGST of an order and downloads its invoice with the guest’s token', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const order = aBooking();
    const api = mockApi({
      'GET /api/me/bookings': { body: { bookings: [order] } },
      [`GET /api/bookings/${order.id}/invoice`]: { body: {} },
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    // The files handed to the browser, by name (the test files of a worker share one page: count only ours).
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render();
    const card = await screen.findByRole('article', { name: order.hotelName });
    const gst = within(card).getByTestId('order-gst');
    expect(within(gst).getByRole('row', { name: 'Taxable value ₹4,761.92' })).toBeInTheDocument();
    expect(within(gst).getByRole('row', { name: 'CGST @ 2.5% ₹119.04' })).toBeInTheDocument();
    expect(within(gst).getByRole('row', { name: 'SGST @ 2.5% ₹119.04' })).toBeInTheDocument();
    expect(within(card).getByTestId('document-invoice')).toHaveTextContent('No. TI/26-27/000001');
    expect(within(card).getByTestId('document-invoice-supplier')).toHaveTextContent(
      'Issued by Sea Breeze · GSTIN 29AAGCB7383J1Z4',
    );

    await userEvent.click(within(card).getByRole('button', { name: 'Download tax invoice TI/26-27/000001' }));
    await waitFor(() => expect(saved.filter((name) => name === 'TI-26-27-000001-29AAGCB7383J1Z4.pdf')).toHaveLength(1));
    expect(created).toHaveBeenCalled();
    const [call] = api.callsTo(`GET /api/bookings/${order.id}/invoice`);
    expect(call?.url.searchParams.get('kind')).toBe('invoice');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('names a bill of supply issued before and its credit note, and says when a stay charged no GST', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const order: BookingDto = aBooking({
      status: 'cancelled',
      gst: { registered: false, lines: [], taxable: 500000, cgst: 0, sgst: 0, total: 500000 },
      documents: [
        {
          kind: 'invoice',
          title: 'Bill of Supply',
          number: 'INV/26-27/000007',
          issuedAt: '2026-11-22T05:01:00.000Z',
          total: 500000,
          tax: 0,
          supplier: { name: 'Sea Breeze', gstin: null, byPlatform: false },
        },
        {
          kind: 'credit_note',
          title: 'Credit Note',
          number: 'CN/26-27/000002',
          issuedAt: '2026-11-23T05:01:00.000Z',
          total: 500000,
          tax: 0,
          supplier: { name: 'Sea Breeze', gstin: null, byPlatform: false },
        },
      ],
    });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [order] } } });
    render();
    const card = await screen.findByRole('article', { name: order.hotelName });
    expect(within(card).getByText(/not registered under GST/)).toBeInTheDocument();
    expect(within(card).queryByText(/CGST/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download bill of supply INV/26-27/000007' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download credit note CN/26-27/000002' })).toBeInTheDocument();
    // A stay not registered issued them: it has no GSTIN to name.
    expect(within(card).getByTestId('document-invoice-supplier')).toHaveTextContent(/^Issued by Sea Breeze$/);
  });

  it('an exempt order issued before (every night at 0 %) shows no CGST @ 0% rows, but says it is exempt', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const line = {
      roomNumber: 101,
      title: 'Deluxe',
      tariff: 999,
      nights: 1,
      ratePercent: 0,
      amount: 99900,
      taxable: 99900,
      cgst: 0,
      sgst: 0,
    };
    const order = aBooking({ gst: { registered: true, lines: [line], taxable: 99900, cgst: 0, sgst: 0, total: 99900 } });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [order] } } });
    render();
    const card = await screen.findByRole('article', { name: order.hotelName });
    expect(within(card).queryByText(/CGST/)).not.toBeInTheDocument();
    expect(within(card).getByText('Exempt from GST at these tariffs: no GST is charged.')).toBeInTheDocument();
  });

  it('names each rate when the lines have several, and a partly refunded order shows the net paid and net GST', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    const lines = [
      {
        roomNumber: 101,
        title: 'Deluxe',
        tariff: 2500,
        nights: 1,
        ratePercent: 5,
        amount: 250000,
        taxable: 238096,
        cgst: 5952,
        sgst: 5952,
      },
      {
        roomNumber: 301,
        title: 'Suite',
        tariff: 9000,
        nights: 1,
        ratePercent: 18,
        amount: 900000,
        taxable: 762712,
        cgst: 68644,
        sgst: 68644,
      },
    ];
    const order = aBooking({
      status: 'cancelled',
      gst: { registered: true, lines, taxable: 1000808, cgst: 74596, sgst: 74596, total: 1150000 },
      documents: [
        {
          kind: 'invoice',
          title: 'Tax Invoice',
          number: 'TI/26-27/000003',
          issuedAt: '2026-11-22T05:01:00.000Z',
          total: 1150000,
          tax: 149192,
          supplier: { name: 'StayBook', gstin: '29AAKCS4821M1Z5', byPlatform: true },
        },
        {
          kind: 'credit_note',
          title: 'Credit Note',
          number: 'CR/26-27/000001',
          issuedAt: '2026-11-23T05:01:00.000Z',
          total: 575000,
          tax: 74596,
          supplier: { name: 'StayBook', gstin: '29AAKCS4821M1Z5', byPlatform: true },
        },
      ],
    });
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [order] } } });
    render();
    const card = await screen.findByRole('article', { name: order.hotelName });
    const gst = within(card).getByTestId('order-gst');
    expect(within(gst).getByRole('row', { name: 'CGST @ 2.5% ₹59.52' })).toBeInTheDocument();
    expect(within(gst).getByRole('row', { name: 'CGST @ 9% ₹686.44' })).toBeInTheDocument();
    expect(within(gst).getByRole('row', { name: 'SGST @ 9% ₹686.44' })).toBeInTheDocument();
    const net = within(card).getByTestId('order-net');
    expect(within(net).getByRole('row', { name: 'Invoiced ₹11,500' })).toBeInTheDocument();
    expect(within(net).getByRole('row', { name: 'Credited (refunded) − ₹5,750' })).toBeInTheDocument();
    expect(within(net).getByRole('row', { name: 'Net paid ₹5,750' })).toBeInTheDocument();
    expect(within(net).getByRole('row', { name: 'Net GST ₹745.96' })).toBeInTheDocument();
  });

  it('shows no breakup on a failed or expired order', async () => {
    localStorage.setItem('loginToken', fakeToken({ id: USER_ID }));
    mockApi({ 'GET /api/me/bookings': { body: { bookings: [aBooking({ status: 'expired', documents: [] })] } } });
    render();
    const card = await screen.findByRole('article', { name: 'Lake View Residency' });
    expect(within(card).queryByTestId('order-gst')).not.toBeInTheDocument();
  });
});

describe('guest GST details with the hold', () => {
  const ADDRESS = { open: false, guestAddress: ' 4 Station Road, Pune ', guestPin: '411001', guestState: '27' };
  const SENT = { guestAddress: '4 Station Road, Pune', guestPin: '411001', guestState: '27' };
  it('sends the billing address always and the GST details only when asked for, checked with the shared schema', () => {
    expect(billingOf({ ...NO_BILLING, guestGstin: 'junk' }, ADDRESS)).toEqual({ ok: true, value: SENT });
    const bad = billingOf({ open: true, guestGstin: '27AAPFU0939F1ZX', guestCompany: '' }, ADDRESS);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.guestGstin).toMatch(/GSTIN must be 15 characters/);
    const noAddress = billingOf(
      { open: true, guestGstin: '27AAPFU0939F1ZV', guestCompany: 'Verma Traders' },
      { ...ADDRESS, guestAddress: ' ' },
    );
    expect(!noAddress.ok && noAddress.errors.guestAddress).toBe(BILLING_MSG.addressRequired);
    expect(billingOf({ open: true, guestGstin: ' 27aapfu0939f1zv', guestCompany: ' Verma Traders ' }, ADDRESS)).toEqual({
      ok: true,
      value: { guestGstin: '27AAPFU0939F1ZV', guestCompany: 'Verma Traders', ...SENT },
    });
    expect(billingOf({ open: true, guestGstin: '', guestCompany: 'Verma Traders' }, ADDRESS)).toEqual({
      ok: true,
      value: { guestGstin: null, guestCompany: 'Verma Traders', ...SENT },
    });
  });
});
