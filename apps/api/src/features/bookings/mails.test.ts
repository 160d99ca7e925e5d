import { describe, expect, it } from 'vitest';
import type { Mail } from '#src/platform/mail.ts';
import { eq } from 'drizzle-orm';
import { stays } from '#src/db/schema/index.ts';
import { findInvoice } from '#src/features/invoices/index.ts';
import { guest, stayWithRooms } from '#test/bookings.fixtures.ts';
import { pdfText } from '#test/pdf-text.ts';
import { holdRooms, inFull, testApp } from '#test/service-fixtures.ts';
import { cancelBooking } from './cancel.service.ts';
import type { BookingsDeps } from './deps.ts';
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
    await confirmPaid(app.deps, booking.id, {
      ...(await inFull(app, booking.id)),
      paymentId: 'pay_Mail000000001',
      source: 'browser',
    });
    await mailConfirmation(deps, booking.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: g.user.email, subject: 'Booking confirmed: Harbour Lights' });
    expect(sent[0]?.text).toContain('Rooms: 101 (Deluxe — Standard · Room only)');
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
      await confirmPaid(app.deps, booking.id, {
        ...(await inFull(app, booking.id)),
        paymentId: `pay_MailRefund0000${i}`,
        source: 'browser',
        method,
      });
      await cancelBooking(app.deps, g.user, booking.id);
      sent.length = 0;
      await mailCancellation(deps, booking.id);
      expect(sent[0]?.text, String(method)).toContain(line);
      if (method !== 'card') expect(sent[0]?.text).not.toContain('card');
    }
  });

  it('attaches the credit note to the cancellation mail when the cancel refunds something, and none when it does not', async () => {
    const app = test.current;
    const sent: Mail[] = [];
    const deps: BookingsDeps = { ...app.deps, mail: { send: async (m) => void sent.push(m), close: () => {} } };
    const stay = await stayWithRooms(app, 'Harbour Lights');
    // 50 % back from 30 days before check-in: a cancel 10 days ahead refunds half.
    await app.db.update(stays).set({ cancellationFreeDays: 30, cancellationRefundPercent: 50 }).where(eq(stays.id, stay.stay.id));
    const half = await holdRooms(app, { deps, stay, from: 10, nights: 2 });
    await confirmPaid(app.deps, half.booking.id, {
      ...(await inFull(app, half.booking.id)),
      paymentId: 'pay_Mail000000002',
      source: 'browser',
    });
    await cancelBooking(app.deps, half.g.user, half.booking.id);
    await mailCancellation(deps, half.booking.id);
    const cn = await findInvoice(app.db, half.booking.id, 'credit_note');
    expect(cn?.totalPaise).toBe(half.booking.amount / 2);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`Credit Note ${cn?.number} is attached.`);
    expect(sent[0]?.text).toContain('Refund: ₹2,500 ');
    expect(sent[0]?.attachments).toHaveLength(1);
    const attached = sent[0]?.attachments?.[0];
    expect(attached).toMatchObject({
      filename: `${cn?.number.replaceAll('/', '-')}-${cn?.snapshot.supplier.gstin}.pdf`,
      contentType: 'application/pdf',
    });
    const printed = await pdfText(attached?.content as Buffer);
    expect(printed).toContain(`Credit Note`);
    expect(printed).toContain(cn?.number);
    expect(printed).toContain('₹2,500.00');

    // Nothing refunded (0 %): no credit note, nothing attached.
    await app.db.update(stays).set({ cancellationFreeDays: 30, cancellationRefundPercent: 0 }).where(eq(stays.id, stay.stay.id));
    const none = await holdRooms(app, { deps, stay, from: 12, nights: 2 });
    await confirmPaid(app.deps, none.booking.id, {
      ...(await inFull(app, none.booking.id)),
      paymentId: 'pay_Mail000000003',
      source: 'browser',
    });
    await cancelBooking(app.deps, none.g.user, none.booking.id);
    await mailCancellation(deps, none.booking.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.text).toContain("Refund: none is due under the booking's cancellation policy.");
    expect(sent[1]?.text).not.toContain('is attached');
    expect(sent[1]?.attachments).toBeUndefined();
  });
});
