import { createHmac, randomBytes } from 'node:crypto';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { creditNoteInTime } from '@repo/shared/domain/gst';
import { MAX_FEE_BP, MAX_FEE_PERCENT, periodOf } from '@repo/shared/domain/marketplace';
import { nightAccount } from '@repo/shared/domain/night-account';
import { PAYOUT_MSG } from '@repo/shared/schemas/payouts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isSandboxRoute, SANDBOX_PAYOUT_REASONS, sandboxUtr } from '#src/adapters/sandbox/index.ts';
import { DEMO_PLATFORM, loadConfig } from '#src/config/config.ts';
import {
  feeInvoices,
  invoices,
  payoutAccounts,
  payoutProfiles,
  payouts,
  sandboxTransfers,
  settlementLines,
  settlements,
  stays,
  users,
} from '#src/db/schema/index.ts';
import { issueDueFeeDocuments, issueFeeDocuments, runPayouts } from '#src/features/payouts/index.ts';
import { adminHeaders, day, guest, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, loginAdmin, testEngine } from './helper.ts';
import { pdfText } from './pdf-text.ts';

// Owners get paid (ADR 032): weekly settlements after the check-in day with the fee, its GST, TCS and TDS per
// booking; refunds netted and negative balances carried; payouts through the sandbox's Route (processed, failed,
// retried); statements, fee invoices and reports that reconcile with the ledger; each owner sees only their own.

