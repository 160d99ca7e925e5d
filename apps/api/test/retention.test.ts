import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { gstRecordsKeptUntil } from '@repo/shared/domain/gst';
import { REMOVED_COMPLAINT_TEXT, RETENTION } from '@repo/shared/domain/retention';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookings,
  grievanceMessages,
  grievances,
  type InvoiceSnapshot,
  invoices,
  payments,
  users,
} from '#src/db/schema/index.ts';
import { carryOutRetention } from '#src/features/accounts/retention.service.ts';
import { build, buildOn, DEFAULT_PASSWORD, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { createStay, insertBooking } from './stays-helpers.ts';

// The periods the privacy notice promises, carried out (ADR 051): each record is looked at on the last day of its
// period (kept) and the day after (gone), with the clock the work is given.

const DAY = 24 * 60 * 60 * 1000;
/** Noon in India on a day (yyyy-MM-dd). */
const noonInIndia = (day: string) => new Date(`${day}T12:00:00+05:30`);

describe(`retention periods carried out (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const stay = await createStay(app, owner.headers, { name: 'Keeping Cove' });
  const at = (now: Date) => carryOutRetention({ ...app.deps, clock: { now: () => now } });
  const bookingRow = async (id: string) => (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it("clears a hold's address 30 days after the booking was made, never a live hold's", async () => {
    const guest = await loginGuest(app);
    const made = new Date(Date.now() - 2 * DAY);
    const stayed = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -9, to: -7, status: 'confirmed' });
    const holding = await insertBooking(app, {
      userId: guest.user.id,
      stayId: stay.id,
      from: 5,
      to: 6,
      status: 'pending_payment',
    });
    await app.db
      .update(bookings)
      .set({ holdIp: '203.0.113.9', createdAt: made })
      .where(inArray(bookings.id, [stayed.id, holding.id]));

    const period = RETENTION.holdAddressDays * DAY;
    await at(new Date(made.getTime() + period - DAY));
    expect((await bookingRow(stayed.id)).holdIp).toBe('203.0.113.9');
    await at(new Date(made.getTime() + period + DAY));
    expect((await bookingRow(stayed.id)).holdIp).toBeNull();
    // A hold still running is counted by its address (ADR 024): it keeps it.
    expect((await bookingRow(holding.id)).holdIp).toBe('203.0.113.9');
  });

  it("replaces a closed complaint's words three years after closing; an open one and a later one keep theirs", async () => {
    const guest = await loginGuest(app);
    const booked = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -9, to: -7, status: 'confirmed' });
    const raisedAt = new Date('2026-01-10T09:00:00Z');
    const complaint = (description: string, closedAt: Date | null) => ({
      bookingId: booked.id,
      stayId: stay.id,
      userId: guest.user.id,
      category: 'stay' as const,
      description,
      createdAt: raisedAt,
      acknowledgeBy: new Date(raisedAt.getTime() + 2 * DAY),
      resolveBy: new Date(raisedAt.getTime() + 30 * DAY),
      ...(closedAt ? { status: 'closed' as const, closedAt, closedBy: 'owner' as const } : {}),
    });
    const closedAt = new Date('2026-01-15T10:00:00Z');
    const [closed, closedLater, open] = await app.db
      .insert(grievances)
      .values([
        complaint('Noisy room', closedAt),
        complaint('Cold water', new Date(closedAt.getTime() + 2 * DAY)),
        complaint('No towels', null),
      ])
      .returning();
    await app.db.insert(grievanceMessages).values([
      { grievanceId: closed!.id, authorId: owner.user.id, author: 'owner', body: 'We moved you to room 12' },
      { grievanceId: open!.id, authorId: owner.user.id, author: 'owner', body: 'Towels are on the way' },
    ]);
    const words = async (id: string) => ({
      description: (await app.db.select().from(grievances).where(eq(grievances.id, id)))[0]!.description,
      messages: (await app.db.select().from(grievanceMessages).where(eq(grievanceMessages.grievanceId, id))).map((m) => m.body),
    });

    const threeYearsOn = new Date('2029-01-15T10:00:00Z');
    await at(new Date(threeYearsOn.getTime() - DAY));
    expect(await words(closed!.id)).toEqual({ description: 'Noisy room', messages: ['We moved you to room 12'] });
    const gone = await at(new Date(threeYearsOn.getTime() + DAY));
    expect(gone.complaints).toBeGreaterThanOrEqual(1);
    expect(await words(closed!.id)).toEqual({ description: REMOVED_COMPLAINT_TEXT, messages: [REMOVED_COMPLAINT_TEXT] });
    // The ticket stays: its status, category and dates.
    const [ticket] = await app.db.select().from(grievances).where(eq(grievances.id, closed!.id));
    expect(ticket).toMatchObject({ status: 'closed', category: 'stay', closedAt, serial: closed!.serial });
    // Closed two days later: within its three years that day.
    expect(await words(closedLater!.id)).toEqual({ description: 'Cold water', messages: [] });
    // Never closed: kept, whatever its age.
    expect(await words(open!.id)).toEqual({ description: 'No towels', messages: ['Towels are on the way'] });
    // Done once: a second run changes nothing more.
    expect((await at(new Date(threeYearsOn.getTime() + DAY))).complaints).toBe(0);
  });

  it("clears an erased guest's billing details once the booking's records are past the CGST Act s.36 period, never the tax documents", async () => {
    const erased = await loginGuest(app);
    const stayed = await insertBooking(app, { userId: erased.user.id, stayId: stay.id, from: -9, to: -7, status: 'confirmed' });
    const details = {
      guestGstin: '29ABCDE1234F1Z5',
      guestCompany: 'Nair Traders',
      guestAddress: '12 MG Road, Bengaluru',
      guestPin: '560001',
      guestState: '29',
    };
    await app.db.update(bookings).set(details).where(eq(bookings.id, stayed.id));
    await app.db.insert(payments).values({
      bookingId: stayed.id,
      provider: 'sandbox',
      providerPaymentId: `pay_${stayed.id.slice(0, 12)}`,
      amountPaise: 200_00,
      source: 'browser',
    });
    const snapshot = { recipient: { name: 'Meera Nair', address: '12 MG Road, Bengaluru' } } as unknown as InvoiceSnapshot;
    await app.db.insert(invoices).values({
      bookingId: stayed.id,
      kind: 'invoice',
      financialYear: '2026-27',
      seq: Number.parseInt(stayed.id.slice(0, 6), 16),
      number: `TI/${stayed.id.slice(0, 8)}`,
      totalPaise: 200_00,
      snapshot,
    });
    // The same of a guest who keeps their account: their orders still show it.
    const kept = await loginGuest(app);
    const theirs = await insertBooking(app, { userId: kept.user.id, stayId: stay.id, from: -9, to: -7, status: 'confirmed' });
    await app.db.update(bookings).set(details).where(eq(bookings.id, theirs.id));
    const deleted = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: erased.headers,
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await app.db.select().from(users).where(eq(users.id, erased.user.id)))[0]?.erasedAt).toBeInstanceOf(Date);

    // Booked, paid and invoiced this financial year: kept until 31 December, 72 months after that year's annual return.
    const lastDay = gstRecordsKeptUntil(todayInIndia());
    expect(lastDay).toMatch(/^\d{4}-12-31$/);
    await at(noonInIndia(addDays(lastDay, -1)));
    await at(noonInIndia(lastDay));
    expect(await bookingRow(stayed.id)).toMatchObject(details);

    const after = await at(noonInIndia(addDays(lastDay, 1)));
    expect(after.erasedBookings).toBeGreaterThanOrEqual(1);
    expect(await bookingRow(stayed.id)).toMatchObject({
      guestGstin: null,
      guestCompany: null,
      guestAddress: null,
      guestPin: null,
      guestState: null,
    });
    // The tax document stays as issued (append-only, ADR 051), and so do the payment and the booking itself.
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.bookingId, stayed.id));
    expect(invoice?.snapshot).toEqual(snapshot);
    expect(await app.db.select().from(payments).where(eq(payments.bookingId, stayed.id))).toHaveLength(1);
    expect(await bookingRow(stayed.id)).toMatchObject({ status: 'confirmed', amountPaise: stayed.amountPaise });
    // A guest with an account keeps their booking as it was.
    expect(await bookingRow(theirs.id)).toMatchObject(details);
  });

  it('is carried out by every API process when it starts', async () => {
    const guest = await loginGuest(app);
    const old = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -60, to: -59, status: 'expired' });
    await app.db
      .update(bookings)
      .set({ holdIp: '198.51.100.4', createdAt: new Date(Date.now() - (RETENTION.holdAddressDays + 1) * DAY) })
      .where(eq(bookings.id, old.id));
    // Another process over the same database: it does it as it starts (and then daily).
    await buildOn(app.database, { jwtSecret: app.config.jwtSecret });
    await expect.poll(async () => (await bookingRow(old.id)).holdIp, { timeout: 10_000 }).toBeNull();
  });
});
