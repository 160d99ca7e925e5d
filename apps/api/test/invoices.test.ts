import { createHmac } from 'node:crypto';
import { financialYear } from '@repo/shared/domain/gst';
import { todayInIndia } from '@repo/shared/domain/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { inTransaction } from '#src/db/client.ts';
import { bookings, invoiceSeries, invoices, refunds, roomTypes, stays, taxRates } from '#src/db/schema/index.ts';
import { issueCreditNote, issueInvoice } from '#src/features/invoices/index.ts';
import { taxSlabs } from '#src/features/invoices/tax-rates.ts';
import { book, day, type Guest, guest, knownPayment, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine, waitForMail } from './helper.ts';
import { pdfText } from './pdf-text.ts';
import { createStay } from './stays-helpers.ts';

// Tax invoices and credit notes (docs/decisions/017-gst-and-invoices.md): numbered without gaps per kind and
// financial year in the transaction that confirms or cancels, printed from a snapshot, the guest's own only.

vi.setConfig({ testTimeout: 60_000 });

type Snapshot = {
  title: string;
  number: string;
  recipient: { gstin: string | null; company: string | null };
  supplier: { gstin: string | null; legalName: string };
  gst: {
    registered: boolean;
    taxable: number;
    cgst: number;
    sgst: number;
    total: number;
    lines: { amount: number; taxable: number; cgst: number; sgst: number; ratePercent: number }[];
  };
  against?: { number: string; total?: number };
  totalInWords: string;
};