describe(`owners get paid (${testEngine})`, async () => {
  const app = await build();
  const route = app.deps.payouts;
  if (!isSandboxRoute(route)) throw new Error('the tests pay through the sandbox');
  const invoiceOf = async (bookingId: string) => {
    const [inv] = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, 'invoice')));
    return inv!;
  };
  const profile = (account: object, pan: string | null = 'AAGCB7383J') => ({
    legalName: 'Lake View Hospitality',
    pan,
    stateCode: '29',
    account,
  });
  const bank = (accountNumber = '50100123456789') => ({
    method: 'bank',
    ifsc: 'hdfc0001234',
    accountNumber,
    confirmAccountNumber: accountNumber,
    accountHolder: 'Lake View Hospitality',
  });

  const registered = await stayWithRooms(app, 'Lake View Residency', 'bengaluru');
  await app.db
    .update(stays)
    .set({ gstin: '29AAGCB7383J1Z4', legalName: 'Lake View Hospitality Pvt Ltd' })
    .where(eq(stays.id, registered.stay.id));
  const cabin = await stayWithRooms(app, 'Pine Cabin', 'manali');
  await app.db.update(stays).set({ ownerId: registered.owner.id }).where(eq(stays.id, cabin.stay.id));
  const owner = await adminHeaders(app, registered.owner);
  const other = await stayWithRooms(app, 'Elsewhere Inn', 'goa');
  const otherOwner = await adminHeaders(app, other.owner);
  const platform = await loginAdmin(app, { isPlatform: true });

  const g = await guest(app);
  const first = await paidBooking(app, g, registered.stay.id, registered.r101, 1, 2);
  const second = await paidBooking(app, g, cabin.stay.id, cabin.r101, 2);
  const foreign = await paidBooking(app, g, other.stay.id, other.r101, 1);
  const afterStays = addDays(periodOf(day(3)).end, 1);

  it('refuses payout details of the wrong shape and changes nothing', async () => {
    for (const [body, field] of [
      [profile(bank(), 'ABCDE12345'), 'pan'],
      [profile({ ...bank(), ifsc: 'HDFC1234567' }), 'ifsc'],
      [profile({ ...bank('12345'), confirmAccountNumber: '12345' }), 'accountNumber'],
      [profile({ ...bank(), confirmAccountNumber: '50100123456780' }), 'confirmAccountNumber'],
      [profile({ method: 'upi', upiId: 'not a vpa' }), 'upiId'],
      [{ ...profile(bank()), stateCode: '99' }, 'stateCode'],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url: '/api/admin/payouts/profile', headers: owner, payload: body });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect((await app.inject({ url: '/api/admin/payouts/profile', headers: owner })).json().profile).toBeNull();
  });

  it('checks a new account at the gateway when it is saved: one that can not receive money is refused, nothing kept', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers: owner,
      payload: profile({ method: 'upi', upiId: 'failure@razorpay' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: SANDBOX_PAYOUT_REASONS.upi,
      fieldErrors: { account: SANDBOX_PAYOUT_REASONS.upi },
    });
    expect((await app.inject({ url: '/api/admin/payouts/profile', headers: owner })).json().profile).toBeNull();
    expect(await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.ownerId, registered.owner.id))).toHaveLength(0);
    expect(await app.db.select().from(payoutProfiles).where(eq(payoutProfiles.ownerId, registered.owner.id))).toHaveLength(0);
  });

  it('keeps payout details with the account masked', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/admin/payouts/profile', headers: owner, payload: profile(bank()) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      pan: 'AAGCB7383J',
      stateCode: '29',
      account: { method: 'bank', masked: 'HDFC0001234 · XXXXXX6789' },
    });
    expect(res.body).not.toContain('50100123456789');
    // Guests and visitors are refused; another owner sees only their own (none).
    expect((await app.inject({ url: '/api/admin/payouts/profile', headers: g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/payouts/profile' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/payouts/profile', headers: otherOwner })).json().profile).toBeNull();
  });

  it('settles each booking after its check-in day: fee, GST on fee, TCS (registered only), TDS, net to the paisa', async () => {
    const run = await runPayouts(app.deps, afterStays);
    expect(run.settlements).toBe(2);
    const [mine] = await app.db.select().from(settlements).where(eq(settlements.ownerId, registered.owner.id));
    expect(mine).toBeDefined();
    const lines = await app.db.select().from(settlementLines).where(eq(settlementLines.settlementId, mine!.id));
    expect(lines.map((l) => l.bookingId).sort()).toEqual([first, second].sort());

    for (const bookingId of [first, second]) {
      const inv = await invoiceOf(bookingId);
      const gst = inv.snapshot.gst.cgst + inv.snapshot.gst.sgst;
      const taxable = inv.snapshot.gst.taxable;
      const line = lines.find((l) => l.bookingId === bookingId)!;
      const byPlatform = bookingId === second;
      const fee = Math.round(taxable * 0.15);
      // CGST and SGST at 9 % each, each rounded (ADR 055).
      const feeGst = 2 * Math.round(fee * 0.09);
      const tcs = byPlatform ? 0 : 2 * Math.round(taxable * 0.0025);
      const tds = Math.round(taxable * 0.001);
      expect(line).toMatchObject({
        byPlatform,
        grossPaise: inv.totalPaise,
        gstPaise: gst,
        taxablePaise: taxable,
        feePaise: fee,
        feeGstPaise: feeGst,
        tcsPaise: tcs,
        tdsPaise: tds,
        netPaise: inv.totalPaise - (byPlatform ? gst : 0) - fee - feeGst - tcs - tds,
        supplierGstin: byPlatform ? null : '29AAGCB7383J1Z4',
      });
    }
    expect(mine!.netPaise).toBe(lines.reduce((a, l) => a + l.netPaise, 0));
    expect(mine!.payablePaise).toBe(mine!.netPaise);
    expect(lines.every((l) => l.tdsBp === 10 && l.tdsSection === 's.393(1) S.No. 8(v)')).toBe(true);
    expect(mine!.pan).toBe('AAGCB7383J');
    // The other owner gave no PAN: TDS at 5 % (s.397(2) Income-tax Act, 2025).
    const [theirs] = await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, foreign));
    expect(theirs!.tdsPaise).toBe(Math.round(theirs!.taxablePaise * 0.05));
    expect(theirs!.tdsSection).toBe('s.393(1) S.No. 8(v) with s.397(2)');
    // A second run changes nothing.
    expect((await runPayouts(app.deps, afterStays)).settlements).toBe(0);
    // The owner's month on the dashboard shows the month's fee (with its GST) and what it made payable.
    const month = (
      await app.inject({ url: `/api/admin/figures/month?month=${mine!.periodEnd.slice(0, 7)}`, headers: owner })
    ).json();
    expect(month.totals).toMatchObject({
      feeAvailable: true,
      fee: mine!.feePaise + mine!.feeGstPaise,
      payable: mine!.payablePaise,
    });
  });

  it('the room forms’ terms credit a night as its settlement line does; only the stay’s owner reads them', async () => {
    const termsOf = async (stayId: string, headers: Record<string, string>) =>
      app.inject({ url: `/api/admin/payouts/stays/${stayId}/terms`, headers });
    const cabinTerms = (await termsOf(cabin.stay.id, owner)).json();
    expect(cabinTerms).toEqual({
      byPlatform: true,
      feeBp: 1500,
      feeGstBp: 1800,
      tcsBp: 0,
      tdsBp: 10,
      tdsSection: 's.393(1) S.No. 8(v)',
    });
    expect((await termsOf(registered.stay.id, owner)).json()).toMatchObject({ byPlatform: false, feeBp: 1500, tcsBp: 50 });
    // No PAN given: TDS at 5 %.
    const otherTerms = (await termsOf(other.stay.id, otherOwner)).json();
    expect(otherTerms).toMatchObject({ byPlatform: true, tdsBp: 500, tdsSection: 's.393(1) S.No. 8(v) with s.397(2)' });
    // A one-night booking's line credits exactly what the price field said a night at its price leaves the stay.
    for (const [bookingId, terms] of [
      [second, cabinTerms],
      [foreign, otherTerms],
    ] as const) {
      const [night] = (await invoiceOf(bookingId)).snapshot.gst.lines;
      const [line] = await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, bookingId));
      expect(nightAccount(night!.tariff, night!.ratePercent, terms).net).toBe(line!.netPaise);
    }
    expect((await termsOf(cabin.stay.id, otherOwner)).statusCode).toBe(404);
    expect((await termsOf(cabin.stay.id, g.headers)).statusCode).toBe(403);
    expect((await termsOf('nope', owner)).statusCode).toBe(400);
  });

  it('pays the owner through the gateway once, and records the transfer’s outcome from its webhook', async () => {
    const [mine] = await app.db.select().from(settlements).where(eq(settlements.ownerId, registered.owner.id));
    const asked = await app.db.select().from(payouts).where(eq(payouts.settlementId, mine!.id));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ status: 'requested', amountPaise: mine!.payablePaise, attempt: 1 });
    // Asking again never pays twice.
    await runPayouts(app.deps, afterStays);
    expect(await app.db.select().from(payouts).where(eq(payouts.settlementId, mine!.id))).toHaveLength(1);
    // The statement, read before and after the transfer, shows the payout as it stands (a statement is kept whole
    // while its head is unchanged, ADR 048), with the same lines.
    const statement = async () =>
      (await app.inject({ url: `/api/admin/payouts/settlements/${mine!.id}`, headers: owner })).json();
    const before = await statement();
    expect(before.payouts.map((p: { status: string }) => p.status)).toEqual(['requested']);
    expect(await statement()).toEqual(before);
    expect(await route.settleTransfers()).toBe(1);
    const [done] = await app.db.select().from(payouts).where(eq(payouts.settlementId, mine!.id));
    expect(done).toMatchObject({ status: 'processed', failureReason: null });
    const after = await statement();
    expect(after.payouts.map((p: { status: string }) => p.status)).toEqual(['processed']);
    // Paid: when, and the bank's reference (the sandbox's bank makes one up from the transfer, always the same).
    const [sent] = await app.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, done!.id));
    expect(after.payouts[0]).toMatchObject({ settledAt: done!.settledAt!.toISOString(), utr: sandboxUtr(sent!.id) });
    expect(after.payouts[0].utr).toMatch(/^\d{12}$/);
    expect(after.lines).toEqual(before.lines);
    expect(after.lines).toHaveLength(2);
    // The other owner has no account yet: nothing is paid, the balance waits.
    const [theirs] = await app.db.select().from(settlements).where(eq(settlements.ownerId, other.owner.id));
    expect(await app.db.select().from(payouts).where(eq(payouts.settlementId, theirs!.id))).toHaveLength(0);
    // A payout is a money record: never changed once settled, never deleted.
    await expect(app.db.update(payouts).set({ status: 'failed' }).where(eq(payouts.id, done!.id))).rejects.toThrow();
    await expect(app.db.delete(settlementLines).where(eq(settlementLines.settlementId, mine!.id))).rejects.toThrow();
  });

  it('a failed payout shows its reason to the owner and the platform, and is paid to new details at once', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers: otherOwner,
      payload: { legalName: 'Elsewhere Inn', pan: '', stateCode: '30', account: bank('50100123450000') },
    });
    expect(res.statusCode, res.body).toBe(200);
    await app.deps.tasks.drain();
    await route.settleTransfers();
    const page = (await app.inject({ url: '/api/admin/payouts/settlements', headers: otherOwner })).json();
    const failed = page.settlements[0].payouts[0];
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: SANDBOX_PAYOUT_REASONS.bank,
      attempt: 1,
      utr: null,
    });
    expect(failed.retryAt).not.toBeNull();
    const month = (
      await app.inject({ url: `/api/admin/platform/month?month=${periodOf(day(3)).end.slice(0, 7)}`, headers: platform.headers })
    ).json();
    expect(month.payouts.failed.map((f: { payoutId: string }) => f.payoutId)).toContain(failed.id);
    // Not retried before its back-off…
    await runPayouts(app.deps, afterStays);
    expect(
      (await app.inject({ url: '/api/admin/payouts/settlements', headers: otherOwner })).json().settlements[0].payouts,
    ).toHaveLength(1);
    // …then tried again once it is due (the platform's run counts it), failing again at the same bank…
    const due = { ...app.deps, clock: { now: () => new Date(Date.parse(failed.retryAt) + 1000) } };
    expect(await runPayouts(due, afterStays)).toMatchObject({ payouts: 1, retried: 1 });
    await route.settleTransfers();
    // …but at once to new details.
    await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers: otherOwner,
      payload: { legalName: 'Elsewhere Inn', pan: '', stateCode: '30', account: { method: 'upi', upiId: 'elsewhere@okaxis' } },
    });
    await app.deps.tasks.drain();
    await route.settleTransfers();
    const after = (await app.inject({ url: '/api/admin/payouts/settlements', headers: otherOwner })).json().settlements[0]
      .payouts;
    expect(after.map((p: { status: string }) => p.status)).toEqual(['failed', 'failed', 'processed']);
    expect(after[2].account).toBe('el*******@okaxis');
  });

  it('nets a later refund off the next settlement and carries a negative balance forward', async () => {
    // The owner cancels the cabin's stay (in full) after it was credited.
    const cancel = await app.inject({ method: 'POST', url: `/api/admin/bookings/${second}/cancel`, headers: owner, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const next = addDays(afterStays, 7);
    await runPayouts(app.deps, next);
    const rows = await app.db
      .select()
      .from(settlements)
      .where(eq(settlements.ownerId, registered.owner.id))
      .orderBy(settlements.periodStart);
    expect(rows).toHaveLength(2);
    const [, later] = rows;
    const [adj] = await app.db.select().from(settlementLines).where(eq(settlementLines.settlementId, later!.id));
    const [orig] = await app.db
      .select()
      .from(settlementLines)
      .where(and(eq(settlementLines.bookingId, second), eq(settlementLines.kind, 'booking')));
    expect(adj).toMatchObject({
      kind: 'adjustment',
      bookingId: second,
      netPaise: -orig!.netPaise,
      feePaise: -orig!.feePaise,
      tdsPaise: -orig!.tdsPaise,
    });
    expect(later).toMatchObject({ openingPaise: 0, closingPaise: -orig!.netPaise, payablePaise: 0 });
    // The booking's lines add up to nothing: it was refunded whole.
    const [sum] = await app.db
      .select({ n: sql<string>`sum(${settlementLines.netPaise})` })
      .from(settlementLines)
      .where(eq(settlementLines.bookingId, second));
    expect(Number(sum!.n)).toBe(0);
    // No payout for a negative balance; the next settlement opens with it.
    expect(await app.db.select().from(payouts).where(eq(payouts.settlementId, later!.id))).toHaveLength(0);
  });

  it('statements as CSV and PDF reconcile with the settlement; another owner’s is a 404', async () => {
    const list = (await app.inject({ url: '/api/admin/payouts/settlements', headers: owner })).json();
    expect(list.total).toBe(2);
    const s = list.settlements.find((x: { lineCount: number; payable: number }) => x.payable > 0);
    const detail = (await app.inject({ url: `/api/admin/payouts/settlements/${s.id}`, headers: owner })).json();
    const sum = (k: string) => detail.lines.reduce((a: number, l: Record<string, number>) => a + l[k]!, 0);
    for (const k of ['gross', 'gst', 'taxable', 'fee', 'feeGst', 'tcs', 'tds', 'net']) expect(sum(k), k).toBe(detail.totals[k]);
    const csv = await app.inject({ url: `/api/admin/payouts/settlements/${s.id}/statement.csv`, headers: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`Payable${','.repeat(16)}${(detail.payable / 100).toFixed(2)}`);
    expect(csv.body).toContain('PAN,AAGCB7383J');
    const pdf = await app.inject({ url: `/api/admin/payouts/settlements/${s.id}/statement.pdf`, headers: owner });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Settlement statement');
    for (const path of ['', '/statement.csv', '/statement.pdf'])
      expect(
        (await app.inject({ url: `/api/admin/payouts/settlements/${s.id}${path}`, headers: otherOwner })).statusCode,
        path,
      ).toBe(404);
    expect((await app.inject({ url: '/api/admin/payouts/settlements/nope', headers: owner })).statusCode).toBe(400);
    // The platform sees every owner's.
    expect((await app.inject({ url: `/api/admin/platform/settlements/${s.id}`, headers: platform.headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/admin/platform/settlements', headers: owner })).statusCode).toBe(403);
    // …and downloads any owner's statement, the same file the owner gets; an owner may not use the platform's.
    const platformCsv = await app.inject({
      url: `/api/admin/platform/settlements/${s.id}/statement.csv`,
      headers: platform.headers,
    });
    expect(platformCsv.body).toBe(csv.body);
    const platformPdf = await app.inject({
      url: `/api/admin/platform/settlements/${s.id}/statement.pdf`,
      headers: platform.headers,
    });
    expect(platformPdf.headers['content-type']).toBe('application/pdf');
    expect((await app.inject({ url: `/api/admin/platform/settlements/${s.id}/statement.csv`, headers: owner })).statusCode).toBe(
      403,
    );
  });

  it('issues the month’s fee invoice in the platform’s series, equal to the fee lines; reports reconcile', async () => {
    const month = periodOf(day(3)).end.slice(0, 7);
    // Each run issued its settlements' fee documents already; asked again, it issues nothing (ADR 055).
    expect(await issueDueFeeDocuments(app.deps)).toBe(0);
    const fees = (await app.inject({ url: '/api/admin/payouts/fee-invoices', headers: owner })).json().feeInvoices;
    const lines = await app.db.select().from(settlementLines).where(eq(settlementLines.ownerId, registered.owner.id));
    const feeOf = (registeredOnly: boolean, kind: 'booking' | 'adjustment') =>
      lines.filter((l) => (l.supplierGstin !== null) === registeredOnly && l.kind === kind).reduce((a, l) => a + l.feePaise, 0);
    const b2b = fees.find((f: { recipientGstin: string | null }) => f.recipientGstin === '29AAGCB7383J1Z4');
    expect(b2b).toMatchObject({ title: 'Tax Invoice', taxable: feeOf(true, 'booking') });
    expect(b2b.number).toMatch(/^FI\/\d\d-\d\d\/\d{6}$/);
    const file = await app.inject({ url: `/api/admin/payouts/fee-invoices/${b2b.id}/file`, headers: owner });
    const again = await app.inject({ url: `/api/admin/payouts/fee-invoices/${b2b.id}/file`, headers: owner });
    expect(Buffer.compare(file.rawPayload, again.rawPayload)).toBe(0);
    const b2bText = await pdfText(file.rawPayload);
    expect(b2bText).toContain('GSTIN 29AAGCB7383J1Z4');
    // Billed to the GSTIN's legal name and address (the stay's, where no declaration names them), not the owner's person.
    expect(b2bText).toContain('Billed to Lake View Hospitality Pvt Ltd');
    expect(b2bText).toContain(`${registered.stay.address}, Bengaluru`);
    expect((await app.inject({ url: `/api/admin/payouts/fee-invoices/${b2b.id}/file`, headers: otherOwner })).statusCode).toBe(
      404,
    );
    // The cabin's refund after its first credit is a credit note against the invoice that charged its fee, not a
    // deduction from a later invoice.
    const b2c = fees.filter((f: { recipientGstin: string | null }) => f.recipientGstin === null);
    const invoice = b2c.find((f: { title: string }) => f.title === 'Tax Invoice');
    const credit = b2c.find((f: { title: string }) => f.title === 'Credit Note');
    expect(invoice).toMatchObject({ taxable: feeOf(false, 'booking') });
    expect(credit).toMatchObject({ taxable: feeOf(false, 'adjustment') });
    expect(credit.number).toMatch(/^FC\/\d\d-\d\d\/\d{6}$/);
    const creditText = await pdfText(
      (await app.inject({ url: `/api/admin/payouts/fee-invoices/${credit.id}/file`, headers: owner })).rawPayload,
    );
    expect(creditText).toContain(`Against tax invoice ${invoice.number} dated`);
    expect(month).toMatch(/^\d{4}-\d{2}$/);

    // TCS (GSTR-8) is on the month's supplies by registered stays: their invoices' value before tax, less credit notes.
    const inv = await invoiceOf(first);
    const supplyMonth = inv.issuedAt.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).slice(0, 7);
    // 0.25 % CGST and 0.25 % SGST, each rounded: equal halves (ADR 056).
    const half = Math.round(inv.snapshot.gst.taxable * 0.0025);
    const tcsDue = 2 * half;
    const tcs = await app.inject({ url: `/api/admin/payouts/reports/tcs?month=${supplyMonth}`, headers: owner });
    expect(tcs.body.split('\r\n')[1]).toBe(
      `${supplyMonth},29AAGCB7383J1Z4,${(inv.snapshot.gst.taxable / 100).toFixed(2)},${(half / 100).toFixed(2)},${(half / 100).toFixed(2)},0.00,${(tcsDue / 100).toFixed(2)}`,
    );
    const pm = (await app.inject({ url: `/api/admin/platform/month?month=${supplyMonth}`, headers: platform.headers })).json();
    const row = pm.tcs.find((t: { gstin: string }) => t.gstin === '29AAGCB7383J1Z4');
    expect(row).toMatchObject({ taxable: inv.snapshot.gst.taxable });
    expect(row.cgst + row.sgst + row.igst).toBe(tcsDue);
    // What the owner bore for it in the settlement is the same TCS.
    const [credited] = await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, first));
    expect(credited!.tcsPaise).toBe(tcsDue);
    // The platform's own s.9(5) supply (the cabin) is in its s.9(5) table, never in the owner's GSTR-1.
    // The platform's own s.9(5) supplies are in its s.9(5) table by state, invoices less credit notes: the cabin's
    // (Himachal Pradesh) was credited whole, the Goa inn's stands.
    const byState = (code: string) => pm.supplies95.find((r: { stateCode: string }) => r.stateCode === code)?.taxable;
    expect(byState('02')).toBe(0);
    expect(byState('30')).toBe((await invoiceOf(foreign)).snapshot.gst.taxable);
    // The s.9(5) supply is the platform's: its taxable value is the cabin's invoice, less its credit note.
    const b2b1 = await app.inject({
      url: `/api/admin/payouts/reports/gstr1-b2cs?month=${(await invoiceOf(first)).issuedAt.toISOString().slice(0, 7)}`,
      headers: owner,
    });
    expect(b2b1.statusCode).toBe(200);
    // Through the operator, which collects TCS on it: type E, with the platform's GSTIN (ADR 056).
    expect(b2b1.body).toContain(`E,29-Karnataka,,5,`);
    expect(b2b1.body).toContain(DEMO_PLATFORM.gstins['29']!);
    expect(b2b1.body).not.toContain('Pine');
    for (const bad of ['month=2026-13', 'month=nov'])
      expect((await app.inject({ url: `/api/admin/payouts/reports/tcs?${bad}`, headers: owner })).statusCode, bad).toBe(400);
    expect((await app.inject({ url: '/api/admin/payouts/reports/gstr9', headers: owner })).statusCode).toBe(400);
  });

  it(`only the platform sets a stay’s fee, from 0 to ${MAX_FEE_PERCENT} %`, async () => {
    const url = `/api/admin/platform/stays/${registered.stay.id}/fee`;
    expect((await app.inject({ method: 'PUT', url, headers: owner, payload: { feePercent: 5 } })).statusCode).toBe(403);
    for (const feePercent of [-1, 100.5, 12.345, 'ten'])
      expect(
        (await app.inject({ method: 'PUT', url, headers: platform.headers, payload: { feePercent } })).statusCode,
        String(feePercent),
      ).toBe(400);
    // The fee and its 18 % GST (with TCS and TDS) must leave the owner something: the cap is accepted, above it not.
    const atCap = await app.inject({ method: 'PUT', url, headers: platform.headers, payload: { feePercent: MAX_FEE_PERCENT } });
    expect(atCap.json()).toEqual({ feeBp: MAX_FEE_BP, custom: true });
    for (const feePercent of [MAX_FEE_PERCENT + 0.01, 84.75, 100]) {
      const over = await app.inject({ method: 'PUT', url, headers: platform.headers, payload: { feePercent } });
      expect(over.statusCode, String(feePercent)).toBe(400);
      expect(over.json()).toMatchObject({ message: PAYOUT_MSG.feeTooHigh, fieldErrors: { feePercent: PAYOUT_MSG.feeTooHigh } });
    }
    const [capped] = await app.db.select({ feeBp: stays.feeBp }).from(stays).where(eq(stays.id, registered.stay.id));
    expect(capped!.feeBp).toBe(MAX_FEE_BP);
    const ok = await app.inject({ method: 'PUT', url, headers: platform.headers, payload: { feePercent: 12.5 } });
    expect(ok.json()).toEqual({ feeBp: 1250, custom: true });
    const [s] = await app.db.select({ feeBp: stays.feeBp }).from(stays).where(eq(stays.id, registered.stay.id));
    expect(s!.feeBp).toBe(1250);
    const list = (await app.inject({ url: '/api/admin/platform/fees', headers: platform.headers })).json();
    expect(list.defaultBp).toBe(1500);
    // Without paging every live stay is listed, as before; `total` counts them.
    const allNames = list.stays.map((x: { stayName: string }) => x.stayName);
    expect(allNames).toEqual(expect.arrayContaining(['Elsewhere Inn', 'Lake View Residency', 'Pine Cabin']));
    expect(list.total).toBe(list.stays.length);
    const fees = async (query: string) =>
      (await app.inject({ url: `/api/admin/platform/fees?${query}`, headers: platform.headers })).json();
    // Searched by the stay's name or its owner's, case aside; a % is a percent sign, not a wildcard.
    expect((await fees('q=lake%20view')).stays.map((x: { stayName: string }) => x.stayName)).toEqual(['Lake View Residency']);
    await app.db.update(users).set({ firstName: 'Meera', lastName: 'Iyer' }).where(eq(users.id, registered.owner.id));
    const ownerName = 'Meera Iyer';
    const byOwner = await fees('q=MEERA%20IYER');
    expect(byOwner.stays.map((x: { stayName: string }) => x.stayName)).toEqual(['Lake View Residency', 'Pine Cabin']);
    expect(byOwner.stays[0]).toMatchObject({ feeBp: 1250, custom: true, ownerName });
    expect((await fees('q=%25')).total).toBe(0);
    for (const q of ['%00', '%5C', '_'.repeat(100)])
      expect(
        (await app.inject({ url: `/api/admin/platform/fees?q=${q}`, headers: platform.headers })).statusCode,
        q,
      ).toBeLessThan(500);
    // Paged: one page at a time, by stay name, the total of all.
    const first = await fees('page=1&pageSize=2');
    const second = await fees('page=2&pageSize=2');
    expect(first.stays).toHaveLength(2);
    expect(first.total).toBe(list.total);
    expect([...first.stays, ...second.stays].map((x: { stayName: string }) => x.stayName)).toEqual(allNames.slice(0, 4));
    expect((await app.inject({ url: '/api/admin/platform/fees?page=0', headers: platform.headers })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/admin/platform/fees', headers: owner })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/platform/stays/${crypto.randomUUID()}/fee`,
          headers: platform.headers,
          payload: { feePercent: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a transfer webhook must be signed and well formed; a repeat changes nothing', async () => {
    const body = JSON.stringify({ event: 'transfer.failed', payload: { transfer: { entity: { id: 'trf_x', notes: {} } } } });
    const post = (raw: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payouts/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
        payload: raw,
      });
    expect((await post(body, 'bad')).statusCode).toBe(400);
    const signed = (raw: string) => createHmac('sha256', app.config.sandbox.webhookSecret).update(raw).digest('hex');
    expect((await post('{"event":', signed('{"event":'))).statusCode).toBe(400);
    expect((await post(body, signed(body))).json()).toEqual({ status: 'ignored' });
    const [done] = await app.db.select().from(payouts).where(eq(payouts.status, 'processed')).limit(1);
    const replay = JSON.stringify({
      event: 'transfer.failed',
      payload: { transfer: { entity: { id: done!.providerTransferId, notes: { payout_id: done!.id } } } },
    });
    expect((await post(replay, signed(replay))).json()).toEqual({ status: 'duplicate' });
    const [still] = await app.db.select().from(payouts).where(eq(payouts.id, done!.id));
    expect(still!.status).toBe('processed');
  });

  it('a booking paid after its period was settled is credited by the next settlement, once (ADR 049)', async () => {
    // A run reads, per owner, the bookings checked in since its last settlement and those with a record since the
    // day before that settlement's cut-off or its run: a booking checked in within a settled period and paid only
    // after that run has a record since the run.
    const late = await stayWithRooms(app, 'Late Pay Lodge', 'mysuru');
    const early = await paidBooking(app, g, late.stay.id, late.r101, 3);
    await runPayouts(app.deps, afterStays);
    const settledOf = () =>
      app.db.select().from(settlements).where(eq(settlements.ownerId, late.owner.id)).orderBy(settlements.periodStart);
    const [firstSettlement] = await settledOf();
    expect(firstSettlement).toMatchObject({ periodEnd: periodOf(day(3)).end, lineCount: 1 });
    const paidLater = await paidBooking(app, g, late.stay.id, late.r102, 3);
    await runPayouts(app.deps, addDays(afterStays, 7));
    await runPayouts(app.deps, addDays(afterStays, 14));
    const lines = await app.db.select().from(settlementLines).where(eq(settlementLines.stayId, late.stay.id));
    expect(lines.map((l) => [l.bookingId, l.kind]).sort()).toEqual(
      [
        [early, 'booking'],
        [paidLater, 'booking'],
      ].sort(),
    );
    expect((await settledOf()).map((x) => x.lineCount)).toEqual([1, 1]);
  });

  it('a fee refunded after 30 November following its invoice’s financial year is credited with no credit note (s.34(2))', async () => {
    // The registered stay's booking, credited and its fee invoiced by now, cancelled by its owner.
    const cancel = await app.inject({ method: 'POST', url: `/api/admin/bookings/${first}/cancel`, headers: owner, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const issuedOn = todayInIndia(new Date());
    // Settled on the first day a credit note may no longer reduce the invoice's tax.
    const fy = Number(issuedOn.slice(0, 4)) + (issuedOn.slice(5) >= '04-01' ? 1 : 0);
    const tooLate = { ...app.deps, clock: { now: () => new Date(`${fy}-12-01T06:00:00Z`) } };
    expect(creditNoteInTime(issuedOn, `${fy}-11-30`)).toBe(true);
    await runPayouts(tooLate, addDays(afterStays, 21));
    const [adjustment] = await app.db
      .select()
      .from(settlementLines)
      .where(and(eq(settlementLines.bookingId, first), eq(settlementLines.kind, 'adjustment')));
    expect(adjustment!.feePaise).toBeLessThan(0);
    // The fee is given back in the settlement, and no credit note reduces the tax the invoice charged (its documents
    // issued on that day; the run's own look-back is by the database's clock).
    expect(await issueFeeDocuments(tooLate, adjustment!.settlementId)).toBe(0);
    expect(await app.db.select().from(feeInvoices).where(eq(feeInvoices.settlementId, adjustment!.settlementId))).toEqual([]);
  });
});

describe('PLATFORM_FEE_PERCENT', () => {
  const env = { DATA_DIR: `/tmp/staybook-config-${randomBytes(4).toString('hex')}` };
  it(`is 15 unless set, and at most ${MAX_FEE_PERCENT}: a higher default stops start-up naming the variable`, () => {
    expect(loadConfig({ ...env }).platformFeeBp).toBe(1500);
    expect(loadConfig({ ...env, PLATFORM_FEE_PERCENT: String(MAX_FEE_PERCENT) }).platformFeeBp).toBe(MAX_FEE_BP);
    for (const bad of [String(MAX_FEE_PERCENT + 0.01), '100', '-1', 'fifteen'])
      expect(() => loadConfig({ ...env, PLATFORM_FEE_PERCENT: bad }), bad).toThrow(
        new RegExp(`PLATFORM_FEE_PERCENT: PLATFORM_FEE_PERCENT must be (a number )?from 0 to ${MAX_FEE_PERCENT}`),
      );
  });
});
