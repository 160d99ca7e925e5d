import { describe, expect, it } from 'vitest';
import { guest, knownPayment, ledgerOf, stayWithRooms } from '#test/bookings.fixtures.ts';
import { holdRooms, inFull, testApp } from '#test/service-fixtures.ts';
import { cancelBooking } from './cancel.service.ts';
import { confirmPaid } from './payment.service.ts';

describe('cancel service', () => {
  const test = testApp();

  it('releases a hold without any refund, and refunds a paid booking in full after the commit', async () => {
    const app = test.current;
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const held = await holdRooms(app, { guest: g, stay: s, from: 6, nights: 2 });
    expect(await cancelBooking(app.deps, g.user, held.booking.id)).toMatchObject({ status: 'cancelled', refund: null });

    const paid = await holdRooms(app, { guest: g, stay: s, from: 6, nights: 2 });
    const paymentId = await knownPayment(app, paid.checkout, 'pay_Cancel0000001');
    await confirmPaid(app.deps, paid.booking.id, { ...(await inFull(app, paid.booking.id)), paymentId, source: 'browser' });
    const cancelled = await cancelBooking(app.deps, g.user, paid.booking.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: { amount: paid.booking.amount, status: 'pending' } });
    expect((await ledgerOf(app, paid.booking.id)).balance).toBe(0);
    await expect(cancelBooking(app.deps, g.user, paid.booking.id)).rejects.toMatchObject({ statusCode: 409 });
  });

  it("answers 404 for another guest's booking", async () => {
    const app = test.current;
    const { booking } = await holdRooms(app, { rooms: (s) => [s.r201] });
    const other = await guest(app);
    await expect(cancelBooking(app.deps, other.user, booking.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
