import { addDays } from '@repo/shared/domain/dates';
import { gstinOf } from '@repo/shared/factories';
import { periodOf } from '@repo/shared/domain/marketplace';
import { DECLARATION_MSG } from '@repo/shared/schemas/gst-declaration';
import { STAY_STATE_MSG } from '@repo/shared/schemas/stay';
import { gstinCheckChar } from '@repo/shared/domain/gstin';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM } from '#src/config/config.ts';
import { feeInvoices, gstDeclarations, invoices, settlementLines, stays } from '#src/db/schema/index.ts';
import { documentFile } from '#src/features/invoices/index.ts';
import { feeInvoiceFile, runPayouts } from '#src/features/payouts/index.ts';
import { adminHeaders, book, day, guest, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, type TestApp, testEngine } from './helper.ts';
import { pdfText } from './pdf-text.ts';
import { multipart, stayFields } from './stays-helpers.ts';

// Who supplies a stay's nights under s.9(5) (ADR 054): the owner's declaration per state decides, by their
// liability to register under s.22(1), not by whether the listing has a GSTIN. Declarations are append-only; each
// invoice is issued by the declaration in force on its day; a stay nobody may supply cannot be booked.

const PAN = 'AAGCB7383J';

describe(`GST declarations decide who supplies (${testEngine})`, async () => {
  // The platform is registered in Karnataka and Goa only here.
  const app = await build({
    platform: { ...DEMO_PLATFORM, gstins: { '29': DEMO_PLATFORM.gstins['29']!, '30': DEMO_PLATFORM.gstins['30']! } },
  });
  const g = await guest(app);
  const karnataka = await stayWithRooms(app, 'Lake View Residency', 'bengaluru');
  const owner = await adminHeaders(app, karnataka.owner);
  const other = await stayWithRooms(app, 'Elsewhere Inn', 'goa');
  const otherOwner = await adminHeaders(app, other.owner);
  const kerala = await stayWithRooms(app, 'Backwater Cottage', 'kochi');
  const keralaOwner = await adminHeaders(app, kerala.owner);
  await app.inject({
    method: 'PUT',
    url: '/api/admin/payouts/profile',
    headers: owner,
    payload: { legalName: 'Lake View Hospitality', pan: PAN, stateCode: '29', account: { method: 'upi', upiId: 'lake@okaxis' } },
  });
  const declaration = (over: Record<string, unknown> = {}) => ({
    stateCode: '29',
    registration: 'regular',
    gstin: gstinOf('29', PAN),
    liable: true,
    legalName: 'Lake View Hospitality Private Limited',
    address: '12 Lake Road, Ulsoor, Bengaluru 560008',
    confirm: true,
    ...over,
  });
  const declare = (headers: Record<string, string>, body: object) =>
    app.inject({ method: 'POST', url: '/api/admin/payouts/gst-declarations', headers, payload: body });
  const invoiceOf = async (bookingId: string) =>
    (
      await app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')))
    )[0]!;
  const history = async (headers: Record<string, string>) =>
    (await app.inject({ url: '/api/admin/payouts/gst-declarations', headers })).json();

  it('refuses a declaration that contradicts its GSTIN, and changes nothing', async () => {
    for (const [body, message] of [
      [declaration({ gstin: gstinOf('27', PAN) }), DECLARATION_MSG.gstinOfOtherState],
      [declaration({ gstin: '29AAGCB7383J1Z5' }), DECLARATION_MSG.gstinInvalid],
      [declaration({ gstin: '' }), DECLARATION_MSG.gstinRequired],
      [declaration({ registration: 'none' }), DECLARATION_MSG.gstinWithoutRegistration],
      [declaration({ gstin: gstinOf('29', 'ABCPE1234F') }), DECLARATION_MSG.gstinOfOtherPan],
      [declaration({ registration: 'partly' }), DECLARATION_MSG.registrationInvalid],
      [declaration({ liable: 'yes' }), DECLARATION_MSG.liableInvalid],
      [declaration({ stateCode: '99' }), DECLARATION_MSG.stateInvalid],
      [declaration({ confirm: false }), DECLARATION_MSG.confirmRequired],
      [declaration({ address: ' ' }), DECLARATION_MSG.addressRequired],
    ] as const) {
      const res = await declare(owner, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.body, message).toContain(message);
    }
    expect((await history(owner)).history).toEqual([]);
    // Guests and visitors are refused.
    expect((await declare(g.headers, declaration())).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/payouts/gst-declarations' })).statusCode).toBe(401);
  });

  it('a stay listed without a GSTIN is supplied by the platform until its owner declares otherwise', async () => {
    const states = (await history(owner)).states;
    expect(states).toEqual([
      expect.objectContaining({ stateCode: '29', stays: 1, declaration: null, supply: 'platform', notForSale: null }),
    ]);
  });

  it('registered voluntarily under the threshold: the platform supplies under s.9(5), naming the owner’s GSTIN', async () => {
    const res = await declare(owner, declaration({ liable: false }));
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = await paidBooking(app, g, karnataka.stay.id, karnataka.r101, 1);
    const inv = await invoiceOf(bookingId);
    expect(inv.supplier).toBe(DEMO_PLATFORM.gstins['29']);
    expect(inv.snapshot.supplier.through).toMatchObject({ name: 'Lake View Residency', gstin: gstinOf('29', PAN) });
    const text = await pdfText(await documentFile(app.deps, inv));
    expect(text).toContain(`(GSTIN ${gstinOf('29', PAN)}), not liable for registration under section 22(1)`);
    // Settled as the platform's own supply: no TCS.
    await runPayouts(app.deps, addDays(periodOf(day(3)).end, 1));
    const [line] = await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, bookingId));
    expect(line).toMatchObject({ byPlatform: true, tcsPaise: 0 });
    // The platform's fee is billed to the owner's GSTIN all the same (a registered recipient takes its credit).
    const fees = await app.db.select().from(feeInvoices).where(eq(feeInvoices.settlementId, line!.settlementId));
    expect(fees.map((f) => f.recipientGstin)).toEqual([gstinOf('29', PAN)]);
    expect(fees[0]!.snapshot.recipient).toMatchObject({ legalName: 'Lake View Hospitality Private Limited' });
  });

  it('liable and registered: the owner supplies under their GSTIN, with the name and address as registered', async () => {
    expect((await declare(owner, declaration())).statusCode).toBe(201);
    const bookingId = await paidBooking(app, g, karnataka.stay.id, karnataka.r102, 1);
    const inv = await invoiceOf(bookingId);
    expect(inv.supplier).toBe(gstinOf('29', PAN));
    expect(inv.snapshot.supplier).toMatchObject({
      legalName: 'Lake View Hospitality Private Limited',
      address: '12 Lake Road, Ulsoor, Bengaluru 560008',
      gstin: gstinOf('29', PAN),
    });
    expect(inv.snapshot.supplier.through).toBeUndefined();
    const { states, history: made } = await history(owner);
    expect(states[0]).toMatchObject({ supply: 'owner', invoicedUnder: gstinOf('29', PAN) });
    // Every declaration kept, newest first; none can be changed or deleted.
    expect(made.map((d: { liable: boolean }) => d.liable)).toEqual([true, false]);
    const refused = async (query: PromiseLike<unknown>) => {
      const err = await Promise.resolve(query).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return String(err?.cause?.message ?? err?.message);
    };
    expect(await refused(app.db.execute(sql`update gst_declarations set liable = false`))).toMatch(/append-only/);
    expect(await refused(app.db.delete(gstDeclarations))).toMatch(/append-only/);
    expect((await history(owner)).history).toHaveLength(2);
  });

  it('the fee invoice of the settlement is billed to the GSTIN’s legal name and address, its GST in equal halves (ADR 055)', async () => {
    await runPayouts(app.deps, addDays(periodOf(day(3)).end, 8));
    const [fee] = await app.db
      .select()
      .from(feeInvoices)
      .where(and(eq(feeInvoices.ownerId, karnataka.owner.id), eq(feeInvoices.recipientGstin, gstinOf('29', PAN))));
    expect(fee).toBeDefined();
    expect(fee!.settlementId).not.toBeNull();
    expect(fee!.snapshot.recipient).toMatchObject({
      legalName: 'Lake View Hospitality Private Limited',
      address: '12 Lake Road, Ulsoor, Bengaluru 560008',
      gstin: gstinOf('29', PAN),
    });
    expect(fee!.snapshot.cgst).toBe(fee!.snapshot.sgst);
    expect(fee!.snapshot.cgst + fee!.snapshot.sgst).toBe(fee!.gstPaise);
    const text = await pdfText(await feeInvoiceFile(app.deps, fee!.id, null).then((f) => f.pdf));
    expect(text).toContain('12 Lake Road, Ulsoor, Bengaluru 560008');
  });

  it('liable and not registered, or on the composition scheme: the stay cannot be booked, with a clear reason', async () => {
    const tryBooking = () =>
      book(app, g, {
        stayId: karnataka.stay.id,
        checkIn: day(5),
        checkOut: day(6),
        roomNumberIds: [karnataka.r201],
      });
    expect((await declare(owner, declaration({ registration: 'none', gstin: '' }))).statusCode).toBe(201);
    let res = await tryBooking();
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DECLARATION_MSG.notForSale.must_register);
    expect((await declare(owner, declaration({ registration: 'composition' }))).statusCode).toBe(201);
    res = await tryBooking();
    expect(res.json().message).toBe(DECLARATION_MSG.notForSale.composition);
    expect((await history(owner)).states[0]).toMatchObject({ supply: 'nobody', notForSale: 'composition' });
    // Under the threshold again: the platform supplies, whatever the listing says.
    await app.db
      .update(stays)
      .set({ gstin: gstinOf('29', PAN) })
      .where(eq(stays.id, karnataka.stay.id));
    expect((await declare(owner, declaration({ registration: 'none', gstin: '', liable: false }))).statusCode).toBe(201);
    res = await tryBooking();
    expect(res.statusCode, res.body).toBe(201);
  });

  it('a stay in a state where the platform holds no GSTIN cannot be booked while its owner is not liable', async () => {
    const res = await book(app, g, {
      stayId: kerala.stay.id,
      checkIn: day(5),
      checkOut: day(6),
      roomNumberIds: [kerala.r101],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DECLARATION_MSG.notForSale.platform_unregistered);
    expect((await history(keralaOwner)).states[0]).toMatchObject({ stateCode: '32', notForSale: 'platform_unregistered' });
    // Registered and liable in Kerala (no PAN on their payout details to check it against): the owner supplies.
    expect((await declare(keralaOwner, declaration({ stateCode: '32', gstin: gstinOf('32', 'ABCFK1234L') }))).statusCode).toBe(
      201,
    );
    const ok = await book(app, g, { stayId: kerala.stay.id, checkIn: day(5), checkOut: day(6), roomNumberIds: [kerala.r101] });
    expect(ok.statusCode, ok.body).toBe(201);
    // Each owner sees only their own.
    expect((await history(otherOwner)).history).toEqual([]);
  });

  it('a stay’s own GSTIN must be of its owner’s PAN and the one they declared for its state; refused, nothing saved', async () => {
    const post = (gstin: string) => {
      const form = multipart(stayFields({ name: 'Ulsoor Lake Inn', city: 'bengaluru', gstin }));
      return app.inject({
        method: 'POST',
        url: '/api/admin/stays',
        headers: { ...owner, ...form.headers },
        payload: form.payload,
      });
    };
    const owned = async () => (await app.db.select().from(stays).where(eq(stays.ownerId, karnataka.owner.id))).length;
    const before = await owned();
    const refusedWith = async (gstin: string, message: string) => {
      const res = await post(gstin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors).toEqual({ gstin: message });
    };
    // Another PAN's GSTIN than the payout details give.
    await refusedWith(gstinOf('29', 'AAGCZ9999Q'), DECLARATION_MSG.gstinOfOtherPan);
    // Declared not registered in Karnataka (the last declaration above).
    await refusedWith(gstinOf('29', PAN), STAY_STATE_MSG.gstinNotRegistered('Karnataka (29)'));
    expect(await owned()).toBe(before);
    // Declared registered under one GSTIN: another of the same PAN is refused, that one is taken.
    expect((await declare(owner, declaration())).statusCode).toBe(201);
    const another = `${gstinOf('29', PAN).slice(0, 12)}2Z`;
    await refusedWith(`${another}${gstinCheckChar(another)}`, STAY_STATE_MSG.gstinNotDeclared(gstinOf('29', PAN)));
    expect(await owned()).toBe(before);
    const created = await post(gstinOf('29', PAN));
    expect(created.statusCode).toBe(201);
    const createdId = (created.json().stay ?? created.json()).id as string;
    expect(await owned()).toBe(before + 1);
    // A stay listed before with another PAN's GSTIN is edited as it is; a GSTIN given anew is held to the rules.
    const legacy = gstinOf('29', 'AAGCZ9999Q');
    await app.db.update(stays).set({ gstin: legacy }).where(eq(stays.id, createdId));
    const put = (gstin: string) => {
      const form = multipart(stayFields({ name: 'Ulsoor Lake Inn', city: 'bengaluru', gstin, title: 'By the lake' }));
      return app.inject({
        method: 'PUT',
        url: `/api/admin/stays/${createdId}`,
        headers: { ...owner, ...form.headers },
        payload: form.payload,
      });
    };
    const kept = await put(legacy);
    expect(kept.statusCode, kept.body).toBe(200);
    const changed = await put(gstinOf('29', 'AAGCY8888R'));
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fieldErrors).toEqual({ gstin: DECLARATION_MSG.gstinOfOtherPan });
  });

  it('a stay nobody may supply is listed by no search nor on the home page, from the app’s start and each declaration', async () => {
    const spice = await stayWithRooms(app, 'Spice Route Homestay', 'kochi');
    const spiceOwner = await adminHeaders(app, spice.owner);
    const listed = async (a: TestApp) => {
      const query = { city: 'kochi', checkIn: day(8), checkOut: day(9), adults: '1', rooms: '1' };
      const res = await a.inject({ url: '/api/stays/search', query, headers: (await guest(a)).headers });
      expect(res.statusCode, res.body).toBe(200);
      const counted = await a.inject({ url: '/api/stays/count-by-city', query: { cities: 'kochi' } });
      expect(counted.statusCode, counted.body).toBe(200);
      return { names: (res.json().stays as { name: string }[]).map((x) => x.name).sort(), count: counted.json().counts[0] };
    };
    // Added behind the app's back: an app starting on the database decides it (the platform's GSTINs are its
    // configuration). Kerala, where the platform holds no GSTIN: only the stay whose owner supplies is listed.
    const started = await buildOn(app.database, { platform: app.config.platform });
    expect(await listed(started)).toEqual({ names: ['Backwater Cottage'], count: 1 });
    const [row] = await app.db.select({ notForSale: stays.notForSale }).from(stays).where(eq(stays.id, spice.stay.id));
    expect(row?.notForSale).toBe('platform_unregistered');
    // Its owner declares their registration in Kerala: listed from that moment, by the app that took it.
    const gstin = gstinOf('32', 'AAAPS1234Q');
    expect((await declare(spiceOwner, declaration({ stateCode: '32', gstin }))).statusCode).toBe(201);
    expect(await listed(app)).toEqual({ names: ['Backwater Cottage', 'Spice Route Homestay'], count: 2 });
    // And liable but no longer registered: gone again.
    expect((await declare(spiceOwner, declaration({ stateCode: '32', registration: 'none', gstin: '' }))).statusCode).toBe(201);
    expect(await listed(app)).toEqual({ names: ['Backwater Cottage'], count: 1 });
  });
});
