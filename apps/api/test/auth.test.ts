import { MSG, API_MSG } from '@repo/shared/constants/messages';
import { newUser } from '@repo/shared/factories';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from '#src/db/schema/index.ts';
import { signToken } from '#src/features/auth/tokens.ts';
import {
  build,
  createUser,
  DEFAULT_PASSWORD,
  loginAdmin,
  loginGuest,
  outboxFiles,
  testEngine,
  type TestApp,
  uniqueEmail,
  waitForMail,
} from './helper.ts';

const validRegistration = () =>
  newUser({ firstName: 'Ananya', lastName: 'Iyer', email: uniqueEmail('reg'), mobile: '9876543210', password: 'Travel@2024' });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(app: TestApp, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

/** Asks for a reset link and returns it as mailed (through the outbox). */
async function mailedResetLink(app: TestApp, email: string, seen = new Set<string>()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(res.statusCode).toBe(202);
  const mail = await waitForMail(app, email, seen);
  const m = /(https?:\/\/\S+?\/forgotpassword\/([0-9a-f-]{36})\/verify\/([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!m) throw new Error(`no reset link in mail:\n${mail.text}`);
  return { url: m[1] as string, userId: m[2] as string, token: m[3] as string, file: mail.file, body: res.json() };
}

describe(`guest accounts: /api/auth (${testEngine})`, async () => {
  const app = await build();

  describe('register', () => {
    it('creates the account (201) without admin rights and never sends the password hash', async () => {
      const input = validRegistration();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...input, email: input.email.toUpperCase(), isAdmin: true },
      });
      expect(res.statusCode).toBe(201);
      const { user, message } = res.json();
      expect(message).toBe(API_MSG.registered);
      expect(Object.keys(user).sort()).toEqual(
        [
          'createdAt',
          'email',
          'emailConfirmed',
          'firstName',
          'id',
          'isAdmin',
          'isLoggedIn',
          'isPlatform',
          'lastName',
          'mobile',
        ].sort(),
      );
      expect(user).toMatchObject({
        firstName: 'Ananya',
        lastName: 'Iyer',
        email: input.email,
        mobile: '9876543210',
        isAdmin: false,
        isPlatform: false,
        isLoggedIn: false,
      });
      expect(res.body).not.toMatch(/argon2|passwordHash|Travel@2024/);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.isAdmin).toBe(false);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('answers 409 when the email is taken, whatever its case', async () => {
      const input = validRegistration();
      expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: input })).statusCode).toBe(201);
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...validRegistration(), email: ` ${input.email.toUpperCase()} ` },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: API_MSG.emailTaken, fieldErrors: { email: API_MSG.emailTaken } });
    });

    const long = 'a'.repeat(21);
    const cases: [field: string, value: unknown, message: string][] = [
      ['firstName', undefined, MSG.firstNameRequired],
      ['firstName', '', MSG.firstNameRequired],
      ['firstName', '   ', MSG.firstNameRequired],
      ['firstName', 'Al', MSG.firstNameTooShort],
      ['firstName', long, MSG.nameTooLong],
      ['lastName', undefined, MSG.lastNameRequired],
      ['lastName', '', MSG.lastNameRequired],
      ['lastName', 'Li', MSG.lastNameTooShort],
      ['lastName', long, MSG.nameTooLong],
      ['email', undefined, MSG.emailRequired],
      ['email', '', MSG.emailRequired],
      ['email', 'not-an-email', MSG.emailInvalid],
      ['email', 'a@b', MSG.emailInvalid],
      ['mobile', undefined, MSG.mobileRequired],
      ['mobile', '', MSG.mobileRequired],
      ['mobile', '98765', MSG.mobileInvalid],
      ['mobile', '98765432101', MSG.mobileInvalid],
      ['mobile', '98765abcde', MSG.mobileInvalid],
      ['password', undefined, MSG.passwordRequired],
      ['password', '', MSG.passwordRequired],
      ['password', 'Ab@1234', MSG.passwordInvalid],
      ['password', 'Ab@1234567890123', MSG.passwordInvalid],
      ['password', 'has space 123', MSG.passwordInvalid],
      ['confirmPassword', undefined, MSG.confirmPasswordRequired],
      ['confirmPassword', '', MSG.confirmPasswordRequired],
      ['confirmPassword', 'short', MSG.confirmPasswordInvalid],
      ['confirmPassword', 'Different@1', MSG.passwordsMismatch],
    ];
    it.each(cases)('rejects %s = %j with "%s"', async (field, value, message) => {
      const payload: Record<string, unknown> = { ...validRegistration(), [field]: value };
      if (value === undefined) delete payload[field];
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
      expect(res.json().message).toBeTruthy();
    });

    it('answers a body that is not an object with 400, not 500', async () => {
      for (const payload of ['null', '[]', '"text"', '42']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
      }
    });
  });

  describe('login', () => {
    it('answers a loginToken carrying the spec fields, which opens /api/me', async () => {
      const user = await createUser(app, { email: uniqueEmail('login') });
      const asked = Date.now();
      const res = await login(app, user.email.toUpperCase(), user.password);
      const answered = Date.now();
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['loginToken']);
      const token = res.json().loginToken as string;
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        mobile: user.mobile,
        aud: 'guest',
      });
      expect(JSON.stringify(claims)).not.toMatch(/argon2|password/i);
      const [session] = await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, claims.sid as string));
      expect(session).toMatchObject({ userId: user.id, audience: 'guest', revokedAt: null });
      // The session lives as long as the token: 7 days from the login.
      const expires = session?.expiresAt.getTime() ?? 0;
      expect(expires).toBeGreaterThanOrEqual(asked + 7 * 24 * 3600_000);
      expect(expires).toBeLessThanOrEqual(answered + 7 * 24 * 3600_000);

      const me = await app.inject({ url: '/api/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ id: user.id, email: user.email, isLoggedIn: true });
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const user = await createUser(app);
      const wrong = await login(app, user.email, 'Wrong@12345');
      const unknown = await login(app, uniqueEmail('nobody'), DEFAULT_PASSWORD);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json().message).toBe(API_MSG.invalidCredentials);
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('validates the login form', async () => {
      const noEmail = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { password: 'x' } });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().fieldErrors).toEqual({ email: MSG.emailRequired });
      const bad = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nope', password: '' } });
      expect(bad.json().fieldErrors).toEqual({ email: MSG.emailInvalid, password: MSG.passwordRequired });
    });

    it('refuses an archived user', async () => {
      const user = await createUser(app);
      await app.db.update(users).set({ archivedAt: new Date() }).where(eq(users.id, user.id));
      const res = await login(app, user.email, user.password);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(API_MSG.invalidCredentials);
    });

    it('lets a user registered through the API log in', async () => {
      const input = validRegistration();
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
      expect((await login(app, input.email, input.password)).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('answers 401 without a token or with a malformed one', async () => {
      expect((await app.inject('/api/me')).statusCode).toBe(401);
      for (const authorization of ['Bearer', 'Bearer nonsense', 'Bearer a.b.c', 'Basic dXNlcjpwYXNz', 'Bearer eyJ.eyJ.sig']) {
        const res = await app.inject({ url: '/api/me', headers: { authorization } });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().message).toBeTruthy();
      }
    });

    it('accepts the raw token (no Bearer) as some spec calls send it', async () => {
      const { token } = await loginGuest(app);
      expect((await app.inject({ url: '/api/me', headers: { authorization: token } })).statusCode).toBe(200);
    });

    it('answers 401 for an expired token of a live session', async () => {
      const { user, token } = await loginGuest(app);
      const sid = decodeJwt(token).sid as string;
      const fresh = await signToken(app.config.jwtSecret, user, sid, 'guest', 60);
      expect((await app.inject({ url: '/api/me', headers: bearer(fresh) })).statusCode).toBe(200);
      const expired = await signToken(app.config.jwtSecret, user, sid, 'guest', -10);
      const res = await app.inject({ url: '/api/me', headers: bearer(expired) });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(API_MSG.sessionExpired);
    });

    it('answers 401 for a token signed with another secret', async () => {
      const { user, token } = await loginGuest(app);
      const sid = decodeJwt(token).sid as string;
      const forged = await signToken('another-secret-that-is-long-enough-000000', user, sid, 'guest');
      expect((await app.inject({ url: '/api/me', headers: bearer(forged) })).statusCode).toBe(401);
    });

    it('answers 401 for a session that expired in the database', async () => {
      const { token } = await loginGuest(app);
      const sid = decodeJwt(token).sid as string;
      await app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, sid));
      expect((await app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('logout revokes the session (204); the token then answers 401', async () => {
      const { token } = await loginGuest(app);
      const other = await loginGuest(app);
      const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(204);
      expect(out.body).toBe('');
      const [row] = await app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, decodeJwt(token).sid as string));
      expect(row?.revokedAt).toBeInstanceOf(Date);
      expect((await app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
      // Another user's session is untouched.
      expect((await app.inject({ url: '/api/me', headers: other.headers })).statusCode).toBe(200);
    });

    it('logout needs a token', async () => {
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    });

    it('a guest token on an admin route answers 403; an admin token on /api/me answers 403', async () => {
      const guest = await loginGuest(app);
      const onAdmin = await app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: guest.headers });
      expect(onAdmin.statusCode).toBe(403);
      // The same at the guard in front of every admin route.
      const onAdminArea = await app.inject({ url: '/api/admin/stays/types', headers: guest.headers });
      expect(onAdminArea.statusCode).toBe(403);
      const admin = await loginAdmin(app);
      const onMe = await app.inject({ url: '/api/me', headers: admin.headers });
      expect(onMe.statusCode).toBe(403);
      // Neither answer ended the session.
      expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(200);
    });
  });

  describe('forgot and reset password', () => {
    it('answers the same 202 for an unknown email and mails nothing for it; the token never leaves by HTTP', async () => {
      const before = outboxFiles(app);
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: uniqueEmail('ghost') },
      });
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual({ message: API_MSG.forgotSent });

      const user = await createUser(app);
      const link = await mailedResetLink(app, user.email, new Set(before));
      expect(link.body).toEqual(unknown.json());
      expect(JSON.stringify(link.body)).not.toContain(link.token);
      // Only the known email got a mail.
      expect(outboxFiles(app).filter((f) => !before.includes(f))).toEqual([link.file]);
      expect(link.url).toBe(`${app.config.publicUrl}/forgotpassword/${user.id}/verify/${link.token}`);
    });

    it('validates the forgot form', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ email: MSG.emailInvalid });
    });

    it('stores only a sha256 of the token, valid for 30 minutes', async () => {
      const user = await createUser(app);
      const link = await mailedResetLink(app, user.email);
      const rows = await app.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toContain(link.token);
      expect(row.audience).toBe('guest');
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29 * 60_000);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
    });

    it('resets once with the mailed link: old password and old sessions die, the new password works', async () => {
      const user = await createUser(app);
      const session = await loginGuest(app, { email: uniqueEmail('other') }).then(() => login(app, user.email, user.password));
      const oldToken = session.json().loginToken as string;
      const link = await mailedResetLink(app, user.email);

      const verify = await app.inject(`/api/auth/reset/${link.userId}/${link.token}`);
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: API_MSG.resetLinkValid });

      const body = {
        userId: link.userId,
        token: link.token,
        email: user.email,
        password: 'Fresh@2025',
        confirmPassword: 'Fresh@2025',
      };
      const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: API_MSG.resetDone });

      expect((await login(app, user.email, user.password)).statusCode).toBe(401);
      expect((await login(app, user.email, 'Fresh@2025')).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/me', headers: bearer(oldToken) })).statusCode).toBe(401);

      // The link works once.
      const again = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, password: 'Third@2025', confirmPassword: 'Third@2025' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(API_MSG.resetLinkInvalid);
      const verifyAgain = await app.inject(`/api/auth/reset/${link.userId}/${link.token}`);
      expect(verifyAgain.statusCode).toBe(400);
      expect(verifyAgain.json().message).toBe(API_MSG.resetLinkInvalid);
      expect((await login(app, user.email, 'Fresh@2025')).statusCode).toBe(200);
    });

    it('a reset ends every other link mailed to the user', async () => {
      const user = await createUser(app);
      const first = await mailedResetLink(app, user.email);
      const second = await mailedResetLink(app, user.email, new Set([first.file]));
      expect(second.token).not.toBe(first.token);
      const body = { userId: user.id, email: user.email, password: 'Fresh@2025', confirmPassword: 'Fresh@2025' };
      const ok = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { ...body, token: second.token } });
      expect(ok.statusCode).toBe(200);
      const stale = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, token: first.token },
      });
      expect(stale.statusCode).toBe(400);
    });

    it('fails after 30 minutes', async () => {
      const user = await createUser(app);
      const link = await mailedResetLink(app, user.email);
      await app.db
        .update(passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passwordResets.userId, user.id));
      const verify = await app.inject(`/api/auth/reset/${link.userId}/${link.token}`);
      expect(verify.statusCode).toBe(400);
      expect(verify.json().message).toBe(API_MSG.resetLinkInvalid);
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { userId: user.id, token: link.token, email: user.email, password: 'Fresh@2025', confirmPassword: 'Fresh@2025' },
      });
      expect(reset.statusCode).toBe(400);
      expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    });

    it("fails with another user's id, and with the wrong email", async () => {
      const user = await createUser(app);
      const other = await createUser(app);
      const link = await mailedResetLink(app, user.email);
      expect((await app.inject(`/api/auth/reset/${other.id}/${link.token}`)).statusCode).toBe(400);
      const body = { token: link.token, password: 'Fresh@2025', confirmPassword: 'Fresh@2025' };
      const asOther = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, userId: other.id, email: other.email },
      });
      expect(asOther.statusCode).toBe(400);
      expect(asOther.json().message).toBe(API_MSG.resetLinkInvalid);
      const wrongEmail = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, userId: user.id, email: other.email },
      });
      expect(wrongEmail.statusCode).toBe(400);
      expect(wrongEmail.json()).toMatchObject({
        message: API_MSG.resetEmailMismatch,
        fieldErrors: { email: API_MSG.resetEmailMismatch },
      });
      // Neither attempt changed a password or used the link.
      expect((await login(app, user.email, user.password)).statusCode).toBe(200);
      expect((await login(app, other.email, other.password)).statusCode).toBe(200);
      expect((await app.inject(`/api/auth/reset/${user.id}/${link.token}`)).statusCode).toBe(200);
    });

    it('cannot reset without the token, or with a made-up one', async () => {
      const user = await createUser(app);
      const body = { userId: user.id, email: user.email, password: 'Fresh@2025', confirmPassword: 'Fresh@2025' };
      const without = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
      expect(without.statusCode).toBe(400);
      expect(without.json().fieldErrors.token).toBe(API_MSG.resetLinkInvalid);
      const madeUp = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...body, token: 'A'.repeat(43) },
      });
      expect(madeUp.statusCode).toBe(400);
      expect(madeUp.json().message).toBe(API_MSG.resetLinkInvalid);
      expect((await app.inject(`/api/auth/reset/not-a-uuid/${'A'.repeat(43)}`)).statusCode).toBe(400);
      expect((await app.inject(`/api/auth/reset/${user.id}/short`)).statusCode).toBe(400);
      expect((await login(app, user.email, user.password)).statusCode).toBe(200);
    });

    it('validates the reset form like the register form', async () => {
      const user = await createUser(app);
      const link = await mailedResetLink(app, user.email);
      const base = { userId: user.id, token: link.token, email: user.email };
      const mismatch = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...base, password: 'Fresh@2025', confirmPassword: 'Other@2025' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fieldErrors).toEqual({ confirmPassword: MSG.passwordsMismatch });
      const weak = await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { ...base, email: '', password: 'weak', confirmPassword: '' },
      });
      expect(weak.json().fieldErrors).toEqual({
        email: MSG.emailRequired,
        password: MSG.passwordInvalid,
        confirmPassword: MSG.confirmPasswordRequired,
      });
      // Failed validation does not use the link.
      expect((await app.inject(`/api/auth/reset/${user.id}/${link.token}`)).statusCode).toBe(200);
    });
  });
});

