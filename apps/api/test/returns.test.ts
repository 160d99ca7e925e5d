import { gstinOf } from '@repo/shared/factories';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM } from '#src/config/config.ts';
import { invoices } from '#src/db/schema/index.ts';
import { adminHeaders, type Guest, guest, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine } from './helper.ts';

// The month's returns as the GST portal's offline tools take them (ADR 056), checked on a worked month: a registered
// owner's invoices to a business and to a traveller, a business's cancel (credit note); a voluntarily registered
// owner and an unregistered one whose nights the platform supplies under s.9(5).

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** Today as the offline tool writes dates: 28-Nov-2026. */
const toolToday = () =>
  new Date()
    .toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' })
    .replaceAll(' ', '-');
const rows = (csv: string) => csv.trim().split('\r\n');

describe(`GST returns (${testEngine})`, async () => {
  const app = await build();
  const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).slice(0, 7);
  const ECO = DEMO_PLATFORM.gstins['29']!;
  const platform = loginAdmin(app, { isPlatform: true });
  const g = await guest(app);

  const owned = async (name: string, city: string, declaration: Record<string, unknown> | null) => {
    const s = await stayWithRooms(app, name, city);
    const headers = await adminHeaders(app, s.owner);
    if (declaration) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/payouts/gst-declarations',
        headers,
        payload: { stateCode: '29', legalName: `${name} LLP`, address: 'Bengaluru 560001', confirm: true, ...declaration },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
    return { ...s, headers };
  };
  /** A one-night booking paid, with its tax invoice. */
  const paid = async (who: Guest, stayId: string, room: string, from: number, extra: Record<string, unknown> = {}) => {
    const id = await paidBooking(app, who, stayId, room, from, 1, extra);
    const [inv] = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice')));
    return { id, invoice: inv! };
  };
  const business = {
    guestGstin: '27AAPFU0939F1ZV',
    guestCompany: 'Verma Traders',
    guestAddress: '4 Station Road, Pune 411001',
    guestPin: '411001',
    guestState: '27',
  };

  const OWN = gstinOf('29', 'AAGCB7383J');
  const registered = await owned('Lake View Residency', 'bengaluru', { registration: 'regular', gstin: OWN, liable: true });
  const VOLUNTARY = gstinOf('29', 'ABCFV1234K');
  const voluntary = await owned('Garden Homestay', 'bengaluru', { registration: 'regular', gstin: VOLUNTARY, liable: false });
  const unregistered = await owned('Forest Cabin', 'bengaluru', { registration: 'none', liable: false });

  const toBusiness = await paid(g, registered.stay.id, registered.r101, 40, business);
  const toTraveller = await paid(g, registered.stay.id, registered.r201, 41);
  const cancelled = await paid(g, registered.stay.id, registered.r102, 42, business);
  const cancel = await app.inject({ method: 'POST', url: `/api/bookings/${cancelled.id}/cancel`, headers: g.headers });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [credit] = await app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, cancelled.id), eq(invoices.kind, 'credit_note')));
  const viaVoluntary = await paid(g, voluntary.stay.id, voluntary.r101, 40);
  const viaUnregistered = await paid(g, unregistered.stay.id, unregistered.r101, 40, business);

  const report = async (headers: Record<string, string>, path: string) => {
    const res = await app.inject({ url: `${path}?month=${month}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return rows(res.body);
  };
  const ownerSheet = (sheet: string) => report(registered.headers, `/api/admin/payouts/reports/${sheet}`);

  it("an owner's GSTR-1: b2b and cdnr invoice by invoice, b2cs as supplies through the operator, in the tool's columns", async () => {
    const b = toBusiness.invoice.snapshot.gst;
    expect(await ownerSheet('gstr1-b2b')).toEqual([
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
      `27AAPFU0939F1ZV,Verma Traders,${toBusiness.invoice.number},${toolToday()},${rupees(b.total)},29-Karnataka,N,,Regular B2B,${ECO},5,${rupees(b.taxable)},`,
      `27AAPFU0939F1ZV,Verma Traders,${cancelled.invoice.number},${toolToday()},${rupees(cancelled.invoice.snapshot.gst.total)},29-Karnataka,N,,Regular B2B,${ECO},5,${rupees(cancelled.invoice.snapshot.gst.taxable)},`,
    ]);
    const c = credit!.snapshot.gst;
    expect(await ownerSheet('gstr1-cdnr')).toEqual([
      'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
      `27AAPFU0939F1ZV,Verma Traders,${credit!.number},${toolToday()},C,29-Karnataka,N,Regular B2B,${rupees(c.total)},,5,${rupees(c.taxable)},`,
    ]);
    const t = toTraveller.invoice.snapshot.gst;
    expect(await ownerSheet('gstr1-b2cs')).toEqual([
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      `E,29-Karnataka,,${t.lines[0]!.ratePercent},${rupees(t.taxable)},,${ECO}`,
    ]);
  });

  it('HSN summaries B2B and B2C apart (SAC 996311, no quantity for a service), documents issued, and Table 14', async () => {
    const b2b = [toBusiness.invoice.snapshot.gst, cancelled.invoice.snapshot.gst];
    const c = credit!.snapshot.gst;
    const taxable = b2b[0]!.taxable + b2b[1]!.taxable - c.taxable;
    const cgst = b2b[0]!.cgst + b2b[1]!.cgst - c.cgst;
    const sgst = b2b[0]!.sgst + b2b[1]!.sgst - c.sgst;
    expect(await ownerSheet('gstr1-hsn-b2b')).toEqual([
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      `996311,Accommodation services,NA,0,${rupees(taxable + cgst + sgst)},5,${rupees(taxable)},0.00,${rupees(cgst)},${rupees(sgst)},`,
    ]);
    const t = toTraveller.invoice.snapshot.gst;
    expect((await ownerSheet('gstr1-hsn-b2c'))[1]).toBe(
      `996311,Accommodation services,NA,0,${rupees(t.total)},${t.lines[0]!.ratePercent},${rupees(t.taxable)},0.00,${rupees(t.cgst)},${rupees(t.sgst)},`,
    );
    const numbers = [toBusiness, toTraveller, cancelled].map((p) => p.invoice.number).sort();
    expect(await ownerSheet('gstr1-docs')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      `Credit Note,${credit!.number},${credit!.number},1,0`,
      `Invoices for outward supply,${numbers[0]},${numbers[2]},3,0`,
    ]);
    const all = [toBusiness, toTraveller, cancelled].map((p) => p.invoice.snapshot.gst);
    const net = all.reduce((a, x) => a + x.taxable, 0) - c.taxable;
    const netCgst = all.reduce((a, x) => a + x.cgst, 0) - c.cgst;
    const netSgst = all.reduce((a, x) => a + x.sgst, 0) - c.sgst;
    expect(await ownerSheet('gstr1-eco')).toEqual([
      'Nature of Supply,GSTIN of E-Commerce Operator,E-Commerce Operator Name,Net value of supplies,Integrated tax,Central tax,State/UT tax,Cess',
      `Liable to collect tax u/s 52(TCS),${ECO},${DEMO_PLATFORM.legalName},${rupees(net)},0.00,${rupees(netCgst)},${rupees(netSgst)},`,
    ]);
    // The voluntarily registered owner reports what the platform supplied through them under s.9(5): value, no tax.
    const v = viaVoluntary.invoice.snapshot.gst;
    expect((await report(voluntary.headers, '/api/admin/payouts/reports/gstr1-eco'))[1]).toBe(
      `Liable to pay tax u/s 9(5),${ECO},${DEMO_PLATFORM.legalName},${rupees(v.taxable)},0.00,0.00,0.00,`,
    );
  });

  it("the platform's Table 15 (registered and unregistered suppliers and recipients apart) and GSTR-8 in equal halves", async () => {
    const { headers } = await platform;
    const sheet = (name: string) => report(headers, `/api/admin/platform/reports/${name}`);
    const v = viaVoluntary.invoice.snapshot.gst;
    expect((await sheet('gstr1-ecob2c')).slice(0, 2)).toEqual([
      'Supplier GSTIN/UIN,Supplier Name,Place Of Supply,Rate,Taxable Value,Cess Amount',
      `${VOLUNTARY},Garden Homestay LLP,29-Karnataka,${v.lines[0]!.ratePercent},${rupees(v.taxable)},`,
    ]);
    const u = viaUnregistered.invoice;
    expect(await sheet('gstr1-ecourp2b')).toContain(
      `27AAPFU0939F1ZV,Verma Traders,${u.number},${toolToday()},${rupees(u.snapshot.gst.total)},29-Karnataka,Invoice,${u.snapshot.gst.lines[0]!.ratePercent},${rupees(u.snapshot.gst.taxable)},`,
    );
    expect((await sheet('gstr1-ecourp2b'))[0]).toBe(
      'Recipient GSTIN/UIN,Recipient Name,Document Number,Document Date,Value of supplies made,Place Of Supply,Document type,Rate,Taxable Value,Cess Amount',
    );
    // GSTR-8: the registered owner's supplies to businesses (two invoices, one returned) and to travellers, apart.
    const gross = toBusiness.invoice.snapshot.gst.taxable + cancelled.invoice.snapshot.gst.taxable;
    const returned = credit!.snapshot.gst.taxable;
    const half = Math.round((gross - returned) * 0.0025);
    expect(await sheet('gstr8-b2b')).toContain(
      `${OWN},${rupees(gross)},${rupees(returned)},${rupees(gross - returned)},0.00,${rupees(half)},${rupees(half)}`,
    );
    const t = toTraveller.invoice.snapshot.gst.taxable;
    const tHalf = Math.round(t * 0.0025);
    expect(await sheet('gstr8-b2c')).toContain(`${OWN},${rupees(t)},0.00,${rupees(t)},0.00,${rupees(tHalf)},${rupees(tHalf)}`);
    // One of the platform's GSTINs only; a GSTIN that is none is refused.
    expect(await report(headers, '/api/admin/platform/reports/gstr1-docs')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Invoices for outward supply,/)]),
    );
    const bad = await app.inject({ url: `/api/admin/platform/reports/gstr1-docs?month=${month}&gstin=nope`, headers });
    expect(bad.statusCode).toBe(400);
  });
});
