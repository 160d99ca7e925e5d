import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds, stays } from '#src/db/schema/index.ts';
import { findInvoice } from '#src/features/invoices/index.ts';
import type { Mail } from '#src/platform/mail.ts';
import { guest, knownPayment, stayWithRooms } from '#test/bookings.fixtures.ts';
import { inFull, testApp } from '#test/service-fixtures.ts';
import { cancelBooking } from './cancel.service.ts';
import type { BookingsDeps } from './deps.ts';
import { bookingDocument } from './documents.ts';
import { createBooking } from './hold.service.ts';
import { mailCancellation } from './mails.ts';
import { confirmPaid } from './payment.service.ts';
import { carryOutRefund } from './refunds.ts';

// CGST Act s.34(2) (ADR 047): a credit note may reduce the tax of an invoice until 30 November following the end of
// the invoice's financial year. A refund after that day is paid and recorded, with no credit note.

describe('credit notes until 30 November after the invoice’s financial year', () => {
  const test = testApp();
  const at = (deps: BookingsDeps, iso: string): BookingsDeps => ({ ...deps, clock: { now: () => new Date(iso) } });

  /** A booking for 20–22 Dec 2026, paid (and invoiced) at `paidAt`, on a stay that refunds in full 7 days ahead. */
  async function paidAt(paidAt: string, paymentId: string, { known = true } = {}) {
    const app = test.current;
    const deps = at(app.deps, paidAt);
    const g = await guest(app);
    const s = await stayWithRooms(app, 'Harbour Lights');
    await app.db.update(stays).set({ cancellationFreeDays: 7, cancellationRefundPercent: 0 }).where(eq(stays.id, s.stay.id));
    const { booking } = await createBooking(
      deps,
      g.user,
      { stayId: s.stay.id, checkIn: '2026-12-20', checkOut: '2026-12-22', adults: 1, children: 0, roomNumberIds: [s.r101] },
      '127.0.0.1',
    );
    const paid = await inFull(app, booking.id);
    // Captured by the gateway, so that it can refund it (unless the test wants the gateway to refuse).
    if (known) await knownPayment(app, { orderId: paid.orderId ?? '', amount: paid.amountPaise }, paymentId);
    await confirmPaid(deps, booking.id, { ...paid, paymentId, source: 'browser' });
    const invoice = await findInvoice(app.db, booking.id, 'invoice');
    if (!invoice) throw new Error('no invoice');
    return { g, booking, invoice };
  }

  /** The cancellation mail, as the guest gets it. */
  async function mailOf(deps: BookingsDeps, bookingId: string) {
    const sent: Mail[] = [];
    await mailCancellation({ ...deps, mail: { send: async (m) => void sent.push(m), close: () => {} } }, bookingId);
    expect(sent).toHaveLength(1);
    return sent[0] as Mail;
  }

  it('an invoice of 31 Mar 2026 (2025-26) is credited on 30 Nov 2026 at 23:59 in India', async () => {
    const app = test.current;
    const { g, booking, invoice } = await paidAt('2026-03-31T18:29:00Z', 'pay_CnDeadline0001');
    expect([invoice.snapshot.issuedOn, invoice.financialYear]).toEqual(['2026-03-31', '2025-26']);
    const view = await cancelBooking(at(app.deps, '2026-11-30T18:29:00Z'), g.user, booking.id);
    const credit = await findInvoice(app.db, booking.id, 'credit_note');
    expect(credit?.totalPaise).toBe(booking.amount);
    expect(credit?.snapshot.issuedOn).toBe('2026-11-30');
    expect(view.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const mail = await mailOf(app.deps, booking.id);
    expect(mail.text).toContain(`Credit Note ${credit?.number} is attached.`);
    expect(mail.text).not.toContain('No GST credit note');
    expect(mail.attachments).toHaveLength(1);
  });

  it('the same invoice refunded on 1 Dec 2026 at 00:01 in India: refunded in full, no credit note, the guest told why', async () => {
    const app = test.current;
    const { g, booking } = await paidAt('2026-03-31T18:29:00Z', 'pay_CnDeadline0002');
    const late = at(app.deps, '2026-11-30T18:31:00Z');
    const view = await cancelBooking(late, g.user, booking.id);
    // The refund is recorded and asked of the gateway as ever: everything paid.
    const recorded = await app.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(recorded.map((r) => [r.amountPaise, r.reason])).toEqual([[booking.amount, 'cancelled']]);
    expect(view).toMatchObject({ status: 'cancelled', refund: { amount: booking.amount } });
    // No credit note: the invoice stands, with its tax, and My Orders shows the invoice alone.
    expect(await findInvoice(app.db, booking.id, 'credit_note')).toBeUndefined();
    expect(view.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect(view.gst.cgst).toBeGreaterThan(0);
    // The mail says what is refunded and that no credit note comes, with nothing attached.
    const mail = await mailOf(app.deps, booking.id);
    expect(mail.text).toContain('Refund: ₹5,000 ');
    expect(mail.text).toContain(
      'No GST credit note is issued for this refund: under section 34(2) of the CGST Act, 2017, a credit note for this invoice could be issued until 30/11/2026. The tax invoice stands as issued.',
    );
    expect(mail.text).not.toContain('is attached');
    expect(mail.attachments).toBeUndefined();
    // Asked for a credit note, the guest is told why there is none (409, never a 500), by the service and over HTTP.
    const why =
      'No credit note has been issued for this booking: it was refunded after 30/11/2026, the last day a credit note could be issued for its invoice (section 34(2) of the CGST Act, 2017). The refund is paid all the same';
    await expect(bookingDocument(late, g.user, booking.id, 'credit_note')).rejects.toMatchObject({
      statusCode: 409,
      message: why,
    });
    const res = await app.inject({ url: `/api/bookings/${booking.id}/invoice?kind=credit_note`, headers: g.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_INVOICE', message: why });
    // The invoice is still there to download.
    expect((await app.inject({ url: `/api/bookings/${booking.id}/invoice`, headers: g.headers })).statusCode).toBe(200);
  });

  it('a late refund the gateway refuses is still told as the refund it was for, with no credit note', async () => {
    const app = test.current;
    const { g, booking } = await paidAt('2026-03-31T18:29:00Z', 'pay_CnDeadline0004', { known: false });
    await cancelBooking(at(app.deps, '2026-12-01T06:00:00Z'), g.user, booking.id);
    const [refund] = await app.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    await carryOutRefund(app.deps, refund?.id ?? '');
    const [failed] = await app.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(failed?.status).toBe('failed');
    const mail = await mailOf(app.deps, booking.id);
    expect(mail.text).toContain('Refund: ₹5,000 ');
    expect(mail.text).not.toContain('none is due');
    expect(mail.text).toContain('No GST credit note is issued for this refund');
  });

  it('the deadline follows the invoice’s financial year: an invoice of 1 Apr 2026 (2026-27) is credited on 1 Dec 2026', async () => {
    const app = test.current;
    const { g, booking, invoice } = await paidAt('2026-03-31T18:31:00Z', 'pay_CnDeadline0003');
    expect([invoice.snapshot.issuedOn, invoice.financialYear]).toEqual(['2026-04-01', '2026-27']);
    const view = await cancelBooking(at(app.deps, '2026-11-30T18:31:00Z'), g.user, booking.id);
    const credit = await findInvoice(app.db, booking.id, 'credit_note');
    expect(credit?.totalPaise).toBe(booking.amount);
    expect(view.documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect((await mailOf(app.deps, booking.id)).text).not.toContain('No GST credit note');
  });
});
