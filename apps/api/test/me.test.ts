import { API_MSG, BILLING_MSG, MSG } from '@repo/shared/constants/messages';
import { newBillingAddress } from '@repo/shared/factories';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#src/db/schema/index.ts';
import { build, createUser, loginAdmin, loginGuest, testEngine, uniqueEmail } from './helper.ts';

const USER_KEYS = [
  'billingAddress',
  'billingPin',
  'billingState',
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
];

describe(`my profile: /api/me (${testEngine})`, async () => {
  const app = await build();
  const patch = (headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'PATCH', url: '/api/me', headers, payload: payload as Record<string, unknown> });

  it('answers the signed-in user with isLoggedIn and the billing address on record, and nothing else', async () => {
    const { user, headers } = await loginGuest(app, { firstName: 'Meera', lastName: 'Nair', mobile: '9988776655' });
    const res = await app.inject({ url: '/api/me', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(USER_KEYS);
    expect(body).toEqual({
      id: user.id,
      firstName: 'Meera',
      lastName: 'Nair',
      email: user.email,
      mobile: '9988776655',
      isAdmin: false,
      isPlatform: false,
      isLoggedIn: true,
      emailConfirmed: true,
      createdAt: user.createdAt.toISOString(),
      ...newBillingAddress(),
    });
    expect(res.body).not.toMatch(/argon2|password/i);
    // A profile with no address yet answers nulls.
    const bare = await loginGuest(app, { billing: null });
    expect((await app.inject({ url: '/api/me', headers: bare.headers })).json()).toMatchObject({
      billingAddress: null,
      billingPin: null,
      billingState: null,
    });
  });

  it('saves the billing address (trimmed), answers it and keeps it; blank parts keep their value', async () => {
    const { user, headers } = await loginGuest(app, { billing: null });
    const address = { billingAddress: ' 12, 80 Feet Road, Indiranagar, Bengaluru ', billingPin: ' 560038 ', billingState: '29' };
    const res = await patch(headers, address);
    expect(res.statusCode, res.body).toBe(200);
    const saved = { billingAddress: '12, 80 Feet Road, Indiranagar, Bengaluru', billingPin: '560038', billingState: '29' };
    expect(res.json().user).toMatchObject(saved);
    expect((await app.inject({ url: '/api/me', headers })).json()).toMatchObject(saved);
    // The token carries the spec's details only.
    expect(Object.keys(decodeJwt(res.json().loginToken))).not.toContain('billingAddress');
    // One part alone changes, the rest stay; blanks keep the old values.
    const moved = await patch(headers, { billingPin: '560001', billingAddress: '', billingState: '  ' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().user).toMatchObject({ ...saved, billingPin: '560001' });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ ...saved, billingPin: '560001', firstName: user.firstName });
  });

  it('keeps the billing address whole: a first address without its PIN code or state is a 400 naming them, saving nothing', async () => {
    const { user, headers } = await loginGuest(app, { billing: null });
    const res = await patch(headers, { billingAddress: '4 Station Road, Pune', firstName: 'Changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: BILLING_MSG.profileNeedsWhole,
      fieldErrors: { billingPin: BILLING_MSG.pinRequired, billingState: BILLING_MSG.stateRequired },
    });
    expect(Object.keys(res.json().fieldErrors)).not.toContain('billingAddress');
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ billingAddress: null, billingPin: null, billingState: null, firstName: user.firstName });
  });

  it('needs a guest token: 401 without one, 403 with an admin token, 401 after logout', async () => {
    expect((await app.inject('/api/me')).statusCode).toBe(401);
    expect((await app.inject({ method: 'PATCH', url: '/api/me', payload: { firstName: 'Hacker' } })).statusCode).toBe(401);
    const admin = await loginAdmin(app);
    expect((await app.inject({ url: '/api/me', headers: admin.headers })).statusCode).toBe(403);
    expect((await patch(admin.headers, { firstName: 'Someone' })).statusCode).toBe(403);
    const guest = await loginGuest(app);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: guest.headers });
    expect((await app.inject({ url: '/api/me', headers: guest.headers })).statusCode).toBe(401);
  });

  it('keeps the old value of every blank field', async () => {
    const { user, headers } = await loginGuest(app, { firstName: 'Kiran', lastName: 'Desai', mobile: '9123412345' });
    const res = await patch(headers, { firstName: '', lastName: '   ', mobile: '', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(API_MSG.profileUpdated);
    expect(res.json().user).toMatchObject({ firstName: 'Kiran', lastName: 'Desai', mobile: '9123412345', email: user.email });
    const empty = await patch(headers, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().user.firstName).toBe('Kiran');
  });

  it('changes only the fields given, and the change is kept', async () => {
    const { user, headers } = await loginGuest(app, { firstName: 'Kiran', lastName: 'Desai', mobile: '9123412345' });
    const newEmail = uniqueEmail('moved');
    const res = await patch(headers, {
      firstName: ' Kiranmayi ',
      lastName: '',
      mobile: '9000000001',
      email: newEmail.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      firstName: 'Kiranmayi',
      lastName: 'Desai',
      mobile: '9000000001',
      email: newEmail,
      isLoggedIn: true,
    });
    expect((await app.inject({ url: '/api/me', headers })).json()).toMatchObject({ firstName: 'Kiranmayi', email: newEmail });
    // A token of the same session carrying the new details comes back; it expires with the session.
    const { loginToken } = res.json();
    const claims = decodeJwt(loginToken);
    expect(claims).toMatchObject({
      id: user.id,
      firstName: 'Kiranmayi',
      email: newEmail,
      sid: decodeJwt(headers.authorization.slice(7)).sid,
    });
    const [session] = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, claims.sid as string));
    expect(Math.abs((claims.exp ?? 0) - Math.floor((session?.expiresAt.getTime() ?? 0) / 1000))).toBeLessThanOrEqual(2);
    const fresh = { authorization: `Bearer ${loginToken}` };
    expect((await app.inject({ url: '/api/me', headers: fresh })).statusCode).toBe(200);
    // The new email is the login from now on.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: newEmail, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it("answers 409 for another account's email (any case) and keeps the profile", async () => {
    const other = await createUser(app);
    const { user, headers } = await loginGuest(app);
    const res = await patch(headers, { email: other.email.toUpperCase(), firstName: 'Changed' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_MSG.emailTaken);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstName: user.firstName });
    // The own email again is fine.
    expect((await patch(headers, { email: user.email })).statusCode).toBe(200);
  });

  it('rejects isAdmin and any other unknown field with 400, changing nothing', async () => {
    const { user, headers } = await loginGuest(app);
    for (const extra of [{ isAdmin: true }, { id: crypto.randomUUID() }, { passwordHash: 'x' }, { isLoggedIn: false }]) {
      const res = await patch(headers, { firstName: 'Escalate', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toContain(Object.keys(extra)[0]);
    }
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isAdmin: false, firstName: user.firstName, passwordHash: user.passwordHash });
  });

  const cases: [field: string, value: unknown, message: string][] = [
    ['firstName', 'Al', MSG.firstNameTooShort],
    ['firstName', 'A'.repeat(21), MSG.nameTooLong],
    ['firstName', null, MSG.firstNameRequired],
    ['lastName', 'Li', MSG.lastNameTooShort],
    ['lastName', 'B'.repeat(21), MSG.nameTooLong],
    ['mobile', '12345', MSG.mobileInvalid],
    ['mobile', 9876543210, MSG.mobileRequired],
    ['email', 'not-an-email', MSG.emailInvalid],
    ['billingAddress', 'x'.repeat(201), BILLING_MSG.addressTooLong],
    ['billingAddress', 42, BILLING_MSG.addressRequired],
    ['billingPin', '012345', BILLING_MSG.pinInvalid],
    ['billingPin', '12345', BILLING_MSG.pinInvalid],
    ['billingPin', '1234567', BILLING_MSG.pinInvalid],
    ['billingPin', '56oo38', BILLING_MSG.pinInvalid],
    ['billingPin', 560038, BILLING_MSG.pinRequired],
    ['billingState', '25', BILLING_MSG.stateInvalid],
    ['billingState', 'Karnataka', BILLING_MSG.stateInvalid],
    ['billingState', '00', BILLING_MSG.stateInvalid],
  ];
  it.each(cases)('rejects %s = %j with "%s"', async (field, value, message) => {
    const { user, headers } = await loginGuest(app);
    const res = await patch(headers, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ [field]: message });
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.updatedAt.getTime()).toBe(user.updatedAt.getTime());
  });
});
