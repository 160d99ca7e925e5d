import { API_MSG, MSG } from '@repo/shared/constants/messages';
import { newUser } from '@repo/shared/factories';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from '#src/db/schema/index.ts';
import {
  build,
  createUser,
  loginAdmin,
  loginGuest,
  outboxFiles,
  testEngine,
  type TestApp,
  uniqueEmail,
  waitForMail,
} from './helper.ts';

const registration = (prefix: string) =>
  newUser({ firstName: 'Vikram', lastName: 'Rao', email: uniqueEmail(prefix), mobile: '9000012345', password: 'Admin@2024' });

const adminLogin = (app: TestApp, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });

describe(`admin accounts: /api/admin/auth (${testEngine})`, async () => {
  const app = await build();
  const empty = await build();

  it('gives the first admin registration admin rights; the next one waits for approval', async () => {
    const first = registration('first');
    const res1 = await app.inject({ method: 'POST', url: '/api/admin/auth/register', payload: first });
    expect(res1.statusCode).toBe(201);
    expect(res1.json().message).toBe(API_MSG.registered);
    expect(res1.json().user).toMatchObject({ email: first.email, isAdmin: true });

    const login1 = await adminLogin(app, first.email, first.password);
    expect(login1.statusCode).toBe(200);
    expect(Object.keys(login1.json())).toEqual(['adminLoginToken']);
    const claims = decodeJwt(login1.json().adminLoginToken);
    expect(claims.aud).toBe('admin');
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claims.sid as string));
    expect(session?.audience).toBe('admin');

    const second = registration('second');
    const res2 = await app.inject({ method: 'POST', url: '/api/admin/auth/register', payload: second });
    expect(res2.statusCode).toBe(201);
    expect(res2.json().message).toBe(API_MSG.adminRegisteredPending);
    expect(res2.json().user.isAdmin).toBe(false);
    const [row] = await app.db.select().from(users).where(eq(users.email, second.email));
    expect(row?.adminRequestedAt).toBeInstanceOf(Date);

    const refused = await adminLogin(app, second.email, second.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_MSG.adminNotApproved);

    // An existing admin approves (the users admin screen sets is_admin).
    await app.db.update(users).set({ isAdmin: true }).where(eq(users.email, second.email));
    const approved = await adminLogin(app, second.email, second.password);
    expect(approved.statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/logout',
      headers: { authorization: `Bearer ${approved.json().adminLoginToken}` },
    });
    expect(logout.statusCode).toBe(204);
  });

  it('simultaneous registrations on an empty database make exactly one admin', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => registration('race')).map((payload) =>
        empty.inject({ method: 'POST', url: '/api/admin/auth/register', payload }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(results.filter((r) => r.json().user.isAdmin)).toHaveLength(1);
  });

  it('refuses a guest account in the admin area (403) after checking the password (401)', async () => {
    const guest = await createUser(app);
    const wrong = await adminLogin(app, guest.email, 'Wrong@12345');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(API_MSG.invalidCredentials);
    const notAdmin = await adminLogin(app, guest.email, guest.password);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().message).toBe(API_MSG.notAdmin);
    const unknown = await adminLogin(app, uniqueEmail('nobody'), 'Admin@2024');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 409 when the email already has an account (a guest one included)', async () => {
    const guest = registration('guest');
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: guest })).statusCode).toBe(201);
    const res = await app.inject({ method: 'POST', url: '/api/admin/auth/register', payload: guest });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.emailTaken);
    const [row] = await app.db.select().from(users).where(eq(users.email, guest.email));
    expect(row?.adminRequestedAt).toBeNull();
  });

  it('validates the admin register form with the spec messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/register',
      payload: { ...registration('v'), firstName: 'Jo', mobile: '12', confirmPassword: 'Other@2024' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      firstName: MSG.firstNameTooShort,
      mobile: MSG.mobileInvalid,
      confirmPassword: MSG.passwordsMismatch,
    });
  });

  it('an admin token opens admin routes but not /api/me; a guest token is refused by the admin area', async () => {
    const admin = await loginAdmin(app);
    const guest = await loginGuest(app);
    expect((await app.inject({ url: '/api/me', headers: admin.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/stays/types', headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/stays/types', headers: guest.headers })).statusCode).toBe(403);
    const guestOut = await app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: guest.headers });
    expect(guestOut.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/auth/logout' })).statusCode).toBe(401);
    const out = await app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: admin.headers });
    expect(out.statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: admin.headers })).statusCode).toBe(401);
  });

  it('an admin token stops working (403) once the user is no longer an admin', async () => {
    const admin = await loginAdmin(app);
    await app.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
    const res = await app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_MSG.notAdmin);
  });

  describe('forgot and reset password', () => {
    it('mails an /admin/forgotpassword link that works in the admin area only, once', async () => {
      const admin = await createUser(app, { isAdmin: true });
      const before = new Set(outboxFiles(app));
      const res = await app.inject({ method: 'POST', url: '/api/admin/auth/forgot-password', payload: { email: admin.email } });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: API_MSG.forgotSent });
      const mail = await waitForMail(app, admin.email, before);
      const m = new RegExp(`${app.config.publicUrl}/admin/forgotpassword/${admin.id}/verify/([A-Za-z0-9_-]+)`).exec(mail.text);
      expect(m).not.toBeNull();
      const token = m?.[1] as string;
      const [row] = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, admin.id));
      expect(row?.audience).toBe('admin');

      // The guest area does not accept an admin link.
      expect((await app.inject(`/api/auth/reset/${admin.id}/${token}`)).statusCode).toBe(400);
      const verify = await app.inject(`/api/admin/auth/reset/${admin.id}/${token}`);
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: API_MSG.resetLinkValid });

      const body = { userId: admin.id, token, email: admin.email, password: 'NewAdmin@1', confirmPassword: 'NewAdmin@1' };
      expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body })).statusCode).toBe(400);
      const reset = await app.inject({ method: 'POST', url: '/api/admin/auth/reset-password', payload: body });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: API_MSG.resetDone });
      expect((await app.inject({ method: 'POST', url: '/api/admin/auth/reset-password', payload: body })).statusCode).toBe(400);
      expect((await adminLogin(app, admin.email, admin.password)).statusCode).toBe(401);
      expect((await adminLogin(app, admin.email, 'NewAdmin@1')).statusCode).toBe(200);
    });

    it('sends nothing for an unknown email or a guest-only account, with the same answer', async () => {
      const guest = await createUser(app);
      const pending = registration('pending');
      await app.inject({ method: 'POST', url: '/api/admin/auth/register', payload: pending });
      // The registration's own mail (the email confirmation link) is not a reset mail.
      await waitForMail(app, pending.email);
      const before = new Set(outboxFiles(app));
      const answers = [];
      for (const email of [uniqueEmail('ghost'), guest.email, pending.email]) {
        const res = await app.inject({ method: 'POST', url: '/api/admin/auth/forgot-password', payload: { email } });
        expect(res.statusCode).toBe(202);
        answers.push(res.json());
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      // A pending admin may reset the password of the account they registered; the guest gets nothing.
      const mail = await waitForMail(app, pending.email, before);
      expect(outboxFiles(app).filter((f) => !before.has(f))).toEqual([mail.file]);
      const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, guest.id));
      expect(rows).toEqual([]);
    });

    it('rejects a guest link in the admin area', async () => {
      const guest = await createUser(app);
      const before = new Set(outboxFiles(app));
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: guest.email } });
      const mail = await waitForMail(app, guest.email, before);
      const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
      expect((await app.inject(`/api/admin/auth/reset/${guest.id}/${token}`)).statusCode).toBe(400);
      expect((await app.inject(`/api/auth/reset/${guest.id}/${token}`)).statusCode).toBe(200);
    });
  });
});

describe(`admin login rate limit (${testEngine})`, async () => {
  const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, global: 1000, login: 3, forgot: 2 } });

  it('answers 429 after the limit on admin login and admin forgot-password', async () => {
    const login = () =>
      app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email: uniqueEmail('x'), password: 'Wrong@12345' } });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(401);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(API_MSG.tooMany);

    const forgot = () =>
      app.inject({ method: 'POST', url: '/api/admin/auth/forgot-password', payload: { email: uniqueEmail('x') } });
    expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(429);
  });
});
