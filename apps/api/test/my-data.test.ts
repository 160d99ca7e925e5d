import { API_MSG, FORMER_GUEST } from '@repo/shared/constants/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bookings,
  grievanceMessages,
  grievances,
  invoices,
  payments,
  refunds,
  reviews,
  sessions,
  subscribers,
  users,
  wishlistItems,
  type InvoiceSnapshot,
} from '#src/db/schema/index.ts';
import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { build, createUser, DEFAULT_PASSWORD, loginAdmin, loginGuest, type TestApp, testEngine } from './helper.ts';
import { createStay, insertBooking } from './stays-helpers.ts';

// A guest's own data (DPDP Act 2023; ADR 023): a copy of everything held about them, and deleting their account
// while the tax and payment records the law keeps stay, without their email or mobile.

describe(`my data: export and account deletion (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const stay = await createStay(app, owner.headers, { name: 'Privacy Palms' });

  /** A guest with a past stay that was paid, partly refunded and invoiced, a review, a saved stay and a subscription. */
  async function guestWithHistory(app: TestApp) {
    const guest = await loginGuest(app, { firstName: 'Meera', lastName: 'Nair', mobile: '9988776655' });
    const stayed = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -9, to: -7, status: 'confirmed' });
    await app.db
      .update(bookings)
      .set({
        guestGstin: '29ABCDE1234F1Z5',
        guestCompany: 'Nair Traders',
        guestAddress: '12 MG Road, Bengaluru',
        guestPin: '560001',
        guestState: '29',
        holdIp: '203.0.113.7',
        cancelledBy: 'owner',
        providerOrderId: `order_${stayed.id.slice(0, 8)}`,
        failure: { code: 'BAD_REQUEST_ERROR', description: 'Card declined' },
      })
      .where(eq(bookings.id, stayed.id));
    await app.db
      .update(users)
      .set({ billingAddress: '12 MG Road, Bengaluru', billingPin: '560001', billingState: '29' })
      .where(eq(users.id, guest.user.id));
    const [paid] = await app.db
      .insert(payments)
      .values({
        bookingId: stayed.id,
        provider: 'sandbox',
        providerPaymentId: `pay_${stayed.id.slice(0, 8)}`,
        providerOrderId: `order_${stayed.id.slice(0, 8)}`,
        amountPaise: 200_00,
        source: 'browser',
        method: 'card',
      })
      .returning();
    await app.db.insert(refunds).values({ bookingId: stayed.id, paymentId: paid!.id, amountPaise: 50_00, reason: 'cancelled' });
    await app.db.insert(invoices).values({
      bookingId: stayed.id,
      kind: 'invoice',
      financialYear: '2026-27',
      seq: Number.parseInt(stayed.id.slice(0, 6), 16),
      number: `INV/${stayed.id.slice(0, 8)}`,
      totalPaise: 200_00,
      // Not a whole document: only what the export must not show.
      snapshot: { buyer: { name: 'Meera Nair', gstin: '29ABCDE1234F1Z5' } } as unknown as InvoiceSnapshot,
    });
    // A booking that never got an invoice (its hold expired): its billing details are not a record.
    const lapsed = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -20, to: -19, status: 'expired' });
    await app.db
      .update(bookings)
      .set({ guestAddress: '12 MG Road, Bengaluru', guestPin: '560001', guestState: '29', holdIp: '203.0.113.7' })
      .where(eq(bookings.id, lapsed.id));
    // A complaint about the stay, with the stay's answer in its thread.
    const now = new Date();
    const [complaint] = await app.db
      .insert(grievances)
      .values({
        bookingId: stayed.id,
        stayId: stay.id,
        userId: guest.user.id,
        category: 'stay',
        description: 'The room was not cleaned',
        acknowledgeBy: new Date(now.getTime() + 48 * 3600_000),
        resolveBy: new Date(now.getTime() + 30 * 86_400_000),
      })
      .returning();
    await app.db
      .insert(grievanceMessages)
      .values({ grievanceId: complaint!.id, authorId: owner.user.id, author: 'owner', body: 'Sorry, we cleaned it at once' });
    const [review] = await app.db
      .insert(reviews)
      .values({ bookingId: stayed.id, stayId: stay.id, userId: guest.user.id, rating: 8, body: 'Calm and clean' })
      .returning();
    await app.inject({ method: 'PUT', url: `/api/me/wishlist/${stay.id}`, headers: guest.headers });
    await app.inject({ method: 'POST', url: '/api/subscribers', payload: { email: guest.user.email } });
    return { guest, stayed, lapsed, review: review! };
  }

  const deleteAccount = (headers: Record<string, string>, payload: unknown = { password: DEFAULT_PASSWORD }) =>
    app.inject({ method: 'DELETE', url: '/api/me', headers, payload: payload as object });
  const register = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Fresh',
        lastName: 'Start',
        email,
        mobile: '9000000001',
        password: DEFAULT_PASSWORD,
        confirmPassword: DEFAULT_PASSWORD,
      },
    });
  const login = (email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEFAULT_PASSWORD } });

  it('needs a guest token', async () => {
    for (const [method, url] of [
      ['GET', '/api/me/export'],
      ['GET', '/api/me/deletion'],
      ['DELETE', '/api/me'],
    ] as const) {
      expect((await app.inject({ method, url, payload: { password: 'x' } })).statusCode).toBe(401);
      expect((await app.inject({ method, url, headers: owner.headers, payload: { password: 'x' } })).statusCode).toBe(403);
    }
  });

  it('downloads everything held about the guest as a JSON file, and nothing of anyone else', async () => {
    const { guest, stayed, review } = await guestWithHistory(app);
    const someoneElse = await loginGuest(app, { firstName: 'Other' });
    await insertBooking(app, { userId: someoneElse.user.id, stayId: stay.id, from: -5, to: -4, status: 'confirmed' });

    const forgot = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.user.email } });
    expect(forgot.statusCode).toBe(202);
    // The reset link is made after the answer (the same answer whether the address is known or not).
    await app.deps.tasks.drain();
    const res = await app.inject({ url: '/api/me/export', headers: guest.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="staybook-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({
      id: guest.user.id,
      firstName: 'Meera',
      lastName: 'Nair',
      email: guest.user.email,
      mobile: '9988776655',
    });
    expect(data.bookings).toHaveLength(2);
    const b = data.bookings.find((x: { id: string }) => x.id === stayed.id);
    expect(data.profile).toMatchObject({ billingAddress: '12 MG Road, Bengaluru', billingPin: '560001', billingState: '29' });
    expect(b).toMatchObject({
      // The order id My Orders and the mails give, on the booking and on its payment.
      orderId: `order_${stayed.id.slice(0, 8)}`,
      hotelName: 'Test stay',
      status: 'confirmed',
      guestGstin: '29ABCDE1234F1Z5',
      guestAddress: '12 MG Road, Bengaluru',
      guestPin: '560001',
      guestState: '29',
      holdAddress: '203.0.113.7',
      cancelledBy: 'owner',
      unpaidAttempt: { code: 'BAD_REQUEST_ERROR', description: 'Card declined' },
      payments: [
        {
          provider: 'sandbox',
          method: 'card',
          amountPaise: 200_00,
          providerOrderId: `order_${stayed.id.slice(0, 8)}`,
          providerPaymentId: `pay_${stayed.id.slice(0, 8)}`,
        },
      ],
      refunds: [{ amountPaise: 50_00, reason: 'cancelled', status: 'pending' }],
      invoices: [{ kind: 'invoice', number: `INV/${stayed.id.slice(0, 8)}`, totalPaise: 200_00 }],
    });
    // Their complaint, with what the stay answered.
    expect(data.complaints).toEqual([
      expect.objectContaining({
        ticket: expect.stringMatching(/^GRV-\d{6}$/),
        bookingId: stayed.id,
        description: 'The room was not cleaned',
        status: 'open',
        messages: [expect.objectContaining({ author: 'owner', body: 'Sorry, we cleaned it at once' })],
      }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ id: review.id, rating: 8, body: 'Calm and clean' })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ stayId: stay.id, stayName: 'Privacy Palms' })]);
    expect(data.subscriptions).toEqual([expect.objectContaining({ email: guest.user.email })]);
    expect(data.sessions).toEqual([expect.objectContaining({ area: 'guest', endedAt: null })]);
    // The reset link mailed to them, as times only.
    expect(data.mailedLinks).toEqual([expect.objectContaining({ purpose: 'password-reset', usedAt: null })]);
    expect(res.body).not.toMatch(/tokenHash|token_hash|emailHash/);
    expect(res.body).not.toMatch(/argon2|passwordHash|Other/);
    expect(res.body).not.toContain(someoneElse.user.email);
  });

  it('asks for the right password, and changes nothing otherwise', async () => {
    const guest = await loginGuest(app);
    const missing = await deleteAccount(guest.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ password: 'Password is required' });
    const wrong = await deleteAccount(guest.headers, { password: 'Wrong@12345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: API_MSG.wrongPassword, fieldErrors: { password: API_MSG.wrongPassword } });
    expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(200);
  });

  it('deletes an account with no bookings outright: no login, no session, and the email can sign up again', async () => {
    const guest = await loginGuest(app);
    const res = await deleteAccount(guest.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(API_MSG.accountDeleted);
    expect(await app.db.select().from(users).where(eq(users.id, guest.user.id))).toEqual([]);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, guest.user.id))).toEqual([]);
    expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(401);
    expect((await login(guest.user.email)).statusCode).toBe(401);
    expect((await register(guest.user.email)).statusCode).toBe(201);
    expect((await login(guest.user.email)).statusCode).toBe(200);
  });

  it('keeps the tax and payment records without the email or mobile; reviews stay under a neutral name', async () => {
    const { guest, stayed, lapsed, review } = await guestWithHistory(app);
    const reader = await loginGuest(app);
    const res = await deleteAccount(guest.headers);
    expect(res.statusCode).toBe(200);

    const [row] = await app.db.select().from(users).where(eq(users.id, guest.user.id));
    expect(row).toMatchObject({ firstName: FORMER_GUEST, lastName: '', mobile: '', isAdmin: false });
    expect(row?.email).not.toContain(guest.user.email.split('@')[0]);
    expect(row?.email).toMatch(/@erased\.invalid$/);
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(row?.erasedAt).toBeInstanceOf(Date);
    // The booking of the issued invoice keeps what the invoice printed; the one never invoiced keeps nothing.
    const [kept] = await app.db.select().from(bookings).where(eq(bookings.id, stayed.id));
    expect(kept).toMatchObject({
      guestGstin: '29ABCDE1234F1Z5',
      guestCompany: 'Nair Traders',
      guestAddress: '12 MG Road, Bengaluru',
    });
    const [cleared] = await app.db.select().from(bookings).where(eq(bookings.id, lapsed.id));
    expect(cleared).toMatchObject({
      guestGstin: null,
      guestCompany: null,
      guestAddress: null,
      guestPin: null,
      guestState: null,
      holdIp: null,
    });
    // Only a live hold is counted by its address, and the person has none: every booking loses it.
    expect(kept?.holdIp).toBeNull();
    expect(await app.db.select().from(payments).where(eq(payments.bookingId, stayed.id))).toHaveLength(1);
    expect(await app.db.select().from(refunds).where(eq(refunds.bookingId, stayed.id))).toHaveLength(1);
    const [invoice] = await app.db.select().from(invoices).where(eq(invoices.bookingId, stayed.id));
    expect(invoice?.snapshot).toEqual({ buyer: { name: 'Meera Nair', gstin: '29ABCDE1234F1Z5' } });
    // What is only personal is gone.
    expect(await app.db.select().from(wishlistItems).where(eq(wishlistItems.userId, guest.user.id))).toEqual([]);
    expect(await app.db.select().from(subscribers).where(eq(subscribers.email, guest.user.email))).toEqual([]);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, guest.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    // The review stays, by a former guest.
    const page = await app.inject({ url: `/api/stays/${stay.id}/reviews`, headers: reader.headers });
    const shown = page.json().reviews.find((r: { id: string }) => r.id === review.id);
    expect(shown).toMatchObject({ firstName: FORMER_GUEST, body: 'Calm and clean' });
    // Signed out everywhere, never signs in again; the email is free for a new account that sees none of the old.
    expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(401);
    expect((await login(guest.user.email)).statusCode).toBe(401);
    expect((await register(guest.user.email)).statusCode).toBe(201);
    const fresh = await login(guest.user.email);
    const mine = await app.inject({ url: '/api/me/bookings', headers: { authorization: `Bearer ${fresh.json().loginToken}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain(stayed.id);
    // The platform no longer lists the person.
    const platform = await loginAdmin(app, { isPlatform: true });
    expect((await app.inject({ url: `/api/admin/users/${guest.user.id}`, headers: platform.headers })).statusCode).toBe(404);
  });

  const deletion = async (headers: Record<string, string>) => {
    const res = await app.inject({ url: '/api/me/deletion', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('says before the password is asked for whether the account can be deleted, and why not', async () => {
    const guest = await loginGuest(app);
    expect(await deletion(guest.headers)).toEqual({ allowed: true, reason: null });
    await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 5, to: 7, status: 'confirmed' });
    expect(await deletion(guest.headers)).toEqual({ allowed: false, reason: API_MSG.accountHasUpcomingBookings(1) });
    const admin = await createUser(app, { isAdmin: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    expect(await deletion({ authorization: `Bearer ${login.json().loginToken}` })).toEqual({
      allowed: false,
      reason: API_MSG.adminAccountNotDeletable,
    });
  });

  it('refuses while a confirmed stay is to come (409, saying what to do), and changes nothing', async () => {
    const guest = await loginGuest(app);
    await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 5, to: 7, status: 'confirmed' });
    const res = await deleteAccount(guest.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'HAS_UPCOMING_BOOKINGS', message: API_MSG.accountHasUpcomingBookings(1) });
    expect(res.json().message).toMatch(/Cancel it from My Orders/);
    const [row] = await app.db.select().from(users).where(eq(users.id, guest.user.id));
    expect(row).toMatchObject({ email: guest.user.email, archivedAt: null, erasedAt: null });
    expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(200);
  });

  it('refuses while a payment hold is running', async () => {
    const guest = await loginGuest(app);
    await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 30, to: 31, status: 'pending_payment' });
    const res = await deleteAccount(guest.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HAS_UPCOMING_BOOKINGS');
  });

  it('lets a password be tried as often as a login, no more', async () => {
    const limited = await build({ rateLimits: { ...TEST_RATE_LIMITS, login: 2 } });
    const guest = await loginGuest(limited);
    const wrong = () =>
      limited.inject({ method: 'DELETE', url: '/api/me', headers: guest.headers, payload: { password: 'Wrong@12345' } });
    expect((await wrong()).statusCode).toBe(400);
    expect((await wrong()).statusCode).toBe(400);
    expect((await wrong()).statusCode).toBe(429);
  });

  it("refuses an admin's account (the platform handles owners' accounts)", async () => {
    const admin = await createUser(app, { isAdmin: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: DEFAULT_PASSWORD },
    });
    const headers = { authorization: `Bearer ${res.json().loginToken}` };
    const refused = await deleteAccount(headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ADMIN_ACCOUNT');
    const [row] = await app.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.archivedAt).toBeNull();
  });
});
