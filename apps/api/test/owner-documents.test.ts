import { todayInIndia } from '@repo/shared/domain/dates';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { stays } from '#src/db/schema/index.ts';
import { adminHeaders, guest, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';
import { pdfText } from './pdf-text.ts';

// The owner's tax documents (ADR 022): every invoice and credit note of their stays, listed by month and stay,
// downloaded as issued, a month as one ZIP; never another owner's.

describe(`an owner's tax documents (${testEngine})`, async () => {
  const app = await build();
  const registered = await stayWithRooms(app, 'Lake View Residency', 'bengaluru');
  await app.db
    .update(stays)
    .set({ gstin: '29AAGCB7383J1Z4', legalName: 'Lake View Hospitality Pvt Ltd' })
    .where(eq(stays.id, registered.stay.id));
  const owner = await adminHeaders(app, registered.owner);
  // A second stay of the same owner, not registered: its documents are the platform's, for the owner's stay.
  const cabin = await stayWithRooms(app, 'Pine Cabin', 'manali');
  await app.db.update(stays).set({ ownerId: registered.owner.id }).where(eq(stays.id, cabin.stay.id));
  const other = await stayWithRooms(app, 'Elsewhere Inn', 'goa');
  const otherOwner = await adminHeaders(app, other.owner);

  const g = await guest(app);
  const first = await paidBooking(app, g, registered.stay.id, registered.r101, 20);
  const second = await paidBooking(app, g, cabin.stay.id, cabin.r101, 21);
  const foreign = await paidBooking(app, g, other.stay.id, other.r101, 22);
  expect((await app.inject({ method: 'POST', url: `/api/bookings/${first}/cancel`, headers: g.headers })).statusCode).toBe(200);
  const month = todayInIndia().slice(0, 7);

  it('lists every invoice and credit note of the owner’s stays, newest first, with who issued each', async () => {
    const res = await app.inject({ url: '/api/admin/documents', headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBe(3);
    expect(page.documents.map((d: { bookingId: string; kind: string }) => [d.bookingId, d.kind])).toEqual(
      expect.arrayContaining([
        [first, 'invoice'],
        [first, 'credit_note'],
        [second, 'invoice'],
      ]),
    );
    const cabinInvoice = page.documents.find((d: { bookingId: string }) => d.bookingId === second);
    expect(cabinInvoice).toMatchObject({ title: 'Tax Invoice', byPlatform: true, stayName: 'Pine Cabin' });
    expect(cabinInvoice.supplierGstin).toMatch(/^02/);
    const credit = page.documents.find((d: { kind: string }) => d.kind === 'credit_note');
    expect(credit).toMatchObject({ title: 'Credit Note', byPlatform: false, supplierGstin: '29AAGCB7383J1Z4' });
    expect(credit.taxable + credit.cgst + credit.sgst).toBe(credit.total);
    expect(page.documents.some((d: { bookingId: string }) => d.bookingId === foreign)).toBe(false);
  });

  it('filters by month, stay and kind; a bad filter is a 400', async () => {
    const q = async (query: string) => (await app.inject({ url: `/api/admin/documents?${query}`, headers: owner })).json();
    expect((await q(`month=${month}`)).total).toBe(3);
    expect((await q('month=2001-01')).total).toBe(0);
    expect((await q(`stayId=${cabin.stay.id}`)).total).toBe(1);
    expect((await q('kind=credit_note')).total).toBe(1);
    for (const bad of ['month=2026-13', 'month=nov', 'stayId=nope', 'kind=receipt', 'page=0'])
      expect((await app.inject({ url: `/api/admin/documents?${bad}`, headers: owner })).statusCode, bad).toBe(400);
  });

  it('downloads a document as issued; another owner’s is a 404; guests and visitors are refused', async () => {
    const list = (await app.inject({ url: '/api/admin/documents', headers: owner })).json().documents;
    const doc = list.find((d: { bookingId: string; kind: string }) => d.bookingId === second);
    const res = await app.inject({ url: `/api/admin/documents/${doc.id}/file`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // The same bytes the guest gets.
    const guestCopy = await app.inject({ url: `/api/bookings/${second}/invoice`, headers: g.headers });
    expect(Buffer.compare(res.rawPayload, guestCopy.rawPayload)).toBe(0);
    expect(await pdfText(res.rawPayload)).toContain('Supplied by Pine Cabin');
    expect((await app.inject({ url: `/api/admin/documents/${doc.id}/file`, headers: otherOwner })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/documents/${doc.id}/file`, headers: g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/admin/documents/${doc.id}/file` })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/documents', headers: g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/documents/not-an-id/file', headers: owner })).statusCode).toBe(400);
    // The other owner sees only their own.
    const theirs = (await app.inject({ url: '/api/admin/documents', headers: otherOwner })).json();
    expect(theirs.documents.map((d: { bookingId: string }) => d.bookingId)).toEqual([foreign]);
  });

  it('tells two suppliers’ documents of the same number apart: by name, GSTIN and file name', async () => {
    const list = (await app.inject({ url: '/api/admin/documents?kind=invoice', headers: owner })).json().documents;
    const own = list.find((d: { bookingId: string }) => d.bookingId === first);
    const platforms = list.find((d: { bookingId: string }) => d.bookingId === second);
    // One series per supplier: both are the first of their own.
    expect(own.number).toBe(platforms.number);
    expect(own).toMatchObject({ supplierName: 'Lake View Residency', supplierGstin: '29AAGCB7383J1Z4', byPlatform: false });
    expect(platforms).toMatchObject({ supplierName: 'StayBook', byPlatform: true });
    const fileName = async (id: string) =>
      (await app.inject({ url: `/api/admin/documents/${id}/file`, headers: owner })).headers['content-disposition'];
    const dashed = own.number.replaceAll('/', '-');
    expect(await fileName(own.id)).toBe(`attachment; filename="${dashed}-29AAGCB7383J1Z4.pdf"`);
    expect(await fileName(platforms.id)).toBe(`attachment; filename="${dashed}-${platforms.supplierGstin}.pdf"`);
    // The guest's copy and its order card say the same.
    const guestCopy = await app.inject({ url: `/api/bookings/${second}/invoice`, headers: g.headers });
    expect(guestCopy.headers['content-disposition']).toBe(`attachment; filename="${dashed}-${platforms.supplierGstin}.pdf"`);
    const orders = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings;
    const order = orders.find((b: { id: string }) => b.id === second);
    expect(order.documents[0].supplier).toEqual({ name: 'StayBook', gstin: platforms.supplierGstin, byPlatform: true });
  });

  it('lists one booking’s documents (its reservation page); another owner’s booking lists none', async () => {
    const q = async (query: string, headers = owner) =>
      (await app.inject({ url: `/api/admin/documents?${query}`, headers })).json();
    const mine = await q(`bookingId=${first}`);
    expect(mine.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect((await q(`bookingId=${foreign}`)).total).toBe(0);
    expect((await q(`bookingId=${first}`, otherOwner)).total).toBe(0);
    expect((await app.inject({ url: '/api/admin/documents?bookingId=nope', headers: owner })).statusCode).toBe(400);
  });

  it('a month as one ZIP of the files as issued, a folder per supplier (each numbers its own series)', async () => {
    const res = await app.inject({ url: `/api/admin/documents/archive?month=${month}`, headers: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="documents-${month}.zip"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(3);
    for (const name of names) {
      expect(name).toMatch(/^([0-9A-Z]{15})\/(TI|CR)-\d\d-\d\d-\d{6}-\1\.pdf$/);
      expect(Buffer.from(files[name]!).subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(names.filter((n) => n.startsWith('29AAGCB7383J1Z4/'))).toHaveLength(2);
    expect((await app.inject({ url: '/api/admin/documents/archive', headers: owner })).statusCode).toBe(400);
    const empty = await app.inject({ url: '/api/admin/documents/archive?month=2001-01', headers: owner });
    expect(Object.keys(unzipSync(new Uint8Array(empty.rawPayload)))).toEqual([]);
  });
});
