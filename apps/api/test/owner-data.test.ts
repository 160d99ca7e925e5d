import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutAccounts, payouts, settlements, stays } from '#src/db/schema/index.ts';
import { build, loginAdmin, loginGuest, type TestApp, testEngine } from './helper.ts';
import { createStay } from './stays-helpers.ts';

// A stay owner's own data (DPDP Act 2023 s.11; ADR 023): what is held about them as an owner — their account, PAN
// and payout accounts as stored, their stays with GST registration, their settlements and payouts — and nothing of
// any other owner's.

/** A settlement of one week for `ownerId`, its figures consistent (net paid out whole), written directly. */
async function settle(app: TestApp, ownerId: string, periodStart: string, periodEnd: string, net: number) {
  const [row] = await app.db
    .insert(settlements)
    .values({
      ownerId,
      periodStart,
      periodEnd,
      openingPaise: 0,
      grossPaise: net + 100_000,
      gstPaise: 20_000,
      taxablePaise: net + 80_000,
      feePaise: 60_000,
      feeGstPaise: 10_800,
      tcsPaise: 9_200,
      tdsPaise: 0,
      netPaise: net,
      closingPaise: net,
      payablePaise: net,
      lineCount: 1,
    })
    .returning();
  if (!row) throw new Error('settlement not made');
  return row;
}

