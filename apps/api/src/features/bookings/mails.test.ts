import { describe, expect, it } from 'vitest';
import type { Mail } from '#src/platform/mail.ts';
import { stayWithRooms } from '#test/bookings.fixtures.ts';
import { holdRooms, testApp } from '#test/service-fixtures.ts';
import type { BookingsDeps } from './deps.ts';
import { mailConfirmation } from './mails.ts';
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
});
