import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingRooms, bookings, payments, refunds, roomBlocks, roomNights } from '#src/db/schema/index.ts';
import { book, day, guest } from './bookings.fixtures.ts';
import { OWNER_LIMITS } from '@repo/shared/schemas/owner';
import { reservationsCsv } from '#src/features/owner/reservations.service.ts';
import { build, loginAdmin, loginGuest, testEngine, until } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

describe(`owner: reservations, occupancy, blocks and figures (${testEngine})`, async () => {
  // Long answer reuse: a stale search or room answer could only change because the stay was forgotten.
  const app = await build({ searchCacheMs: 60_000, stayCacheMs: 60_000 });
  const owner = await loginAdmin(app);
  const otherAdmin = await loginAdmin(app);
  const asha = await loginGuest(app, {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha.verma@example.com',
    mobile: '9876543210',
  });
  const ravi = await loginGuest(app, { firstName: '=HYPERLINK("x")', lastName: 'Kumar, Jr', mobile: '9123456780' });

  const marina = await createStay(app, owner.headers, { name: 'Marina Stay', city: 'pondy' });
  const harbour = await createStay(app, owner.headers, { name: 'Harbour Stay', city: 'pondy' });
  const foreign = await createStay(app, otherAdmin.headers, { name: 'Other Stay', city: 'pondy' });
  await addRooms(app, owner.headers, marina.id, { title: 'Deluxe', roomNumbers: [101, 102], price: 3000 });
  await addRooms(app, owner.headers, marina.id, { title: 'Suite', roomNumbers: [201], price: 5000, maxPeople: 4 });
  await addRooms(app, owner.headers, harbour.id, { title: 'Cabin', roomNumbers: [1], price: 2000 });
  await addRooms(app, otherAdmin.headers, foreign.id, { title: 'Other', roomNumbers: [9], price: 2000 });

  const roomsOf = async (stayId: string, headers: Record<string, string>) => {
    const res = await app.inject({ url: `/api/admin/stays/${stayId}/rooms`, headers });
    return Object.fromEntries(
      (res.json().rooms as { number: number; roomNumberId: string }[]).map((r) => [
        r.number,
        { id: r.roomNumberId, number: r.number },
      ]),
    );
  };
  const m = await roomsOf(marina.id, owner.headers);
  const h = await roomsOf(harbour.id, owner.headers);
  const f = await roomsOf(foreign.id, otherAdmin.headers);
  const r101 = m[101]!;
  const r102 = m[102]!;
  const r201 = m[201]!;

  // Bookings: Asha confirmed at Marina (101, nights -5..-2), paid and partly refunded; Ravi confirmed at Marina
  // (201, nights +1..+3) with prices by night; Asha's live hold at Harbour; a cancelled one; one at another's stay.
  const past = await insertBooking(app, {
    userId: asha.user.id,
    stayId: marina.id,
    from: -5,
    to: -2,
    status: 'confirmed',
    rooms: [r101],
  });
  await app.db.update(bookingRooms).set({ pricePerNight: 3000, title: 'Deluxe' }).where(eq(bookingRooms.bookingId, past.id));
  await app.db.update(bookings).set({ amountPaise: 900_000, providerOrderId: 'order_PAST123' }).where(eq(bookings.id, past.id));
  const [pay] = await app.db
    .insert(payments)
    .values({
      bookingId: past.id,
      provider: 'sandbox',
      providerPaymentId: 'pay_PAST123',
      amountPaise: 900_000,
      source: 'browser',
    })
    .returning();
  await app.db.insert(refunds).values([
    // A failed refund, then a later one paid out: the later one is the refund's state.
    {
      bookingId: past.id,
      paymentId: pay!.id,
      amountPaise: 100_000,
      reason: 'cancelled',
      status: 'failed',
      createdAt: new Date(Date.now() - 60_000),
    },
    {
      bookingId: past.id,
      paymentId: pay!.id,
      amountPaise: 250_050,
      reason: 'cancelled',
      status: 'processed',
      createdAt: new Date(),
    },
  ]);
  const soon = await insertBooking(app, {
    userId: ravi.user.id,
    stayId: marina.id,
    from: 1,
    to: 3,
    status: 'confirmed',
    rooms: [r201],
  });
  await app.db
    .update(bookingRooms)
    .set({ pricePerNight: 5000, nightlyPrices: [4000, 6000], title: 'Suite' })
    .where(eq(bookingRooms.bookingId, soon.id));
  await app.db.update(bookings).set({ providerOrderId: 'order_SOON456' }).where(eq(bookings.id, soon.id));
  const held = await insertBooking(app, {
    userId: asha.user.id,
    stayId: harbour.id,
    from: 2,
    to: 4,
    status: 'pending_payment',
    rooms: [h[1]!],
  });
  const cancelled = await insertBooking(app, {
    userId: ravi.user.id,
    stayId: harbour.id,
    from: 10,
    to: 12,
    status: 'cancelled',
    rooms: [h[1]!],
  });
  const theirs = await insertBooking(app, {
    userId: asha.user.id,
    stayId: foreign.id,
    from: 1,
    to: 2,
    status: 'confirmed',
    rooms: [f[9]!],
  });

  const get = (url: string, headers = owner.headers) => app.inject({ url, headers });
  const list = async (q: Record<string, string> = {}) => {
    const res = await get(`/api/admin/reservations?${new URLSearchParams(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { reservations: { id: string }[]; total: number; page: number; pageSize: number };
  };
  const ids = async (q: Record<string, string> = {}) => (await list(q)).reservations.map((r) => r.id).sort();
  const sorted = (...xs: { id: string }[]) => xs.map((x) => x.id).sort();

  describe('reservations', () => {
    it('lists every booking of my stays only, with guest, rooms and the ledger’s money', async () => {
      expect(await ids()).toEqual(sorted(past, soon, held, cancelled));
      const res = await get(`/api/admin/reservations/${past.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().reservation).toMatchObject({
        id: past.id,
        stayName: 'Marina Stay',
        orderId: 'order_PAST123',
        guest: { name: 'Asha Verma', email: 'asha.verma@example.com', mobile: '9876543210' },
        from: day(-5),
        to: day(-2),
        rooms: [{ number: 101, title: 'Deluxe' }],
        amount: 900_000,
        status: 'confirmed',
        paid: 900_000,
        refunded: 250_050,
        refundStatus: 'processed',
      });
      const none = (await get(`/api/admin/reservations/${soon.id}`)).json().reservation;
      expect(none).toMatchObject({ paid: 0, refunded: 0, refundStatus: null });
    });

    it("another admin's booking or stay is 404", async () => {
      expect((await get(`/api/admin/reservations/${theirs.id}`)).statusCode).toBe(404);
      expect((await get(`/api/admin/reservations/${past.id}`, otherAdmin.headers)).statusCode).toBe(404);
      expect((await get(`/api/admin/reservations?stayId=${foreign.id}`)).statusCode).toBe(404);
      expect((await get(`/api/admin/reservations/export?stayId=${foreign.id}`)).statusCode).toBe(404);
      expect((await get(`/api/admin/stays/${marina.id}/occupancy`, otherAdmin.headers)).statusCode).toBe(404);
      expect((await get(`/api/admin/stays/${marina.id}/figures`, otherAdmin.headers)).statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/admin/stays/${marina.id}/blocks`,
            headers: otherAdmin.headers,
            payload: { roomNumberIds: [r101.id], from: day(40), to: day(41) },
          })
        ).statusCode,
      ).toBe(404);
      expect(await ids({})).not.toContain(theirs.id);
      expect((await get('/api/admin/reservations', asha.headers)).statusCode).toBe(403);
    });

    it('filters by stay, status and dates (bookings overlapping the range)', async () => {
      expect(await ids({ stayId: harbour.id })).toEqual(sorted(held, cancelled));
      expect(await ids({ status: 'confirmed' })).toEqual(sorted(past, soon));
      expect(await ids({ stayId: marina.id, status: 'pending_payment' })).toEqual([]);
      // Overlap: check-out after `from` and check-in before `to`.
      expect(await ids({ from: day(-2), to: day(1) })).toEqual([]);
      expect(await ids({ from: day(-3), to: day(2) })).toEqual(sorted(past, soon));
      expect(await ids({ from: day(3) })).toEqual(sorted(held, cancelled));
      expect(await ids({ to: day(-4) })).toEqual(sorted(past));
    });

    it('searches guest name or email, order id or booking id', async () => {
      expect(await ids({ q: 'asha ver' })).toEqual(sorted(past, held));
      expect(await ids({ q: 'ASHA.VERMA@' })).toEqual(sorted(past, held));
      expect(await ids({ q: 'order_soon456' })).toEqual(sorted(soon));
      expect(await ids({ q: soon.id })).toEqual(sorted(soon));
      expect(await ids({ q: cancelled.id.slice(0, 8) })).toEqual(sorted(cancelled));
      // like's wildcards are taken literally
      expect(await ids({ q: '%' })).toEqual([]);
      expect(await ids({ q: '_' })).toEqual([]);
    });

    it('pages 10 at a time with the total', async () => {
      const more = [];
      for (let i = 0; i < 11; i++)
        more.push(
          await insertBooking(app, { userId: ravi.user.id, stayId: harbour.id, from: 50 + i, to: 51 + i, status: 'expired' }),
        );
      const one = await list({ status: 'expired' });
      expect(one).toMatchObject({ page: 1, pageSize: 10, total: 11 });
      expect(one.reservations).toHaveLength(10);
      const two = await list({ status: 'expired', page: '2' });
      expect(two.reservations).toHaveLength(1);
      expect([...one.reservations, ...two.reservations].map((r) => r.id).sort()).toEqual(more.map((b) => b.id).sort());
      expect((await list({ status: 'expired', page: '3' })).reservations).toEqual([]);
    });

    it('exports the same filtered list as CSV: a download, quoted, rupees, formulas defused', async () => {
      const res = await get(`/api/admin/reservations/export?${new URLSearchParams({ stayId: marina.id })}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reservations-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(
        'Booking id,Order id,Payment id,Stay,Guest,Email,Mobile,Check-in,Check-out,Nights,Adults,Children,Rooms,Status,Amount (INR),Invoice number,Taxable value (INR),CGST (INR),SGST (INR),IGST (INR),Guest GSTIN,Paid (INR),Refunded (INR),Refund status,Booked at (IST)',
      );
      expect(lines.at(-1)).toBe('');
      expect(lines).toHaveLength(4);
      const pastLine = lines.find((l) => l.startsWith(past.id));
      const dmy = (iso: string) => iso.split('-').reverse().join('/');
      expect(pastLine).toContain(
        `,order_PAST123,,Marina Stay,Asha Verma,asha.verma@example.com,9876543210,${dmy(day(-5))},${dmy(day(-2))},3,1,0,101 Deluxe,Confirmed,9000.00,,,,,,,9000.00,2500.50,processed,`,
      );
      // The booking's time as the product writes it: dd/MM/yyyy HH:mm in India time (UTC + 5:30), not an ISO instant.
      const [pastRow] = await app.db.select({ createdAt: bookings.createdAt }).from(bookings).where(eq(bookings.id, past.id));
      const ist = new Date(pastRow!.createdAt.getTime() + 330 * 60_000).toISOString();
      const bookedAt = `${dmy(ist.slice(0, 10))} ${ist.slice(11, 16)}`;
      expect(pastLine).toMatch(new RegExp(`,processed,${bookedAt}$`));
      expect(res.body).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
      // The guest named '=HYPERLINK("x")' with last name 'Kumar, Jr': a leading apostrophe, quotes doubled, quoted.
      const soonLine = lines.find((l) => l.startsWith(soon.id));
      expect(soonLine).toContain(`,"'=HYPERLINK(""x"") Kumar, Jr",`);
      expect(soonLine).toContain(',201 Suite,Confirmed,');
      // Search and status filters apply to the export too.
      const one = await get(`/api/admin/reservations/export?q=order_soon`);
      expect(one.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    });

    it(`exports at most ${OWNER_LIMITS.exportMax.toLocaleString('en-IN')} bookings, the newest, and says so in a last line when more match`, async () => {
      const all = (await reservationsCsv(app.deps, { ownerId: owner.user.id, stayIds: null }, {})).split('\r\n').filter(Boolean);
      const total = all.length - 1;
      expect(total).toBeGreaterThan(2);
      expect(all.at(-1)).toMatch(/^[0-9a-f-]{36},/);
      const cut = (await reservationsCsv(app.deps, { ownerId: owner.user.id, stayIds: null }, {}, 2))
        .split('\r\n')
        .filter(Boolean);
      expect(cut).toHaveLength(4);
      expect(cut.slice(0, 3)).toEqual(all.slice(0, 3));
      expect(cut[3]).toBe(
        // One cell (quoted: it has commas).
        `"Only the newest 2 of ${total} bookings are listed: narrow the filters (stay, status or dates) to export the others"`,
      );
      // Exactly the cap: no note.
      expect(
        (await reservationsCsv(app.deps, { ownerId: owner.user.id, stayIds: null }, {}, total)).split('\r\n').filter(Boolean),
      ).toEqual(all);
    });

    it('bad input is a clear 400', async () => {
      for (const q of [
        'page=0',
        'page=x',
        'status=paid',
        'stayId=nope',
        'from=2026-13-01',
        'from=2026-05-10&to=2026-05-10',
        `q=${'x'.repeat(101)}`,
      ]) {
        const res = await get(`/api/admin/reservations?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      expect((await get('/api/admin/reservations/export?status=paid')).statusCode).toBe(400);
      expect((await get('/api/admin/reservations/not-an-id')).statusCode).toBe(400);
    });
  });

  const occupancy = async (stayId: string, month: string) => {
    const res = await get(`/api/admin/stays/${stayId}/occupancy?month=${month}`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      today: string;
      nights: string[];
      rooms: { number: number; nights: string[] }[];
      blocks: { id: string; number: number; from: string; to: string; note: string }[];
      arrivals: { bookingId: string; guestName: string; rooms: number[] }[];
      departures: { bookingId: string; guestName: string; rooms: number[] }[];
    };
  };
  /** Asked again until it holds, at most 2 s: on PostgreSQL a change reaches the kept answers (search, rooms, occupancy) by a notification. */
  const settled = { timeout: 2000, interval: 20 };
  const stateOf = async (stayId: string, number: number, night: string) => {
    const o = await occupancy(stayId, night.slice(0, 7));
    const i = o.nights.indexOf(night);
    return o.rooms.find((r) => r.number === number)?.nights[i];
  };
  /** A room-night's state, as soon as the change that makes it has reached the kept grids. */
  const expectState = (stayId: string, number: number, night: string, want: string) =>
    expect.poll(() => stateOf(stayId, number, night), settled).toBe(want);

  describe('occupancy calendar', () => {
    it('shows each room-night booked, held or free; an expired hold is free', async () => {
      const o = await occupancy(marina.id, day(1).slice(0, 7));
      expect(o.rooms.map((r) => r.number)).toEqual([101, 102, 201]);
      expect(o.nights[0]).toBe(`${day(1).slice(0, 7)}-01`);
      expect(o.rooms.every((r) => r.nights.length === o.nights.length)).toBe(true);
      await expectState(marina.id, 201, day(1), 'booked');
      await expectState(marina.id, 201, day(2), 'booked');
      await expectState(marina.id, 201, day(3), 'free');
      await expectState(harbour.id, 1, day(2), 'held');
      // The hold lapses: free, though its nights are not yet released.
      await app.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookings.id, held.id));
      await expectState(harbour.id, 1, day(2), 'free');
      await app.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() + 15 * 60_000) })
        .where(eq(bookings.id, held.id));
      await expectState(harbour.id, 1, day(2), 'held');
    });

    it("gives today's arrivals and departures (India date)", async () => {
      const arriving = await insertBooking(app, {
        userId: asha.user.id,
        stayId: marina.id,
        from: 0,
        to: 1,
        status: 'confirmed',
        rooms: [r102],
      });
      const leaving = await insertBooking(app, {
        userId: ravi.user.id,
        stayId: marina.id,
        from: -1,
        to: 0,
        status: 'confirmed',
        rooms: [r101],
      });
      await insertBooking(app, { userId: ravi.user.id, stayId: marina.id, from: 0, to: 1, status: 'cancelled' });
      const o = await until(
        () => occupancy(marina.id, day(0).slice(0, 7)),
        (x) => x.arrivals.length > 0 && x.departures.length > 0,
        { what: 'arriving and leaving' },
      );
      expect(o.today).toBe(day(0));
      expect(o.arrivals).toEqual([{ bookingId: arriving.id, guestName: 'Asha Verma', rooms: [102] }]);
      expect(o.departures).toEqual([{ bookingId: leaving.id, guestName: '=HYPERLINK("x") Kumar, Jr', rooms: [101] }]);
    });

    it('bad month is 400', async () => {
      for (const month of ['2026-13', '2026-1', 'x', '1999-01'])
        expect((await get(`/api/admin/stays/${marina.id}/occupancy?month=${month}`)).statusCode, month).toBe(400);
    });
  });

  const blockCall = (body: unknown, stayId = marina.id, headers = owner.headers) =>
    app.inject({ method: 'POST', url: `/api/admin/stays/${stayId}/blocks`, headers, payload: body as object });
  const nightsCount = async () => Number((await app.db.select({ n: count() }).from(roomNights))[0]?.n ?? 0);
  const blocksCount = async () => Number((await app.db.select({ n: count() }).from(roomBlocks))[0]?.n ?? 0);

  describe('blocks', () => {
    const rooms = async (checkIn: string, checkOut: string) => {
      const res = await app.inject({
        url: `/api/stays/${marina.id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`,
        headers: asha.headers,
      });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries(
        (res.json().roomTypes as { roomNumbers: { number: number; available: boolean }[] }[]).flatMap((t) =>
          t.roomNumbers.map((n) => [n.number, n.available]),
        ),
      );
    };
    // Four guests fit only the suite (201): the stay is found while 201 is free.
    const search = async (checkIn: string, checkOut: string) => {
      const q = new URLSearchParams({ city: 'pondy', checkIn, checkOut, adults: '4', children: '0', rooms: '1' });
      const res = await app.inject({ url: `/api/stays/search?${q}`, headers: asha.headers });
      expect(res.statusCode).toBe(200);
      return (res.json().stays as { id: string }[]).map((s) => s.id);
    };

    it('reaches at most two years ahead: year 9999 and the night after the horizon are 400, nothing stored', async () => {
      const before = [await blocksCount(), await nightsCount()];
      for (const [from, to] of [
        ['9998-12-31', '9999-01-01'],
        [day(729), day(732)],
      ] as const) {
        const res = await blockCall({ roomNumberIds: [r101.id], from, to });
        expect(res.statusCode, `${from}–${to}`).toBe(400);
        expect(res.json().fieldErrors.to).toBe('Dates can be at most two years ahead');
      }
      expect([await blocksCount(), await nightsCount()]).toEqual(before);
      // The last night two years ahead is the furthest that may be blocked.
      const edge = await blockCall({ roomNumberIds: [r101.id], from: day(730), to: day(731) });
      expect(edge.statusCode, edge.body).toBe(201);
    });

    it('a block takes the nights out of search, the room dialog and holds at once (kept answers forgotten); unblock frees them', async () => {
      const [from, to] = [day(20), day(22)];
      // Answers read (and kept) before the block.
      expect(await rooms(from, to)).toEqual({ 101: true, 102: true, 201: true });
      expect(await search(from, to)).toContain(marina.id);

      const res = await blockCall({ roomNumberIds: [r201.id, r102.id], from, to, note: ' Repainting ' });
      expect(res.statusCode).toBe(201);
      const blocks = res.json().blocks as { id: string; number: number; from: string; to: string; note: string }[];
      expect(blocks.map((b) => [b.number, b.from, b.to, b.note])).toEqual([
        [102, from, to, 'Repainting'],
        [201, from, to, 'Repainting'],
      ]);
      await expectState(marina.id, 201, day(20), 'blocked');
      await expectState(marina.id, 201, day(21), 'blocked');
      await expectState(marina.id, 201, day(22), 'free');
      expect((await occupancy(marina.id, day(20).slice(0, 7))).blocks.map((b) => b.number)).toEqual([102, 201]);

      // Right after the block (a notification's time on PostgreSQL), the kept answers have changed.
      const blocked = { 101: true, 102: false, 201: false };
      await expect.poll(() => rooms(from, to), settled).toEqual(blocked);
      expect(await rooms(day(21), day(23))).toEqual({ 101: true, 102: false, 201: false });
      expect(await rooms(day(22), day(23))).toEqual({ 101: true, 102: true, 201: true });
      await expect.poll(() => search(from, to), settled).not.toContain(marina.id);

      const g = await guest(app);
      const hold = await book(app, g, { stayId: marina.id, checkIn: day(21), checkOut: day(23), roomNumberIds: [r201.id] });
      expect(hold.statusCode).toBe(409);
      expect(hold.json().message).toMatch(/^Room 201 is not available for the night of \d{2}\/\d{2}\/\d{4}$/);

      // Unblock one: its nights are for sale again (search and dialog forget their answers).
      const b201 = blocks.find((b) => b.number === 201)!;
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/admin/blocks/${b201.id}`, headers: otherAdmin.headers })).statusCode,
      ).toBe(404);
      const un = await app.inject({ method: 'DELETE', url: `/api/admin/blocks/${b201.id}`, headers: owner.headers });
      expect(un.statusCode).toBe(200);
      const open = { 101: true, 102: false, 201: true };
      await expect.poll(() => rooms(from, to), settled).toEqual(open);
      await expect.poll(() => search(from, to), settled).toContain(marina.id);
      await expectState(marina.id, 201, day(20), 'free');
      const again = await book(app, g, { stayId: marina.id, checkIn: day(21), checkOut: day(23), roomNumberIds: [r201.id] });
      expect(again.statusCode).toBe(201);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/admin/blocks/${b201.id}`, headers: owner.headers })).statusCode,
      ).toBe(404);
    });

    it('a night booked, held or already blocked is a 409 naming it, and nothing changes', async () => {
      const before = { nights: await nightsCount(), blocks: await blocksCount() };
      // Room 201 is booked for nights +1 and +2; 101 is free then: nothing of the request is kept.
      const booked = await blockCall({ roomNumberIds: [r101.id, r201.id], from: day(0), to: day(3) });
      expect(booked.statusCode).toBe(409);
      expect(booked.json().message).toBe(
        `Room 201 is booked or held for the night of ${day(1).split('-').reverse().join('/')}. Nothing was blocked`,
      );
      // Harbour's room 1 is held for nights +2, +3.
      const heldRes = await blockCall({ roomNumberIds: [h[1]!.id], from: day(3), to: day(5) }, harbour.id);
      expect(heldRes.statusCode).toBe(409);
      expect(heldRes.json().message).toMatch(/^Room 1 is booked or held for the night of/);
      // Room 102 is blocked for nights +20, +21.
      const twice = await blockCall({ roomNumberIds: [r102.id], from: day(19), to: day(21) });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/^Room 102 is already blocked for the night of/);
      expect({ nights: await nightsCount(), blocks: await blocksCount() }).toEqual(before);
    });

    it("an expired hold's nights are released first, as a hold does", async () => {
      const g = await guest(app);
      const lapsed = await insertBooking(app, {
        userId: g.user.id,
        stayId: marina.id,
        from: 30,
        to: 32,
        status: 'pending_payment',
        rooms: [r101],
      });
      await app.db
        .update(bookings)
        .set({ holdExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(bookings.id, lapsed.id));
      const res = await blockCall({ roomNumberIds: [r101.id], from: day(31), to: day(33) });
      expect(res.statusCode).toBe(201);
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, lapsed.id));
      expect(row?.status).toBe('expired');
      const left = await app.db.select().from(roomNights).where(eq(roomNights.bookingId, lapsed.id));
      expect(left).toEqual([]);
    });

    it('bad input is a 400 and nothing changes', async () => {
      const before = { nights: await nightsCount(), blocks: await blocksCount() };
      const bad: unknown[] = [
        {},
        { roomNumberIds: [], from: day(40), to: day(41) },
        { roomNumberIds: [r101.id, r101.id], from: day(40), to: day(41) },
        { roomNumberIds: [r101.id], from: day(41), to: day(41) },
        { roomNumberIds: [r101.id], from: day(42), to: day(41) },
        { roomNumberIds: [r101.id], from: '2026-02-30', to: day(41) },
        { roomNumberIds: [r101.id], from: day(40), to: day(40 + 367) },
        { roomNumberIds: [r101.id], from: day(40), to: day(41), note: 'x'.repeat(201) },
        { roomNumberIds: ['nope'], from: day(40), to: day(41) },
        // in the past
        { roomNumberIds: [r101.id], from: day(-1), to: day(1) },
        // a room of another stay
        { roomNumberIds: [h[1]!.id], from: day(40), to: day(41) },
        { roomNumberIds: [f[9]!.id], from: day(40), to: day(41) },
      ];
      for (const body of bad) {
        const res = await blockCall(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
      expect((await app.inject({ method: 'DELETE', url: '/api/admin/blocks/nope', headers: owner.headers })).statusCode).toBe(
        400,
      );
      expect({ nights: await nightsCount(), blocks: await blocksCount() }).toEqual(before);
    });

    it('a stay with blocks and no booking can be deleted', async () => {
      const s = await createStay(app, owner.headers, { name: 'Short Lived', city: 'pondy' });
      await addRooms(app, owner.headers, s.id, { title: 'Hut', roomNumbers: [5], price: 1500 });
      const hut = (await roomsOf(s.id, owner.headers))[5]!;
      expect((await blockCall({ roomNumberIds: [hut.id], from: day(3), to: day(5) }, s.id)).statusCode).toBe(201);
      const del = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${s.id}`, headers: owner.headers });
      expect(del.statusCode).toBe(200);
      expect(await app.db.select().from(roomNights).where(eq(roomNights.stayId, s.id))).toEqual([]);
      expect(await app.db.select().from(roomBlocks).where(eq(roomBlocks.stayId, s.id))).toEqual([]);
    });

    it('deleting a room with blocked nights gives them back and archives the room', async () => {
      await addRooms(app, owner.headers, harbour.id, { title: 'Loft', roomNumbers: [7], price: 2500 });
      const loft = (await roomsOf(harbour.id, owner.headers))[7]!;
      expect((await blockCall({ roomNumberIds: [loft.id], from: day(5), to: day(6) }, harbour.id)).statusCode).toBe(201);
      const types = (await get(`/api/admin/stays/${harbour.id}/rooms`)).json().rooms as { number: number; roomTypeId: string }[];
      const typeId = types.find((t) => t.number === 7)!.roomTypeId;
      const del = await app.inject({
        method: 'DELETE',
        url: `/api/admin/room-types/${typeId}/room-numbers/${loft.id}`,
        headers: owner.headers,
      });
      expect(del.statusCode).toBe(200);
      expect(await app.db.select().from(roomNights).where(eq(roomNights.roomNumberId, loft.id))).toEqual([]);
    });
  });

  describe('figures', () => {
    it('occupancy and revenue of the last and next 30 nights on a known dataset (ADR 019)', async () => {
      const s = await createStay(app, owner.headers, { name: 'Figures Stay', city: 'figures' });
      await addRooms(app, owner.headers, s.id, { title: 'Deluxe', roomNumbers: [1, 2], price: 3000 });
      await addRooms(app, owner.headers, s.id, { title: 'Suite', roomNumbers: [3], price: 5000, maxPeople: 4 });
      const r = await roomsOf(s.id, owner.headers);
      const a = await insertBooking(app, {
        userId: asha.user.id,
        stayId: s.id,
        from: -5,
        to: -2,
        status: 'confirmed',
        rooms: [r[1]!],
      });
      await app.db.update(bookingRooms).set({ pricePerNight: 3000 }).where(eq(bookingRooms.bookingId, a.id));
      const b = await insertBooking(app, {
        userId: asha.user.id,
        stayId: s.id,
        from: 1,
        to: 3,
        status: 'confirmed',
        rooms: [r[3]!],
      });
      await app.db
        .update(bookingRooms)
        .set({ pricePerNight: 5000, nightlyPrices: [4000, 6000] })
        .where(eq(bookingRooms.bookingId, b.id));
      // Not sold: a live hold and a cancelled booking.
      await insertBooking(app, { userId: asha.user.id, stayId: s.id, from: 8, to: 9, status: 'pending_payment', rooms: [r[2]!] });
      await insertBooking(app, { userId: asha.user.id, stayId: s.id, from: 10, to: 12, status: 'cancelled', rooms: [r[2]!] });
      // Two blocked nights of room 2.
      expect((await blockCall({ roomNumberIds: [r[2]!.id], from: day(5), to: day(7) }, s.id)).statusCode).toBe(201);

      const res = await get(`/api/admin/stays/${s.id}/figures`);
      expect(res.statusCode).toBe(200);
      const fig = res.json();
      expect(fig.today).toBe(day(0));
      expect(fig.last30).toEqual({
        from: day(-30),
        to: day(0),
        soldNights: 3,
        sellableNights: 90,
        occupancy: 3.3,
        revenue: 900_000,
      });
      expect(fig.next30).toEqual({
        from: day(0),
        to: day(30),
        soldNights: 2,
        sellableNights: 88,
        occupancy: 2.3,
        revenue: 1_000_000,
      });
      expect(fig.nightly).toHaveLength(60);
      expect(fig.nightly[0]).toEqual({ night: day(-30), sold: 0, sellable: 3 });
      expect(fig.nightly.find((n: { night: string }) => n.night === day(1))).toEqual({ night: day(1), sold: 1, sellable: 3 });
      expect(fig.nightly.find((n: { night: string }) => n.night === day(5))).toEqual({ night: day(5), sold: 0, sellable: 2 });

      // A stay without rooms has nothing sellable: no ratio.
      const empty = await createStay(app, owner.headers, { name: 'Empty Stay', city: 'figures' });
      const none = (await get(`/api/admin/stays/${empty.id}/figures`)).json();
      expect(none.next30).toMatchObject({ soldNights: 0, sellableNights: 0, occupancy: null, revenue: 0 });
      expect((await get(`/api/admin/stays/not-an-id/figures`)).statusCode).toBe(400);
    });

    it("the dashboard's figures: every live stay of mine by name, each as its own figures give it, a page at a time; never another admin's", async () => {
      type Page = {
        stays: ({ name: string; stayId: string } & Record<string, unknown>)[];
        page: number;
        pageSize: number;
        total: number;
      };
      const page = async (n: number, headers = owner.headers) => {
        const res = await get(`/api/admin/figures?page=${n}`, headers);
        expect(res.statusCode).toBe(200);
        return res.json() as Page;
      };
      const first = await page(1);
      expect(first.pageSize).toBe(12);
      const names = first.stays.map((x) => x.name);
      expect(names).toEqual(expect.arrayContaining(['Harbour Stay', 'Marina Stay']));
      expect(names).not.toContain('Other Stay');
      expect(names).toEqual([...names].sort());
      // Each stay's figures are exactly its own page's.
      for (const st of first.stays) {
        const { name, ...figs } = st;
        expect(figs, name).toEqual((await get(`/api/admin/stays/${st.stayId}/figures`)).json());
      }
      // The known dataset of the test above.
      expect(first.stays.find((x) => x.name === 'Figures Stay')).toMatchObject({
        last30: { soldNights: 3, sellableNights: 90, occupancy: 3.3, revenue: 900_000 },
        next30: { soldNights: 2, sellableNights: 88, occupancy: 2.3, revenue: 1_000_000 },
      });
      // Another admin sees only theirs.
      expect((await page(1, otherAdmin.headers)).stays.map((x) => x.name)).toEqual(['Other Stay']);

      // More stays than a page: 12, then the rest; past the end, none but the total.
      const more = 13 - first.total;
      for (let i = 0; i < Math.max(0, more); i++)
        await createStay(app, owner.headers, { name: `Zz Paged ${i}`, city: 'figures' });
      const p1 = await page(1);
      const p2 = await page(2);
      expect(p1.total).toBeGreaterThanOrEqual(13);
      expect(p1.stays).toHaveLength(12);
      expect(p2.stays).toHaveLength(p1.total - 12);
      expect(new Set([...p1.stays, ...p2.stays].map((x) => x.stayId)).size).toBe(p1.total);
      expect(await page(9)).toMatchObject({ stays: [], page: 9, total: p1.total });
      for (const bad of ['0', 'x', '-1', '1.5']) expect((await get(`/api/admin/figures?page=${bad}`)).statusCode, bad).toBe(400);
      expect((await app.inject({ url: '/api/admin/figures' })).statusCode).toBe(401);
      expect((await get('/api/admin/figures', asha.headers)).statusCode).toBe(403);
    });
  });
});
