import { periodOf } from '@repo/shared/domain/marketplace';
import { DESK_MSG } from '@repo/shared/schemas/desk';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guestIds, invoices, payments, roomBlocks, settlements } from '#src/db/schema/index.ts';
import { eraseGuestIds } from '#src/features/bookings/desk.service.ts';
import { settlePeriod } from '#src/features/payouts/index.ts';
import { adminHeaders, book, day, guest, ledgerOf, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine, waitForMail } from './helper.ts';
import { insertBooking } from './stays-helpers.ts';

// The front desk (ADR 064): bookings taken at the stay, money taken at the desk, check-in with the ID shown,
// check-out, no-shows, statuses on My Orders, the guest's export, the owner's settlement and housekeeping.

describe(`the front desk (${testEngine})`, async () => {
  const app = await build();
  const lake = await stayWithRooms(app, 'Lake View Residency', 'bengaluru');
  const owner = await adminHeaders(app, lake.owner);
  const other = await stayWithRooms(app, 'Elsewhere Inn', 'goa');
  const otherOwner = await adminHeaders(app, other.owner);

  const deskBook = (body: Record<string, unknown>, stayId = lake.stay.id, headers = owner) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/stays/${stayId}/desk-bookings`,
      headers,
      payload: { adults: 1, guestName: 'Meera Nair', guestMobile: '9876501234', ...body },
    });
  const post = (path: string, payload?: Record<string, unknown>, headers = owner) =>
    app.inject({ method: 'POST', url: `/api/admin/desk/bookings/${path}`, headers, ...(payload ? { payload } : {}) });

  it('books a walk-in priced as online, paid in cash: a desk line in the ledger, and the tax invoice issued', async () => {
    const res = await deskBook({
      checkIn: day(0),
      checkOut: day(2),
      roomNumberIds: [lake.r101],
      payment: { method: 'cash' },
    });
    expect(res.statusCode).toBe(201);
    const b = res.json().booking;
    // The same price an online guest is quoted for the same room and nights.
    const g = await guest(app);
    const online = await book(app, g, { stayId: lake.stay.id, checkIn: day(5), checkOut: day(7), roomNumberIds: [lake.r102] });
    expect(online.statusCode).toBe(201);
    expect(b.amount).toBe(online.json().booking.amount);
    expect(b).toMatchObject({ source: 'desk', guestName: 'Meera Nair', guestMobile: '9876501234', guestEmail: null });
    expect(b).toMatchObject({ status: 'confirmed', paid: b.amount, due: 0, arrival: null });
    expect(b.ledger).toEqual([expect.objectContaining({ provider: 'desk', method: 'cash', reference: '', amount: b.amount })]);
    expect(b.documents).toEqual([expect.objectContaining({ kind: 'invoice', total: b.amount })]);
    // Its invoice names the desk guest, and is downloadable from the admin booking view (no email given).
    const [inv] = await app.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(inv?.snapshot.recipient.name).toBe('Meera Nair');
    const reservation = await app.inject({ url: `/api/admin/reservations/${b.id}`, headers: owner });
    expect(reservation.json().reservation.guest).toMatchObject({ name: 'Meera Nair', mobile: '9876501234', email: '' });
    const docs = await app.inject({ url: `/api/admin/documents?bookingId=${b.id}`, headers: owner });
    expect(docs.json().documents).toEqual([expect.objectContaining({ id: b.documents[0].id })]);
    const pdf = await app.inject({ url: `/api/admin/documents/${b.documents[0].id}/file`, headers: owner });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  it('a taken night is a 409, online or at the desk, and nothing is stored', async () => {
    const first = await deskBook({ checkIn: day(10), checkOut: day(12), roomNumberIds: [lake.r201] });
    expect(first.statusCode).toBe(201);
    const again = await deskBook({ checkIn: day(11), checkOut: day(13), roomNumberIds: [lake.r201] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Room 201 is already booked/);
    const g = await guest(app);
    const online = await book(app, g, { stayId: lake.stay.id, checkIn: day(10), checkOut: day(11), roomNumberIds: [lake.r201] });
    expect(online.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 naming the field, and another owner’s stay is a 404', async () => {
    const noMobile = await deskBook({ checkIn: day(20), checkOut: day(21), roomNumberIds: [lake.r101], guestMobile: '12345' });
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().fieldErrors).toHaveProperty('guestMobile');
    const noName = await deskBook({ checkIn: day(20), checkOut: day(21), roomNumberIds: [lake.r101], guestName: '' });
    expect(noName.json().fieldErrors).toHaveProperty('guestName');
    const upiNoRef = await deskBook({
      checkIn: day(20),
      checkOut: day(21),
      roomNumberIds: [lake.r101],
      payment: { method: 'upi_desk' },
    });
    expect(upiNoRef.statusCode).toBe(400);
    expect(upiNoRef.json().fieldErrors).toHaveProperty(['payment.reference']);
    const foreign = await deskBook({ checkIn: day(20), checkOut: day(21), roomNumberIds: [lake.r101] }, lake.stay.id, otherOwner);
    expect(foreign.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/stays/${lake.stay.id}/desk`, headers: otherOwner })).statusCode).toBe(404);
  });

  it('an unpaid desk booking has no invoice until the desk takes its payment; the ledger is append-only', async () => {
    const res = await deskBook({
      checkIn: day(30),
      checkOut: day(31),
      roomNumberIds: [lake.r102],
      guestEmail: 'Arjun@Example.com',
    });
    const b = res.json().booking;
    expect(b).toMatchObject({ paid: 0, due: b.amount, documents: [], guestEmail: 'arjun@example.com' });
    const wrong = await post(`${b.id}/payments`, { method: 'card_desk', reference: 'SLIP 4411', amount: 100 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toHaveProperty('amount');
    const paid = await post(`${b.id}/payments`, { method: 'card_desk', reference: 'SLIP 4411' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().booking).toMatchObject({ due: 0, documents: [expect.objectContaining({ kind: 'invoice' })] });
    expect((await post(`${b.id}/payments`, { method: 'cash' })).statusCode).toBe(409);
    const { payments: lines } = await ledgerOf(app, b.id);
    expect(lines).toEqual([
      expect.objectContaining({ provider: 'desk', method: 'card_desk', reference: 'SLIP 4411', source: 'desk' }),
    ]);
    // The guest who gave an email gets the invoice by mail.
    const mail = await waitForMail(app, 'arjun@example.com');
    expect(mail.text).toMatch(/Your invoice|Tax Invoice/);
    await expect(app.db.update(payments).set({ amountPaise: 1 }).where(eq(payments.bookingId, b.id))).rejects.toThrow();
    await expect(app.db.delete(payments).where(eq(payments.bookingId, b.id))).rejects.toThrow();
    // Money the desk took is returned at the desk: the booking is not cancelled through the gateway.
    const cancel = await app.inject({ method: 'POST', url: `/api/admin/bookings/${b.id}/cancel`, headers: owner });
    expect(cancel.statusCode).toBe(409);
  });

  it('check-in records only what the law needs of the ID, sealed and masked; a bad ID is a 400 naming idNumber', async () => {
    const g = await guest(app);
    const id = await paidBooking(app, g, lake.stay.id, lake.r102, 0, 1);
    const cases: [string, string, string][] = [
      ['aadhaar', '1234 5678 9012', DESK_MSG.aadhaarWhole],
      ['aadhaar', '12a4', DESK_MSG.aadhaarLastFour],
      ['passport', '12345678', DESK_MSG.passportShape],
      ['voter_id', 'AB12', DESK_MSG.voterIdShape],
      ['driving_licence', 'MH14', DESK_MSG.drivingLicenceShape],
    ];
    for (const [idType, idNumber, message] of cases) {
      const res = await post(`${id}/check-in`, { idType, idNumber });
      expect(res.statusCode, `${idType} ${idNumber}`).toBe(400);
      expect(res.json().fieldErrors).toEqual({ idNumber: message });
    }
    expect((await post(`${id}/check-in`, { idType: 'aadhaar', idNumber: '9012' }, otherOwner)).statusCode).toBe(404);
    const ok = await post(`${id}/check-in`, { idType: 'aadhaar', idNumber: '9012' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking).toMatchObject({
      arrival: 'checked_in',
      guestId: { type: 'aadhaar', masked: 'XXXX XXXX 9012', erased: false },
    });
    const [row] = await app.db.select().from(guestIds).where(eq(guestIds.bookingId, id));
    expect(row?.sealed).toMatch(/^v1\./);
    expect(row?.sealed).not.toContain('9012');
    expect((await post(`${id}/check-in`, { idType: 'aadhaar', idNumber: '9012' })).statusCode).toBe(409);

    // The guest sees it on My Orders, and their export holds the ID masked.
    const mine = await app.inject({ url: '/api/me/bookings', headers: g.headers });
    expect(mine.json().bookings.find((b: { id: string }) => b.id === id)).toMatchObject({
      arrival: 'checked_in',
      cancelQuote: null,
    });
    const exported = await app.inject({ url: '/api/me/export', headers: g.headers });
    const held = exported.json().bookings.find((b: { id: string }) => b.id === id);
    expect(held).toMatchObject({ arrival: 'checked_in', idShownAtCheckIn: { type: 'aadhaar', masked: 'XXXX XXXX 9012' } });
    expect(exported.body).not.toContain(row?.sealed);

    // Check-out: nothing due, the rooms go dirty, the ID is erased the set time after.
    const out = await post(`${id}/check-out`);
    expect(out.statusCode).toBe(200);
    expect(out.json().booking).toMatchObject({ arrival: 'checked_out' });
    const hk = await app.inject({ url: `/api/admin/stays/${lake.stay.id}/housekeeping`, headers: owner });
    expect(hk.json().rooms.find((r: { id: string }) => r.id === lake.r102)).toMatchObject({ status: 'dirty' });
    expect(await eraseGuestIds(app.deps)).toBe(0);
    const later = { ...app.deps, clock: { now: () => new Date(Date.now() + (app.config.guestIds.keepDays + 1) * 86_400_000) } };
    expect(await eraseGuestIds(later)).toBe(1);
    const [erased] = await app.db.select().from(guestIds).where(eq(guestIds.bookingId, id));
    expect(erased).toMatchObject({ sealed: null, idType: 'aadhaar' });
    expect(erased?.erasedAt).toBeInstanceOf(Date);
    const view = await app.inject({ url: `/api/admin/desk/bookings/${id}`, headers: owner });
    expect(view.json().booking.guestId).toMatchObject({ masked: null, erased: true });
    expect((await app.inject({ url: `/api/admin/desk/bookings/${id}`, headers: otherOwner })).statusCode).toBe(404);
  });

  it('check-out settles what is due at the desk and issues the invoice; a passport is kept whole, shown masked', async () => {
    const res = await deskBook({ checkIn: day(0), checkOut: day(1), roomNumberIds: [lake.r201], adults: 2 });
    const b = res.json().booking;
    const inn = await post(`${b.id}/check-in`, { idType: 'passport', idNumber: 'k1234567' });
    expect(inn.json().booking.guestId).toMatchObject({ type: 'passport', masked: '••••4567' });
    const unpaid = await post(`${b.id}/check-out`);
    expect(unpaid.statusCode).toBe(409);
    const out = await post(`${b.id}/check-out`, { payment: { method: 'upi_desk', reference: 'UTR 4123 9876 5512' } });
    expect(out.statusCode).toBe(200);
    expect(out.json().booking).toMatchObject({
      arrival: 'checked_out',
      due: 0,
      documents: [expect.objectContaining({ kind: 'invoice', total: b.amount })],
      ledger: [expect.objectContaining({ method: 'upi_desk', reference: 'UTR 4123 9876 5512' })],
    });
  });

  it('a no-show only from its check-in day, of a booking not checked in; it shows on the desk’s day', async () => {
    const g = await guest(app);
    const future = await paidBooking(app, g, lake.stay.id, lake.r101, 40, 1);
    const early = await post(`${future}/no-show`);
    expect(early.statusCode).toBe(409);
    const today = await deskBook({ checkIn: day(0), checkOut: day(1), roomNumberIds: [other.r101] }, other.stay.id, otherOwner);
    expect(today.statusCode).toBe(201);
    const id = today.json().booking.id;
    expect((await post(`${id}/no-show`)).statusCode).toBe(404);
    const marked = await post(`${id}/no-show`, undefined, otherOwner);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().booking.arrival).toBe('no_show');
    expect((await post(`${id}/check-in`, { idType: 'aadhaar', idNumber: '1111' }, otherOwner)).statusCode).toBe(409);
    const desk = (await app.inject({ url: `/api/admin/stays/${other.stay.id}/desk`, headers: otherOwner })).json();
    expect(desk.noShows.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(desk.arrivals).toEqual([]);
    // The dashboard's figures of the day count it, for that owner only.
    const figures = (await app.inject({ url: '/api/admin/desk/today', headers: otherOwner })).json();
    expect(figures.stays).toEqual([
      { id: other.stay.id, name: 'Elsewhere Inn', arrivals: 0, inHouse: 0, departures: 0, noShows: 1 },
    ]);
    const mine = (await app.inject({ url: '/api/admin/desk/today', headers: owner })).json();
    expect(mine.stays.map((s: { id: string }) => s.id)).toEqual([lake.stay.id]);
    expect(mine.stays[0]).toMatchObject({ inHouse: 0, departures: 2 });
  });

  it('money taken at the desk is taken off the owner’s settlement once: the fee is still theirs to pay', async () => {
    const inn = await stayWithRooms(app, 'Hill Inn', 'ooty');
    const headers = await adminHeaders(app, inn.owner);
    const res = await deskBook(
      { checkIn: day(0), checkOut: day(1), roomNumberIds: [inn.r101], payment: { method: 'cash' } },
      inn.stay.id,
      headers,
    );
    const b = res.json().booking;
    const period = periodOf(day(0));
    await settlePeriod(app.deps, period, inn.owner.id);
    const [s] = await app.db.select().from(settlements).where(eq(settlements.ownerId, inn.owner.id));
    const detail = (await app.inject({ url: `/api/admin/payouts/settlements/${s!.id}`, headers })).json();
    expect(detail.lines).toHaveLength(1);
    const line = detail.lines[0];
    expect(line.gross).toBe(b.amount);
    expect(line.fee).toBeGreaterThan(0);
    // No TCS on money the platform never collected (s.52(1) CGST Act); the fee, its GST and TDS as for any booking.
    expect(line.tcs).toBe(0);
    expect(detail.collectedAtStay).toEqual([expect.objectContaining({ bookingId: b.id, amount: b.amount, method: 'cash' })]);
    // What the lines owe the owner less what they already hold: the fee, its GST and the taxes withheld, owed.
    expect(line.net - b.amount).toBe(s!.netPaise);
    expect(detail.totals.net).toBe(s!.netPaise);
    expect(s!.netPaise).toBeLessThan(0);
    expect(s!.payablePaise).toBe(0);
    const csv = await app.inject({ url: `/api/admin/payouts/settlements/${s!.id}/statement.csv`, headers });
    expect(csv.body).toContain('Taken at your desk (cash)');
    // Settled again, nothing more is taken off.
    await settlePeriod(app.deps, { start: period.start, end: period.end }, inn.owner.id);
    expect(await app.db.select().from(settlements).where(eq(settlements.ownerId, inn.owner.id))).toHaveLength(1);
  });

  it('housekeeping: clean, inspected, out of order blocks search and holds until marked again', async () => {
    // A stay of its own: every room of the others has a guest tonight.
    const lake = await stayWithRooms(app, 'Sea Shell', 'kochi');
    const owner = await adminHeaders(app, lake.owner);
    const deskBook = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/stays/${lake.stay.id}/desk-bookings`,
        headers: owner,
        payload: { adults: 1, guestName: 'Meera Nair', guestMobile: '9876501234', ...body },
      });
    const mark = (roomId: string, payload: Record<string, unknown>, headers = owner) =>
      app.inject({ method: 'PUT', url: `/api/admin/stays/${lake.stay.id}/rooms/${roomId}/housekeeping`, headers, payload });
    expect((await mark(lake.r102, { status: 'clean' })).json().rooms.find((r: { id: string }) => r.id === lake.r102).status).toBe(
      'clean',
    );
    expect(
      (await mark(lake.r102, { status: 'inspected' })).json().rooms.find((r: { id: string }) => r.id === lake.r102).status,
    ).toBe('inspected');
    expect((await mark(lake.r102, { status: 'sparkling' })).statusCode).toBe(400);
    expect((await mark(lake.r102, { status: 'out_of_order' })).json().fieldErrors).toHaveProperty('until');
    expect((await mark(lake.r102, { status: 'clean' }, otherOwner)).statusCode).toBe(404);
    // Out of order for three nights: the room's nights are blocked, so a hold on them is a 409 and search leaves it out.
    const ooo = await mark(lake.r102, { status: 'out_of_order', until: day(3), note: 'AC leaking' });
    expect(ooo.statusCode).toBe(200);
    expect(ooo.json().rooms.find((r: { id: string }) => r.id === lake.r102)).toMatchObject({
      status: 'out_of_order',
      outOfOrderUntil: day(3),
    });
    const g = await guest(app);
    const held = await book(app, g, { stayId: lake.stay.id, checkIn: day(1), checkOut: day(2), roomNumberIds: [lake.r102] });
    expect(held.statusCode).toBe(409);
    const atDesk = await deskBook({ checkIn: day(1), checkOut: day(2), roomNumberIds: [lake.r102] });
    expect(atDesk.statusCode).toBe(409);
    const available = async () => {
      const res = await app.inject({
        url: `/api/stays/${lake.stay.id}/room-types?checkIn=${day(1)}&checkOut=${day(2)}`,
        headers: g.headers,
      });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        (res.json().roomTypes as { roomNumbers: { number: number; available: boolean }[] }[]).flatMap((t) =>
          t.roomNumbers.map((n) => [n.number, n.available]),
        ),
      );
    };
    expect((await available())[102]).toBe(false);
    // Marked clean again: the block is lifted and the nights are for sale.
    const back = await mark(lake.r102, { status: 'clean' });
    expect(back.json().rooms.find((r: { id: string }) => r.id === lake.r102).status).toBe('clean');
    expect(
      await app.db
        .select()
        .from(roomBlocks)
        .where(and(eq(roomBlocks.roomNumberId, lake.r102))),
    ).toEqual([]);
    expect((await available())[102]).toBe(true);
    // A room someone slept in last night is dirty this morning until the desk marks it.
    await insertBooking(app, {
      userId: lake.owner.id,
      stayId: lake.stay.id,
      from: -1,
      to: 1,
      status: 'confirmed',
      rooms: [{ id: lake.r201, number: 201 }],
    });
    const state = async (roomId: string) =>
      (await app.inject({ url: `/api/admin/stays/${lake.stay.id}/housekeeping`, headers: owner }))
        .json()
        .rooms.find((r: { id: string }) => r.id === roomId);
    expect(await state(lake.r201)).toMatchObject({ status: 'dirty', occupied: true });
    await mark(lake.r201, { status: 'clean' });
    expect(await state(lake.r201)).toMatchObject({ status: 'clean', occupied: true });
    const free = await book(app, g, { stayId: lake.stay.id, checkIn: day(1), checkOut: day(2), roomNumberIds: [lake.r102] });
    expect(free.statusCode).toBe(201);
  });
});
