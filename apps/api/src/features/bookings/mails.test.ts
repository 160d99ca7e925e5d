import { describe, expect, it } from 'vitest';
import type { Mail } from '#src/platform/mail.ts';
import { guest, stayWithRooms } from '#test/bookings.fixtures.ts';
import { holdRooms, testApp } from '#test/service-fixtures.ts';
import type { BookingsDeps } from './deps.ts';
import { cancelBooking } from './cancel.service.ts';
import { mailCancellation, mailConfirmation } from './mails.ts';
import { confirmPaid } from './payment.service.ts';

describe('booking mails', () => {
  const test = testApp();

  it('mails the guest the confirmed stay, and nothing for a booking that is not confirmed', async () => {
    const app = test.current;
    const sent: Mail[] = [];
    const deps: BookingsDeps = { ...app.deps, mail: { send: async (m) => void sent.push(m), close: () => {} } };
    const stay = await stayWithRooms(app, 'Harbour Lights');
    const { g, booking } = await holdRooms(app, { deps, stay, from: 10, nights: 2 });
    await mailConfirmation(deps, booking.id);
    expect(sent).toEqual([]);
    await confirmPaid(app.deps, booking.id, { paymentId: 'pay_Mail000000001', source: 'browser' });
    await mailConfirmation(deps, booking.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: g.user.email, subject: 'Booking confirmed: Harbour Lights' });
    expect(sent[0]?.text).toContain('Rooms: 101 (Deluxe)');
    expect(sent[0]?.text).toContain('Payment id: pay_Mail000000001');
  });

  it("says a cancelled booking's refund goes back the way it was paid: card, UPI or bank account", async () => {
    const app = test.current;
    const sent: Mail[] = [];
    const deps: BookingsDeps = { ...app.deps, mail: { send: async (m) => void sent.push(m), close: () => {} } };
    const g = await guest(app);
    const stay = await stayWithRooms(app, 'Harbour Lights');
    const cases = [
      ['card', 'Refund: ₹5,000 to the card you paid with.'],
      ['upi', 'Refund: ₹5,000 to the UPI account you paid from.'],
      ['netbanking', 'Refund: ₹5,000 to the bank account you paid from.'],
      [null, 'Refund: ₹5,000 to the account you paid from.'],
    ] as const;
    for (const [i, [method, line]] of cases.entries()) {
      // Ten days ahead is inside the stay's free cancellation: a full refund.
      const { booking } = await holdRooms(app, { deps, guest: g, stay, from: 10 + 3 * i, nights: 2 });
      await confirmPaid(app.deps, booking.id, { paymentId: `pay_MailRefund0000${i}`, source: 'browser', method });
      await cancelBooking(app.deps, g.user, booking.id);
      sent.length = 0;
      await mailCancellation(deps, booking.id);
      expect(sent[0]?.text, String(method)).toContain(line);
      if (method !== 'card') expect(sent[0]?.text).not.toContain('card');
    }
  });
});
