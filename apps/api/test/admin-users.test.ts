import { MSG } from '@repo/shared/constants/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '#src/db/schema/index.ts';
import { build, createUser, loginAdmin, loginGuest, testEngine, uniqueEmail } from './helper.ts';
import { createStay, insertBooking } from './stays-helpers.ts';

describe(`admin users (${testEngine})`, async () => {
  const app = await build();
  const admin = await loginAdmin(app, { firstName: 'Asha', isPlatform: true });
  const guest = await loginGuest(app, { firstName: 'Rahul' });

  const edit = (id: string, payload: Record<string, unknown>, headers = admin.headers) =>
    app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers, payload });
  const validEdit = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Meera',
    lastName: 'Nair',
    mobile: '9000012345',
    email: uniqueEmail('edited'),
    isAdmin: 'No',
    ...overrides,
  });

  it('needs an admin token', async () => {
    expect((await app.inject('/api/admin/users')).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/users', headers: guest.headers })).statusCode).toBe(403);
    expect((await edit(guest.user.id, validEdit(), guest.headers)).statusCode).toBe(403);
  });

  it('lists users with isLoggedIn and never a password hash', async () => {
    const idle = await createUser(app, { firstName: 'Idle' });
    const res = await app.inject({ url: '/api/admin/users', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json().users as { id: string; isLoggedIn: boolean; isAdmin: boolean }[];
    expect(list.find((u) => u.id === guest.user.id)).toMatchObject({ isLoggedIn: true, isAdmin: false });
    expect(list.find((u) => u.id === idle.id)).toMatchObject({ isLoggedIn: false });
    expect(list.find((u) => u.id === admin.user.id)).toMatchObject({ isAdmin: true });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
  });

  it('reads one user; unknown ids are 404, malformed ones 400', async () => {
    const res = await app.inject({ url: `/api/admin/users/${guest.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: guest.user.id, firstName: 'Rahul', email: guest.user.email, isLoggedIn: true });
    const missing = await app.inject({ url: '/api/admin/users/00000000-0000-4000-8000-000000000000', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/admin/users/abc', headers: admin.headers })).statusCode).toBe(400);
  });

  it('edits a user, with the shared validation messages', async () => {
    const user = await createUser(app);
    const payload = validEdit({ email: uniqueEmail('Mixed.Case') });
    const res = await edit(user.id, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ firstName: 'Meera', lastName: 'Nair', mobile: '9000012345', isAdmin: false });
    expect(res.json().user.email).toBe(String(payload.email).toLowerCase());
    const bad = await edit(user.id, { firstName: 'Al', lastName: '', mobile: '123', email: 'nope', isAdmin: 'Maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      firstName: MSG.firstNameTooShort,
      lastName: MSG.lastNameRequired,
      mobile: MSG.mobileInvalid,
      email: MSG.emailInvalid,
    });
  });

  it('refuses an email another account has (409)', async () => {
    const user = await createUser(app);
    const res = await edit(user.id, validEdit({ email: guest.user.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('An account with this email already exists');
    // keeping one's own email is fine
    expect((await edit(user.id, validEdit({ email: user.email }))).statusCode).toBe(200);
  });

  it('grants admin rights, clearing a pending admin request', async () => {
    const user = await createUser(app);
    await app.db.update(users).set({ adminRequestedAt: new Date() }).where(eq(users.id, user.id));
    const res = await edit(user.id, validEdit({ isAdmin: 'Yes' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().user.isAdmin).toBe(true);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isAdmin).toBe(true);
    expect(row?.adminRequestedAt).toBeNull();
  });

  it('refuses to let an admin remove their own admin flag', async () => {
    const me = await loginAdmin(app, { isPlatform: true });
    const res = await edit(me.user.id, validEdit({ isAdmin: false }), me.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can not remove your own admin rights');
    const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.isAdmin).toBe(true);
    // editing one's own details while staying an admin is fine
    expect((await edit(me.user.id, validEdit({ isAdmin: true }), me.headers)).statusCode).toBe(200);
  });

  it('approves an admin registration as a stay owner, who can not reach the users routes', async () => {
    const email = uniqueEmail('owner');
    const body = { firstName: 'Omkar', lastName: 'Shetty', email, mobile: '9876543210', password: 'Secret@123' };
    const reg = await app.inject({
      method: 'POST',
      url: '/api/admin/auth/register',
      payload: { ...body, confirmPassword: body.password },
    });
    expect(reg.json().user).toMatchObject({ isAdmin: false, isPlatform: false });
    const granted = await edit(reg.json().user.id, validEdit({ email, isAdmin: 'Yes' }));
    expect(granted.statusCode).toBe(200);
    expect(granted.json().user).toMatchObject({ isAdmin: true, isPlatform: false });
    const login = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password: body.password } });
    const headers = { authorization: `Bearer ${login.json().adminLoginToken}` };
    const list = await app.inject({ url: '/api/admin/users', headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('Only the StayBook platform team can do this');
    expect((await app.inject({ url: '/api/admin/stays/types', headers })).statusCode).toBe(200);
  });

  it('grants and takes away the platform role; only with the admin flag; keeps it when not said', async () => {
    const other = await loginAdmin(app);
    const made = await edit(other.user.id, validEdit({ email: other.user.email, isAdmin: 'Yes', isPlatform: 'Yes' }));
    expect(made.json().user).toMatchObject({ isAdmin: true, isPlatform: true });
    expect((await app.inject({ url: '/api/admin/users', headers: other.headers })).statusCode).toBe(200);
    // Left out, the role is kept; demoted from admin, it goes too.
    expect((await edit(other.user.id, validEdit({ email: other.user.email, isAdmin: 'Yes' }))).json().user.isPlatform).toBe(true);
    const refused = await edit(other.user.id, validEdit({ email: other.user.email, isAdmin: 'No', isPlatform: 'Yes' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toMatchObject({ isPlatform: 'A platform admin must be an admin too' });
    expect((await edit(other.user.id, validEdit({ email: other.user.email, isAdmin: 'No' }))).json().user).toMatchObject({
      isAdmin: false,
      isPlatform: false,
    });
    expect((await app.inject({ url: '/api/admin/users', headers: other.headers })).statusCode).toBe(403);
  });

  it('refuses to let a platform admin remove their own platform flag', async () => {
    const me = await loginAdmin(app, { isPlatform: true });
    const res = await edit(me.user.id, validEdit({ email: me.user.email, isAdmin: 'Yes', isPlatform: 'No' }), me.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can not remove your own platform rights');
    const [row] = await app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.isPlatform).toBe(true);
  });

  it('refuses to delete yourself', async () => {
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${admin.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can not delete your own account');
  });

  it('deletes a user without bookings, with their sessions', async () => {
    const gone = await loginGuest(app);
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${gone.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User deleted successfully');
    expect(await app.db.select().from(users).where(eq(users.id, gone.user.id))).toEqual([]);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, gone.user.id))).toEqual([]);
    expect((await app.inject({ url: `/api/admin/users/${gone.user.id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('refuses to delete a user with an upcoming confirmed booking; archives one with past bookings', async () => {
    const stay = await createStay(app, admin.headers, { name: 'Users Test Stay' });
    const busy = await createUser(app);
    await insertBooking(app, { userId: busy.id, stayId: stay.id, from: 3, to: 5, status: 'confirmed' });
    const refused = await app.inject({ method: 'DELETE', url: `/api/admin/users/${busy.id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/upcoming .*booking.*can not be deleted/);

    const past = await loginGuest(app);
    await insertBooking(app, { userId: past.user.id, stayId: stay.id, from: -9, to: -6, status: 'confirmed' });
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${past.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/past bookings are kept/);
    const [row] = await app.db.select().from(users).where(eq(users.id, past.user.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect(row?.email).toBe(past.user.email);
    const live = await app.db.select().from(sessions).where(eq(sessions.userId, past.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const list = await app.inject({ url: '/api/admin/users', headers: admin.headers });
    expect(list.json().users.map((u: { id: string }) => u.id)).not.toContain(past.user.id);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: past.headers })).statusCode).toBe(401);
  });

  it('archives an admin who manages stays instead of deleting the stays', async () => {
    const owner = await loginAdmin(app);
    const stay = await createStay(app, owner.headers, { name: 'Owned Stay' });
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${owner.user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await app.inject({ url: `/api/stays/${stay.id}`, headers: guest.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/stays', headers: owner.headers })).statusCode).toBe(401);
  });
});
