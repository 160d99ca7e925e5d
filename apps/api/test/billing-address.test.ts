import { BILLING_MSG } from '@repo/shared/constants/messages';
import { newBillingAddress } from '@repo/shared/factories';
import { BILLING_ADDRESS_REQUIRED } from '@repo/shared/schemas/gst';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, roomNights, users } from '#src/db/schema/index.ts';
import { book, day, type Guest, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';

/** The hold's billing address (CGST Rules rule 46: name, address, PIN code and state on every invoice of the platform). */
describe(`a hold's billing address (${testEngine})`, async () => {
  const app = await build();
  const s = await stayWithRooms(app);
  let next = 10;
  /** A night no other test of the file holds, on room 101. */
  const hold = (g: Guest, extra: Record<string, unknown> = {}) => {
    const from = next++;
    return book(app, g, { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), roomNumberIds: [s.r101], ...extra });
  };
  const rowOf = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const profileOf = async (g: Guest) =>
    (
      await app.db
        .select({ billingAddress: users.billingAddress, billingPin: users.billingPin, billingState: users.billingState })
        .from(users)
        .where(eq(users.id, g.user.id))
    )[0];
  const counts = async () => ({
    bookings: (await app.db.select({ n: count() }).from(bookings)).at(0)?.n,
    nights: (await app.db.select({ n: count() }).from(roomNights)).at(0)?.n,
  });
  const HYDERABAD = { guestAddress: ' Plot 7, Road 12, Banjara Hills, Hyderabad ', guestPin: ' 500034', guestState: '36' };

  it('stores the address, PIN code and state the hold was sent with; a profile that has one keeps its own', async () => {
    const g = await guest(app);
    const res = await hold(g, HYDERABAD);
    expect(res.statusCode, res.body).toBe(201);
    expect(await rowOf(res.json().booking.id)).toMatchObject({
      guestAddress: 'Plot 7, Road 12, Banjara Hills, Hyderabad',
      guestPin: '500034',
      guestState: '36',
    });
    expect(await profileOf(g)).toEqual(newBillingAddress());
  });

  it("uses the profile's address when the hold sends none (or blanks)", async () => {
    const g = await guest(app);
    const { billingAddress, billingPin, billingState } = newBillingAddress();
    for (const extra of [{}, { guestAddress: '  ', guestPin: '', guestState: null }]) {
      const res = await hold(g, extra);
      expect(res.statusCode, res.body).toBe(201);
      expect(await rowOf(res.json().booking.id)).toMatchObject({
        guestAddress: billingAddress,
        guestPin: billingPin,
        guestState: billingState,
      });
    }
  });

  it('saves the address to a profile that has none (asked once); the next hold needs none', async () => {
    const g = await guest(app, { billing: null });
    const first = await hold(g, HYDERABAD);
    expect(first.statusCode, first.body).toBe(201);
    const saved = { billingAddress: 'Plot 7, Road 12, Banjara Hills, Hyderabad', billingPin: '500034', billingState: '36' };
    expect(await profileOf(g)).toEqual(saved);
    expect((await app.inject({ url: '/api/me', headers: g.headers })).json()).toMatchObject(saved);
    const second = await hold(g);
    expect(second.statusCode, second.body).toBe(201);
    expect(await rowOf(second.json().booking.id)).toMatchObject({
      guestAddress: saved.billingAddress,
      guestPin: '500034',
      guestState: '36',
    });
    // Another address later is the booking's own; the one on record stays.
    const third = await hold(g, { guestAddress: '9 Park Street, Kolkata', guestPin: '700016', guestState: '19' });
    expect(third.statusCode, third.body).toBe(201);
    expect(await rowOf(third.json().booking.id)).toMatchObject({ guestPin: '700016', guestState: '19' });
    expect(await profileOf(g)).toEqual(saved);
  });

  it('without an address, and none on the profile, is a 400 naming the three fields; nothing is kept', async () => {
    const g = await guest(app, { billing: null });
    const before = await counts();
    const res = await hold(g);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: BILLING_MSG.holdNeedsAddress,
      fieldErrors: {
        guestAddress: BILLING_MSG.addressRequired,
        guestPin: BILLING_MSG.pinRequired,
        guestState: BILLING_MSG.stateRequired,
      },
    });
    expect(await counts()).toEqual(before);
    expect(await profileOf(g)).toEqual({ billingAddress: null, billingPin: null, billingState: null });
  });

  const bad: [extra: Record<string, unknown>, errors: Record<string, string>][] = [
    [{ guestAddress: '4 Station Road, Pune' }, { guestPin: BILLING_MSG.pinRequired, guestState: BILLING_MSG.stateRequired }],
    [{ guestPin: '411001', guestState: '27' }, { guestAddress: BILLING_MSG.addressRequired }],
    [{ ...HYDERABAD, guestPin: '012345' }, { guestPin: BILLING_MSG.pinInvalid }],
    [{ ...HYDERABAD, guestPin: '50003' }, { guestPin: BILLING_MSG.pinInvalid }],
    [{ ...HYDERABAD, guestPin: 500034 }, { guestPin: BILLING_MSG.pinRequired }],
    [{ ...HYDERABAD, guestState: '99' }, { guestState: BILLING_MSG.stateInvalid }],
    [{ ...HYDERABAD, guestState: 'Telangana' }, { guestState: BILLING_MSG.stateInvalid }],
    [{ ...HYDERABAD, guestAddress: 'x'.repeat(201) }, { guestAddress: BILLING_MSG.addressTooLong }],
  ];
  it.each(bad)(
    'a bad or partial address %j is a 400 naming its fields; nothing is kept, the profile stays empty',
    async (extra, errors) => {
      const g = await guest(app, { billing: null });
      const before = await counts();
      const res = await hold(g, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(errors);
      expect(await counts()).toEqual(before);
      expect(await profileOf(g)).toEqual({ billingAddress: null, billingPin: null, billingState: null });
    },
  );

  it('a GSTIN still needs its address sent with the hold, whatever the profile holds', async () => {
    const g = await guest(app);
    const res = await hold(g, { guestGstin: '27AAPFU0939F1ZV', guestCompany: 'Verma Traders' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ guestAddress: BILLING_ADDRESS_REQUIRED });
    const ok = await hold(g, {
      guestGstin: '27AAPFU0939F1ZV',
      guestAddress: '4 Station Road, Pune',
      guestPin: '411001',
      guestState: '27',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await rowOf(ok.json().booking.id)).toMatchObject({
      guestGstin: '27AAPFU0939F1ZV',
      guestPin: '411001',
      guestState: '27',
    });
  });

  it('a hold refused for a taken room saves no address to the profile', async () => {
    const first = await guest(app);
    const taken = await hold(first);
    expect(taken.statusCode).toBe(201);
    const { from } = taken.json().booking;
    const g = await guest(app, { billing: null });
    const res = await book(app, g, {
      stayId: s.stay.id,
      checkIn: from,
      checkOut: day(next),
      roomNumberIds: [s.r101],
      ...HYDERABAD,
    });
    expect(res.statusCode).toBe(409);
    expect(await profileOf(g)).toEqual({ billingAddress: null, billingPin: null, billingState: null });
  });
});
