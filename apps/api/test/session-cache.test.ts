import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, buildOn, DEFAULT_PASSWORD, loginAdmin, loginGuest, type TestApp, uniqueEmail, waitForMail } from './helper.ts';
import { createStay } from './stays-helpers.ts';

// Sessions are kept in memory for a short time (features/auth/session-cache.ts, ADR 005). These tests prove
// that a token stops working as soon as its session or user changes, whichever process made the change and
// even when the change was made in the database by hand.

vi.setConfig({ testTimeout: 60_000 });

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await build();
  // A second API process on the same database, with the same signing secret.
  b = await buildOn(a.database, { jwtSecret: a.config.jwtSecret });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = (app: TestApp, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/me', headers });

const status = async (app: TestApp, headers: Record<string, string>) => (await me(app, headers)).statusCode;
/** The other process hears of a change through the database: asked again until it answers (at most 2 s). */
const soon = { timeout: 2000, interval: 20 };

describe('session cache', () => {
  it('keeps a checked session: the same token is served without reading the session again', async () => {
    const { headers } = await loginGuest(a);
    expect((await me(a, headers)).statusCode).toBe(200);
    expect(a.sessionCache.size).toBeGreaterThan(0);
    expect(a.sessionCache.enabled).toBe(true);
  });

  it('logout ends the token at once in the process that logged out, and in the other process', async () => {
    const { headers } = await loginGuest(a);
    expect((await me(a, headers)).statusCode).toBe(200);
    expect((await me(b, headers)).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(204);
    expect((await me(a, headers)).statusCode).toBe(401);
    await expect.poll(() => status(b, headers), soon).toBe(401);
  });

  it('a session revoked in the database by hand is refused at once', async () => {
    const { user, headers } = await loginGuest(a);
    expect((await me(a, headers)).statusCode).toBe(200);
    expect((await me(b, headers)).statusCode).toBe(200);
    await a.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
    await expect.poll(() => status(a, headers), soon).toBe(401);
    await expect.poll(() => status(b, headers), soon).toBe(401);
  });

  it('an admin who loses the flag is refused by both processes', async () => {
    const { user, headers } = await loginAdmin(a, { isPlatform: true });
    const list = () => ({ method: 'GET' as const, url: '/api/admin/users', headers });
    expect((await a.inject(list())).statusCode).toBe(200);
    expect((await b.inject(list())).statusCode).toBe(200);
    await a.db.execute(sql`update users set is_admin = false, is_platform = false where id = ${user.id}`);
    const codes = async () => [(await a.inject(list())).statusCode, (await b.inject(list())).statusCode];
    await expect.poll(codes, soon).toEqual([403, 403]);
  });

  it('a user deleted by an admin is refused by both processes', async () => {
    const guest = await loginGuest(a);
    const admin = await loginAdmin(a, { isPlatform: true });
    expect((await me(a, guest.headers)).statusCode).toBe(200);
    expect((await me(b, guest.headers)).statusCode).toBe(200);
    const res = await b.inject({ method: 'DELETE', url: `/api/admin/users/${guest.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect((await me(b, guest.headers)).statusCode).toBe(401);
    await expect.poll(() => status(a, guest.headers), soon).toBe(401);
  });

  it("a staff member's new stays and their removal are seen by both processes (ADR 066)", async () => {
    const owner = await loginAdmin(a);
    const first = await createStay(a, owner.headers, { name: 'First Stay', city: 'goa' });
    const second = await createStay(a, owner.headers, { name: 'Second Stay', city: 'goa' });
    const email = uniqueEmail('staff');
    const invited = await a.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: owner.headers,
      payload: { email, role: 'manager', stayIds: [first.id, second.id] },
    });
    const memberId = invited.json().member.id as string;
    const link = /\/admin\/staff-invite\/([0-9a-f-]{36})\/([\w-]+)/.exec((await waitForMail(a, email)).text);
    const accepted = await a.inject({
      method: 'POST',
      url: `/api/staff-invites/${link?.[1]}/${link?.[2]}/accept`,
      payload: { password: DEFAULT_PASSWORD, firstName: 'Sita', lastName: 'Das', mobile: '9876543210' },
    });
    expect(accepted.statusCode).toBe(200);
    const login = await a.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { email, password: DEFAULT_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().adminLoginToken}` };
    const secondStay = { method: 'GET' as const, url: `/api/admin/stays/${second.id}`, headers };
    expect((await a.inject(secondStay)).statusCode).toBe(200);
    expect((await b.inject(secondStay)).statusCode).toBe(200);

    const changed = await a.inject({
      method: 'PUT',
      url: `/api/admin/staff/${memberId}`,
      headers: owner.headers,
      payload: { role: 'manager', stayIds: [first.id] },
    });
    expect(changed.statusCode).toBe(200);
    expect((await a.inject(secondStay)).statusCode).toBe(404);
    await expect.poll(async () => (await b.inject(secondStay)).statusCode, soon).toBe(404);

    const removed = await b.inject({ method: 'DELETE', url: `/api/admin/staff/${memberId}`, headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    const firstStay = { method: 'GET' as const, url: `/api/admin/stays/${first.id}`, headers };
    expect((await b.inject(firstStay)).statusCode).toBe(401);
    await expect.poll(async () => (await a.inject(firstStay)).statusCode, soon).toBe(401);
  });
});
