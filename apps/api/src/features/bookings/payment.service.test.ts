import { describe, expect, it } from 'vitest';
import { knownPayment, ledgerOf } from '#test/bookings.fixtures.ts';
import { holdRooms, inFull, testApp } from '#test/service-fixtures.ts';
import { findBooking } from './bookings.repository.ts';
import { checkoutForRetry, confirmPaid, recordFailure } from './payment.service.ts';

describe('payment service', () => {
  const test = testApp();

  it('confirms with the first captured payment; a second payment of the order is recorded and refunded', async () => {
    const app = test.current;
    const { booking, checkout } = await holdRooms(app, { from: 3 });
    await knownPayment(app, checkout, 'pay_First00000001');
    await knownPayment(app, checkout, 'pay_Second0000001');
    const first = await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_First00000001',
      source: 'browser',
    });
    expect(first.outcome).toBe('confirmed');
    const again = await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_First00000001',
      source: 'webhook',
    });
    expect(again.outcome).toBe('unchanged');
    const second = await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_Second0000001',
      source: 'webhook',
    });
    expect(second).toMatchObject({ outcome: 'refunded', reason: 'duplicate_payment' });
    const ledger = await ledgerOf(app, booking.id);
    expect(ledger.payments).toHaveLength(2);
    expect(ledger.refunds).toEqual([expect.objectContaining({ reason: 'duplicate_payment', status: 'pending' })]);
    expect(ledger.balance).toBe(booking.amount);
  });

  it('keeps the hold after a failed attempt, so the guest can pay again', async () => {
    const app = test.current;
    const { g, booking } = await holdRooms(app, { from: 3 });
    const row = await findBooking(app.db, booking.id);
    if (!row) throw new Error('booking missing');
    const failure = {
      code: 'BAD_REQUEST_ERROR',
      description: 'declined',
      source: 'bank',
      step: 'auth',
      reason: 'declined',
      orderId: 'o',
      paymentId: 'p',
    };
    const failed = await recordFailure(app.deps, row, failure);
    expect(failed).toMatchObject({ status: 'pending_payment', failure: expect.objectContaining({ code: 'BAD_REQUEST_ERROR' }) });
    expect(await checkoutForRetry(app.deps, g.user, booking.id)).toMatchObject({ amount: booking.amount });
  });
});
