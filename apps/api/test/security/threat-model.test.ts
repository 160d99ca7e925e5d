import { TEST_RATE_LIMITS } from '#src/config/config.ts';
/**
 * The threat model, one describe per case, all from the outside (HTTP only,
 * except where a test must arrange data or read what was stored).
 */
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { count, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings, passwordResets, roomBlocks, roomNumbers, roomTypes, sessions, stays, users } from '#src/db/schema/index.ts';
import { signToken } from '#src/features/auth/tokens.ts';
import { build, createUser, loginAdmin, loginGuest, type TestApp, testEngine, uniqueEmail, waitForMail } from '../helper.ts';
import { multipart } from '../stays-helpers.ts';

const inDays = (n: number) => addDays(todayInIndia(), n);

async function createStay(app: TestApp, ownerId: string, rooms = [101, 102]) {
  const [stay] = await app.db
    .insert(stays)
    .values({ ownerId, name: 'Harbour Inn', type: 'Hotel', city: 'vizag', address: 'Beach Road' })
    .returning();
  const [type] = await app.db
    .insert(roomTypes)
    .values({ stayId: stay!.id, title: 'Sea View', price: 3000, maxPeople: 3 })
    .returning();
  const numbers = await app.db
    .insert(roomNumbers)
    .values(rooms.map((number) => ({ roomTypeId: type!.id, stayId: stay!.id, number })))
    .returning();
  return { stay: stay!, type: type!, rooms: numbers };
}

const routesOf = (app: TestApp) =>
  Object.entries((app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })),
  );
