import { randomBytes } from 'node:crypto';
import { API_MSG } from '@repo/shared/constants/messages';
import { newRoomType, newStay, newUser } from '@repo/shared/factories';
import { eq, Placeholder, type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ADDRESS_SHARES, loadConfig, TEST_RATE_LIMITS } from '#src/config/config.ts';
import { bookings, emailConfirmations, roomNumbers, roomTypes, stays, users } from '#src/db/schema/index.ts';
import { selectRows } from '#src/db/client.ts';
import { heldByAndFromSql, heldBySql, heldFromSql, releaseExpiredHoldsSql } from '#src/features/bookings/bookings.repository.ts';
import { day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, buildOn, createUser, testEngine, type TestApp, uniqueEmail, waitForMail } from './helper.ts';

// ADR 024: many accounts from one place must not hold a city. Registration is limited per address, a new account
// confirms its email before it holds rooms, and one address holds at most a share of a stay's and a city's rooms.

const registration = () => newUser({ email: uniqueEmail('new'), password: 'Travel@2024' });

/** Registers through the API and logs in; the account is not confirmed. */
async function register(app: TestApp, remoteAddress = '127.0.0.1') {
  const input = registration();
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input, remoteAddress });
  expect(res.statusCode, res.body).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: input.email, password: input.password },
  });
  const token = login.json().loginToken as string;
  return { user: res.json().user as { id: string }, email: input.email, headers: { authorization: `Bearer ${token}` } };
}

/** The confirmation link of the newest mail to `email` not in `seen`: its user id and token. */
async function mailedLink(app: TestApp, email: string, seen = new Set<string>()) {
  const mail = await waitForMail(app, email, seen);
  const m = /(https?:\/\/\S+?\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!m) throw new Error(`no confirmation link in mail:\n${mail.text}`);
  return { url: m[1] as string, userId: m[2] as string, token: m[3] as string, file: mail.file, text: mail.text };
}