describe(`an owner's copy of their data (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app, { firstName: 'Omkar', lastName: 'Rao', mobile: '9876501234' });
  const other = await loginAdmin(app, { firstName: 'Xavier' });
  const platform = await loginAdmin(app, { isPlatform: true });
  const guest = await loginGuest(app);

  const villa = await createStay(app, owner.headers, { name: 'Owner Data Villa', city: 'bengaluru' });
  await app.db
    .update(stays)
    .set({ gstin: '29AAGCB7383J1Z4', legalName: 'Rao Hospitality Pvt Ltd' })
    .where(eq(stays.id, villa.id));
  const cottage = await createStay(app, owner.headers, { name: 'Owner Data Cottage', city: 'goa' });
  const feeSet = await app.inject({
    method: 'PUT',
    url: `/api/admin/platform/stays/${cottage.id}/fee`,
    headers: platform.headers,
    payload: { feePercent: 12.5 },
  });
  expect(feeSet.statusCode, feeSet.body).toBe(200);
  const othersInn = await createStay(app, other.headers, { name: 'Somebody Else Inn' });

  const saveProfile = (headers: Record<string, string>, body: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/payouts/profile', headers, payload: body });
  // First a bank account, then a UPI id: both are kept, the latest is paid to.
  expect(
    (
      await saveProfile(owner.headers, {
        legalName: 'Rao Hospitality Pvt Ltd',
        pan: 'ABCPR1234K',
        stateCode: '29',
        account: {
          method: 'bank',
          ifsc: 'HDFC0001234',
          accountNumber: '50100123456789',
          confirmAccountNumber: '50100123456789',
          accountHolder: 'Rao Hospitality Pvt Ltd',
        },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await saveProfile(owner.headers, {
        legalName: 'Rao Hospitality Pvt Ltd',
        pan: 'ABCPR1234K',
        stateCode: '29',
        account: { method: 'upi', upiId: 'omkar.rao@okaxis' },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await saveProfile(other.headers, {
        legalName: 'Xavier Stays',
        pan: 'XYZPQ9876R',
        stateCode: '30',
        account: { method: 'upi', upiId: 'xavier@okicici' },
      })
    ).statusCode,
  ).toBe(200);
  const [upi] = await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.upiId, 'omkar.rao@okaxis'));
  const paid = await settle(app, owner.user.id, '2026-01-05', '2026-01-11', 250_000);
  const waiting = await settle(app, owner.user.id, '2026-01-12', '2026-01-18', 120_000);
  const othersWeek = await settle(app, other.user.id, '2026-01-05', '2026-01-11', 777_777);
  const [payout] = await app.db
    .insert(payouts)
    .values({
      settlementId: paid.id,
      ownerId: owner.user.id,
      accountId: upi!.id,
      amountPaise: 250_000,
      attempt: 1,
      status: 'processed',
      providerTransferId: 'trf_ownerdata1',
      utr: '482913570246',
      settledAt: new Date('2026-01-13T06:00:00Z'),
    })
    .returning();

  const exportOf = (headers?: Record<string, string>) =>
    app.inject({ url: '/api/admin/me/export', ...(headers ? { headers } : {}) });

  it('needs an admin token: none is 401, a guest’s is 403', async () => {
    expect((await exportOf()).statusCode).toBe(401);
    expect((await exportOf(guest.headers)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/me/export', headers: owner.headers })).statusCode).toBe(403);
  });

  it('downloads the account, PAN and payout accounts as stored, the stays with GST details, settlements and payouts', async () => {
    const res = await exportOf(owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="staybook-owner-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.account).toMatchObject({
      id: owner.user.id,
      firstName: 'Omkar',
      lastName: 'Rao',
      email: owner.user.email,
      mobile: '9876501234',
      isAdmin: true,
      isPlatform: false,
    });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.payoutProfile).toMatchObject({ legalName: 'Rao Hospitality Pvt Ltd', pan: 'ABCPR1234K', stateCode: '29' });
    // The bank account as stored (the full number never is); the UPI id whole, as given.
    expect(data.payoutAccounts).toEqual([
      expect.objectContaining({
        method: 'bank',
        ifsc: 'HDFC0001234',
        accountLast4: '6789',
        holder: 'Rao Hospitality Pvt Ltd',
        upiId: null,
        inUse: false,
      }),
      expect.objectContaining({ id: upi!.id, method: 'upi', upiId: 'omkar.rao@okaxis', ifsc: null, inUse: true }),
    ]);
    expect(res.body).not.toContain('50100123456789');
    expect(data.stays).toEqual([
      expect.objectContaining({
        id: villa.id,
        name: 'Owner Data Villa',
        legalName: 'Rao Hospitality Pvt Ltd',
        gstin: '29AAGCB7383J1Z4',
        stateCode: '29',
        feeBp: 1500,
        archivedAt: null,
      }),
      expect.objectContaining({ id: cottage.id, name: 'Owner Data Cottage', gstin: null, stateCode: '30', feeBp: 1250 }),
    ]);
    expect(data.settlements).toEqual([
      expect.objectContaining({
        id: paid.id,
        periodStart: '2026-01-05',
        periodEnd: '2026-01-11',
        payable: 250_000,
        totals: expect.objectContaining({ net: 250_000, fee: 60_000, feeGst: 10_800, tcs: 9_200 }),
        payouts: [
          expect.objectContaining({
            id: payout!.id,
            accountId: upi!.id,
            amount: 250_000,
            status: 'processed',
            attempt: 1,
            utr: '482913570246',
          }),
        ],
      }),
      expect.objectContaining({ id: waiting.id, payable: 120_000, payouts: [] }),
    ]);
    expect(data.settlementTotals).toMatchObject({ net: 370_000, fee: 120_000, feeGst: 21_600, paidOut: 250_000 });
    expect(data.feeInvoices).toEqual([]);
  });

  it("never includes another owner's data, for the owner, the other owner or the platform", async () => {
    const mine = (await exportOf(owner.headers)).body;
    for (const theirs of [other.user.email, othersInn.id, 'Somebody Else Inn', 'XYZPQ9876R', 'xavier@okicici', othersWeek.id])
      expect(mine).not.toContain(theirs);
    const others = await exportOf(other.headers);
    expect(others.statusCode).toBe(200);
    expect(others.json()).toMatchObject({ account: { id: other.user.id }, payoutProfile: { pan: 'XYZPQ9876R' } });
    expect(others.json().stays.map((s: { id: string }) => s.id)).toEqual([othersInn.id]);
    expect(others.json().settlements.map((s: { id: string }) => s.id)).toEqual([othersWeek.id]);
    const platformCopy = await exportOf(platform.headers);
    expect(platformCopy.statusCode).toBe(200);
    expect(platformCopy.json()).toMatchObject({ account: { id: platform.user.id, isPlatform: true }, payoutProfile: null });
    for (const theirs of [owner.user.email, villa.id, 'ABCPR1234K', 'omkar.rao@okaxis', paid.id, othersInn.id])
      expect(platformCopy.body).not.toContain(theirs);
  });
});