describe(`rate limits on login and forgot-password (${testEngine})`, async () => {
  const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, global: 1000, login: 3, forgot: 2 } });

  it('answers 429 after the login limit, counted per client IP', async () => {
    const user = await createUser(app);
    const attempt = (remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: user.email, password: 'Wrong@12345' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(API_MSG.tooMany);
    // The right password is refused too while limited; another client is not limited.
    const right = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '203.0.113.7',
      payload: { email: user.email, password: user.password },
    });
    expect(right.statusCode).toBe(429);
    expect((await attempt('198.51.100.9')).statusCode).toBe(401);
  });

  it('answers 429 after the forgot-password limit', async () => {
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '203.0.113.8',
        payload: { email: uniqueEmail('rl') },
      });
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(API_MSG.tooMany);
  });

  it('does not limit other routes at that rate', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/subscribers',
        remoteAddress: '203.0.113.9',
        payload: { email: uniqueEmail('s') },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe(`no input makes the account routes fail with a 5xx (${testEngine})`, async () => {
  const app = await build();
  const guest = await loginGuest(app);

  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('', ' ', 'a@b.co', 'Secret@123', '9876543210', '\u0000', '😀'),
  );
  const field = fc.oneof(text, fc.anything({ maxDepth: 2 }));
  const body = fc.oneof(
    fc.anything({ maxDepth: 3 }),
    fc.record(
      {
        firstName: field,
        lastName: field,
        email: field,
        mobile: field,
        password: field,
        confirmPassword: field,
        userId: fc.oneof(fc.uuid(), field),
        token: fc.oneof(fc.base64String({ minLength: 20, maxLength: 60 }), field),
        isAdmin: fc.anything(),
      },
      { requiredKeys: [] },
    ),
  );
  const targets: { method: 'POST' | 'PATCH'; url: string; auth?: boolean }[] = [
    { method: 'POST', url: '/api/auth/register' },
    { method: 'POST', url: '/api/auth/login' },
    { method: 'POST', url: '/api/auth/forgot-password' },
    { method: 'POST', url: '/api/auth/reset-password' },
    { method: 'POST', url: '/api/admin/auth/register' },
    { method: 'POST', url: '/api/admin/auth/login' },
    { method: 'POST', url: '/api/admin/auth/reset-password' },
    { method: 'PATCH', url: '/api/me', auth: true },
    { method: 'POST', url: '/api/subscribers' },
  ];

  it.each(targets)('$method $url', async ({ method, url, auth }) => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...(auth ? guest.headers : {}) },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(res.statusCode, `${res.statusCode} ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });

  it('GET reset link with any path segments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 50 }), fc.string({ maxLength: 80 }), async (userId, token) => {
        for (const area of ['/api/auth', '/api/admin/auth']) {
          const res = await app.inject(`${area}/reset/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`);
          expect(res.statusCode).toBeLessThan(500);
        }
      }),
      { numRuns: 150 },
    );
  });
});