describe(`email confirmation before holding rooms (${testEngine})`, async () => {
  const app = await build();

  it('a new account is mailed a link; it can not hold rooms (403, clear message) until it opens the link', async () => {
    const g = await register(app);
    const link = await mailedLink(app, g.email);
    expect(link.url).toBe(`http://localhost:3000/confirm-email/${g.user.id}/${link.token}`);
    expect(link.text).toMatch(/Subject: Confirm your StayBook email address/);
    expect(link.text).toMatch(/^Message-ID: <outbox\.\d+\.mail\.email-confirm@localhost>$/m);
    expect((await app.inject({ url: '/api/me', headers: g.headers })).json()).toMatchObject({ emailConfirmed: false });

    const s = await stayWithRooms(app);
    const hold = () =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        // A new account has no billing address on record yet: the hold gives it (the room dialog asks for it).
        payload: {
          stayId: s.stay.id,
          checkIn: day(3),
          checkOut: day(4),
          adults: 1,
          roomNumberIds: [s.r101],
          guestAddress: '4 Station Road, Shivajinagar, Pune',
          guestPin: '411005',
          guestState: '27',
        },
      });
    const refused = await hold();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: API_MSG.confirmEmailFirst });
    expect(await app.db.select().from(bookings).where(eq(bookings.userId, g.user.id))).toEqual([]);

    const confirm = (body: object) => app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: body });
    // A made-up token, another user's id, a malformed link: 400, nothing confirmed.
    expect((await confirm({ userId: g.user.id, token: 'x'.repeat(43) })).statusCode).toBe(400);
    const other = await createUser(app, { emailConfirmed: false });
    expect((await confirm({ userId: other.id, token: link.token })).statusCode).toBe(400);
    expect((await confirm({ userId: 'nope', token: link.token })).json().message).toBe(API_MSG.confirmLinkInvalid);
    expect((await hold()).statusCode).toBe(403);

    const ok = await confirm({ userId: g.user.id, token: link.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(API_MSG.emailConfirmed);
    expect((await app.inject({ url: '/api/me', headers: g.headers })).json()).toMatchObject({ emailConfirmed: true });
    expect((await hold()).statusCode).toBe(201);
    // The link works once: a second click is told the address is confirmed already.
    expect((await confirm({ userId: g.user.id, token: link.token })).json().message).toBe(API_MSG.alreadyConfirmed);
    // Only the token's sha256 is stored.
    const [row] = await app.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, g.user.id));
    expect(row?.tokenHash).not.toContain(link.token);
    expect(row?.usedAt).not.toBeNull();
  });

  it('resend mails a new link (guest token only); an expired link does not confirm', async () => {
    const g = await register(app);
    const first = await mailedLink(app, g.email);
    expect((await app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend' })).statusCode).toBe(401);
    const resent = await app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend', headers: g.headers });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().message).toBe(API_MSG.confirmSent);
    const second = await mailedLink(app, g.email, new Set([first.file]));
    expect(second.token).not.toBe(first.token);
    await app.db
      .update(emailConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailConfirmations.userId, g.user.id));
    const late = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { userId: g.user.id, token: second.token },
    });
    expect(late.statusCode).toBe(400);
    const [user] = await app.db.select().from(users).where(eq(users.id, g.user.id));
    expect(user?.emailConfirmedAt).toBeNull();
  });

  it('a new email address in the profile is confirmed again by a link mailed to it; other changes keep it confirmed', async () => {
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const hold = (from: number) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        payload: { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), adults: 1, roomNumberIds: [s.r101] },
      });
    const patch = (payload: object) => app.inject({ method: 'PATCH', url: '/api/me', headers: g.headers, payload });
    expect((await patch({ mobile: '9000011111', email: g.user.email.toUpperCase() })).json().user.emailConfirmed).toBe(true);
    expect((await hold(5)).statusCode).toBe(201);
    const moved = uniqueEmail('moved');
    const res = await patch({ email: moved });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: moved, emailConfirmed: false });
    expect((await hold(7)).statusCode).toBe(403);
    const link = await mailedLink(app, moved);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { userId: g.user.id, token: link.token },
    });
    expect(confirm.json().message).toBe(API_MSG.emailConfirmed);
    expect((await hold(7)).statusCode).toBe(201);
  });

  it('a confirmed account asking again is told so; resends are limited per account', async () => {
    const limited = await build({ rateLimits: { ...TEST_RATE_LIMITS, confirmPerAccount: { max: 2, timeWindow: 60_000 } } });
    const g = await register(limited);
    const resend = () => limited.inject({ method: 'POST', url: '/api/auth/confirm-email/resend', headers: g.headers });
    expect([(await resend()).statusCode, (await resend()).statusCode, (await resend()).statusCode]).toEqual([202, 202, 429]);
    const confirmed = await guest(app);
    const again = await app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend', headers: confirmed.headers });
    expect(again.json().message).toBe(API_MSG.alreadyConfirmed);
  });

  it('registration is limited per address (REGISTRATIONS_PER_HOUR), per area; other addresses still register', async () => {
    const limited = await build({ rateLimits: { ...TEST_RATE_LIMITS, register: { max: 3, timeWindow: 3_600_000 } } });
    const from = (remoteAddress: string, area = 'auth') =>
      limited.inject({ method: 'POST', url: `/api/${area}/register`, payload: registration(), remoteAddress });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await from('10.1.1.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect((await from('10.1.1.1')).json().message).toMatch(/Too many attempts/);
    expect((await from('10.1.1.2')).statusCode).toBe(201);
    expect((await from('10.1.1.1', 'admin/auth')).statusCode).toBe(201);
  });

  it('REGISTRATIONS_PER_HOUR: 10 unless set, a whole number from 1', () => {
    const env = { DATA_DIR: `/tmp/staybook-config-${randomBytes(4).toString('hex')}` };
    expect(loadConfig({ ...env }).rateLimits.register).toEqual({ max: 10, timeWindow: 3_600_000 });
    expect(loadConfig({ ...env, REGISTRATIONS_PER_HOUR: '1000' }).rateLimits.register.max).toBe(1000);
    expect(() => loadConfig({ ...env, REGISTRATIONS_PER_HOUR: '0' })).toThrow(/REGISTRATIONS_PER_HOUR/);
    expect(() => loadConfig({ ...env, REGISTRATIONS_PER_HOUR: 'lots' })).toThrow(/REGISTRATIONS_PER_HOUR|number/);
    expect(loadConfig({ ...env }).addressShares).toEqual({ stayPercent: 25, cityPercent: 10, minRooms: 4 });
  });
});

