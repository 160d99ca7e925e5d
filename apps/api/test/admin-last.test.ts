import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { ADMIN_USER_MSG } from '#src/features/admin-users/messages.ts';
import { build, buildOn, DEFAULT_PASSWORD, loginAdmin, type TestApp, testEngine, uniqueEmail } from './helper.ts';

// There is always an admin: no change — demoting, deleting, at once from two processes — leaves none, and once
// an admin has existed nobody becomes one by registering (docs/decisions/009-admins-timeouts-gateway.md).

vi.setConfig({ testTimeout: 60_000 });

const activeAdmins = async (app: TestApp) =>
  Number(
    (
      await app.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.isAdmin, true), isNull(users.archivedAt)))
    )[0]?.n ?? 0,
  );

const register = (app: TestApp, email = uniqueEmail('admin')) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/auth/register',
    payload: {
      firstName: 'Asha',
      lastName: 'Menon',
      email,
      mobile: '9876543210',
      password: DEFAULT_PASSWORD,
      confirmPassword: DEFAULT_PASSWORD,
    },
  });

describe(`the last admin (${testEngine})`, () => {
  async function twoAdminsOnTwoProcesses() {
    const app = await build();
    const second = await buildOn(app.database, { jwtSecret: app.config.jwtSecret });
    const a = await loginAdmin(app, { isPlatform: true });
    const b = await loginAdmin(app, { isPlatform: true });
    return { app, second, a, b };
  }
  const demote = (app: TestApp, actor: { headers: Record<string, string> }, target: { user: { id: string; email: string } }) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/users/${target.user.id}`,
      headers: actor.headers,
      payload: { firstName: 'Asha', lastName: 'Menon', mobile: '9876543210', email: target.user.email, isAdmin: false },
    });

  it('two last admins demoting each other at once, on two processes: one is refused, one admin is left', async () => {
    const { app, second, a, b } = await twoAdminsOnTwoProcesses();
    const answers = await Promise.all([demote(app, a, b), demote(second, b, a)]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The loser is refused as the last admin, or, when the other change came first, as no longer an admin.
    const refused = answers.find((r) => r.statusCode !== 200);
    expect([403, 409]).toContain(refused?.statusCode);
    if (refused?.statusCode === 409)
      expect(refused.json()).toMatchObject({ code: 'LAST_ADMIN', message: ADMIN_USER_MSG.lastAdmin });
    expect(await activeAdmins(app)).toBe(1);
  });

  it('two last admins deleting each other at once: one is refused, one admin is left', async () => {
    const { app, second, a, b } = await twoAdminsOnTwoProcesses();
    const answers = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/admin/users/${b.user.id}`, headers: a.headers }),
      second.inject({ method: 'DELETE', url: `/api/admin/users/${a.user.id}`, headers: b.headers }),
    ]);
    // The loser is refused as the last admin, or, when the other deletion came first, as a user who is gone.
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect([401, 409]).toContain(answers.find((r) => r.statusCode !== 200)?.statusCode);
    expect(await activeAdmins(app)).toBe(1);
  });

  it('two last platform admins taking the role from each other at once: one is refused, one is left', async () => {
    const { app, second, a, b } = await twoAdminsOnTwoProcesses();
    await loginAdmin(app); // a stay owner, so that the admin flag is not what is at stake
    const unplatform = (on: TestApp, actor: typeof a, target: typeof a) =>
      on.inject({
        method: 'PUT',
        url: `/api/admin/users/${target.user.id}`,
        headers: actor.headers,
        payload: {
          firstName: 'Asha',
          lastName: 'Menon',
          mobile: '9876543210',
          email: target.user.email,
          isAdmin: true,
          isPlatform: false,
        },
      });
    const answers = await Promise.all([unplatform(app, a, b), unplatform(second, b, a)]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.statusCode !== 200);
    expect([403, 409]).toContain(refused?.statusCode);
    if (refused?.statusCode === 409)
      expect(refused.json()).toMatchObject({ code: 'LAST_PLATFORM', message: ADMIN_USER_MSG.lastPlatform });
    const [row] = await app.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isPlatform, true), isNull(users.archivedAt)));
    expect(row?.n).toBe(1);
  });

  it('the first admin registered runs the platform', async () => {
    const app = await build();
    const first = await register(app);
    expect(first.json().user).toMatchObject({ isAdmin: true, isPlatform: true });
    const next = await register(app);
    expect(next.json().user).toMatchObject({ isAdmin: false, isPlatform: false });
  });

  it('once an admin has existed, a registration after the admins are gone gets no admin rights', async () => {
    const app = await build();
    const first = await register(app);
    expect(first.statusCode).toBe(201);
    expect(first.json().user.isAdmin).toBe(true);
    // Every admin gone (archived or demoted by hand in the database).
    await app.db.update(users).set({ isAdmin: false, isPlatform: false });
    expect(await activeAdmins(app)).toBe(0);
    const next = await register(app);
    expect(next.statusCode).toBe(201);
    expect(next.json().user.isAdmin).toBe(false);
  });

  it('two first registrations at once, on two processes, give exactly one admin', async () => {
    const app = await build();
    const second = await buildOn(app.database, { jwtSecret: app.config.jwtSecret });
    const answers = await Promise.all([register(app), register(second), register(app), register(second)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((r) => r.json().user.isAdmin)).toHaveLength(1);
    expect(await activeAdmins(app)).toBe(1);
  });
});
