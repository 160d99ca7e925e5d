import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffActions, staffInvites, users } from '#src/db/schema/index.ts';
import { day } from './bookings.fixtures.ts';
import {
  build,
  createUser,
  DEFAULT_PASSWORD,
  loginAdmin,
  loginGuest,
  type TestApp,
  testEngine,
  uniqueEmail,
  waitForMail,
} from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

// Staff of a stay owner (docs/decisions/066-staff-roles.md): invited by mail to some stays as manager or front desk,
// they sign in to the admin area and reach only those stays and what their role allows.

type Headers = Record<string, string>;

/** The invitation link of the newest mail to `to`: its id and token. */
async function inviteLinkOf(app: TestApp, to: string, seen = new Set<string>()) {
  const mail = await waitForMail(app, to, seen);
  seen.add(mail.file);
  const m = /\/admin\/staff-invite\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text);
  if (!m) throw new Error(`no invitation link in ${mail.text}`);
  return { id: m[1]!, token: m[2]!, text: mail.text };
}

async function adminLogin(app: TestApp, email: string, password = DEFAULT_PASSWORD) {
  return app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { email, password } });
}

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

describe(`staff of a stay owner (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app, { firstName: 'Omana', lastName: 'Pillai' });
  const other = await loginAdmin(app, { firstName: 'Xavier' });
  const guest = await loginGuest(app);

  // The owner's two stays, each with rooms and a booking; another owner's stay.
  const beach = await createStay(app, owner.headers, { name: 'Beach House', type: 'Villa', city: 'goa' });
  const hill = await createStay(app, owner.headers, { name: 'Hill Lodge', type: 'Cottage', city: 'goa' });
  const elsewhere = await createStay(app, other.headers, { name: 'Other Place', city: 'goa' });
  await addRooms(app, owner.headers, beach.id, { roomNumbers: [1, 2, 3] });
  await addRooms(app, owner.headers, hill.id, { roomNumbers: [7] });
  const roomsOf = async (stayId: string) =>
    (await app.inject({ url: `/api/admin/stays/${stayId}/rooms`, headers: owner.headers })).json().rooms as {
      roomNumberId: string;
      roomTypeId: string;
      number: number;
    }[];
  const beachRooms = await roomsOf(beach.id);
  const hillRooms = await roomsOf(hill.id);
  const room = (rooms: typeof beachRooms, n: number) => {
    const r = rooms.find((x) => x.number === n);
    if (!r) throw new Error(`room ${n}`);
    return { id: r.roomNumberId, number: n };
  };
  const beachBooking = await insertBooking(app, {
    userId: guest.user.id,
    stayId: beach.id,
    from: 10,
    to: 12,
    status: 'confirmed',
    rooms: [room(beachRooms, 1)],
  });
  const beachToCancel = await insertBooking(app, {
    userId: guest.user.id,
    stayId: beach.id,
    from: 20,
    to: 21,
    status: 'confirmed',
    rooms: [room(beachRooms, 2)],
  });
  const hillBooking = await insertBooking(app, {
    userId: guest.user.id,
    stayId: hill.id,
    from: 10,
    to: 11,
    status: 'confirmed',
    rooms: [room(hillRooms, 7)],
  });

  const invite = (payload: Record<string, unknown>, headers: Headers = owner.headers) =>
    app.inject({ method: 'POST', url: '/api/admin/staff', headers, payload });

  describe('an invitation', () => {
    it('names the field of bad input (400) and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ role: 'frontDesk', stayIds: [beach.id] }, 'email'],
        [{ email: 'not-an-email', role: 'frontDesk', stayIds: [beach.id] }, 'email'],
        [{ email: uniqueEmail('x'), role: 'owner', stayIds: [beach.id] }, 'role'],
        [{ email: uniqueEmail('x'), role: 'manager', stayIds: [] }, 'stayIds'],
        [{ email: uniqueEmail('x'), role: 'manager', stayIds: [beach.id, beach.id] }, 'stayIds'],
        [{ email: uniqueEmail('x'), role: 'manager', stayIds: ['nope'] }, 'stayIds.0'],
        [{ email: owner.user.email, role: 'manager', stayIds: [beach.id] }, 'email'],
      ];
      const before = (await app.inject({ url: '/api/admin/staff', headers: owner.headers })).json().members;
      for (const [payload, field] of cases) {
        const res = await invite(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(payload)).toContain(field);
      }
      // Another owner's stay is not found, as everywhere.
      const foreign = await invite({ email: uniqueEmail('x'), role: 'manager', stayIds: [beach.id, elsewhere.id] });
      expect(foreign.statusCode).toBe(404);
      const list = await app.inject({ url: '/api/admin/staff', headers: owner.headers });
      expect(list.json().members).toEqual(before);
    });

    it("refuses a stay owner's account (409): an owner can not be staff", async () => {
      const res = await invite({ email: other.user.email, role: 'manager', stayIds: [beach.id] });
      expect(res.statusCode).toBe(409);
    });

    it('is for signed-in owners only: 401 without a token, 403 to a guest token', async () => {
      expect((await invite({ email: uniqueEmail('x'), role: 'manager', stayIds: [beach.id] }, {})).statusCode).toBe(401);
      expect((await invite({ email: uniqueEmail('x'), role: 'manager', stayIds: [beach.id] }, guest.headers)).statusCode).toBe(
        403,
      );
    });
  });

  // A front-desk member of the beach house, invited, accepted and signed in.
  const deskEmail = uniqueEmail('desk');
  const invited = await invite({ email: deskEmail, role: 'frontDesk', stayIds: [beach.id] });
  const deskMember = invited.json().member as { id: string; status: string; role: string; stays: { id: string }[] };
  const deskLink = await inviteLinkOf(app, deskEmail);

  describe('accepting', () => {
    it('shows the invitation: who invites, the role, the stays', async () => {
      expect(invited.statusCode).toBe(201);
      expect(deskMember).toMatchObject({ status: 'invited', role: 'frontDesk', stays: [{ id: beach.id }] });
      expect(deskLink.text).toContain('Omana Pillai invites you');
      const view = await app.inject({ url: `/api/staff-invites/${deskLink.id}/${deskLink.token}` });
      expect(view.statusCode).toBe(200);
      expect(view.json()).toEqual({
        email: deskEmail,
        ownerName: 'Omana Pillai',
        role: 'frontDesk',
        stays: ['Beach House'],
        hasAccount: false,
      });
    });

    it('keeps only the hash of the token', async () => {
      const [row] = await app.db.select().from(staffInvites).where(eq(staffInvites.id, deskLink.id));
      expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.tokenHash).not.toContain(deskLink.token);
    });

    it('names a missing field of a new account (400) and a wrong token is a 400', async () => {
      const url = `/api/staff-invites/${deskLink.id}/${deskLink.token}/accept`;
      const missing = await app.inject({ method: 'POST', url, payload: { password: DEFAULT_PASSWORD } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toHaveProperty('firstName');
      const noMobile = await app.inject({
        method: 'POST',
        url,
        payload: { password: DEFAULT_PASSWORD, firstName: 'Devi', lastName: 'Rao' },
      });
      expect(noMobile.json().fieldErrors).toHaveProperty('mobile');
      const badPassword = await app.inject({ method: 'POST', url, payload: { password: 'x' } });
      expect(badPassword.json().fieldErrors).toHaveProperty('password');
      const wrong = await app.inject({
        method: 'POST',
        url: `/api/staff-invites/${deskLink.id}/${'A'.repeat(43)}/accept`,
        payload: { password: DEFAULT_PASSWORD, firstName: 'Devi', lastName: 'Rao', mobile: '9876543210' },
      });
      expect(wrong.statusCode).toBe(400);
    });

    it('works once: the link is single use', async () => {
      const url = `/api/staff-invites/${deskLink.id}/${deskLink.token}/accept`;
      const payload = { password: DEFAULT_PASSWORD, firstName: 'Devi', lastName: 'Rao', mobile: '9876543210' };
      const first = await app.inject({ method: 'POST', url, payload });
      expect(first.statusCode).toBe(200);
      const again = await app.inject({ method: 'POST', url, payload });
      expect(again.statusCode).toBe(400);
      expect((await app.inject({ url: `/api/staff-invites/${deskLink.id}/${deskLink.token}` })).statusCode).toBe(400);
      const list = (await app.inject({ url: '/api/admin/staff', headers: owner.headers })).json().members;
      expect(list).toContainEqual(expect.objectContaining({ id: deskMember.id, status: 'active', name: 'Devi Rao' }));
    });

    it('expires', async () => {
      const email = uniqueEmail('late');
      expect((await invite({ email, role: 'manager', stayIds: [hill.id] })).statusCode).toBe(201);
      const link = await inviteLinkOf(app, email);
      await app.db.update(staffInvites).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(staffInvites.id, link.id));
      const view = await app.inject({ url: `/api/staff-invites/${link.id}/${link.token}` });
      expect(view.statusCode).toBe(400);
      const accept = await app.inject({
        method: 'POST',
        url: `/api/staff-invites/${link.id}/${link.token}/accept`,
        payload: { password: DEFAULT_PASSWORD, firstName: 'Late', lastName: 'Comer', mobile: '9876543210' },
      });
      expect(accept.statusCode).toBe(400);
      expect((await adminLogin(app, email)).statusCode).toBe(401);
    });
  });

  // Signed in once the invitation is accepted (above).
  let deskLogin: Awaited<ReturnType<typeof adminLogin>>;
  let desk: Headers = {};

  describe('front desk', () => {
    beforeAll(async () => {
      deskLogin = await adminLogin(app, deskEmail);
      desk = bearer(deskLogin.json().adminLoginToken as string);
    });

    it('signs in to the admin area and sees only the stays given', async () => {
      expect(deskLogin.statusCode).toBe(200);
      const me = await app.inject({ url: '/api/admin/me', headers: desk });
      expect(me.json()).toMatchObject({
        email: deskEmail,
        isAdmin: false,
        isPlatform: false,
        staff: { role: 'frontDesk', ownerName: 'Omana Pillai', stays: [{ id: beach.id, name: 'Beach House' }] },
      });
      const stays = (await app.inject({ url: '/api/admin/stays', headers: desk })).json().stays as { id: string }[];
      expect(stays.map((s) => s.id)).toEqual([beach.id]);
      expect((await app.inject({ url: '/api/admin/stays/types', headers: desk })).json().types).toEqual(['Villa']);
    });

    it('gets 404 for a stay not given (the owner’s other stay, another owner’s) and its bookings', async () => {
      for (const url of [
        `/api/admin/stays/${hill.id}`,
        `/api/admin/stays/${hill.id}/occupancy`,
        `/api/admin/stays/${hill.id}/rooms`,
        `/api/admin/stays/${elsewhere.id}/occupancy`,
        `/api/admin/reservations/${hillBooking.id}`,
        `/api/admin/reservations/${hillBooking.id}/actions`,
        `/api/admin/reservations?stayId=${hill.id}`,
      ]) {
        expect((await app.inject({ url, headers: desk })).statusCode, url).toBe(404);
      }
      const block = await app.inject({
        method: 'POST',
        url: `/api/admin/stays/${hill.id}/blocks`,
        headers: desk,
        payload: { roomNumberIds: [room(hillRooms, 7).id], from: day(30), to: day(31) },
      });
      expect(block.statusCode).toBe(404);
    });

    it('gets a plain 404 for an address the API does not have', async () => {
      const res = await app.inject({ url: '/api/admin/no-such-thing', headers: desk });
      expect(res.statusCode).toBe(404);
    });

    it('sees the calendar and the bookings of its stay without any amount', async () => {
      const occupancy = await app.inject({ url: `/api/admin/stays/${beach.id}/occupancy`, headers: desk });
      expect(occupancy.statusCode).toBe(200);
      const list = await app.inject({ url: '/api/admin/reservations', headers: desk });
      expect(list.statusCode).toBe(200);
      const rows = list.json().reservations as Record<string, unknown>[];
      expect(rows.map((r) => r.id).sort()).toEqual([beachBooking.id, beachToCancel.id].sort());
      for (const r of rows) {
        expect(r).toMatchObject({ amount: null, paid: null, refunded: null, refundStatus: null, compensation: null });
      }
      const one = await app.inject({ url: `/api/admin/reservations/${beachBooking.id}`, headers: desk });
      expect(one.json().reservation).toMatchObject({ id: beachBooking.id, amount: null, paid: null });
      // The owner sees the amounts of the same booking.
      const owners = await app.inject({ url: `/api/admin/reservations/${beachBooking.id}`, headers: owner.headers });
      expect(owners.json().reservation.amount).toBe(200_00);
    });

    it('gets 403 on revenue, payouts, statements, fees, documents, exports of guests and staff', async () => {
      const forbidden: [string, string, Record<string, unknown>?][] = [
        ['GET', `/api/admin/stays/${beach.id}/figures`],
        ['GET', '/api/admin/figures'],
        ['GET', '/api/admin/figures/month'],
        ['GET', '/api/admin/reservations/export'],
        ['GET', `/api/admin/reservations/export?stayId=${beach.id}`],
        ['GET', `/api/admin/documents?stayId=${beach.id}`],
        ['GET', '/api/admin/payouts/profile'],
        ['PUT', '/api/admin/payouts/profile', {}],
        ['GET', '/api/admin/payouts/settlements'],
        ['GET', '/api/admin/payouts/fee-invoices'],
        ['GET', `/api/admin/payouts/stays/${beach.id}/terms`],
        ['GET', '/api/admin/payouts/gst-declarations'],
        ['GET', '/api/admin/me/export'],
        ['GET', '/api/admin/staff'],
        ['POST', '/api/admin/staff', { email: uniqueEmail('x'), role: 'frontDesk', stayIds: [beach.id] }],
        ['DELETE', `/api/admin/staff/${deskMember.id}`],
        ['GET', `/api/admin/bookings/${beachToCancel.id}/cancellation`],
        ['POST', `/api/admin/bookings/${beachToCancel.id}/cancel`, {}],
        ['PUT', `/api/admin/room-types/${beachRooms[0]!.roomTypeId}`, {}],
        ['GET', `/api/admin/stays/${beach.id}/reviews`],
        ['GET', '/api/admin/grievances'],
        ['POST', '/api/admin/stays', {}],
        ['DELETE', `/api/admin/stays/${beach.id}`],
        ['GET', '/api/admin/users'],
        ['GET', '/api/admin/payment-mismatches'],
      ];
      for (const [method, url, payload] of forbidden) {
        const res = await app.inject({ method: method as 'GET', url, headers: desk, ...(payload !== undefined && { payload }) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('blocks a room of its stay, recorded with who and when', async () => {
      const before = new Date();
      const res = await app.inject({
        method: 'POST',
        url: `/api/admin/stays/${beach.id}/blocks`,
        headers: desk,
        payload: { roomNumberIds: [room(beachRooms, 3).id], from: day(30), to: day(31) },
      });
      expect(res.statusCode).toBe(201);
      const actions = (await app.inject({ url: '/api/admin/staff/actions', headers: owner.headers })).json().actions;
      expect(actions[0]).toMatchObject({
        actorName: 'Devi Rao',
        actorEmail: deskEmail,
        action: 'Took rooms out of sale',
        stayId: beach.id,
        bookingId: null,
      });
      expect(new Date(actions[0].at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      // A refused write is not recorded.
      const count = (await app.db.select().from(staffActions)).length;
      await app.inject({
        method: 'POST',
        url: `/api/admin/stays/${hill.id}/blocks`,
        headers: desk,
        payload: { roomNumberIds: [room(hillRooms, 7).id], from: day(30), to: day(31) },
      });
      expect((await app.db.select().from(staffActions)).length).toBe(count);
    });
  });

  // A guest who already has an account becomes the manager of both stays, accepting with their password.
  const managerGuest = await createUser(app, { firstName: 'Manoj', lastName: 'Kumar' });
  await invite({ email: managerGuest.email, role: 'manager', stayIds: [beach.id, hill.id] });
  const managerLink = await inviteLinkOf(app, managerGuest.email);

  describe('a manager', () => {
    it('accepts with the password of the existing account', async () => {
      const view = await app.inject({ url: `/api/staff-invites/${managerLink.id}/${managerLink.token}` });
      expect(view.json()).toMatchObject({ hasAccount: true, role: 'manager', stays: ['Beach House', 'Hill Lodge'] });
      const url = `/api/staff-invites/${managerLink.id}/${managerLink.token}/accept`;
      const wrong = await app.inject({ method: 'POST', url, payload: { password: 'Wrong@1234' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toHaveProperty('password');
      const ok = await app.inject({ method: 'POST', url, payload: { password: managerGuest.password } });
      expect(ok.statusCode).toBe(200);
    });

    it('sees the money of its stays, and cancels a booking, recorded on the booking', async () => {
      const manager = bearer((await adminLogin(app, managerGuest.email, managerGuest.password)).json().adminLoginToken);
      const list = (await app.inject({ url: '/api/admin/reservations', headers: manager })).json().reservations;
      expect(list).toHaveLength(3);
      expect(list.every((r: { amount: number | null }) => typeof r.amount === 'number')).toBe(true);
      expect((await app.inject({ url: `/api/admin/stays/${hill.id}/figures`, headers: manager })).statusCode).toBe(200);
      const csv = await app.inject({ url: '/api/admin/reservations/export', headers: manager });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(hillBooking.id);
      expect((await app.inject({ url: `/api/admin/stays/${elsewhere.id}`, headers: manager })).statusCode).toBe(404);

      const cancel = await app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${beachToCancel.id}/cancel`,
        headers: manager,
        payload: {},
      });
      expect(cancel.statusCode).toBe(200);
      for (const headers of [owner.headers, manager, desk]) {
        const actions = await app.inject({ url: `/api/admin/reservations/${beachToCancel.id}/actions`, headers });
        expect(actions.statusCode).toBe(200);
        expect(actions.json().actions).toEqual([
          expect.objectContaining({ actorName: 'Manoj Kumar', action: 'Cancelled the booking', bookingId: beachToCancel.id }),
        ]);
      }
      // Another owner does not see them.
      expect(
        (await app.inject({ url: `/api/admin/reservations/${beachToCancel.id}/actions`, headers: other.headers })).statusCode,
      ).toBe(404);
    });

    it("sees its stays' tax documents by stay or booking only (a list over every stay is the owner's)", async () => {
      const manager = bearer((await adminLogin(app, managerGuest.email, managerGuest.password)).json().adminLoginToken);
      const byBooking = await app.inject({ url: `/api/admin/documents?bookingId=${beachBooking.id}`, headers: manager });
      expect(byBooking.statusCode).toBe(200);
      const byStay = await app.inject({ url: `/api/admin/documents?stayId=${hill.id}`, headers: manager });
      expect(byStay.statusCode).toBe(200);
      const all = await app.inject({ url: '/api/admin/documents', headers: manager });
      expect(all.statusCode).toBe(400);
      expect(all.json().fieldErrors).toHaveProperty('stayId');
      expect((await app.inject({ url: `/api/admin/documents?stayId=${elsewhere.id}`, headers: manager })).statusCode).toBe(404);
    });

    it('gets 403 on payout details, fees, statements and staff', async () => {
      const manager = bearer((await adminLogin(app, managerGuest.email, managerGuest.password)).json().adminLoginToken);
      for (const [method, url] of [
        ['GET', '/api/admin/payouts/profile'],
        ['PUT', '/api/admin/payouts/profile'],
        ['GET', '/api/admin/payouts/settlements'],
        ['GET', '/api/admin/payouts/fee-invoices'],
        ['GET', '/api/admin/payouts/tds-statements/2026-27-Q3/statement.pdf'],
        ['GET', '/api/admin/payouts/reports/b2b'],
        ['GET', `/api/admin/payouts/stays/${beach.id}/terms`],
        ['GET', '/api/admin/figures/month'],
        ['GET', '/api/admin/staff'],
        ['POST', '/api/admin/staff'],
      ] as const) {
        const res = await app.inject({ method, url, headers: manager, ...(method !== 'GET' && { payload: {} }) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('loses what the owner takes away on its next request', async () => {
      const manager = bearer((await adminLogin(app, managerGuest.email, managerGuest.password)).json().adminLoginToken);
      expect((await app.inject({ url: `/api/admin/stays/${hill.id}/figures`, headers: manager })).statusCode).toBe(200);
      const memberId = (
        (await app.inject({ url: '/api/admin/staff', headers: owner.headers })).json().members as {
          id: string;
          email: string;
        }[]
      ).find((m) => m.email === managerGuest.email)!.id;
      const bad = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${memberId}`,
        headers: owner.headers,
        payload: { role: 'frontDesk', stayIds: [] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors).toHaveProperty('stayIds');
      const changed = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${memberId}`,
        headers: owner.headers,
        payload: { role: 'frontDesk', stayIds: [beach.id] },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().member).toMatchObject({ role: 'frontDesk', stays: [{ id: beach.id }] });
      expect((await app.inject({ url: `/api/admin/stays/${hill.id}`, headers: manager })).statusCode).toBe(404);
      expect((await app.inject({ url: `/api/admin/stays/${beach.id}/figures`, headers: manager })).statusCode).toBe(403);
      // Another owner can not change or remove them.
      const foreign = await app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${memberId}`,
        headers: other.headers,
        payload: { role: 'manager', stayIds: [elsewhere.id] },
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/admin/staff/${memberId}`, headers: other.headers })).statusCode,
      ).toBe(404);
    });
  });

  describe('removing a member', () => {
    it('ends their sessions at once and their access; what they did stays recorded', async () => {
      expect((await app.inject({ url: '/api/admin/me', headers: desk })).statusCode).toBe(200);
      const removed = await app.inject({ method: 'DELETE', url: `/api/admin/staff/${deskMember.id}`, headers: owner.headers });
      expect(removed.statusCode).toBe(200);
      expect((await app.inject({ url: '/api/admin/me', headers: desk })).statusCode).toBe(401);
      expect((await app.inject({ url: `/api/admin/stays/${beach.id}/occupancy`, headers: desk })).statusCode).toBe(401);
      // Signing in again is refused: they are nobody's staff now.
      expect((await adminLogin(app, deskEmail)).statusCode).toBe(403);
      const members = (await app.inject({ url: '/api/admin/staff', headers: owner.headers })).json().members as { id: string }[];
      expect(members.map((m) => m.id)).not.toContain(deskMember.id);
      const actions = (await app.inject({ url: '/api/admin/staff/actions', headers: owner.headers })).json().actions;
      expect(actions.some((a: { actorEmail: string }) => a.actorEmail === deskEmail)).toBe(true);
    });

    it('withdrawing an invitation ends its link', async () => {
      const email = uniqueEmail('withdrawn');
      const member = (await invite({ email, role: 'frontDesk', stayIds: [beach.id] })).json().member as { id: string };
      const link = await inviteLinkOf(app, email);
      await app.inject({ method: 'DELETE', url: `/api/admin/staff/${member.id}`, headers: owner.headers });
      expect((await app.inject({ url: `/api/staff-invites/${link.id}/${link.token}` })).statusCode).toBe(400);
    });
  });

  it('a member deletes their own account only once removed; the record of what they did stays', async () => {
    const managerGuestLogin = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: managerGuest.email, password: managerGuest.password },
    });
    const headers = bearer(managerGuestLogin.json().loginToken);
    const refused = await app.inject({ method: 'DELETE', url: '/api/me', headers, payload: { password: managerGuest.password } });
    expect(refused.statusCode).toBe(409);
    // The removed front-desk member did things: their account is erased, not deleted, and the record keeps its row.
    const deskGuest = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: deskEmail, password: DEFAULT_PASSWORD },
    });
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(deskGuest.json().loginToken),
      payload: { password: DEFAULT_PASSWORD },
    });
    expect(gone.statusCode).toBeLessThan(300);
    const actions = (await app.inject({ url: '/api/admin/staff/actions', headers: owner.headers })).json().actions;
    expect(actions.some((a: { action: string }) => a.action === 'Took rooms out of sale')).toBe(true);
  });

  it('a stay given to staff can still be deleted; the record of what was done there stays', async () => {
    const spare = await createStay(app, owner.headers, { name: 'Spare Cabin', type: 'Cabin', city: 'goa' });
    const email = uniqueEmail('spare');
    const member = (await invite({ email, role: 'frontDesk', stayIds: [spare.id, beach.id] })).json().member as { id: string };
    const before = (await app.db.select().from(staffActions)).length;
    const gone = await app.inject({ method: 'DELETE', url: `/api/admin/stays/${spare.id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(200);
    const members = (await app.inject({ url: '/api/admin/staff', headers: owner.headers })).json().members as {
      id: string;
      stays: { id: string }[];
    }[];
    expect(members.find((m) => m.id === member.id)?.stays).toEqual([expect.objectContaining({ id: beach.id })]);
    expect((await app.db.select().from(staffActions)).length).toBe(before);
  });

  it('the platform deleting an account that was staff archives it', async () => {
    const platform = await loginAdmin(app, { isPlatform: true });
    const res = await app.inject({ method: 'DELETE', url: `/api/admin/users/${managerGuest.id}`, headers: platform.headers });
    expect(res.statusCode).toBe(200);
    // Archived (kept, unable to sign in), not deleted: it has no booking, only its staff record.
    const [row] = await app.db.select().from(users).where(eq(users.id, managerGuest.id));
    expect(row?.archivedAt).not.toBeNull();
  });

  it('keeps staff actions append-only: never changed or deleted', async () => {
    await expect(app.db.update(staffActions).set({ action: 'nothing' })).rejects.toThrow();
    await expect(app.db.delete(staffActions)).rejects.toThrow();
  });

  it('leaves the platform its powers', async () => {
    const platform = await loginAdmin(app, { isPlatform: true });
    expect((await app.inject({ url: '/api/admin/users', headers: platform.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/staff', headers: platform.headers })).statusCode).toBe(200);
  });
});
