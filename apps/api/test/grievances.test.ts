import type { GrievanceDto } from '@repo/shared/schemas/grievance';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { grievanceMessages, grievances, stays } from '#src/db/schema/index.ts';
import { type Guest, guest } from './bookings.fixtures.ts';
import { build, loginAdmin, outboxFiles, testEngine, waitForMail } from './helper.ts';
import { holdRooms } from './service-fixtures.ts';

const HOUR = 3_600_000;
const DESCRIPTION = 'The room was not cleaned before we arrived and nobody answered the phone.';

/**
 * Complaints (grievances) over HTTP: a guest raises one about their own booking and gets a ticket number at once
 * and by mail; the stay's owner answers (the first answer acknowledges it; the guest is mailed each answer) and
 * closes it; a guest sees only their own tickets, an owner only their stays'; the grievance officer is public.
 */
describe(`grievances (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const otherOwner = await loginAdmin(app);
  const platform = await loginAdmin(app, { isPlatform: true });

  /** A booking of `g` (a new guest unless given) at a stay of `owner`. */
  async function bookingOf(g?: Guest) {
    const h = await holdRooms(app, g ? { guest: g } : {});
    await app.db.update(stays).set({ ownerId: owner.user.id }).where(eq(stays.id, h.s.stay.id));
    return h;
  }
  const raise = (g: Guest, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/grievances', headers: g.headers, payload: payload as object });
  const rowsOf = async (id: string) => ({
    grievance: (await app.db.select().from(grievances).where(eq(grievances.id, id)))[0],
    messages: await app.db.select().from(grievanceMessages).where(eq(grievanceMessages.grievanceId, id)),
  });

  it('names the platform, its customer care and the grievance officer with their designation to everyone (the footer reads it)', async () => {
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    const { legalName, address, customerCare } = app.config.platform;
    expect(res.json()).toEqual({
      platform: { legalName, address, customerCare },
      grievanceOfficer: app.config.grievanceOfficer,
    });
    expect(res.json().grievanceOfficer).toMatchObject({
      name: expect.any(String),
      designation: expect.any(String),
      email: expect.stringContaining('@'),
    });
    expect(res.json().platform.customerCare).toMatchObject({ phone: expect.any(String), email: expect.stringContaining('@') });
    // Nothing else of the settings leaves (the platform's GSTINs are printed on its invoices, not on every page).
    expect(res.body).not.toContain('gstins');
  });

  it('a guest raises a complaint about their booking: a ticket number at once and by mail, both clocks running', async () => {
    const h = await bookingOf();
    const seen = new Set(outboxFiles(app));
    const before = Date.now();
    const res = await raise(h.g, { bookingId: h.booking.id, category: 'stay', description: `  ${DESCRIPTION}  ` });
    expect(res.statusCode).toBe(201);
    const g = res.json().grievance as GrievanceDto;
    expect(g).toMatchObject({
      ticket: expect.stringMatching(/^GRV-\d{6}$/),
      bookingId: h.booking.id,
      stayId: h.s.stay.id,
      hotelName: 'Lake View Residency',
      category: 'stay',
      description: DESCRIPTION,
      status: 'open',
      acknowledgedAt: null,
      closedAt: null,
      closedBy: null,
      messages: [],
    });
    const raisedAt = Date.parse(g.createdAt);
    expect(raisedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(g.acknowledgeBy) - raisedAt).toBe(48 * HOUR);
    const month = (Date.parse(g.resolveBy) - raisedAt) / (24 * HOUR);
    expect(month).toBeGreaterThanOrEqual(28);
    expect(month).toBeLessThanOrEqual(31);

    const mail = await waitForMail(app, h.g.user.email, seen);
    expect(mail.text).toMatch(new RegExp(`^Subject: Complaint received: ticket ${g.ticket}`, 'm'));
    expect(mail.text).toContain(`Your ticket number is ${g.ticket}.`);
    const officer = app.config.grievanceOfficer;
    expect(mail.text).toContain(`Grievance officer: ${officer.name} (${officer.designation})`);
    // A stable Message-ID per event: a repeat after a crash is the same message.
    expect(mail.text).toMatch(/^Message-ID: <outbox\.\d+\.mail\.grievance-raised@localhost>$/m);
    // The stay's owner is told too, with the 48 hours to answer in.
    const ownerMail = await waitForMail(app, owner.user.email, seen);
    expect(ownerMail.text).toContain(`A guest has raised a complaint (ticket ${g.ticket})`);

    // Listed in the guest's complaints, and readable by id; tickets number one after another.
    const mine = await app.inject({ url: '/api/me/grievances', headers: h.g.headers });
    expect(mine.json().grievances.map((x: GrievanceDto) => x.id)).toEqual([g.id]);
    expect((await app.inject({ url: `/api/grievances/${g.id}`, headers: h.g.headers })).json().grievance.ticket).toBe(g.ticket);
    const next = (await raise(h.g, { bookingId: h.booking.id, category: 'refund', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    expect(Number(next.ticket.slice(4))).toBeGreaterThan(Number(g.ticket.slice(4)));
  });

  it('refuses bad input with the shared messages and records nothing; another guest’s booking is a 404', async () => {
    const h = await bookingOf();
    const count = async () => (await app.db.select().from(grievances).where(eq(grievances.bookingId, h.booking.id))).length;
    const cases: [unknown, string, string][] = [
      [{ bookingId: h.booking.id, category: 'food', description: DESCRIPTION }, 'category', 'Choose what the complaint is about'],
      [{ bookingId: h.booking.id, description: DESCRIPTION }, 'category', 'Choose what the complaint is about'],
      [{ bookingId: h.booking.id, category: 'stay', description: 'Too short       ' }, 'description', 'at least 20 characters'],
      [{ bookingId: h.booking.id, category: 'stay', description: 'x'.repeat(2001) }, 'description', 'can not exceed 2000'],
      [{ bookingId: h.booking.id, category: 'stay', description: 42 }, 'description', 'at least 20 characters'],
      [{ bookingId: 'not-an-id', category: 'stay', description: DESCRIPTION }, 'bookingId', 'valid id'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await raise(h.g, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors?.[field], JSON.stringify(res.json())).toContain(message);
    }
    expect((await raise(h.g, 'not json')).statusCode).toBe(415);
    const stranger = await guest(app);
    expect((await raise(stranger, { bookingId: h.booking.id, category: 'stay', description: DESCRIPTION })).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/grievances',
          payload: { bookingId: h.booking.id, category: 'stay', description: DESCRIPTION },
        })
      ).statusCode,
    ).toBe(401);
    // An admin token is not a guest's.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/grievances',
          headers: owner.headers,
          payload: { bookingId: h.booking.id, category: 'stay', description: DESCRIPTION },
        })
      ).statusCode,
    ).toBe(403);
    expect(await count()).toBe(0);
  });

  it('a guest sees only their own tickets: another guest’s is a 404 to read or to write to', async () => {
    const h = await bookingOf();
    const g = (await raise(h.g, { bookingId: h.booking.id, category: 'payment', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    const stranger = await guest(app);
    expect((await app.inject({ url: `/api/grievances/${g.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/me/grievances', headers: stranger.headers })).json().grievances).toEqual([]);
    const write = await app.inject({
      method: 'POST',
      url: `/api/grievances/${g.id}/messages`,
      headers: stranger.headers,
      payload: { body: 'Me too' },
    });
    expect(write.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/grievances/${g.id}` })).statusCode).toBe(401);
    expect((await rowsOf(g.id)).messages).toEqual([]);
  });

  it('the owner answers (acknowledging it; the guest is mailed each answer), the guest follows up, the owner closes it', async () => {
    const h = await bookingOf();
    const g = (await raise(h.g, { bookingId: h.booking.id, category: 'service', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    const url = `/api/admin/grievances/${g.id}`;

    // The owner sees it among their stays' complaints.
    const listed = await app.inject({ url: '/api/admin/grievances', headers: owner.headers });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().grievances.map((x: GrievanceDto) => x.id)).toContain(g.id);
    expect((await app.inject({ url, headers: owner.headers })).json().grievance).toMatchObject({
      ticket: g.ticket,
      guestName: `${h.g.user.firstName} ${h.g.user.lastName}`,
    });

    // Bad answers change nothing.
    for (const payload of [{}, { body: '   ' }, { body: 'x'.repeat(2001) }]) {
      const bad = await app.inject({ method: 'POST', url: `${url}/messages`, headers: owner.headers, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await rowsOf(g.id)).grievance?.acknowledgedAt).toBeNull();

    const seen = new Set(outboxFiles(app));
    const first = await app.inject({
      method: 'POST',
      url: `${url}/messages`,
      headers: owner.headers,
      payload: { body: 'We are sorry. Housekeeping will redo the room now.' },
    });
    expect(first.statusCode).toBe(200);
    const answered = first.json().grievance as GrievanceDto;
    expect(answered.acknowledgedAt).toEqual(expect.any(String));
    expect(answered.messages).toMatchObject([
      {
        author: 'owner',
        authorName: `${owner.user.firstName} ${owner.user.lastName}`,
        body: 'We are sorry. Housekeeping will redo the room now.',
      },
    ]);
    const mail = await waitForMail(app, h.g.user.email, seen);
    expect(mail.text).toMatch(new RegExp(`^Subject: Answer to your complaint ${answered.ticket}`, 'm'));
    expect(mail.text).toContain('We are sorry. Housekeeping will redo the room now.');
    seen.add(mail.file);

    // The guest reads the answer and follows up; a second answer keeps the first acknowledgement and is mailed too.
    const mine = (await app.inject({ url: `/api/grievances/${g.id}`, headers: h.g.headers })).json().grievance as GrievanceDto;
    expect(mine.messages.map((m) => m.author)).toEqual(['owner']);
    // The guest sees the stay answer (its name), never the owner's own name.
    expect(mine.messages[0]?.authorName).toBe(mine.hotelName);
    const follow = await app.inject({
      method: 'POST',
      url: `/api/grievances/${g.id}/messages`,
      headers: h.g.headers,
      payload: { body: 'Thank you, it is clean now.' },
    });
    expect(follow.statusCode).toBe(200);
    const second = await app.inject({
      method: 'POST',
      url: `${url}/messages`,
      headers: owner.headers,
      payload: { body: 'Glad to hear it.' },
    });
    expect(second.json().grievance.acknowledgedAt).toBe(answered.acknowledgedAt);
    expect(second.json().grievance.messages.map((m: { author: string }) => m.author)).toEqual(['owner', 'guest', 'owner']);
    seen.add((await waitForMail(app, h.g.user.email, seen)).file);

    const closed = await app.inject({ method: 'POST', url: `${url}/close`, headers: owner.headers });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().grievance).toMatchObject({ status: 'closed', closedBy: 'owner', closedAt: expect.any(String) });
    expect((await waitForMail(app, h.g.user.email, seen)).text).toContain(`Your complaint ${g.ticket} was closed`);

    // Closed: no more messages from anyone, and it can not be closed twice.
    expect((await app.inject({ method: 'POST', url: `${url}/close`, headers: owner.headers })).statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'POST', url: `${url}/messages`, headers: owner.headers, payload: { body: 'One more' } }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/grievances/${g.id}/messages`,
          headers: h.g.headers,
          payload: { body: 'And me' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await rowsOf(g.id)).messages).toHaveLength(3);
  });

  it('closing before any answer acknowledges it then', async () => {
    const h = await bookingOf();
    const g = (await raise(h.g, { bookingId: h.booking.id, category: 'other', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    const res = await app.inject({ method: 'POST', url: `/api/admin/grievances/${g.id}/close`, headers: owner.headers });
    expect(res.json().grievance.acknowledgedAt).toBe(res.json().grievance.closedAt);
  });

  it('another owner’s ticket is a 404 to read, answer or close; a guest token is refused by the admin routes (403)', async () => {
    const h = await bookingOf();
    const g = (await raise(h.g, { bookingId: h.booking.id, category: 'invoice', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    const url = `/api/admin/grievances/${g.id}`;
    expect((await app.inject({ url, headers: otherOwner.headers })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/admin/grievances', headers: otherOwner.headers }))
        .json()
        .grievances.map((x: GrievanceDto) => x.id),
    ).not.toContain(g.id);
    expect(
      (await app.inject({ method: 'POST', url: `${url}/messages`, headers: otherOwner.headers, payload: { body: 'Not mine' } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${url}/close`, headers: otherOwner.headers })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: h.g.headers })).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/grievances/not-an-id', headers: owner.headers })).statusCode).toBe(400);
    const rows = await rowsOf(g.id);
    expect(rows.messages).toEqual([]);
    expect(rows.grievance).toMatchObject({ status: 'open', acknowledgedAt: null });
  });

  it('the platform sees every ticket, answers as StayBook (acknowledging it; the guest is mailed) and closes it', async () => {
    const h = await bookingOf();
    const g = (await raise(h.g, { bookingId: h.booking.id, category: 'refund', description: DESCRIPTION })).json()
      .grievance as GrievanceDto;
    const url = `/api/admin/grievances/${g.id}`;
    // Not a stay of the platform admin, yet listed and readable; a stay owner who is not the platform sees no other's.
    const all = (await app.inject({ url: '/api/admin/grievances', headers: platform.headers })).json()
      .grievances as GrievanceDto[];
    expect(all.map((x) => x.id)).toContain(g.id);
    expect(all.length).toBeGreaterThan(
      ((await app.inject({ url: '/api/admin/grievances', headers: otherOwner.headers })).json().grievances as unknown[]).length,
    );
    expect((await app.inject({ url, headers: platform.headers })).json().grievance.ticket).toBe(g.ticket);

    const seen = new Set(outboxFiles(app));
    const answer = await app.inject({
      method: 'POST',
      url: `${url}/messages`,
      headers: platform.headers,
      payload: { body: 'We have asked the stay to refund you within 5 days.' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().grievance).toMatchObject({ acknowledgedAt: expect.any(String), messages: [{ author: 'platform' }] });
    const mail = await waitForMail(app, h.g.user.email, seen);
    expect(mail.text).toContain(`StayBook has answered your complaint ${g.ticket}`);
    seen.add(mail.file);

    // The stay's owner sees the platform's answer in the same thread, and can answer too.
    const ownerView = (await app.inject({ url, headers: owner.headers })).json().grievance as GrievanceDto;
    expect(ownerView.messages.map((m) => m.author)).toEqual(['platform']);

    const closed = await app.inject({ method: 'POST', url: `${url}/close`, headers: platform.headers });
    expect(closed.json().grievance).toMatchObject({ status: 'closed', closedBy: 'platform' });
    expect((await waitForMail(app, h.g.user.email, seen)).text).toContain(`Your complaint ${g.ticket} was closed`);
    // The guest sees it closed, with the platform's answer.
    expect((await app.inject({ url: `/api/grievances/${g.id}`, headers: h.g.headers })).json().grievance).toMatchObject({
      status: 'closed',
      messages: [{ author: 'platform', body: 'We have asked the stay to refund you within 5 days.' }],
    });
  });
});
