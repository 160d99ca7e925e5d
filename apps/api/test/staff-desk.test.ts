import { describe, expect, it } from 'vitest';
import { build, DEFAULT_PASSWORD, loginAdmin, loginGuest, testEngine, uniqueEmail, waitForMail } from './helper.ts';
import { addRooms, createStay, insertBooking } from './stays-helpers.ts';

// Front-desk staff (ADR 066) work the desk of the stays given to them (ADR 064, 067): check-in, Form C and
// housekeeping there; another stay of the owner is "not found"; what they do is recorded with who did it.

const formC = {
  surname: 'Rossi',
  givenNames: 'Marco',
  sex: 'male',
  dateOfBirth: '1979-09-03',
  nationality: 'IT',
  passportNumber: 'YA1234567',
  passportPlaceOfIssue: 'Roma',
  passportIssuedOn: '2022-05-01',
  passportExpiresOn: '2032-04-30',
  visaType: 'e_business',
  visaNumber: 'EB1234567',
  visaPlaceOfIssue: 'Online',
  visaIssuedOn: '2026-01-01',
  visaExpiresOn: '2031-01-01',
  arrivedInIndiaOn: '2026-01-02',
  arrivedFrom: { place: 'Rome', country: 'IT' },
  nextDestination: { place: 'Mumbai', country: 'IN' },
  purpose: 'business',
  addressAbroad: 'Via Roma 1, Roma',
};

describe(`front-desk staff at the desk (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app, { firstName: 'Omana' });
  const guest = await loginGuest(app);
  const given = await createStay(app, owner.headers, { name: 'Given Stay', city: 'goa' });
  const kept = await createStay(app, owner.headers, { name: 'Kept Stay', city: 'goa' });
  await addRooms(app, owner.headers, given.id, { roomNumbers: [1, 2] });
  await addRooms(app, owner.headers, kept.id, { roomNumbers: [5] });
  const roomOf = async (stayId: string) =>
    (await app.inject({ url: `/api/admin/stays/${stayId}/rooms`, headers: owner.headers })).json().rooms[0] as {
      roomNumberId: string;
      number: number;
    };
  const givenRoom = await roomOf(given.id);
  const keptRoom = await roomOf(kept.id);
  const arriving = await insertBooking(app, {
    userId: guest.user.id,
    stayId: given.id,
    from: 0,
    to: 2,
    status: 'confirmed',
    rooms: [{ id: givenRoom.roomNumberId, number: givenRoom.number }],
  });
  const elsewhere = await insertBooking(app, {
    userId: guest.user.id,
    stayId: kept.id,
    from: 0,
    to: 2,
    status: 'confirmed',
    rooms: [{ id: keptRoom.roomNumberId, number: keptRoom.number }],
  });

  // A front-desk member given one stay, signed in.
  const email = uniqueEmail('desk');
  const invited = await app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: owner.headers,
    payload: { email, role: 'frontDesk', stayIds: [given.id] },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await waitForMail(app, email);
  const [, id, token] = /\/admin\/staff-invite\/([0-9a-f-]{36})\/([\w-]+)/.exec(mail.text) ?? [];
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/staff-invites/${id}/${token}/accept`,
    payload: { password: DEFAULT_PASSWORD, firstName: 'Devi', lastName: 'Rao', mobile: '9876543210' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { email, password: DEFAULT_PASSWORD },
  });
  const desk = { authorization: `Bearer ${login.json().adminLoginToken}` };

  it("works the given stay's desk and housekeeping; another stay of the owner is not found", async () => {
    expect((await app.inject({ url: `/api/admin/stays/${given.id}/desk`, headers: desk })).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/admin/stays/${kept.id}/desk`, headers: desk })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/admin/stays/${given.id}/housekeeping`, headers: desk })).statusCode).toBe(200);
    const mark = (stayId: string, roomId: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/stays/${stayId}/rooms/${roomId}/housekeeping`,
        headers: desk,
        payload: { status: 'clean' },
      });
    expect((await mark(given.id, givenRoom.roomNumberId)).statusCode).toBe(200);
    expect((await mark(kept.id, keptRoom.roomNumberId)).statusCode).toBe(404);
    // The owner's day across all stays is the owner's dashboard.
    expect((await app.inject({ url: '/api/admin/desk/today', headers: desk })).statusCode).toBe(403);
  });

  it("records a foreign guest's Form C and checks them in on the given stay only, each recorded with who did it", async () => {
    const add = (bookingId: string) =>
      app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/form-c`, headers: desk, payload: formC });
    expect((await add(elsewhere.id)).statusCode).toBe(404);
    const added = await add(arriving.id);
    expect(added.statusCode, added.body).toBe(201);
    // The owner's report of the other stay is not in the member's list.
    const ownerReport = await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${elsewhere.id}/form-c`,
      headers: owner.headers,
      payload: formC,
    });
    expect(ownerReport.statusCode).toBe(201);
    const list = (await app.inject({ url: '/api/admin/form-c', headers: desk })).json();
    expect(list.reports.map((r: { id: string }) => r.id)).toEqual([added.json().report.id]);
    expect(list.open).toBe(1);
    expect((await app.inject({ url: `/api/admin/form-c/${ownerReport.json().report.id}`, headers: desk })).statusCode).toBe(404);

    const checkIn = (bookingId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/desk/bookings/${bookingId}/check-in`,
        headers: desk,
        payload: { nationality: 'foreign', idType: 'passport', idNumber: 'YA1234567' },
      });
    expect((await checkIn(elsewhere.id)).statusCode).toBe(404);
    const done = await checkIn(arriving.id);
    expect(done.statusCode, done.body).toBe(200);

    const actions = await app.inject({ url: `/api/admin/reservations/${arriving.id}/actions`, headers: owner.headers });
    const words = JSON.stringify(actions.json());
    expect(words).toContain('Recorded a Form C');
    expect(words).toContain('Checked the guest in');
    expect(words).toContain('Devi Rao');
  });
});
