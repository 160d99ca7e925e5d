import { addDays } from '@repo/shared/domain/dates';
import { financialYearStart, periodOf, TDS_RELIEF_LIMIT_PAISE, tdsQuarterOf } from '@repo/shared/domain/marketplace';
import { PAYOUT_MSG } from '@repo/shared/schemas/payouts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, settlementLines, settlements } from '#src/db/schema/index.ts';
import { runPayouts } from '#src/features/payouts/index.ts';
import { adminHeaders, day, guest, paidBooking, stayWithRooms } from './bookings.fixtures.ts';
import { build, testEngine } from './helper.ts';
import { pdfText } from './pdf-text.ts';

// TDS on what owners are credited (ADR 050): 0.1 % under s.393(1) S.No. 8(v) of the Income-tax Act, 2025 (s.194-O
// before April 2026), 5 % without a PAN, and nothing for an individual or HUF with a PAN while the financial year's
// gross through the platform stays within ₹5 lakh, deduction starting with the booking that crosses it. Each line
// keeps its rate and provision; statements show them with the PAN; each quarter has its TDS statement.

describe(`TDS on owners' credits (${testEngine})`, async () => {
  const app = await build();
  const g = await guest(app);
  const afterStays = addDays(periodOf(day(3)).end, 1);
  const period = periodOf(addDays(periodOf(afterStays).start, -1));
  const fyStart = financialYearStart(period.end);

  /** An owner with one stay, payout details with `pan`, and one booking paid for tomorrow. */
  const ownerWith = async (name: string, pan: string, holderType?: string) => {
    const s = await stayWithRooms(app, name, 'bengaluru');
    const headers = await adminHeaders(app, s.owner);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers,
      payload: {
        legalName: name,
        pan,
        ...(holderType ? { holderType } : {}),
        stateCode: '29',
        account: { method: 'upi', upiId: `${name.toLowerCase().replaceAll(' ', '')}@okaxis` },
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const booking = await paidBooking(app, g, s.stay.id, s.r101, 1);
    const [inv] = await app.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.bookingId, booking), eq(invoices.kind, 'invoice')));
    return { ...s, headers, booking, taxable: inv!.snapshot.gst.taxable };
  };
  /** A settlement earlier in the financial year that credited the owner `taxable` (value before GST). */
  const creditedBefore = (ownerId: string, taxable: number) =>
    app.db.insert(settlements).values({
      ownerId,
      periodStart: fyStart,
      periodEnd: fyStart,
      openingPaise: 0,
      grossPaise: taxable,
      gstPaise: 0,
      taxablePaise: taxable,
      feePaise: 0,
      feeGstPaise: 0,
      tcsPaise: 0,
      tdsPaise: 0,
      netPaise: 0,
      closingPaise: 0,
      payablePaise: 0,
      lineCount: 0,
    });
  const lineOf = async (bookingId: string) =>
    (await app.db.select().from(settlementLines).where(eq(settlementLines.bookingId, bookingId)))[0]!;

  const person = await ownerWith('Asha Homestay', 'ABCPA1234F', 'individual');
  const family = await ownerWith('Rao Family Cottage', 'ABCHR1234F', 'huf');
  const atLimit = await ownerWith('Edge Villa', 'ABCPE2345G');
  const crossing = await ownerWith('Crossing Cabin', 'ABCPC3456H');
  const company = await ownerWith('Hill Resorts', 'AAGCB7383J', 'company');
  const noPan = await ownerWith('Nameless Lodge', '');
  await creditedBefore(atLimit.owner.id, TDS_RELIEF_LIMIT_PAISE - atLimit.taxable);
  await creditedBefore(crossing.owner.id, TDS_RELIEF_LIMIT_PAISE - crossing.taxable + 1);

  it('refuses a PAN of another kind of holder than the one chosen, and changes nothing', async () => {
    for (const [pan, holderType] of [
      ['AAGCB7383J', 'individual'],
      ['ABCPA1234F', 'huf'],
      ['ABCPA1234F', 'company'],
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/admin/payouts/profile',
        headers: person.headers,
        payload: { legalName: 'Someone Else', pan, holderType, stateCode: '29', account: { method: 'upi', upiId: 'x@okaxis' } },
      });
      expect(res.statusCode, `${pan} ${holderType}`).toBe(400);
      expect(res.body).toContain(PAYOUT_MSG.holderMismatch);
    }
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/payouts/profile',
      headers: person.headers,
      payload: {
        legalName: 'A',
        pan: 'ABCPA1234F',
        holderType: 'alien',
        stateCode: '29',
        account: { method: 'upi', upiId: 'x@okaxis' },
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(PAYOUT_MSG.holderInvalid);
    const kept = (await app.inject({ url: '/api/admin/payouts/profile', headers: person.headers })).json().profile;
    expect(kept).toMatchObject({ legalName: 'Asha Homestay', pan: 'ABCPA1234F', holderType: 'individual' });
  });

  it('relieves an individual or HUF within ₹5 lakh in the year, deducts from the booking that crosses it, 0.1 % with a PAN, 5 % without', async () => {
    expect((await runPayouts(app.deps, afterStays)).settlements).toBeGreaterThanOrEqual(6);
    const relief = 's.393(1) S.No. 8(v) (within ₹5 lakh)';
    for (const o of [person, family, atLimit])
      expect(await lineOf(o.booking), o.stay.name).toMatchObject({ tdsBp: 0, tdsPaise: 0, tdsSection: relief });
    // One paisa over the limit with this booking: deducted on its whole value.
    expect(await lineOf(crossing.booking)).toMatchObject({
      tdsBp: 10,
      tdsPaise: Math.round(crossing.taxable * 0.001),
      tdsSection: 's.393(1) S.No. 8(v)',
    });
    expect(await lineOf(company.booking)).toMatchObject({ tdsBp: 10, tdsPaise: Math.round(company.taxable * 0.001) });
    expect(await lineOf(noPan.booking)).toMatchObject({
      tdsBp: 500,
      tdsPaise: Math.round(noPan.taxable * 0.05),
      tdsSection: 's.393(1) S.No. 8(v) with s.397(2)',
    });
    const [settled] = await app.db.select().from(settlements).where(eq(settlements.ownerId, noPan.owner.id));
    expect(settled!.pan).toBeNull();
  });

  it('statements show the PAN, and each line its section and rate', async () => {
    const list = (await app.inject({ url: '/api/admin/payouts/settlements', headers: crossing.headers })).json();
    const s = list.settlements.find((x: { periodEnd: string }) => x.periodEnd === period.end);
    expect(s.pan).toBe('ABCPC3456H');
    const detail = (await app.inject({ url: `/api/admin/payouts/settlements/${s.id}`, headers: crossing.headers })).json();
    expect(detail.lines[0]).toMatchObject({ tdsBp: 10, tdsSection: 's.393(1) S.No. 8(v)' });
    const csv = await app.inject({ url: `/api/admin/payouts/settlements/${s.id}/statement.csv`, headers: crossing.headers });
    expect(csv.body).toContain('PAN,ABCPC3456H');
    expect(csv.body).toContain('s.393(1) S.No. 8(v),0.1 %');
    const pdf = await app.inject({ url: `/api/admin/payouts/settlements/${s.id}/statement.pdf`, headers: crossing.headers });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('PAN: ABCPC3456H');
    expect(text).toContain('TDS 0.1 % · s.393(1) S.No. 8(v)');
  });

  it("each quarter's TDS statement lists the owner's credits and deductions by section, as CSV and PDF", async () => {
    const quarter = tdsQuarterOf(period.end);
    const url = (path: string) => `/api/admin/payouts/tds-statements/${quarter}/${path}`;
    const csv = await app.inject({ url: url('statement.csv'), headers: noPan.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    const amount = (noPan.taxable / 100).toFixed(2);
    const tds = (Math.round(noPan.taxable * 0.05) / 100).toFixed(2);
    expect(csv.body).toContain(`s.393(1) S.No. 8(v) with s.397(2),5 %,${amount},${tds}`);
    expect(csv.body).toContain(`Total,,,,,,,,${amount},${tds}`);
    // Only the owner's own lines.
    expect(csv.body).not.toContain('Hill Resorts');
    const pdf = await app.inject({ url: url('statement.pdf'), headers: person.headers });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const words of ['TDS statement', `TAN: ${app.deps.config.platform.tan}`, 'PAN: ABCPA1234F', '(within ₹5 lakh)'])
      expect(text, words).toContain(words);
    // A quarter of another year shows nothing credited; a quarter that is no quarter is refused; guests are refused.
    const empty = await app.inject({
      url: '/api/admin/payouts/tds-statements/2020-21-Q1/statement.csv',
      headers: person.headers,
    });
    expect(empty.body).toContain('Total,,,,,,,,0.00,0.00');
    for (const bad of ['2026-28-Q3', '2026-27-Q5', '2026-Q3', '2026-27'])
      expect(
        (await app.inject({ url: `/api/admin/payouts/tds-statements/${bad}/statement.csv`, headers: person.headers })).statusCode,
        bad,
      ).toBe(400);
    expect((await app.inject({ url: url('statement.csv'), headers: g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: url('statement.csv') })).statusCode).toBe(401);
  });
});