/** A city of `stays` hotels with `rooms` rooms each (one room type of 2 people, ₹3,000). */
async function city(app: TestApp, name: string, stayCount: number, roomsEach: number) {
  const owner = await createUser(app, { isAdmin: true });
  const made: { stayId: string; rooms: string[] }[] = [];
  for (let i = 0; i < stayCount; i++) {
    const [stay] = await app.db
      .insert(stays)
      .values({ ...newStay({ name: `${name} Stay ${i + 1}`, type: 'Hotel', city: name, lowestPrice: 3000 }), ownerId: owner.id })
      .returning();
    if (!stay) throw new Error('stay not made');
    const { roomNumbers: _n, ...type } = newRoomType({ title: 'Deluxe', price: 3000, maxPeople: 2 });
    const [rt] = await app.db
      .insert(roomTypes)
      .values({ ...type, stayId: stay.id })
      .returning();
    if (!rt) throw new Error('room type not made');
    const rooms = await app.db
      .insert(roomNumbers)
      .values(Array.from({ length: roomsEach }, (_, n) => ({ roomTypeId: rt.id, stayId: stay.id, number: 101 + n })))
      .returning();
    made.push({ stayId: stay.id, rooms: rooms.map((r) => r.id) });
  }
  return made;
}

/** Rooms of the stays free for the night, as a guest sees them (GET /api/stays/:id/room-types). */
async function freeRooms(app: TestApp, headers: Record<string, string>, stayIds: string[], checkIn: string, checkOut: string) {
  let free = 0;
  for (const id of stayIds) {
    const res = await app.inject({ url: `/api/stays/${id}/room-types?checkIn=${checkIn}&checkOut=${checkOut}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    for (const t of res.json().roomTypes as { roomNumbers: { available: boolean }[] }[])
      free += t.roomNumbers.filter((r) => r.available).length;
  }
  return free;
}

describe(`one address holds a share of a city at most, whatever its accounts (${testEngine})`, async () => {
  const app = await build({ addressShares: ADDRESS_SHARES });
  const second = await buildOn(app.database, { addressShares: ADDRESS_SHARES, jwtSecret: app.config.jwtSecret });

  it('the many-accounts attack: 12 confirmed accounts from one address, on two processes, leave a real guest ≥ 90 % of the city', async () => {
    const town = await city(app, 'hoardpur', 6, 17); // 102 rooms, as Bengaluru had
    const attackers = await Promise.all(Array.from({ length: 12 }, () => guest(app)));
    const checkIn = day(20);
    const checkOut = day(21);
    let held = 0;
    const statuses: number[] = [];
    // Every account tries to hold 10 rooms (its own cap) of each stay in turn, from the same address, on either process.
    await Promise.all(
      attackers.map(async (a, i) => {
        for (let k = 0; k < town.length; k++) {
          const s = town[(i + k) % town.length] as (typeof town)[number];
          const res = await (i % 2 ? second : app).inject({
            method: 'POST',
            url: '/api/bookings',
            headers: a.headers,
            remoteAddress: '203.0.113.7',
            payload: { stayId: s.stayId, checkIn, checkOut, adults: 1, roomNumberIds: s.rooms.slice(i % 7, (i % 7) + 4) },
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 201) held += 4;
          else expect([409]).toContain(res.statusCode);
        }
      }),
    );
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(10); // 10 % of 102 rooms
    const kept = await app.db.select().from(bookings).where(eq(bookings.holdIp, '203.0.113.7'));
    expect(kept.length * 4).toBe(held);
    expect(statuses.filter((code) => code === 201).length).toBe(kept.length);
    const realGuest = await guest(app);
    const free = await freeRooms(
      app,
      realGuest.headers,
      town.map((s) => s.stayId),
      checkIn,
      checkOut,
    );
    expect(free).toBeGreaterThanOrEqual(Math.ceil(102 * 0.9));
    // The real guest, from home, books: a search of the city finds its stays.
    const search = await app.inject({
      url: `/api/stays/search?city=hoardpur&checkIn=${checkIn}&checkOut=${checkOut}&adults=2&children=0&rooms=1`,
      headers: realGuest.headers,
    });
    expect(search.json().total).toBe(6);
  });

  it("at most a quarter of a stay's rooms (4 rooms always); the refusal says why; other addresses and paid bookings are not limited", async () => {
    const [small] = await city(app, 'sharetown', 1, 8);
    const big = await city(app, 'sharetown', 1, 60);
    const stay = small as { stayId: string; rooms: string[] };
    const [a, b] = [await guest(app), await guest(app)];
    const hold = (g: typeof a, rooms: string[], remoteAddress: string, from = 30) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        remoteAddress,
        payload: { stayId: stay.stayId, checkIn: day(from), checkOut: day(from + 2), adults: 1, roomNumberIds: rooms },
      });
    // A family's 4 rooms from one address: allowed although 4 > 25 % of 8.
    expect((await hold(a, stay.rooms.slice(0, 4), '198.51.100.1')).statusCode).toBe(201);
    const more = await hold(b, stay.rooms.slice(4, 5), '198.51.100.1');
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({
      code: 'ADDRESS_HOLD_LIMIT',
      message:
        'Many rooms of this stay are already held awaiting payment from your network. Pay for or cancel those bookings, or try again later',
    });
    // Another night, or another address: free to hold.
    expect((await hold(b, stay.rooms.slice(4, 5), '198.51.100.1', 40)).statusCode).toBe(201);
    expect((await hold(b, stay.rooms.slice(5, 6), '198.51.100.2')).statusCode).toBe(201);
    // Holds that are paid no longer count: confirmed bookings are not limited.
    await app.db.update(bookings).set({ status: 'confirmed', holdExpiresAt: null }).where(eq(bookings.userId, a.user.id));
    expect((await hold(b, stay.rooms.slice(6, 7), '198.51.100.1')).statusCode).toBe(201);
    // A bigger stay of the same city: a quarter of 60 rooms is 15, but the city's tenth (68 rooms: 6) comes first.
    const bigStay = big[0] as { stayId: string; rooms: string[] };
    const c = await guest(app);
    const inBig = (rooms: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: c.headers,
        remoteAddress: '198.51.100.9',
        payload: { stayId: bigStay.stayId, checkIn: day(50), checkOut: day(51), adults: 1, roomNumberIds: rooms },
      });
    expect((await inBig(bigStay.rooms.slice(0, 6))).statusCode).toBe(201);
    const cityFull = await inBig(bigStay.rooms.slice(6, 7));
    expect(cityFull.statusCode).toBe(409);
    expect(cityFull.json().message).toMatch(/^Many rooms in this city are already held/);
  });

  it("each statement on live holds reads them through its own index and can take no other's, whatever the statistics", async () => {
    const s = await stayWithRooms(app, 'Plan Inn', 'planpur');
    const mine = await createUser(app);
    // Statistics taken while no hold was pending, then a burst of pending holds of many accounts and addresses.
    await app.db.execute(sql`analyze bookings`);
    await app.db.execute(sql`
      insert into bookings (user_id, stay_id, check_in, check_out, nights, adults, children, amount_paise, currency,
                            status, hold_expires_at, provider, hotel_name, hold_ip)
      select u.id, ${s.stay.id}::uuid, current_date + 3, current_date + 4, 1, 1, 0, 200000, 'INR',
             'pending_payment', now() + (g % 2) * interval '15 minutes' - interval '5 minutes', 'sandbox', 'Plan Inn',
             '10.7.' || (g % 250) || '.' || (g / 250)
      from generate_series(1, 3000) g cross join lateral (select id from users order by id offset g % 5 limit 1) u`);
    const where = { address: '10.8.8.8', stayId: s.stay.id, city: 'planpur', from: day(3), to: day(4) };
    const values: Record<string, string> = { ...where, userId: mine.id, now: new Date().toISOString() };
    /** A statement's text with its values written in (a placeholder's from `values`), to explain. */
    const inline = (statement: SQL) => {
      const q = new PgDialect().sqlToQuery(statement);
      const literal = (v: unknown) => {
        if (!(v instanceof Placeholder)) return `'${String(v)}'`;
        const value = values[v.name];
        if (value === undefined) throw new Error(`no value for ${v.name}`);
        return `'${value}'`;
      };
      return { text: q.sql, values: q.params.map(literal) };
    };
    const literally = (statement: SQL) => {
      const { text, values: written } = inline(statement);
      return written.reduce<string>((t, v, i) => t.replace(new RegExp(`\\$${i + 1}\\b`), v), text);
    };
    /** The indexes of bookings a plan reads (in its order), after `setup` in the same transaction (rolled back). */
    const indexesRead = async (statement: string, setup: string[] = []) => {
      let plan = '';
      await app.db
        .transaction(async (tx) => {
          for (const s of setup) await tx.execute(sql.raw(s));
          const rows = await selectRows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain ${statement}`));
          // A prepared statement outlives the transaction.
          if (setup.some((s) => s.startsWith('prepare held_plan'))) await tx.execute(sql.raw('deallocate held_plan'));
          plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        });
      return [...plan.matchAll(/(?:using|Index Scan on) (bookings_\w+)/g)].map((m) => m[1]).sort();
    };
    // The hold's count, with the generic plan PostgreSQL keeps for it on every connection: the account's holds
    // through bookings_user_holds_idx, the address's through bookings_ip_holds_idx.
    const held = inline(heldByAndFromSql);
    const generic = ['set local plan_cache_mode = force_generic_plan', `prepare held_plan as ${held.text}`];
    const count = `execute held_plan(${held.values.join(', ')})`;
    expect(await indexesRead(count, generic)).toEqual(['bookings_ip_holds_idx', 'bookings_user_holds_idx']);
    // Each statement, left with one other index of bookings (and the primary key) and the table scan made to look dearer
    // than any index, still can not take that index: its predicate is not implied by the statement.
    const others = (
      await selectRows<{ indexname: string }>(
        app.db,
        sql`select indexname from pg_indexes where tablename = 'bookings' and indexname <> 'bookings_pkey'`,
      )
    ).map((r) => r.indexname);
    const onlyIndex = (keep: string) => [
      'set local enable_seqscan = off',
      ...others.filter((i) => i !== keep).map((i) => `drop index ${i}`),
    ];
    const account = literally(heldBySql(mine.id, new Date()));
    const address = literally(heldFromSql({ ...where, now: new Date() }));
    const sweep = literally(releaseExpiredHoldsSql(new Date()));
    const cannotTake: [string, string][] = [
      [account, 'bookings_ip_holds_idx'],
      [account, 'bookings_holds_due_idx'],
      [address, 'bookings_user_holds_idx'],
      [address, 'bookings_holds_due_idx'],
      [sweep, 'bookings_user_holds_idx'],
      [sweep, 'bookings_ip_holds_idx'],
    ];
    for (const [statement, index] of cannotTake) expect(await indexesRead(statement, onlyIndex(index))).not.toContain(index);
    // Each count, planned for its values, takes its own.
    expect(await indexesRead(account)).toContain('bookings_user_holds_idx');
    expect(await indexesRead(address)).toContain('bookings_ip_holds_idx');
    // And the sweep takes its own.
    expect(await indexesRead(sweep, onlyIndex('bookings_holds_due_idx'))).toContain('bookings_holds_due_idx');
  });

  it('bookings are analysed after 0.2 % of them change: the plans of the live-hold indexes follow the holds', async () => {
    const [row] = await selectRows<{ reloptions: string[] | null }>(
      app.db,
      sql`select reloptions from pg_class where oid = 'bookings'::regclass`,
    );
    expect(row?.reloptions).toEqual(
      expect.arrayContaining(['autovacuum_analyze_scale_factor=0.002', 'autovacuum_analyze_threshold=1000']),
    );
  });

  it('stores the address of each hold (as TRUST_PROXY defines it)', async () => {
    const proxied = await build({ trustProxy: 1, addressShares: ADDRESS_SHARES });
    const g = await guest(proxied);
    const s = await stayWithRooms(proxied);
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { ...g.headers, 'x-forwarded-for': '1.2.3.4, 192.0.2.55' },
      remoteAddress: '10.0.0.1',
      payload: { stayId: s.stay.id, checkIn: day(3), checkOut: day(4), adults: 1, roomNumberIds: [s.r101] },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await proxied.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
    expect(row?.holdIp).toBe('192.0.2.55');
  });
});