const fill = (p: string) => p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe(`security cases (${testEngine})`, async () => {
  const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, login: 5, forgot: 3 } });
  let alice: Awaited<ReturnType<typeof loginGuest>>;
  let bob: Awaited<ReturnType<typeof loginGuest>>;
  let adminA: Awaited<ReturnType<typeof loginAdmin>>;
  let adminB: Awaited<ReturnType<typeof loginAdmin>>;

  beforeAll(async () => {
    alice = await loginGuest(app);
    bob = await loginGuest(app);
    adminA = await loginAdmin(app, { isPlatform: true });
    adminB = await loginAdmin(app);
  });

  describe("a guest cannot touch another guest's data or any admin route", () => {
    it("cannot read or pay another guest's booking", async () => {
      const { stay, rooms } = await createStay(app, adminA.user.id);
      const made = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: alice.headers,
        payload: {
          stayId: stay.id,
          checkIn: inDays(3),
          checkOut: inDays(4),
          adults: 1,
          children: 0,
          roomNumberIds: [rooms[0]!.id],
        },
      });
      expect(made.statusCode).toBe(201);
      const { booking, checkout } = made.json();
      const mine = await app.inject({ url: '/api/me/bookings', headers: bob.headers });
      expect(mine.json().bookings.map((b: { id: string }) => b.id)).not.toContain(booking.id);
      const signature = createHmac('sha256', app.config.sandbox.keySecret).update(`${checkout.orderId}|pay_x`).digest('hex');
      for (const [url, payload] of [
        [`/api/bookings/${booking.id}/payment`, { orderId: checkout.orderId, paymentId: 'pay_x', signature }],
        [`/api/bookings/${booking.id}/payment-failure`, { code: 'X' }],
        [`/api/bookings/${booking.id}/cancel`, {}],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, headers: bob.headers, payload });
        expect([403, 404], url).toContain(res.statusCode);
      }
      const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row?.status).toBe('pending_payment');
      expect(row?.failure ?? null).toBeNull();
    });

    it('changes only their own profile, whatever ids the body carries', async () => {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: bob.headers,
        payload: { id: alice.user.id, firstName: 'Mallory' },
      });
      expect(res.statusCode).toBe(400);
      const [a] = await app.db.select().from(users).where(eq(users.id, alice.user.id));
      expect(a?.firstName).not.toBe('Mallory');
    });

    it('gets 403 from every admin route, and 401 without a token', async () => {
      const adminRoutes = routesOf(app).filter((r) => r.path.startsWith('/api/admin/') && !r.path.startsWith('/api/admin/auth'));
      expect(adminRoutes.length).toBeGreaterThan(5);
      for (const r of adminRoutes) {
        const asGuest = await app.inject({ method: r.method as 'GET', url: fill(r.path), headers: alice.headers });
        expect(asGuest.statusCode, `${r.method} ${r.path} as guest`).toBe(403);
        const anonymous = await app.inject({ method: r.method as 'GET', url: fill(r.path) });
        expect(anonymous.statusCode, `${r.method} ${r.path} without token`).toBe(401);
      }
    });
  });

  describe('the token is checked before the request is read', () => {
    it('answers 401, not 400, to a guest route called without a token and with a malformed body or query', async () => {
      const guestRoutes = routesOf(app).filter(
        (r) =>
          /^\/api\/(me|bookings)/.test(r.path) ||
          r.path === '/api/stays/search' ||
          r.path === '/api/stays/{id}' ||
          r.path === '/api/stays/{id}/room-types' ||
          r.path.startsWith('/api/payments/sandbox'),
      );
      expect(guestRoutes.length).toBeGreaterThan(8);
      for (const r of guestRoutes) {
        const sendsBody = !['GET', 'DELETE'].includes(r.method);
        const res = await app.inject({
          method: r.method as 'GET',
          url: `${r.path.replace(/\{[^}]+\}/g, 'not-a-uuid')}?checkIn=yesterday&page=-4`,
          ...(sendsBody ? { payload: { nonsense: true } } : {}),
        });
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(401);
      }
    });

    it('answers 401 (no token) and 403 (a guest token), not 400, on every admin route given a malformed request', async () => {
      const adminRoutes = routesOf(app).filter((r) => r.path.startsWith('/api/admin/') && !r.path.startsWith('/api/admin/auth'));
      expect(adminRoutes.length).toBeGreaterThan(20);
      for (const r of adminRoutes) {
        const sendsBody = !['GET', 'DELETE'].includes(r.method);
        const malformed = {
          method: r.method as 'GET',
          url: `${r.path.replace(/\{[^}]+\}/g, 'not-a-uuid')}?month=13-2026&page=-4&from=yesterday`,
          ...(sendsBody ? { payload: { nonsense: true } } : {}),
        };
        expect((await app.inject(malformed)).statusCode, `${r.method} ${r.path} without token`).toBe(401);
        const asGuest = await app.inject({ ...malformed, headers: alice.headers });
        expect(asGuest.statusCode, `${r.method} ${r.path} as guest`).toBe(403);
      }
    });
  });

  describe("an admin cannot touch another admin's stays or rooms, nor drop their own flag", () => {
    it("refuses every route on another admin's stay and rooms", async () => {
      const { stay, type, rooms } = await createStay(app, adminA.user.id, [201, 202]);
      const h = adminB.headers;
      const form = multipart({ name: 'Taken Over', type: 'Hotel', address: 'Somewhere', city: 'vizag' });
      const attempts = [
        await app.inject({ url: `/api/admin/stays/${stay.id}`, headers: h }),
        await app.inject({ method: 'DELETE', url: `/api/admin/stays/${stay.id}`, headers: h }),
        await app.inject({
          method: 'PUT',
          url: `/api/admin/stays/${stay.id}`,
          headers: { ...h, ...form.headers },
          payload: form.payload,
        }),
        await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: h }),
        await app.inject({ url: `/api/admin/stays/${stay.id}/reviews`, headers: h }),
        await app.inject({ url: `/api/admin/stays/${stay.id}/occupancy`, headers: h }),
        await app.inject({ url: `/api/admin/stays/${stay.id}/figures`, headers: h }),
        await app.inject({ url: `/api/admin/reservations?stayId=${stay.id}`, headers: h }),
        await app.inject({ url: `/api/admin/reservations/export?stayId=${stay.id}`, headers: h }),
        await app.inject({
          method: 'POST',
          url: `/api/admin/stays/${stay.id}/blocks`,
          headers: h,
          payload: { roomNumberIds: [rooms[0]!.id], from: addDays(todayInIndia(), 30), to: addDays(todayInIndia(), 31) },
        }),
        await app.inject({
          method: 'POST',
          url: `/api/admin/stays/${stay.id}/room-types`,
          headers: h,
          payload: { title: 'X', price: 1, maxPeople: 1, roomNumbers: [999] },
        }),
        await app.inject({ method: 'PUT', url: `/api/admin/room-types/${type.id}`, headers: h, payload: { title: 'Hijacked' } }),
        await app.inject({ method: 'DELETE', url: `/api/admin/room-types/${type.id}/room-numbers/${rooms[0]!.id}`, headers: h }),
      ];
      for (const res of attempts) expect([403, 404]).toContain(res.statusCode);
      const list = await app.inject({ url: '/api/admin/stays?type=Hotel', headers: h });
      expect(list.json().stays.map((s: { id: string }) => s.id)).not.toContain(stay.id);
      const [still] = await app.db.select().from(stays).where(eq(stays.id, stay.id));
      expect(still?.name).toBe('Harbour Inn');
      expect(still?.archivedAt).toBeNull();
      const [t] = await app.db.select().from(roomTypes).where(eq(roomTypes.id, type.id));
      expect(t?.title).toBe('Sea View');
      const [n] = await app.db.select({ n: count() }).from(roomNumbers).where(eq(roomNumbers.roomTypeId, type.id));
      expect(n?.n).toBe(2);
      const [blocked] = await app.db.select({ n: count() }).from(roomBlocks).where(eq(roomBlocks.stayId, stay.id));
      expect(blocked?.n).toBe(0);
    });

    it('cannot remove their own admin flag', async () => {
      const u = adminA.user;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/admin/users/${u.id}`,
        headers: adminA.headers,
        payload: { firstName: u.firstName, lastName: u.lastName, mobile: u.mobile, email: u.email, isAdmin: 'No' },
      });
      expect([400, 403, 409]).toContain(res.statusCode);
      const [row] = await app.db.select().from(users).where(eq(users.id, u.id));
      expect(row?.isAdmin).toBe(true);
    });
  });

  describe('a new admin registration gets no admin rights until granted', () => {
    it('registers without rights while an admin exists, and logs in once granted', async () => {
      const email = uniqueEmail('newadmin');
      const body = {
        firstName: 'Naveen',
        lastName: 'Kumar',
        email,
        mobile: '9876543210',
        password: 'Secret@123',
        confirmPassword: 'Secret@123',
      };
      expect((await app.inject({ method: 'POST', url: '/api/admin/auth/register', payload: body })).statusCode).toBe(201);
      const denied = await app.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { email, password: 'Secret@123' },
      });
      expect(denied.statusCode).toBe(403);
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      expect(row?.isAdmin).toBe(false);
      const grant = await app.inject({
        method: 'PUT',
        url: `/api/admin/users/${row!.id}`,
        headers: adminA.headers,
        payload: { firstName: 'Naveen', lastName: 'Kumar', email, mobile: '9876543210', isAdmin: 'Yes' },
      });
      expect(grant.statusCode).toBe(200);
      const ok = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password: 'Secret@123' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().adminLoginToken).toBeTruthy();
    });
  });

  describe('tokens: missing, malformed, expired, foreign or revoked → 401', () => {
    it('refuses each bad token on a guest route', async () => {
      const claims = {
        id: alice.user.id,
        firstName: 'a',
        lastName: 'b',
        email: alice.user.email,
        mobile: '9876543210',
        sid: crypto.randomUUID(),
      };
      const foreign = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('staybook')
        .setAudience('guest')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-another-secret-1234'));
      const expired = await signToken(app.config.jwtSecret, alice.user, crypto.randomUUID(), 'guest', -60);
      const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      for (const authorization of [
        undefined,
        'Bearer',
        'Bearer abc.def',
        'Bearer a.b.c',
        `Bearer ${foreign}`,
        `Bearer ${expired}`,
        `Bearer ${none}`,
        'Basic dXNlcjpwYXNz',
      ]) {
        const res = await app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, String(authorization)).toBe(401);
      }
      const session = await loginGuest(app);
      expect((await app.inject({ url: '/api/me', headers: session.headers })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: session.headers })).statusCode).toBe(204);
      expect((await app.inject({ url: '/api/me', headers: session.headers })).statusCode).toBe(401);
      const [s] = await app.db.select().from(sessions).where(eq(sessions.userId, session.user.id));
      expect(s?.revokedAt).not.toBeNull();
    });
  });

  describe('login and forgot-password are rate limited; forgot-password does not reveal accounts', () => {
    it('answers unknown and known emails alike', async () => {
      const known = await createUser(app);
      const a = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: known.email },
        remoteAddress: '10.0.0.7',
      });
      const b = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail('nobody') },
        remoteAddress: '10.0.0.7',
      });
      expect(a.statusCode).toBe(202);
      expect(b.statusCode).toBe(202);
      expect(a.json()).toEqual(b.json());
      expect(JSON.stringify(a.json())).not.toMatch(/token/i);
    });

    it('answers 429 after too many attempts from one address', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'x@example.com', password: 'wrong-pass1' },
          remoteAddress: '10.9.9.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      const forgot: number[] = [];
      for (let i = 0; i < 5; i++) {
        forgot.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/auth/forgot-password',
              payload: { email: 'y@example.com' },
              remoteAddress: '10.8.8.8',
            })
          ).statusCode,
        );
      }
      expect(forgot.at(-1)).toBe(429);
    });
  });

  describe('a reset link works once, for 30 minutes, only for its own user', () => {
    async function issueToken(userId: string) {
      // The token travels only by mail; tests read it from the outbox file the mail plugin writes.
      const user = (await app.db.select().from(users).where(eq(users.id, userId)))[0]!;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
        remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.1`,
      });
      expect(res.statusCode).toBe(202);
      // Mails leave in the background (the answer must not reveal whether the account exists): wait for it.
      const mail = await waitForMail(app, user.email);
      const m = new RegExp(`/forgotpassword/${userId}/verify/([A-Za-z0-9_-]+)`).exec(mail.text);
      expect(m, 'reset link in the mail').toBeTruthy();
      return m![1]!;
    }

    it('resets once; the same link fails the second time; another user cannot use it', async () => {
      const u = await createUser(app);
      const other = await createUser(app);
      const token = await issueToken(u.id);
      const body = { userId: u.id, token, email: u.email, password: 'NewPass@123', confirmPassword: 'NewPass@123' };
      const wrongUser = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, userId: other.id, email: other.email },
      });
      expect(wrongUser.statusCode).toBe(400);
      const noToken = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, token: undefined },
      });
      expect(noToken.statusCode).toBe(400);
      expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body })).statusCode).toBe(200);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { ...body, password: 'Other@1234', confirmPassword: 'Other@1234' },
          })
        ).statusCode,
      ).toBe(400);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: 'NewPass@123' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a link older than 30 minutes', async () => {
      const u = await createUser(app);
      const token = await issueToken(u.id);
      await app.db
        .update(passwordResets)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(passwordResets.userId, u.id));
      expect((await app.inject({ url: `/api/auth/reset/${u.id}/${token}` })).statusCode).toBe(400);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { userId: u.id, token, email: u.email, password: 'NewPass@123', confirmPassword: 'NewPass@123' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('fields a client must not set are ignored or rejected', () => {
    it('isAdmin on register and profile, ownerId on a stay, amount and status on a booking', async () => {
      const email = uniqueEmail('sneaky');
      const reg = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          firstName: 'Sneha',
          lastName: 'Patel',
          email,
          mobile: '9876543210',
          password: 'Secret@123',
          confirmPassword: 'Secret@123',
          isAdmin: true,
        },
      });
      expect([201, 400]).toContain(reg.statusCode);
      const [row] = await app.db.select().from(users).where(eq(users.email, email));
      if (row) expect(row.isAdmin).toBe(false);

      const patch = await app.inject({ method: 'PATCH', url: '/api/me', headers: alice.headers, payload: { isAdmin: true } });
      expect(patch.statusCode).toBe(400);
      const [a] = await app.db.select().from(users).where(eq(users.id, alice.user.id));
      expect(a?.isAdmin).toBe(false);

      const form = multipart({
        name: 'Owned Elsewhere',
        type: 'Villa',
        address: 'Hill Road',
        city: 'Ooty',
        ownerId: adminB.user.id,
      });
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/stays',
        headers: { ...adminA.headers, ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      const [s] = await app.db.select().from(stays).where(eq(stays.name, 'Owned Elsewhere'));
      expect(s?.ownerId).toBe(adminA.user.id);

      const { stay, rooms } = await createStay(app, adminA.user.id, [301]);
      const made = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: alice.headers,
        payload: {
          stayId: stay.id,
          checkIn: inDays(5),
          checkOut: inDays(7),
          adults: 2,
          children: 0,
          roomNumberIds: [rooms[0]!.id],
          amount: 100,
          status: 'confirmed',
        },
      });
      expect(made.statusCode).toBe(201);
      expect(made.json().booking.amount).toBe(3000 * 2 * 100);
      expect(made.json().booking.status).toBe('pending_payment');
      expect(made.json().checkout.amount).toBe(3000 * 2 * 100);
    });
  });

  describe('payments: forged signatures and webhooks change nothing', () => {
    it("refuses a wrong signature and another booking's signature", async () => {
      const { stay, rooms } = await createStay(app, adminA.user.id, [401, 402]);
      const book = async (room: string, day: number) =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/bookings',
            headers: alice.headers,
            payload: {
              stayId: stay.id,
              checkIn: inDays(day),
              checkOut: inDays(day + 1),
              adults: 1,
              children: 0,
              roomNumberIds: [room],
            },
          })
        ).json();
      const one = await book(rooms[0]!.id, 10);
      const two = await book(rooms[1]!.id, 10);
      const sign = (orderId: string, paymentId: string) =>
        createHmac('sha256', app.config.sandbox.keySecret).update(`${orderId}|${paymentId}`).digest('hex');
      const wrong = await app.inject({
        method: 'POST',
        url: `/api/bookings/${one.booking.id}/payment`,
        headers: alice.headers,
        payload: { orderId: one.checkout.orderId, paymentId: 'pay_1', signature: 'f'.repeat(64) },
      });
      expect(wrong.statusCode).toBe(400);
      const crossed = await app.inject({
        method: 'POST',
        url: `/api/bookings/${one.booking.id}/payment`,
        headers: alice.headers,
        payload: { orderId: two.checkout.orderId, paymentId: 'pay_2', signature: sign(two.checkout.orderId, 'pay_2') },
      });
      expect(crossed.statusCode).toBe(400);
      const rows = await app.db.select().from(bookings).where(eq(bookings.stayId, stay.id));
      expect(rows.every((r) => r.status === 'pending_payment' && r.providerPaymentId === null)).toBe(true);
    });

    it('ignores a badly signed webhook and applies a replayed one once', async () => {
      const { stay, rooms } = await createStay(app, adminA.user.id, [501]);
      const made = (
        await app.inject({
          method: 'POST',
          url: '/api/bookings',
          headers: alice.headers,
          payload: {
            stayId: stay.id,
            checkIn: inDays(12),
            checkOut: inDays(13),
            adults: 1,
            children: 0,
            roomNumberIds: [rooms[0]!.id],
          },
        })
      ).json();
      const event = {
        entity: 'event',
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: 'pay_webhook1',
              order_id: made.checkout.orderId,
              amount: made.checkout.amount,
              currency: 'INR',
              status: 'captured',
            },
          },
        },
      };
      const raw = JSON.stringify(event);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'deadbeef', 'x-razorpay-event-id': 'evt_bad' },
        payload: raw,
      });
      expect(bad.statusCode).toBe(400);
      const [still] = await app.db.select().from(bookings).where(eq(bookings.id, made.booking.id));
      expect(still?.status).toBe('pending_payment');

      const sig = createHmac('sha256', app.config.sandbox.webhookSecret).update(raw).digest('hex');
      const headers = { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': 'evt_once' };
      expect((await app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: raw })).statusCode).toBe(200);
      const [confirmed] = await app.db.select().from(bookings).where(eq(bookings.id, made.booking.id));
      expect(confirmed?.status).toBe('confirmed');
      const updatedAt = confirmed?.updatedAt;
      expect((await app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: raw })).statusCode).toBe(200);
      const [again] = await app.db.select().from(bookings).where(eq(bookings.id, made.booking.id));
      expect(again?.updatedAt).toEqual(updatedAt);
    });
  });

  describe('uploads: only real images, at most 5 MB, a bounded number', () => {
    const mediaFiles = () => {
      const dir = path.join(app.dataDir, 'media');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const fields = { name: 'Upload Test', type: 'Cabin', address: 'Forest Lane', city: 'Manali' };

    it('refuses a renamed text file, an over-size file and too many files, storing nothing', async () => {
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const before = { files: mediaFiles(), stays: (await app.db.select({ n: count() }).from(stays))[0]!.n };
      const cases = [
        multipart(fields, [
          {
            field: 'hotelImage',
            filename: 'photo.jpg',
            contentType: 'image/jpeg',
            data: Buffer.from('this is not an image at all'),
          },
        ]),
        multipart(fields, [
          {
            field: 'hotelImage',
            filename: 'huge.png',
            contentType: 'image/png',
            data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]),
          },
        ]),
        multipart(
          fields,
          Array.from({ length: 30 }, (_, i) => ({
            field: 'roomImages',
            filename: `r${i}.png`,
            contentType: 'image/png',
            data: png,
          })),
        ),
      ];
      for (const c of cases) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/stays',
          headers: { ...adminA.headers, ...c.headers },
          payload: c.payload,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      // A malformed multipart body (cut off, no boundary, mismatched boundary) is a client error too.
      const other = multipart(fields);
      for (const c of [
        { headers: multipart(fields).headers, payload: other.payload },
        { headers: { 'content-type': 'multipart/form-data' }, payload: 'garbage' },
        {
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nCut',
        },
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/stays',
          headers: { ...adminA.headers, ...c.headers },
          payload: c.payload,
        });
        expect(res.statusCode).toBe(400);
      }
      expect(mediaFiles()).toBe(before.files);
      expect((await app.db.select({ n: count() }).from(stays))[0]!.n).toBe(before.stays);
    });
  });
});
