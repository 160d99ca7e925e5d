import type { OwnerDocumentDto } from '@repo/shared/schemas/gst';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStay } from '@/testing/fixtures';
import { fakeToken } from '@/testing/fake-token';
import { mockApi } from '@/testing/mock-api';
import { renderRoute } from '@/testing/render';
import type { DocumentFilters } from '../api/documents';
import { DocumentsList } from './documents-list';

const LAKE = '00000000-0000-4000-8000-000000000002';
const HILL = '00000000-0000-4000-8000-000000000003';

const doc = (n: number, over: Partial<OwnerDocumentDto> = {}): OwnerDocumentDto => ({
  id: `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
  kind: 'invoice',
  title: 'Tax Invoice',
  number: `INV/26-27/${String(n).padStart(6, '0')}`,
  issuedAt: '2026-11-20T20:00:00.000Z',
  bookingId: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
  stayId: LAKE,
  stayName: 'Lake View',
  guestName: `Guest ${n}`,
  supplierGstin: '29AAGCB7383J1Z4',
  supplierName: 'Lake View',
  byPlatform: false,
  total: 750_000,
  taxable: 714_286,
  cgst: 17_857,
  sgst: 17_857,
  ...over,
});

const page = (documents: OwnerDocumentDto[], total = documents.length, p = 1) => ({
  body: { documents, total, page: p, pageSize: 20 },
});

/** The list with its month, filters and page kept in state, as the route keeps them in the URL. */
function Harness() {
  const [state, setState] = useState<{ filters: DocumentFilters; page: number }>({ filters: { month: '2026-11' }, page: 1 });
  return (
    <DocumentsList
      filters={state.filters}
      page={state.page}
      thisMonth="2026-11"
      onChange={(filters, p) => setState({ filters, page: p })}
    />
  );
}

const stays = { body: { stays: [aStay({ id: LAKE, name: 'Lake View' }), aStay({ id: HILL, name: 'Hill Top' })] } };

afterEach(() => vi.unstubAllGlobals());

describe('DocumentsList', () => {
  it("lists this month's documents as printed, with the platform's under s.9(5) marked, and pages on", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/stays': stays,
      'GET /api/admin/documents': (req) =>
        req.url.searchParams.get('page') === '2'
          ? page([doc(21)], 21, 2)
          : page(
              [
                doc(1),
                doc(2, { title: 'Bill of Supply', byPlatform: false, supplierGstin: null, cgst: 0, sgst: 0, taxable: 750_000 }),
                doc(3, {
                  kind: 'credit_note',
                  title: 'Credit Note',
                  number: 'CN/26-27/000001',
                  byPlatform: true,
                  supplierName: 'StayBook',
                  supplierGstin: '29AAKCS4821M1Z5',
                }),
                ...Array.from({ length: 17 }, (_, i) => doc(i + 4)),
              ],
              21,
            ),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'S.No',
      'Date',
      'Number',
      'Kind',
      'Supplier',
      'Stay',
      'Guest',
      'Taxable',
      'CGST',
      'SGST',
      'Total',
      'Actions',
    ]);
    const [, first, second, third] = within(table).getAllByRole('row') as HTMLElement[];
    // Issued at 20:00 UTC on the 20th: the 21st in India.
    expect(first).toHaveTextContent(
      /^121\/11\/2026INV\/26-27\/000001Tax InvoiceLake ViewGSTIN 29AAGCB7383J1Z4Lake ViewGuest 1₹7,142.86₹178.57₹178.57₹7,500Download$/,
    );
    expect(second).toHaveTextContent('Bill of SupplyLake ViewNot registered for GST');
    expect(third).toHaveTextContent('Credit NoteIssued by StayBook under s.9(5)StayBookGSTIN 29AAKCS4821M1Z5');
    expect(first).not.toHaveTextContent('s.9(5)');
    expect(screen.getByText('21 documents in November 2026')).toBeInTheDocument();
    const first_call = api.callsTo('GET /api/admin/documents')[0];
    expect(first_call?.url.searchParams.get('month')).toBe('2026-11');
    expect(first_call?.url.searchParams.get('page')).toBe('1');
    expect(first_call?.url.searchParams.has('stayId')).toBe(false);
    expect(first_call?.headers.get('authorization')).toMatch(/^Bearer /);

    await user.click(within(screen.getByRole('navigation', { name: 'Document pages' })).getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent(/^21/);
    expect(api.callsTo('GET /api/admin/documents').at(-1)?.url.searchParams.get('page')).toBe('2');
  });

  it('asks the API again for the month, stay and kind chosen, from page 1', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({ 'GET /api/admin/stays': stays, 'GET /api/admin/documents': page([doc(1)]) });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    await screen.findByRole('table');
    const last = () => api.callsTo('GET /api/admin/documents').at(-1)?.url.searchParams;

    await user.click(screen.getAllByLabelText(/^Stay/)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Hill Top', hidden: true }));
    await waitFor(() => expect(last()?.get('stayId')).toBe(HILL));

    await user.click(screen.getAllByLabelText(/^Kind/)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Credit notes', hidden: true }));
    await waitFor(() => expect(last()?.get('kind')).toBe('credit_note'));
    expect(last()?.get('stayId')).toBe(HILL);

    await user.click(screen.getByRole('button', { name: /^Month/ }));
    await user.click(await screen.findByRole('button', { name: 'Oct', hidden: true }));
    await waitFor(() => expect(last()?.get('month')).toBe('2026-10'));
    expect(last()?.get('kind')).toBe('credit_note');
    expect(last()?.get('page')).toBe('1');
    expect(await screen.findByText('1 document in October 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all of October 2026 (ZIP)' })).toBeEnabled();
  });

  it('says so when a month has no documents (nothing to download), and shows an error with a retry', async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    let fail = true;
    mockApi({
      'GET /api/admin/stays': stays,
      'GET /api/admin/documents': () => (fail ? { status: 500, body: { message: 'Database down' } } : page([])),
    });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No tax invoices or credit notes for these filters')).toBeInTheDocument();
    expect(screen.getByText('0 documents in November 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all of November 2026 (ZIP)' })).toBeDisabled();
    // No credit notes says nothing of the month's invoices: its ZIP (every kind) may still be had.
    await user.click(screen.getAllByLabelText(/^Kind/)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Credit notes', hidden: true }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download all of November 2026 (ZIP)' })).toBeEnabled());
    expect(screen.getByText('No tax invoices or credit notes for these filters')).toBeInTheDocument();
  });

  it("downloads a document's PDF and the month's ZIP with the admin's token", async () => {
    localStorage.setItem('adminLoginToken', fakeToken());
    const api = mockApi({
      'GET /api/admin/stays': stays,
      'GET /api/admin/documents': page([doc(1), doc(2)]),
      [`GET /api/admin/documents/${doc(2).id}/file`]: { body: 'pdf' },
      'GET /api/admin/documents/archive': { body: 'zip' },
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderRoute(<Harness />);
    await screen.findByRole('table');

    await user.click(screen.getAllByRole('button', { name: 'Download: Tax Invoice INV/26-27/000002' })[0] as HTMLElement);
    await waitFor(() => expect(names).toEqual(['INV-26-27-000002-29AAGCB7383J1Z4.pdf']));
    const pdf = api.callsTo(`GET /api/admin/documents/${doc(2).id}/file`)[0];
    expect(pdf?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await screen.findByText('Downloaded INV-26-27-000002-29AAGCB7383J1Z4.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download all of November 2026 (ZIP)' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names[1]).toBe('documents-2026-11.zip');
    const zip = api.callsTo('GET /api/admin/documents/archive')[0];
    expect(zip?.url.searchParams.get('month')).toBe('2026-11');
    expect(zip?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });
});
