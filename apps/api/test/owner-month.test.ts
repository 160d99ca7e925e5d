import { createHmac } from 'node:crypto';
import { addDays, nightsBetween, todayInIndia } from '@repo/shared/domain/dates';
import { monthRange, OWNER_MSG } from '@repo/shared/schemas/owner';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRooms, bookings, invoices, type InvoiceSnapshot, roomNights, stays } from '#src/db/schema/index.ts';
import { book, guest, knownPayment } from './bookings.fixtures.ts';
import { build, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { addRooms, createStay } from './stays-helpers.ts';

// The owner's month at a glance (docs/decisions/039-owners-month.md): totals over every stay of the owner, a table of
// their stays sorted and searched, and the reservations CSV's tax columns, read from the invoice as issued.

type Month = {
  month: string;
  totals: Record<string, number | boolean | null>;
  stays: { stayId: string; name: string; city: string; [k: string]: unknown }[];
  page: number;
  pageSize: number;
  total: number;
};

describe(`owner's month: totals, sort and search, CSV tax columns (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const ownerB = await loginAdmin(app);
  const asha = await loginGuest(app, { firstName: 'Asha', lastName: 'Verma' });

  // Next month (India): every night of it is from today on, so its rooms can be blocked and booked.
  const today = todayInIndia();
  const month = addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7);
  const { from, to } = monthRange(month);
  const N = nightsBetween(from, to);
  const night = (i: number) => addDays(from, i);

  const alpha = await createStay(app, owner.headers, { name: 'Alpha Lodge', city: 'mysuru' });
  const beta = await createStay(app, owner.headers, { name: 'Beta Residency', city: 'ooty' });
  await createStay(app, owner.headers, { name: 'Gamma Cottage', city: 'mysuru' });
  const zeta = await createStay(app, ownerB.headers, { name: 'Zeta Foreign', city: 'mysuru' });
  await addRooms(app, owner.headers, alpha.id, { title: 'Deluxe', roomNumbers: [1, 2], price: 2000 });
  await addRooms(app, owner.headers, beta.id, { title: 'Suite', roomNumbers: [10], price: 9000 });
  await addRooms(app, ownerB.headers, zeta.id, { title: 'Other', roomNumbers: [9], price: 4000 });
  const roomsOf = async (stayId: string, headers: Record<string, string>) =>
    (await app.inject({ url: `/api/admin/stays/${stayId}/rooms`, headers })).json().rooms as {
      number: number;
      roomNumberId: string;
    }[];
  const [a1, a2] = await roomsOf(alpha.id, owner.headers);
  const [b10] = await roomsOf(beta.id, owner.headers);
  const [z9] = await roomsOf(zeta.id, ownerB.headers);

  /** A confirmed booking written straight to the tables (no invoice issued), its nights at these tariffs. */
  async function confirmed(stayId: string, room: { number: number; roomNumberId: string }, first: number, tariffs: number[]) {
    const [b] = await app.db
      .insert(bookings)
      .values({
        userId: asha.user.id,
        stayId,
        checkIn: night(first),
        checkOut: night(first + tariffs.length),
        nights: tariffs.length,
        adults: 1,
        amountPaise: tariffs.reduce((s, t) => s + t * 100, 0),
        status: 'confirmed',
        hotelName: 'Test stay',
      })
      .returning();
    await app.db.insert(bookingRooms).values({
      bookingId: b!.id,
      roomNumberId: room.roomNumberId,
      number: room.number,
      title: 'Deluxe',
      pricePerNight: tariffs[0]!,
      nightlyPrices: tariffs,
    });
    await app.db
      .insert(roomNights)
      .values(tariffs.map((_, i) => ({ roomNumberId: room.roomNumberId, night: night(first + i), bookingId: b!.id, stayId })));
    return b!;
  }

  // Alpha (2 rooms): room 1 sold 5 nights at ₹2,000; room 2 sold 3 nights at ₹1,500, ₹2,500, ₹3,000 and blocked 2.
  await confirmed(alpha.id, a1!, 0, [2000, 2000, 2000, 2000, 2000]);
  await confirmed(alpha.id, a2!, 10, [1500, 2500, 3000]);
  const blocked = await app.inject({
    method: 'POST',
    url: `/api/admin/stays/${alpha.id}/blocks`,
    headers: owner.headers,
    payload: { roomNumberIds: [a2!.roomNumberId], from: night(20), to: night(22) },
  });
  expect(blocked.statusCode, blocked.body).toBe(201);
  // Cancelled bookings sell no night; the CSV says who cancelled.
  for (const cancelledBy of ['guest', 'owner'] as const)
    await app.db.insert(bookings).values({
      userId: asha.user.id,
      stayId: alpha.id,
      checkIn: night(25),
      checkOut: night(26),
      nights: 1,
      adults: 1,
      amountPaise: 200_000,
      status: 'cancelled',
      cancelledBy,
      hotelName: 'Test stay',
    });
  // Another owner's stay, sold: never in this owner's figures.
  await confirmed(zeta.id, z9!, 0, [4000, 4000]);

  // Beta (1 room, ₹9,000: 18 % GST): 2 nights booked and paid by a business guest through the API, so invoiced.
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  const g = await guest(app);
  await app.db
    .update(stays)
    .set({ gstin: '29AAGCB7383J1Z4', legalName: 'Beta Hospitality Pvt Ltd', stateCode: '29' })
    .where(eq(stays.id, beta.id));
  const held = await book(app, g, {
    stayId: beta.id,
    checkIn: night(3),
    checkOut: night(5),
    roomNumberIds: [b10!.roomNumberId],
    guestGstin: '27AAPFU0939F1ZV',
    guestCompany: 'Verma Traders',
    guestAddress: '4 Station Road, Pune 411001',
    guestPin: '411001',
    guestState: '27',
  });
  expect(held.statusCode, held.body).toBe(201);
  const h = held.json() as { booking: { id: string; amount: number }; checkout: { orderId: string } };
  const paymentId = await knownPayment(app, { orderId: h.checkout.orderId, amount: h.booking.amount }, 'pay_MONTHBETA0001');
  const paid = await app.inject({
    method: 'POST',
    url: `/api/bookings/${h.booking.id}/payment`,
    headers: g.headers,
    payload: { orderId: h.checkout.orderId, paymentId, signature: sign(h.checkout.orderId, paymentId) },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [invoice] = await app.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, h.booking.id), eq(invoices.kind, 'invoice')));
  const printed = invoice!.snapshot as InvoiceSnapshot;

  const get = async (query: string, headers = owner.headers) => {
    const res = await app.inject({ url: `/api/admin/figures/month?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Month;
  };
  const names = (m: Month) => m.stays.map((s) => s.name);

  it('totals over every stay of mine, figured by hand: occupancy, ADR, RevPAR, revenue with and without GST', async () => {
    const m = await get(`month=${month}`);
    expect(m.month).toBe(month);
    // Alpha: 8 of 2N − 2 room-nights sold (2 blocked), ₹17,000 of tariffs, all at 5 %: the GST in ₹17,000 is
    // 2 × ₹404.76 (half of 17,00,000 × 5/105 paise, rounded), so ₹16,190.48 net. ADR ₹2,125.
    const alphaRow = m.stays.find((s) => s.name === 'Alpha Lodge');
    expect(alphaRow).toMatchObject({
      city: 'mysuru',
      soldNights: 8,
      sellableNights: 2 * N - 2,
      occupancy: Math.round((8 / (2 * N - 2)) * 1000) / 10,
      revenue: 1_700_000,
      netRevenue: 1_619_048,
      adr: 212_500,
      revpar: Math.round(1_700_000 / (2 * N - 2)),
    });
    // Beta: 2 of N nights at ₹9,000 (18 %): its net is its invoice's taxable value, ₹15,254.24.
    const betaRow = m.stays.find((s) => s.name === 'Beta Residency');
    expect(printed.gst.total).toBe(1_800_000);
    expect(printed.gst.taxable).toBe(1_525_424);
    expect(betaRow).toMatchObject({
      soldNights: 2,
      sellableNights: N,
      revenue: printed.gst.total,
      netRevenue: printed.gst.taxable,
      adr: 900_000,
      revpar: Math.round(1_800_000 / N),
    });
    // Gamma has no rooms: nothing sellable, so no occupancy, ADR or RevPAR.
    expect(m.stays.find((s) => s.name === 'Gamma Cottage')).toMatchObject({
      soldNights: 0,
      sellableNights: 0,
      occupancy: null,
      revenue: 0,
      netRevenue: 0,
      adr: null,
      revpar: null,
    });
    expect(m.totals).toEqual({
      stays: 3,
      soldNights: 10,
      sellableNights: 3 * N - 2,
      occupancy: Math.round((10 / (3 * N - 2)) * 1000) / 10,
      revenue: 3_500_000,
      netRevenue: 1_619_048 + 1_525_424,
      adr: 350_000,
      revpar: Math.round(3_500_000 / (3 * N - 2)),
      // Settlements are not kept: the fee and what is payable are not known.
      fee: 0,
      payable: 0,
      feeAvailable: false,
    });
    // Another month has nothing sold; the default month is this one (India).
    expect((await get('month=2001-02')).totals).toMatchObject({ soldNights: 0, revenue: 0, occupancy: 0 });
    expect((await get('')).month).toBe(today.slice(0, 7));
  });

  it('sorts by name, occupancy, ADR, RevPAR and revenue either way (a stay without the figure last)', async () => {
    expect(names(await get(`month=${month}`))).toEqual(['Alpha Lodge', 'Beta Residency', 'Gamma Cottage']);
    expect(names(await get(`month=${month}&sort=name&dir=desc`))).toEqual(['Gamma Cottage', 'Beta Residency', 'Alpha Lodge']);
    expect(names(await get(`month=${month}&sort=revenue&dir=desc`))).toEqual(['Beta Residency', 'Alpha Lodge', 'Gamma Cottage']);
    expect(names(await get(`month=${month}&sort=revenue`))).toEqual(['Gamma Cottage', 'Alpha Lodge', 'Beta Residency']);
    // Occupancy: Beta 2/N (≈ 6.5 %) under Alpha 8/(2N − 2) (≈ 13.3 %); Gamma has none either way.
    expect(names(await get(`month=${month}&sort=occupancy`))).toEqual(['Beta Residency', 'Alpha Lodge', 'Gamma Cottage']);
    expect(names(await get(`month=${month}&sort=occupancy&dir=desc`))).toEqual([
      'Alpha Lodge',
      'Beta Residency',
      'Gamma Cottage',
    ]);
    expect(names(await get(`month=${month}&sort=adr&dir=desc`))).toEqual(['Beta Residency', 'Alpha Lodge', 'Gamma Cottage']);
    // RevPAR: Beta ₹18,000/N over Alpha ₹17,000/(2N − 2).
    expect(names(await get(`month=${month}&sort=revpar`))).toEqual(['Alpha Lodge', 'Beta Residency', 'Gamma Cottage']);
  });

  it('searches by name or city (the totals still cover every stay) and keeps pages', async () => {
    const mysuru = await get(`month=${month}&q=MYSURU`);
    expect(names(mysuru)).toEqual(['Alpha Lodge', 'Gamma Cottage']);
    expect(mysuru.total).toBe(2);
    expect(mysuru.totals.stays).toBe(3);
    expect(mysuru.totals.revenue).toBe(3_500_000);
    expect(names(await get(`month=${month}&q=resid`))).toEqual(['Beta Residency']);
    // % and _ are plain text.
    expect((await get(`month=${month}&q=%25`)).stays).toEqual([]);
    const past = await get(`month=${month}&page=2`);
    expect(past).toMatchObject({ stays: [], page: 2, pageSize: 20, total: 3 });
  });

  it('each owner sees only their own stays and money', async () => {
    const mine = await get(`month=${month}`);
    expect(JSON.stringify(mine)).not.toContain('Zeta');
    const theirs = await get(`month=${month}`, ownerB.headers);
    expect(names(theirs)).toEqual(['Zeta Foreign']);
    expect(theirs.totals).toMatchObject({ stays: 1, soldNights: 2, sellableNights: N, revenue: 800_000 });
    // Searching for another owner's stay finds nothing.
    expect((await get(`month=${month}&q=zeta`)).stays).toEqual([]);
    // A guest is not an admin; nobody signed in is 401.
    expect((await app.inject({ url: '/api/admin/figures/month', headers: asha.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/figures/month' })).statusCode).toBe(401);
  });

  it('bad input is a 400 with a clear message', async () => {
    for (const [q, message] of [
      ['month=2026-13', OWNER_MSG.monthInvalid],
      ['month=2026-1', OWNER_MSG.monthInvalid],
      ['month=26-01', OWNER_MSG.monthInvalid],
      ['month=1999-12', OWNER_MSG.monthInvalid],
      ['sort=price', OWNER_MSG.sortInvalid],
      ['dir=up', OWNER_MSG.directionInvalid],
      ['page=0', OWNER_MSG.pageInvalid],
      [`q=${'x'.repeat(101)}`, OWNER_MSG.searchTooLong],
    ] as const) {
      const res = await app.inject({ url: `/api/admin/figures/month?${q}`, headers: owner.headers });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toContain(message);
    }
  });

  it('the reservations CSV carries the invoice as issued: number, taxable value, CGST, SGST, IGST, GSTIN, status in words', async () => {
    const res = await app.inject({ url: '/api/admin/reservations/export', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.split('\r\n').filter(Boolean);
    const cols = header!.split(',');
    expect(cols).toEqual([
      'Booking id',
      'Order id',
      'Payment id',
      'Stay',
      'Guest',
      'Email',
      'Mobile',
      'Check-in',
      'Check-out',
      'Nights',
      'Adults',
      'Children',
      'Rooms',
      'Status',
      'Amount (INR)',
      'Invoice number',
      'Taxable value (INR)',
      'CGST (INR)',
      'SGST (INR)',
      'IGST (INR)',
      'Guest GSTIN',
      'Paid (INR)',
      'Refunded (INR)',
      'Refund status',
      'Booked at (IST)',
    ]);
    // No cell of these rows has a comma: split plainly.
    const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v])));
    const betaRow = rows.find((r) => r['Booking id'] === h.booking.id)!;
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    expect(betaRow).toMatchObject({
      Status: 'Confirmed',
      'Invoice number': invoice!.number,
      'Taxable value (INR)': rupees(printed.gst.taxable),
      'CGST (INR)': rupees(printed.gst.cgst),
      'SGST (INR)': rupees(printed.gst.sgst),
      'IGST (INR)': '0.00',
      'Guest GSTIN': '27AAPFU0939F1ZV',
      'Paid (INR)': '18000.00',
    });
    // By hand: ₹18,000 at 18 % holds ₹1,372.88 CGST and as much SGST; the rest is the taxable value.
    expect(betaRow['CGST (INR)']).toBe('1372.88');
    const cents = (cell: string | undefined) => Math.round(Number(cell) * 100);
    expect(
      cents(betaRow['Taxable value (INR)']) +
        cents(betaRow['CGST (INR)']) +
        cents(betaRow['SGST (INR)']) +
        cents(betaRow['IGST (INR)']),
    ).toBe(cents(betaRow['Paid (INR)']));
    // A booking without an issued invoice has empty tax cells; cancelled ones say who cancelled.
    const uninvoiced = rows.filter((r) => r.Stay === 'Alpha Lodge' && r.Status === 'Confirmed');
    expect(uninvoiced).toHaveLength(2);
    for (const r of uninvoiced)
      for (const col of ['Invoice number', 'Taxable value (INR)', 'CGST (INR)', 'SGST (INR)', 'IGST (INR)', 'Guest GSTIN'])
        expect(r[col], col).toBe('');
    expect(
      rows
        .filter((r) => r.Status?.startsWith('Cancelled'))
        .map((r) => r.Status)
        .sort(),
    ).toEqual(['Cancelled by the guest', 'Cancelled by the stay']);
    expect(JSON.stringify(rows)).not.toContain('Zeta');
  });
});
