import { createHmac } from 'node:crypto';
import { financialYear } from '@repo/shared/domain/gst';
import { todayInIndia } from '@repo/shared/domain/dates';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { inTransaction } from '#src/db/client.ts';
import {
  bookings,
  type InvoiceSnapshot,
  invoiceFiles,
  invoiceSeries,
  invoices,
  refunds,
  roomTypes,
  stays,
} from '#src/db/schema/index.ts';
import { issueCreditNote, issueInvoice } from '#src/features/invoices/index.ts';
import { DEMO_PLATFORM } from '#src/config/config.ts';
import { book, day, type Guest, guest, knownPayment, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine, waitForMail } from './helper.ts';
import { pdfText } from './pdf-text.ts';
import { createStay } from './stays-helpers.ts';

// Tax invoices and credit notes (docs/decisions/017-gst-and-invoices.md, 022-marketplace-gst.md): numbered without
// gaps per supplier, kind and financial year in the transaction that confirms or cancels, printed from a snapshot
// once and kept, the guest's own only.

vi.setConfig({ testTimeout: 60_000 });

type Snapshot = {
  title: string;
  number: string;
  recipient: { gstin: string | null; company: string | null };
  supplier: { gstin: string | null; legalName: string; through?: { name: string } };
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
  const GSTIN = '29AAGCB7383J1Z4';
  async function stay(gstin: string | null = GSTIN) {
    const s = await stayWithRooms(app);
    await app.db
      .update(stays)
      .set({ gstin, legalName: 'Lake View Hospitality Pvt Ltd', stateCode: '29' })
      .where(eq(stays.id, s.stay.id));
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
    const s = await stay(opts.gstin === undefined ? GSTIN : opts.gstin);
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
  const pay = async (g: Guest, h: Awaited<ReturnType<typeof hold>>) => {
    // The gateway captured it for the order's amount (the browser's fields are checked against what it reports).
    const paymentId = await knownPayment(
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
  /** The numbers of a supplier's series (the test stay's GSTIN unless named). */
  const seqs = async (kind: 'invoice' | 'credit_note', fy = FY, supplier = GSTIN) =>
    (
      await app.db
        .select({ seq: invoices.seq })
        .from(invoices)
        .where(and(eq(invoices.supplier, supplier), eq(invoices.kind, kind), eq(invoices.financialYear, fy)))
    )
      .map((r) => r.seq)
      .sort((a, b) => a - b);
  const lastSeq = async (kind: 'invoice' | 'credit_note', fy = FY, supplier = GSTIN) =>
    (
      await app.db
        .select()
        .from(invoiceSeries)
        .where(and(eq(invoiceSeries.supplier, supplier), eq(invoiceSeries.kind, kind), eq(invoiceSeries.financialYear, fy)))
    )[0]?.lastSeq ?? 0;
  const download = (g: Guest, id: string, query = '') =>
    app.inject({ url: `/api/bookings/${id}/invoice${query}`, headers: g.headers });
  const consecutive = (list: number[]) => list.every((n, i) => n === i + 1);

  it('a hold shows its GST from the rates: ₹2,500 × 2 nights at 5 %, CGST = SGST, and the parts add up', async () => {
    const g = await guest(app);
    const h = await hold(g);
    expect(h.booking.amount).toBe(500_000);
    // A night: 250000 × 500 / 21000 = 5952.38… → 5952 each half; two nights twice that (ADR 060).
    expect(h.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 101,
          title: 'Deluxe — Standard · Room only',
          tariff: 2500,
          nights: 2,
          ratePercent: 5,
          amount: 500_000,
          taxable: 476_192,
          cgst: 11_904,
          sgst: 11_904,
        },
      ],
      taxable: 476_192,
      cgst: 11_904,
      sgst: 11_904,
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
    expect(row!.number).toBe(`TI/${SHORT_FY}/${String(before + 1).padStart(6, '0')}`);
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
    expect(b.documents).toEqual([
      {
        kind: 'invoice',
        title: 'Tax Invoice',
        number: row!.number,
        issuedAt: row!.issuedAt.toISOString(),
        total: b.amount,
        tax: snap.gst.cgst + snap.gst.sgst,
        supplier: { name: row!.snapshot.supplier.tradeName, gstin: snap.supplier.gstin, byPlatform: false },
      },
    ]);
    const list = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings;
    expect(list[0]).toMatchObject({ id: b.id, gst: snap.gst, documents: [{ number: row!.number }] });
    // The confirmation mail names the invoice and carries it as a PDF.
    const mail = await waitForMail(app, g.user.email);
    expect(mail.text).toContain(`Tax Invoice ${row!.number} is attached.`);
    expect(mail.text).toMatch(
      new RegExp(
        `Content-Type: application/pdf;?\\s*name=${row!.number.replaceAll('/', '-')}-${row!.snapshot.supplier.gstin}\\.pdf`,
        'i',
      ),
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
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${row!.number.replaceAll('/', '-')}-${row!.snapshot.supplier.gstin}.pdf"`,
    );
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
    expect([march.financialYear, march.seq, march.number]).toEqual(['2030-31', 1, 'TI/30-31/000001']);
    expect([april.financialYear, april.seq, april.number]).toEqual(['2031-32', 1, 'TI/31-32/000001']);
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
    expect(cn!.number).toBe(`CR/${SHORT_FY}/${String(before + 1).padStart(6, '0')}`);
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
      guestPin: '411001',
      guestState: '27',
    });
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json();
    expect((await pay(g, h)).statusCode).toBe(200);
    const row = await invoiceOf(h.booking.id);
    const printed = await pdfText((await download(g, h.booking.id)).rawPayload);
    for (const text of [
      `Tax Invoice SAC 996311 · Accommodation services NUMBER ${row!.number}`,
      // The supplier: legal and trade name, address, city and GSTIN.
      `SUPPLIER Lake View Hospitality Pvt Ltd Lake View Residency ${s.stay.address} Bengaluru GSTIN: 29AAGCB7383J1Z4`,
      // The guest, with the company, GSTIN and address with PIN and state asked with the hold (rule 46).
      `BILLED TO ${g.user.firstName} ${g.user.lastName} Company: Verma Traders 4 Station Road, Pune 411001 PIN 411001, Maharashtra (27) ${g.user.email} GSTIN: 27AAPFU0939F1ZV`,
      // Where the stay stands, and no reverse charge (rule 46(p)).
      'Place of supply: Karnataka (29) Whether tax is payable on reverse charge: No',
      'NIGHTS 2',
      // Each line: room, rate a night, nights, taxable value, rate, CGST and SGST with their rates, and amount.
      '101 · Deluxe — Standard · Room only ₹2,500.00 2 ₹4,761.92 5% ₹119.04 @ 2.5% ₹119.04 @ 2.5% ₹5,000.00',
      '201 · Suite — Standard · Room only ₹4,000.00 2 ₹7,619.04 5% ₹190.48 @ 2.5% ₹190.48 @ 2.5% ₹8,000.00',
      'Taxable value ₹12,380.96 CGST @ 2.5% ₹309.52 SGST @ 2.5% ₹309.52 Total ₹13,000.00',
      'AMOUNT IN WORDS Rupees Thirteen Thousand Only',
    ])
      expect(printed).toContain(text);

    // Cancelled in full (the stay's default policy, 150 days ahead): the credit note names its invoice.
    await app.inject({ method: 'POST', url: `/api/bookings/${h.booking.id}/cancel`, headers: g.headers });
    const cn = await invoiceOf(h.booking.id, 'credit_note');
    const credit = await pdfText((await download(g, h.booking.id, '?kind=credit_note')).rawPayload);
    expect(credit).toContain(`Credit Note SAC 996311 · Accommodation services NUMBER ${cn!.number}`);
    expect(credit).toContain(`AGAINST INVOICE ${row!.number}`);
    // A credit note to the guest names their address with PIN and state too.
    expect(credit).toContain('4 Station Road, Pune 411001 PIN 411001, Maharashtra (27)');
    expect(credit).toContain('Total ₹13,000.00');
    expect(credit).toContain('Booking cancelled: the value of the invoice is credited in full.');
  });

  it('a ₹999 night is taxed at 5 % (no exemption since 18 Jul 2022); the 18 % slab (₹9,000 a night) splits 9 % + 9 %', async () => {
    const g = await guest(app);
    const s = await stay();
    await app.db.update(roomTypes).set({ price: 999, weekendPrice: null }).where(eq(roomTypes.id, s.deluxe.id));
    await app.db.update(roomTypes).set({ price: 9000, weekendPrice: null }).where(eq(roomTypes.id, s.suite.id));
    const hold1 = async (room: string) => {
      const res = await book(app, g, { stayId: s.stay.id, checkIn: day(170), checkOut: day(171), roomNumberIds: [room] });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const low = await hold1(s.r101);
    // 99900 × 500 / 21000 = 2378.57… → 2379 each half.
    expect(low.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 101,
          title: 'Deluxe — Standard · Room only',
          tariff: 999,
          nights: 1,
          ratePercent: 5,
          amount: 99_900,
          taxable: 95_142,
          cgst: 2_379,
          sgst: 2_379,
        },
      ],
      taxable: 95_142,
      cgst: 2_379,
      sgst: 2_379,
      total: 99_900,
    });
    const high = await hold1(s.r201);
    // 900000 × 1800 / 23600 = 68644.06… → 68644 each half.
    expect(high.booking.gst).toEqual({
      registered: true,
      lines: [
        {
          roomNumber: 201,
          title: 'Suite — Standard · Room only',
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
    expect((await pay(g, low)).statusCode).toBe(200);
    expect((await pay(g, high)).statusCode).toBe(200);
    expect(((await invoiceOf(low.booking.id))!.snapshot as unknown as Snapshot).gst).toEqual(low.booking.gst);
    expect(((await invoiceOf(high.booking.id))!.snapshot as unknown as Snapshot).gst).toEqual(high.booking.gst);
    const printedHigh = await pdfText((await download(g, high.booking.id)).rawPayload);
    expect(printedHigh).toContain(
      '201 · Suite — Standard · Room only ₹9,000.00 1 ₹7,627.12 18% ₹686.44 @ 9% ₹686.44 @ 9% ₹9,000.00',
    );
    expect(printedHigh).toContain('CGST @ 9% ₹686.44 SGST @ 9% ₹686.44 Total ₹9,000.00');
    const printedLow = await pdfText((await download(g, low.booking.id)).rawPayload);
    expect(printedLow).toContain('Tax Invoice');
    expect(printedLow).not.toContain('Bill of Supply');
    expect(printedLow).toContain('101 · Deluxe — Standard · Room only ₹999.00 1 ₹951.42 5% ₹23.79 @ 2.5% ₹23.79 @ 2.5% ₹999.00');
  });

  it('a booking is taxed at the rates of its time of supply: the invoice of a payment before 22 Sep 2025 is at 12 %', async () => {
    const g = await guest(app);
    const h = await hold(g);
    await app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, h.booking.id));
    // Paid (and invoiced) on 21 Sep 2025 in India: the rates then were 12 % up to ₹7,500, whatever the nights' dates.
    const at = { ...app.deps, clock: { now: () => new Date('2025-09-21T06:00:00Z') } };
    const issued = await inTransaction(app.db, (tx) => issueInvoice(at, tx, h.booking.id));
    const snap = issued.snapshot as unknown as Snapshot;
    expect(snap.gst.lines.map((l) => l.ratePercent)).toEqual([12]);
    expect(issued.number).toBe('TI/25-26/000001');
    // The hold's quote, made today, is at today's 5 %: the same tariffs, only the tax in them differs.
    expect(h.booking.gst.lines.map((l) => l.ratePercent)).toEqual([5]);
    expect(snap.gst.total).toBe(h.booking.gst.total);
  });

  it('place of supply is where the stay stands: CGST + SGST of Karnataka and of Goa, each in its own series', async () => {
    const g = await guest(app);
    const karnataka = await paid(g);
    const goa = await stayWithRooms(app, 'Candolim Villa', 'goa');
    const goaGstin = '30AAGCB7383J1ZL';
    await app.db.update(stays).set({ gstin: goaGstin, legalName: 'Candolim Villas LLP' }).where(eq(stays.id, goa.stay.id));
    const res = await book(app, g, { stayId: goa.stay.id, checkIn: day(60), checkOut: day(62), roomNumberIds: [goa.r101] });
    expect(res.statusCode, res.body).toBe(201);
    const before = await lastSeq('invoice', FY, goaGstin);
    expect((await pay(g, res.json())).statusCode).toBe(200);
    const goaRow = await invoiceOf(res.json().booking.id);
    expect(goaRow).toMatchObject({ supplier: goaGstin, seq: before + 1 });
    const printedGoa = await pdfText((await download(g, goaRow!.bookingId)).rawPayload);
    expect(printedGoa).toContain('Place of supply: Goa (30)');
    expect(printedGoa).toContain(`GSTIN: ${goaGstin}`);
    expect(printedGoa).toContain('CGST @ 2.5%');
    const printedKa = await pdfText((await download(g, karnataka.id)).rawPayload);
    expect(printedKa).toContain('Place of supply: Karnataka (29)');
    // Each supplier numbers its own documents from its own series.
    expect(consecutive(await seqs('invoice', FY, goaGstin))).toBe(true);
    expect(consecutive(await seqs('invoice'))).toBe(true);
  });

  it('a stay not registered for GST: the platform invoices it under s.9(5), at the slab, in its own series', async () => {
    const g = await guest(app);
    const h = await hold(g, { gstin: null });
    // The guest pays what the page showed; the GST in it is now the platform's to pay.
    expect(h.booking.gst).toMatchObject({ registered: true, total: 500_000, cgst: 11_904, sgst: 11_904 });
    const platformGstin = DEMO_PLATFORM.gstins['29']!;
    const before = await lastSeq('invoice', FY, platformGstin);
    expect((await pay(g, h)).statusCode).toBe(200);
    const row = await invoiceOf(h.booking.id);
    const snap = row!.snapshot as unknown as Snapshot;
    expect(row).toMatchObject({ supplier: platformGstin, seq: before + 1, totalPaise: 500_000 });
    expect(snap).toMatchObject({
      title: 'Tax Invoice',
      supplier: { legalName: DEMO_PLATFORM.legalName, gstin: platformGstin, through: { name: 'Lake View Residency' } },
    });
    const printed = await pdfText((await download(g, h.booking.id)).rawPayload);
    expect(printed).toContain(`SUPPLIER ${DEMO_PLATFORM.legalName}`);
    expect(printed).toContain(`GSTIN: ${platformGstin}`);
    expect(printed).toContain('Supplied by Lake View Residency (Lake View Hospitality Pvt Ltd)');
    expect(printed).toContain('not liable for registration under section 22(1) of the CGST Act, 2017');
    expect(printed).toContain('under section 9(5)');
    // An unregistered guest through an operator: name and address with PIN and state, whatever the value (rule 46).
    expect(printed).toMatch(/BILLED TO .+ PIN [1-9]\d{5}, [A-Za-z ]+ \(\d\d\)/);
    expect(printed).toContain('Place of supply: Karnataka (29)');
    expect(printed).toContain('CGST @ 2.5% ₹119.04 SGST @ 2.5% ₹119.04 Total ₹5,000.00');
    // Its credit note is the platform's too.
    await app.inject({ method: 'POST', url: `/api/bookings/${h.booking.id}/cancel`, headers: g.headers });
    expect(await invoiceOf(h.booking.id, 'credit_note')).toMatchObject({ supplier: platformGstin });
  });

  it('a stay whose GSTIN is of another state than where it stands is supplied by the platform', async () => {
    const g = await guest(app);
    const s = await stay();
    await app.db.update(stays).set({ stateCode: '30' }).where(eq(stays.id, s.stay.id));
    const res = await book(app, g, { stayId: s.stay.id, checkIn: day(80), checkOut: day(81), roomNumberIds: [s.r101] });
    expect((await pay(g, res.json())).statusCode).toBe(200);
    const row = await invoiceOf(res.json().booking.id);
    expect(row!.supplier).toBe(DEMO_PLATFORM.gstins['30']);
    expect((row!.snapshot as unknown as { placeOfSupply: string }).placeOfSupply).toBe('Goa (30)');
  });

  it('a document is drawn once and kept: every download and the mail serve the same bytes', async () => {
    const g = await guest(app);
    const b = await paid(g);
    const row = await invoiceOf(b.id);
    const first = (await download(g, b.id)).rawPayload;
    const second = (await download(g, b.id)).rawPayload;
    expect(Buffer.compare(first, second)).toBe(0);
    const [kept] = await app.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, row!.id));
    expect(Buffer.compare(kept!.pdf, first)).toBe(0);
    expect(kept!.sha256).toMatch(/^[0-9a-f]{64}$/);
    await expect(app.db.update(invoiceFiles).set({ sha256: 'x' }).where(eq(invoiceFiles.invoiceId, row!.id))).rejects.toThrow();
    await expect(app.db.delete(invoiceFiles).where(eq(invoiceFiles.invoiceId, row!.id))).rejects.toThrow();
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
      extra: {
        guestGstin: ' 27aapfu0939f1zv ',
        guestCompany: '  Verma Traders ',
        guestAddress: ' 4 Station Road, Pune ',
        guestPin: '411001',
        guestState: '27',
      },
    });
    const snap = (await invoiceOf(b.id))!.snapshot as unknown as Snapshot;
    expect(snap.recipient).toMatchObject({
      gstin: '27AAPFU0939F1ZV',
      company: 'Verma Traders',
      address: '4 Station Road, Pune',
    });
  });

  it('a document issued before prints as it was issued: a bill of supply from the shared series stays one', async () => {
    const g = await guest(app);
    const h = await hold(g, { gstin: null });
    await app.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, h.booking.id));
    // As ADR 017 issued it for a stay not registered: no version, no reverse charge line, no GST, the shared series.
    const legacy = {
      title: 'Bill of Supply',
      number: 'INV/26-27/000099',
      issuedOn: '2026-11-20',
      financialYear: '2026-27',
      supplier: { legalName: 'Pine Cabin', tradeName: 'Pine Cabin', address: 'Old Manali Road', city: 'manali', gstin: null },
      recipient: { name: 'Priya Verma', email: g.user.email, gstin: null, company: null },
      placeOfSupply: 'manali',
      sac: '9963',
      booking: { id: h.booking.id, orderId: 'order_legacy', checkIn: day(30), checkOut: day(32), nights: 2 },
      gst: { ...h.booking.gst, registered: false, taxable: h.booking.gst.total, cgst: 0, sgst: 0 },
      totalInWords: 'Rupees Five Thousand Only',
    };
    legacy.gst.lines = legacy.gst.lines.map((l) => ({ ...l, ratePercent: 0, taxable: l.amount, cgst: 0, sgst: 0 }));
    await app.db.insert(invoices).values({
      bookingId: h.booking.id,
      kind: 'invoice',
      financialYear: '2026-27',
      seq: 99,
      number: legacy.number,
      totalPaise: legacy.gst.total,
      // Its lines are the booking's, without the room and tariff the invoices of today print.
      snapshot: legacy as InvoiceSnapshot,
    });
    const res = await download(g, h.booking.id);
    const printed = await pdfText(res.rawPayload);
    expect(printed).toContain('Bill of Supply SAC 9963 · Accommodation services NUMBER INV/26-27/000099');
    expect(printed).toContain('Place of supply: Manali');
    expect(printed).toContain('Not registered under GST');
    expect(printed).not.toContain('reverse charge');
    expect(printed).not.toContain('CGST');
    // The order names it as printed, with its GST as issued.
    const order = (await app.inject({ url: '/api/me/bookings', headers: g.headers })).json().bookings[0];
    expect(order.documents).toEqual([expect.objectContaining({ title: 'Bill of Supply', number: legacy.number, tax: 0 })]);
    expect(order.gst).toMatchObject({ registered: false, cgst: 0, sgst: 0 });
    // A credit note issued against it now is a new document: it prints the SAC in six digits (ADR 047), while the
    // invoice keeps the four it was issued with.
    const at = { ...app.deps, clock: { now: () => new Date('2026-12-01T06:00:00Z') } };
    const cn = await inTransaction(app.db, (tx) => issueCreditNote(at, tx, h.booking.id, legacy.gst.total));
    expect(cn!.snapshot.sac).toBe('996311');
    expect(await pdfText((await download(g, h.booking.id, '?kind=credit_note')).rawPayload)).toContain(
      `Credit Note SAC 996311 · Accommodation services NUMBER ${cn!.number}`,
    );
    expect(await pdfText((await download(g, h.booking.id)).rawPayload)).toContain('Bill of Supply SAC 9963 · Accommodation');
  });

  it('issued documents are never changed or deleted', async () => {
    const b = await paid(await guest(app));
    await expect(app.db.update(invoices).set({ totalPaise: 1 }).where(eq(invoices.bookingId, b.id))).rejects.toThrow();
    await expect(app.db.delete(invoices).where(eq(invoices.bookingId, b.id))).rejects.toThrow();
  });

  it('the owner sets the legal name and a checked GSTIN in the stay form; a wrong GSTIN is a 400', async () => {
    const owner = await loginAdmin(app);
    const city = { city: 'Bengaluru' };
    const bad = await createStay(app, owner.headers, { ...city, gstin: '29AAGCB7383J1Z5' }).catch((e: Error) => e.message);
    expect(bad).toMatch(/400.*GSTIN/);
    // State code 00 with its check character right is no state.
    const noState = await createStay(app, owner.headers, { ...city, gstin: '00AAGCB7383J1ZO' }).catch((e: Error) => e.message);
    expect(noState).toMatch(/400.*GSTIN/);
    // A GSTIN of another state than the stay's.
    const otherState = await createStay(app, owner.headers, { city: 'Goa', gstin: '29AAGCB7383J1Z4' }).catch(
      (e: Error) => e.message,
    );
    expect(otherState).toMatch(/400.*GSTIN must be registered in Goa \(30\)/);
    const made = await createStay(app, owner.headers, { ...city, legalName: 'Coral Inns LLP', gstin: '29aagcb7383j1z4' });
    expect(made).toMatchObject({ legalName: 'Coral Inns LLP', gstin: '29AAGCB7383J1Z4', stateCode: '29' });
    // Guests see who supplies the stay (a marketplace names its sellers), not the owner's form fields.
    const seen = await app.inject({ url: `/api/stays/${made.id}`, headers: (await guest(app)).headers });
    expect(seen.statusCode).toBe(200);
    // With its customer care number (rule 5(3)(a)): the owner's mobile, the stay having none of its own.
    expect(seen.json()).toMatchObject({
      id: made.id,
      seller: { legalName: 'Coral Inns LLP', phone: owner.user.mobile, gstin: '29AAGCB7383J1Z4', operator: null },
    });
    expect(seen.json()).not.toHaveProperty('gstin');
    const unregistered = await createStay(app, owner.headers, { city: 'Goa', legalName: '' });
    const shown = (await app.inject({ url: `/api/stays/${unregistered.id}`, headers: (await guest(app)).headers })).json();
    expect(shown.seller).toMatchObject({
      gstin: null,
      operator: { legalName: DEMO_PLATFORM.legalName, gstin: DEMO_PLATFORM.gstins['30'] },
    });
    // A city not on the list needs its state.
    const unknown = await createStay(app, owner.headers, { city: 'Nowhereville', stateCode: '' }).catch((e: Error) => e.message);
    expect(unknown).toMatch(/400.*State is required/);
  });
});