describe(`tax invoices and credit notes (${testEngine})`, async () => {
  const app = await build();
  const FY = financialYear(todayInIndia());
  /** The financial year as numbers print it: 2026-27 → 26-27. */
  const SHORT_FY = FY.slice(2);
  const sign = (orderId: string, paymentId: string) =>
    createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');

  /** A stay of `stayWithRooms` (Deluxe ₹2,500 rooms 101 and 102, Suite ₹4,000 room 201), registered or not. */
  async function stay(gstin: string | null = '29AAGCB7383J1Z4') {
    const s = await stayWithRooms(app);
    await app.db.update(stays).set({ gstin, legalName: 'Lake View Hospitality Pvt Ltd' }).where(eq(stays.id, s.stay.id));
    return s;
  }
  let nextDay = 30;
  async function hold(
    g: Guest,
    opts: {
      gstin?: string | null;
      rooms?: (s: Awaited<ReturnType<typeof stay>>) => string[];
      extra?: Record<string, unknown>;
      /** The stay's cancellation policy, and how many days ahead the stay starts. */
      policy?: { freeDays: number; refundPercent: number };
      from?: number;
    } = {},
  ) {
    const s = await stay(opts.gstin === undefined ? '29AAGCB7383J1Z4' : opts.gstin);
    if (opts.policy)
      await app.db
        .update(stays)
        .set({ cancellationFreeDays: opts.policy.freeDays, cancellationRefundPercent: opts.policy.refundPercent })
        .where(eq(stays.id, s.stay.id));
    const from = opts.from ?? nextDay;
    if (opts.from === undefined) nextDay += 3;
    const res = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(from),
      checkOut: day(from + 2),
      roomNumberIds: opts.rooms ? opts.rooms(s) : [s.r101],
      ...opts.extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { booking: { id: string; amount: number; gst: Snapshot['gst'] }; checkout: { orderId: string } };
  }
  const pay = (g: Guest, h: Awaited<ReturnType<typeof hold>>) => {
    // The gateway captured it for the order's amount (the browser's fields are checked against what it reports).
    const paymentId = knownPayment(
      app,
      { orderId: h.checkout.orderId, amount: h.booking.amount },
      `pay_${h.booking.id.replaceAll('-', '').slice(0, 14)}`,
    );
    return app.inject({
      method: 'POST',
      url: `/api/bookings/${h.booking.id}/payment`,
      headers: g.headers,
      payload: { orderId: h.checkout.orderId, paymentId, signature: sign(h.checkout.orderId, paymentId) },
    });
  };
  async function paid(g: Guest, opts: Parameters<typeof hold>[1] = {}) {
    const h = await hold(g, opts);
    const res = await pay(g, h);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().booking as {
      id: string;
      amount: number;
      gst: Snapshot['gst'];
      documents: { kind: string; number: string }[];
    };
  }
  const invoiceOf = async (bookingId: string, kind: 'invoice' | 'credit_note' = 'invoice') =>
    (
      await app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind)))
    )[0];
  const seqs = async (kind: 'invoice' | 'credit_note', fy = FY) =>
    (
      await app.db
        .select({ seq: invoices.seq })
        .from(invoices)
        .where(and(eq(invoices.kind, kind), eq(invoices.financialYear, fy)))
    )
      .map((r) => r.seq)
      .sort((a, b) => a - b);
  const lastSeq = async (kind: 'invoice' | 'credit_note', fy = FY) =>
    (
      await app.db
        .select()
        .from(invoiceSeries)
        .where(and(eq(invoiceSeries.kind, kind), eq(invoiceSeries.financialYear, fy)))
    )[0]?.lastSeq ?? 0;
  const download = (g: Guest, id: string, query = '') =>
    app.inject({ url: `/api/bookings/${id}/invoice${query}`, headers: g.headers });
  const consecutive = (list: number[]) => list.every((n, i) => n === i + 1);

  it('a hold shows its GST from the rates: ₹2,500 × 2 nights at 5 %, CGST = SGST, and the parts add up', async () => {
    const g = await guest(app);
    const h = await hold(g);
    expect(h.booking.amount).toBe(500_000);
    // 500000 × 500 / 21000 = 11904.76… → 11905 each half.
    expect(h.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 101,
          title: 'Deluxe',
          tariff: 2500,
          nights: 2,
          ratePercent: 5,
          amount: 500_000,
          taxable: 476_190,
          cgst: 11_905,
          sgst: 11_905,
        },
      ],
      taxable: 476_190,
      cgst: 11_905,
      sgst: 11_905,
      total: 500_000,
    });
  });

  it('confirming issues the tax invoice in the same transaction: numbered, totals = the amount, tax reconciled', async () => {
    const g = await guest(app);
    const before = await lastSeq('invoice');
    const b = await paid(g, { rooms: (s) => [s.r101, s.r201] });
    const row = await invoiceOf(b.id);
    expect(row).toBeDefined();
    const snap = row!.snapshot as unknown as Snapshot;
    expect(row!.seq).toBe(before + 1);
    expect(row!.number).toBe(`INV/${SHORT_FY}/${String(before + 1).padStart(6, '0')}`);
    // GST rule 46(b): at most 16 characters, letters, digits, '-' and '/'.
    expect(row!.number.length).toBeLessThanOrEqual(16);
    expect(row!.number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    expect(row!.totalPaise).toBe(b.amount);
    expect(snap.title).toBe('Tax Invoice');
    expect(snap.gst.total).toBe(b.amount);
    expect(snap.gst.taxable + snap.gst.cgst + snap.gst.sgst).toBe(b.amount);
    expect(snap.gst.lines.reduce((s, l) => s + l.amount, 0)).toBe(b.amount);
    for (const l of snap.gst.lines) expect(l.taxable + l.cgst + l.sgst).toBe(l.amount);
    // The order shows what the invoice prints, and names it.
    expect(b.gst).toEqual(snap.gst);
    expect(b.documents).toEqual([{ kind: 'invoice', number: row!.number, issuedAt: row!.issuedAt.toISOString() }]);
    const list = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings;
    expect(list[0]).toMatchObject({ id: b.id, gst: snap.gst, documents: [{ number: row!.number }] });
    // The confirmation mail names the invoice and carries it as a PDF.
    const mail = await waitForMail(app, g.user.email);
    expect(mail.text).toContain(`Tax Invoice ${row!.number} is attached.`);
    expect(mail.text).toMatch(
      new RegExp(`Content-Type: application/pdf;?\\s*name=${row!.number.replaceAll('/', '-')}\\.pdf`, 'i'),
    );
    expect(mail.text).toMatch(/Content-Disposition: attachment/i);
    // A payment reported again issues nothing more.
    const h = {
      booking: { id: b.id, amount: b.amount },
      checkout: { orderId: (await app.db.select().from(bookings).where(eq(bookings.id, b.id)))[0]!.providerOrderId! },
    };
    expect((await pay(g, h as never)).statusCode).toBe(200);
    expect(await lastSeq('invoice')).toBe(before + 1);
  });

  it('the PDF is the guest’s own: a PDF with its number; another guest 404; a hold without an invoice 409', async () => {
    const g = await guest(app);
    const other = await guest(app);
    const b = await paid(g);
    const row = await invoiceOf(b.id);
    const res = await download(g, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${row!.number.replaceAll('/', '-')}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain(`Tax Invoice ${row!.number}`);

    expect((await download(other, b.id)).statusCode).toBe(404);
    expect((await download(g, '7c1d2a54-52a7-4f6e-a7a4-0e4c1f4b3c2a')).statusCode).toBe(404);
    expect((await download(g, 'not-an-id')).statusCode).toBe(400);
    expect((await download(g, b.id, '?kind=receipt')).statusCode).toBe(400);
    expect((await app.inject({ url: `/api/bookings/${b.id}/invoice` })).statusCode).toBe(401);
    const h = await hold(g);
    const none = await download(g, h.booking.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('NO_INVOICE');
    expect((await download(g, b.id, '?kind=credit_note')).statusCode).toBe(409);
  });

  it('concurrent confirms get distinct consecutive numbers; the series has no gap', async () => {
    const holds = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const g = await guest(app);
        return { g, h: await hold(g) };
      }),
    );
    const before = await lastSeq('invoice');
    const answers = await Promise.all(holds.map(({ g, h }) => pay(g, h)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    const mine = await Promise.all(holds.map(({ h }) => invoiceOf(h.booking.id)));
    expect(mine.map((r) => r!.seq).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((n) => before + n));
    expect(consecutive(await seqs('invoice'))).toBe(true);
    expect(await lastSeq('invoice')).toBe(before + 6);
  });

  it('a confirm rolled back takes its number back: the next invoice gets it', async () => {
    const g = await guest(app);
    const h = await hold(g);
    await app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, h.booking.id));
    const before = await lastSeq('invoice');
    await expect(
      inTransaction(app.db, async (tx) => {
        const issued = await issueInvoice(app.deps, tx, h.booking.id);
        expect(issued.seq).toBe(before + 1);
        throw new Error('confirm failed after the invoice');
      }),
    ).rejects.toThrow('confirm failed after the invoice');
    expect(await lastSeq('invoice')).toBe(before);
    expect(await invoiceOf(h.booking.id)).toBeUndefined();
    const next = await paid(await guest(app));
    expect((await invoiceOf(next.id))!.seq).toBe(before + 1);
    expect(consecutive(await seqs('invoice'))).toBe(true);
  });

  it('each financial year (April to March, India date of issue) has its own series from 1', async () => {
    const g = await guest(app);
    const ids = [] as string[];
    for (let i = 0; i < 3; i++) {
      const h = await hold(g);
      ids.push(h.booking.id);
    }
    // 31 March 23:59 and 1 April 00:01 in India (18:29 and 18:31 UTC the day before).
    const at = (iso: string) => ({ ...app.deps, clock: { now: () => new Date(iso) } });
    const march = await inTransaction(app.db, (tx) => issueInvoice(at('2031-03-31T18:29:00Z'), tx, ids[0]!));
    const april = await inTransaction(app.db, (tx) => issueInvoice(at('2031-03-31T18:31:00Z'), tx, ids[1]!));
    const april2 = await inTransaction(app.db, (tx) => issueInvoice(at('2031-06-01T06:00:00Z'), tx, ids[2]!));
    expect([march.financialYear, march.seq, march.number]).toEqual(['2030-31', 1, 'INV/30-31/000001']);
    expect([april.financialYear, april.seq, april.number]).toEqual(['2031-32', 1, 'INV/31-32/000001']);
    expect([april2.financialYear, april2.seq]).toEqual(['2031-32', 2]);
    // Issued once: asking again returns the same document.
    const again = await inTransaction(app.db, (tx) => issueInvoice(at('2031-06-02T06:00:00Z'), tx, ids[2]!));
    expect(again.id).toBe(april2.id);
    expect(await lastSeq('invoice', '2031-32')).toBe(2);
  });

  it('cancelling with a full refund issues a credit note for the invoice’s value, in its own series', async () => {
    const g = await guest(app);
    const b = await paid(g);
    const inv = await invoiceOf(b.id);
    const before = await lastSeq('credit_note');
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${b.id}/cancel`, headers: g.headers });
    expect(res.statusCode, res.body).toBe(200);
    const cn = await invoiceOf(b.id, 'credit_note');
    expect(cn).toBeDefined();
    const snap = cn!.snapshot as unknown as Snapshot;
    expect(cn!.number).toBe(`CN/${SHORT_FY}/${String(before + 1).padStart(6, '0')}`);
    expect(cn!.number).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    expect(cn!.totalPaise).toBe(inv!.totalPaise);
    expect(snap).toMatchObject({ title: 'Credit Note', against: { number: inv!.number } });
    expect(snap.gst).toEqual((inv!.snapshot as unknown as Snapshot).gst);
    expect(res.json().booking.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
    const pdf = await download(g, b.id, '?kind=credit_note');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain(`Credit Note ${cn!.number}`);
    expect(consecutive(await seqs('credit_note'))).toBe(true);
    // Once per booking, and nothing for a hold released.
    const again = await inTransaction(app.db, (tx) => issueCreditNote(app.deps, tx, b.id, b.amount));
    expect(again!.id).toBe(cn!.id);
    const h = await hold(g);
    expect(
      (await app.inject({ method: 'POST', url: `/api/bookings/${h.booking.id}/cancel`, headers: g.headers })).statusCode,
    ).toBe(200);
    expect(await invoiceOf(h.booking.id, 'credit_note')).toBeUndefined();
    expect(await lastSeq('credit_note')).toBe(before + 1);
  });

  it('a partial refund gets a credit note for the refund only: lines in proportion, re-taxed at their rates', async () => {
    const g = await guest(app);
    // ₹2,500 (room 101) and ₹4,000 (room 201) a night for 2 nights: ₹13,000; 50 % back 10 days ahead.
    const b = await paid(g, { rooms: (s) => [s.r101, s.r201], policy: { freeDays: 30, refundPercent: 50 }, from: 10 });
    expect(b.amount).toBe(1_300_000);
    const inv = (await invoiceOf(b.id))!.snapshot as unknown as Snapshot;
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${b.id}/cancel`, headers: g.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking.refund).toMatchObject({ amount: 650_000 });
    const [refund] = await app.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
    const cn = await invoiceOf(b.id, 'credit_note');
    const snap = cn!.snapshot as unknown as Snapshot;
    // The credit note is what is refunded, not the invoice.
    expect(cn!.totalPaise).toBe(refund!.amountPaise);
    expect(snap.gst.total).toBe(650_000);
    expect(snap.gst.taxable + snap.gst.cgst + snap.gst.sgst).toBe(650_000);
    expect(snap.gst.lines.reduce((n, l) => n + l.amount, 0)).toBe(650_000);
    expect(snap.gst.lines.map((l) => l.amount)).toEqual(inv.gst.lines.map((l) => l.amount / 2));
    for (const l of snap.gst.lines) {
      expect(l.taxable + l.cgst + l.sgst).toBe(l.amount);
      expect(l.cgst).toBe(l.sgst);
      // Re-split at the line's own rate: 5 % of a tax-inclusive amount is amount × 5 / 210 each half.
      expect(l.cgst).toBe(Math.round((l.amount * l.ratePercent) / (2 * (100 + l.ratePercent))));
    }
    // What the stay keeps stays on a tax document: invoice − credit note, still taxed.
    expect(inv.gst.total - snap.gst.total).toBe(650_000);
    expect(inv.gst.cgst - snap.gst.cgst).toBeGreaterThan(0);
    expect(snap.totalInWords).toMatch(/Six Thousand Five Hundred/);
    expect(snap.against).toMatchObject({ total: 1_300_000 });
    // The PDF prints the credit, not the invoice.
    const printed = await pdfText((await download(g, b.id, '?kind=credit_note')).rawPayload);
    expect(printed).toContain(`Credit Note`);
    expect(printed).toContain(`AGAINST INVOICE ${inv.number}`);
    expect(printed).toContain('Total ₹6,500.00');
    expect(printed).toContain('Rupees Six Thousand Five Hundred Only');
    expect(printed).toContain("Booking cancelled: ₹6,500.00 of the invoice's ₹13,000.00 is credited");
  });

  it('a cancel that refunds nothing (0 %) issues no credit note', async () => {
    const g = await guest(app);
    const b = await paid(g, { policy: { freeDays: 30, refundPercent: 0 }, from: 10 });
    const before = await lastSeq('credit_note');
    const res = await app.inject({ method: 'POST', url: `/api/bookings/${b.id}/cancel`, headers: g.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', refund: null });
    expect(res.json().booking.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice']);
    expect(await invoiceOf(b.id, 'credit_note')).toBeUndefined();
    expect(await lastSeq('credit_note')).toBe(before);
    expect((await download(g, b.id, '?kind=credit_note')).statusCode).toBe(409);
  });

  it('prints what the invoice says: parties, GSTINs, SAC, nights, rates, taxable value, CGST, SGST, total and words', async () => {
    const g = await guest(app);
    const s = await stay();
    const res = await book(app, g, {
      stayId: s.stay.id,
      checkIn: day(150),
      checkOut: day(152),
      roomNumberIds: [s.r101, s.r201],
      guestGstin: '27AAPFU0939F1ZV',
      guestCompany: 'Verma Traders',
      guestAddress: '4 Station Road, Pune 411001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json();
    expect((await pay(g, h)).statusCode).toBe(200);
    const row = await invoiceOf(h.booking.id);
    const printed = await pdfText((await download(g, h.booking.id)).rawPayload);
    for (const text of [
      `Tax Invoice SAC 9963 · Accommodation services NUMBER ${row!.number}`,
      // The supplier: legal and trade name, address, city and GSTIN.
      `SUPPLIER Lake View Hospitality Pvt Ltd Lake View Residency ${s.stay.address} Bengaluru GSTIN: 29AAGCB7383J1Z4`,
      // The guest, with the company and GSTIN asked with the hold.
      `BILLED TO ${g.user.firstName} ${g.user.lastName} Company: Verma Traders 4 Station Road, Pune 411001 ${g.user.email} GSTIN: 27AAPFU0939F1ZV`,
      // Where the stay stands: the state of its GSTIN.
      'Place of supply: Karnataka (29)',
      'NIGHTS 2',
      // Each line: room, rate a night, nights, taxable value, rate, CGST, SGST and amount.
      '101 · Deluxe ₹2,500.00 2 ₹4,761.90 5% ₹119.05 ₹119.05 ₹5,000.00',
      '201 · Suite ₹4,000.00 2 ₹7,619.04 5% ₹190.48 ₹190.48 ₹8,000.00',
      'Taxable value ₹12,380.94 CGST @ 2.5% ₹309.53 SGST @ 2.5% ₹309.53 Total ₹13,000.00',
      'AMOUNT IN WORDS Rupees Thirteen Thousand Only',
    ])
      expect(printed).toContain(text);

    // Cancelled in full (the stay's default policy, 150 days ahead): the credit note names its invoice.
    await app.inject({ method: 'POST', url: `/api/bookings/${h.booking.id}/cancel`, headers: g.headers });
    const cn = await invoiceOf(h.booking.id, 'credit_note');
    const credit = await pdfText((await download(g, h.booking.id, '?kind=credit_note')).rawPayload);
    expect(credit).toContain(`Credit Note SAC 9963 · Accommodation services NUMBER ${cn!.number}`);
    expect(credit).toContain(`AGAINST INVOICE ${row!.number}`);
    expect(credit).toContain('Total ₹13,000.00');
    expect(credit).toContain('Booking cancelled: the value of the invoice is credited in full.');
  });

  it('the exempt slab (₹1,000 a night) has no tax; the 18 % slab (₹9,000 a night) splits 9 % + 9 %', async () => {
    const g = await guest(app);
    const s = await stay();
    await app.db.update(roomTypes).set({ price: 1000, weekendPrice: null }).where(eq(roomTypes.id, s.deluxe.id));
    await app.db.update(roomTypes).set({ price: 9000, weekendPrice: null }).where(eq(roomTypes.id, s.suite.id));
    const hold1 = async (room: string) => {
      const res = await book(app, g, { stayId: s.stay.id, checkIn: day(170), checkOut: day(171), roomNumberIds: [room] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const exempt = await hold1(s.r101);
    expect(exempt.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 101,
          title: 'Deluxe',
          tariff: 1000,
          nights: 1,
          ratePercent: 0,
          amount: 100_000,
          taxable: 100_000,
          cgst: 0,
          sgst: 0,
        },
      ],
      taxable: 100_000,
      cgst: 0,
      sgst: 0,
      total: 100_000,
    });
    const high = await hold1(s.r201);
    // 900000 × 1800 / 23600 = 68644.06… → 68644 each half.
    expect(high.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 201,
          title: 'Suite',
          tariff: 9000,
          nights: 1,
          ratePercent: 18,
          amount: 900_000,
          taxable: 762_712,
          cgst: 68_644,
          sgst: 68_644,
        },
      ],
      taxable: 762_712,
      cgst: 68_644,
      sgst: 68_644,
      total: 900_000,
    });
    // The invoices keep and print the same.
    expect((await pay(g, exempt)).statusCode).toBe(200);
    expect((await pay(g, high)).statusCode).toBe(200);
    expect(((await invoiceOf(exempt.booking.id))!.snapshot as unknown as Snapshot).gst).toEqual(exempt.booking.gst);
    expect(((await invoiceOf(high.booking.id))!.snapshot as unknown as Snapshot).gst).toEqual(high.booking.gst);
    const printedHigh = await pdfText((await download(g, high.booking.id)).rawPayload);
    expect(printedHigh).toContain('201 · Suite ₹9,000.00 1 ₹7,627.12 18% ₹686.44 ₹686.44 ₹9,000.00');
    expect(printedHigh).toContain('CGST @ 9% ₹686.44 SGST @ 9% ₹686.44 Total ₹9,000.00');
    const printedExempt = await pdfText((await download(g, exempt.booking.id)).rawPayload);
    // Every night exempt: a bill of supply, with no tax columns, from the invoices' series.
    expect(printedExempt).toContain('Bill of Supply');
    expect(printedExempt).not.toContain('Tax Invoice');
    expect(printedExempt).toContain('101 · Deluxe ₹1,000.00 1 ₹1,000.00');
    expect(printedExempt).not.toContain('CGST');
    expect(printedExempt).toContain('Total ₹1,000.00');
    expect(printedExempt).toContain('Exempt from GST at these tariffs: no GST is charged on this supply.');
  });

  it('a stay without a GSTIN charges no GST and issues a numbered bill of supply', async () => {
    const g = await guest(app);
    const h = await hold(g, { gstin: null });
    expect(h.booking.gst).toMatchObject({ registered: false, taxable: 500_000, cgst: 0, sgst: 0, total: 500_000 });
    expect((await pay(g, h)).statusCode).toBe(200);
    const row = await invoiceOf(h.booking.id);
    expect((row!.snapshot as unknown as Snapshot).title).toBe('Bill of Supply');
    expect(row!.number).toMatch(new RegExp(`^INV/${SHORT_FY}/\\d{6}$`));
    const file = (await download(g, h.booking.id)).rawPayload;
    expect(file.toString('latin1')).toContain(`Bill of Supply ${row!.number}`);
    // No GSTIN, no state to name: the place of supply is the stay's city.
    const printed = await pdfText(file);
    expect(printed).toContain('Place of supply: Bengaluru');
    expect(printed).toContain('Not registered under GST');
  });

  it('the guest’s GSTIN, company and billing address, asked with the hold, are validated and printed', async () => {
    const g = await guest(app);
    const s = await stay();
    const count = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(bookings)).at(0)?.n;
    const before = await count();
    for (const guestGstin of ['27AAPFU0939F1ZX', '27AAPFU0939F1Z', 'hello', 42]) {
      const res = await book(app, g, {
        stayId: s.stay.id,
        checkIn: day(200),
        checkOut: day(201),
        roomNumberIds: [s.r101],
        guestGstin,
        guestAddress: '4 Station Road, Pune 411001',
      });
      expect(res.statusCode, String(guestGstin)).toBe(400);
      expect(res.json().fieldErrors?.guestGstin).toMatch(/GSTIN/);
    }
    // A GSTIN names its holder's address on the invoice (rule 46(e)): without one, or with one too long, no hold.
    for (const guestAddress of [undefined, '   ', 'x'.repeat(201)]) {
      const res = await book(app, g, {
        stayId: s.stay.id,
        checkIn: day(200),
        checkOut: day(201),
        roomNumberIds: [s.r101],
        guestGstin: '27AAPFU0939F1ZV',
        guestAddress,
      });
      expect(res.statusCode, String(guestAddress)).toBe(400);
      expect(res.json().fieldErrors?.guestAddress).toMatch(/Billing address/);
    }
    expect(await count()).toBe(before);
    const b = await paid(g, {
      extra: { guestGstin: ' 27aapfu0939f1zv ', guestCompany: '  Verma Traders ', guestAddress: ' 4 Station Road, Pune ' },
    });
    const snap = (await invoiceOf(b.id))!.snapshot as unknown as Snapshot;
    expect(snap.recipient).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      company: 'Verma Traders',
      address: '4 Station Road, Pune',
    });
  });

  it('reads the rates as data, kept 10 minutes: a new row is seen once they are read again', async () => {
    const t0 = Date.now() + 3_600_000;
    const first = await taxSlabs(app.db, t0);
    expect(first).toContainEqual({ startsOn: '2025-09-22', tariffOver: 7500, ratePercent: 18 });
    await app.db.insert(taxRates).values({ startsOn: '2040-04-01', tariffOver: 0, ratePercent: 12 });
    expect(await taxSlabs(app.db, t0 + 9 * 60_000)).toBe(first);
    expect(await taxSlabs(app.db, t0 + 11 * 60_000)).toContainEqual({ startsOn: '2040-04-01', tariffOver: 0, ratePercent: 12 });
  });

  it('issued documents are never changed or deleted', async () => {
    const b = await paid(await guest(app));
    await expect(app.db.update(invoices).set({ totalPaise: 1 }).where(eq(invoices.bookingId, b.id))).rejects.toThrow();
    await expect(app.db.delete(invoices).where(eq(invoices.bookingId, b.id))).rejects.toThrow();
  });

  it('the owner sets the legal name and a checked GSTIN in the stay form; a wrong GSTIN is a 400', async () => {
    const owner = await loginAdmin(app);
    const bad = await createStay(app, owner.headers, { gstin: '29AAGCB7383J1Z5' }).catch((e: Error) => e.message);
    expect(bad).toMatch(/400.*GSTIN/);
    const made = await createStay(app, owner.headers, { legalName: 'Coral Inns LLP', gstin: '29aagcb7383j1z4' });
    expect(made).toMatchObject({ legalName: 'Coral Inns LLP', gstin: '29AAGCB7383J1Z4' });
    // Guests do not get them with the stay.
    const seen = await app.inject({ url: `/api/stays/${made.id}`, headers: (await guest(app)).headers });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id: made.id, name: made.name });
    expect(seen.json()).not.toHaveProperty('gstin');
  });
});
