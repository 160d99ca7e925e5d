import { addDays, todayInIndia } from '@repo/shared/domain/dates';
import { DESK_MSG } from '@repo/shared/schemas/desk';
import { FORM_C_MSG } from '@repo/shared/schemas/form-c';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, formCReports } from '#src/db/schema/index.ts';
import { carryOutRetention } from '#src/features/accounts/retention.service.ts';
import { build, loginAdmin, loginGuest, testEngine } from './helper.ts';
import { createStay, insertBooking } from './stays-helpers.ts';

// Form C (Form III of the Immigration and Foreigners Rules, 2025; ADR 067): a stay reports each foreign guest within
// 24 hours of arrival. The details are sealed at rest, shown masked, whole only to the stay's owner (the printed form
// and the CSV), and erased a year after departure.

const today = todayInIndia();
const passport = {
  surname: 'Müller',
  givenNames: 'Anna Maria',
  sex: 'female',
  dateOfBirth: '1988-04-17',
  nationality: 'DE',
  passportNumber: 'c01x 00t47',
  passportPlaceOfIssue: 'Berlin',
  passportIssuedOn: '2021-02-01',
  passportExpiresOn: '2031-01-31',
  visaType: 'e_tourist',
  visaNumber: 'EV9876543',
  visaPlaceOfIssue: 'Online',
  visaIssuedOn: addDays(today, -40),
  visaExpiresOn: addDays(today, 50),
  arrivedInIndiaOn: addDays(today, -2),
  arrivedFrom: { place: 'Frankfurt', country: 'DE' },
  nextDestination: { place: 'Jaipur', country: 'IN' },
  purpose: 'tourism',
  addressAbroad: 'Lindenstraße 5, 10969 Berlin',
};

describe(`Form C (${testEngine})`, async () => {
  const app = await build();
  const owner = await loginAdmin(app);
  const other = await loginAdmin(app);
  const guest = await loginGuest(app);
  const stay = await createStay(app, owner.headers, { name: 'Passport Palms' });
  const arriving = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 0, to: 2, status: 'confirmed' });
  await app.db.update(bookings).set({ adults: 2 }).where(eq(bookings.id, arriving.id));

  const add = (bookingId: string, body: object, headers = owner.headers) =>
    app.inject({ method: 'POST', url: `/api/admin/bookings/${bookingId}/form-c`, headers, payload: body });

  it("records a foreign guest's report once they arrive, due in 24 hours, with the details sealed and shown masked", async () => {
    const res = await add(arriving.id, passport);
    expect(res.statusCode, res.body).toBe(201);
    const { report } = res.json();
    expect(report).toMatchObject({
      bookingId: arriving.id,
      guestName: 'Anna Maria Müller',
      nationality: 'DE',
      passport: '••••0T47',
      visaType: 'e_tourist',
      status: 'due',
      submittedAt: null,
      eraseOn: `${Number(addDays(today, 2).slice(0, 4)) + 1}${addDays(today, 2).slice(4)}`,
    });
    const due = new Date(report.dueAt).getTime() - new Date(report.arrivedAt).getTime();
    expect(due).toBe(24 * 3_600_000);

    // Nothing of the passport or visa in the clear in the database: only its last four characters.
    const [row] = await app.db.select().from(formCReports).where(eq(formCReports.id, report.id));
    const stored = JSON.stringify({ ...row, details: row?.details?.toString('latin1') });
    expect(stored).not.toContain('C01X00T47');
    expect(stored).not.toContain('EV9876543');
    expect(stored).not.toContain('Lindenstraße');

    // The lists show it masked; the whole report is the owner's, written as typed (number as printed), never cached.
    const listed = await app.inject({ url: `/api/admin/bookings/${arriving.id}/form-c`, headers: owner.headers });
    expect(listed.json().reports).toHaveLength(1);
    expect(listed.body).not.toContain('C01X00T47');
    const whole = await app.inject({ url: `/api/admin/form-c/${report.id}`, headers: owner.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.json().details).toMatchObject({ passportNumber: 'C01X00T47', visaNumber: 'EV9876543', nationality: 'DE' });
    expect(whole.json().stay.name).toBe('Passport Palms');

    const csv = await app.inject({ url: `/api/admin/form-c/${report.id}/csv`, headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header).toContain('Passport number');
    expect(line).toContain('C01X00T47');
    expect(line).toContain('Germany');
    expect(line).toContain('e-Tourist visa');
    expect(line).toContain('Jaipur');
  });

  it('is open on the dashboard until marked submitted with its reference; then it can no longer be changed', async () => {
    const open = await app.inject({ url: '/api/admin/form-c', headers: owner.headers });
    expect(open.json()).toMatchObject({ open: 1, overdue: 0 });
    const id = open.json().reports[0].id;

    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/form-c/${id}`,
      headers: owner.headers,
      payload: { ...passport, purpose: 'business' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const noReference = await app.inject({
      method: 'POST',
      url: `/api/admin/form-c/${id}/submitted`,
      headers: owner.headers,
      payload: { reference: '  ' },
    });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().fieldErrors.reference).toBe(FORM_C_MSG.referenceRequired);

    const submitted = await app.inject({
      method: 'POST',
      url: `/api/admin/form-c/${id}/submitted`,
      headers: owner.headers,
      payload: { reference: 'FRRO/2026/123456' },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().report).toMatchObject({ status: 'submitted', reference: 'FRRO/2026/123456' });
    expect((await app.inject({ url: '/api/admin/form-c', headers: owner.headers })).json()).toMatchObject({ open: 0 });
    const all = await app.inject({ url: '/api/admin/form-c?state=all', headers: owner.headers });
    expect(all.json().reports.map((r: { id: string }) => r.id)).toContain(id);

    const late = await app.inject({ method: 'PUT', url: `/api/admin/form-c/${id}`, headers: owner.headers, payload: passport });
    expect(late.statusCode).toBe(409);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/form-c/${id}/submitted`,
      headers: owner.headers,
      payload: { reference: 'X' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('counts a report overdue once its 24 hours have passed', async () => {
    const second = await add(arriving.id, { ...passport, givenNames: 'Jonas', sex: 'male', passportNumber: 'C02X11T58' });
    expect(second.statusCode, second.body).toBe(201);
    await app.db
      .update(formCReports)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(formCReports.id, second.json().report.id));
    const open = await app.inject({ url: '/api/admin/form-c', headers: owner.headers });
    expect(open.json()).toMatchObject({ open: 1, overdue: 1 });
    expect(open.json().reports[0].status).toBe('overdue');
    // One report per guest of the booking: two adults, two reports.
    const third = await add(arriving.id, { ...passport, passportNumber: 'C03X22T69' });
    expect(third.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nationality: 'IN' }, 'nationality', FORM_C_MSG.indianNational],
      [{ nationality: 'XX' }, 'nationality', FORM_C_MSG.nationalityInvalid],
      [{ passportNumber: '12' }, 'passportNumber', FORM_C_MSG.passportInvalid],
      [{ passportNumber: 'AB12<script>' }, 'passportNumber', FORM_C_MSG.passportInvalid],
      [{ passportExpiresOn: '2020-01-01' }, 'passportExpiresOn', FORM_C_MSG.expiryBeforeIssue],
      [{ arrivedInIndiaOn: addDays(today, 3) }, 'arrivedInIndiaOn', FORM_C_MSG.arrivalInFuture],
      [{ visaType: 'golden' }, 'visaType', FORM_C_MSG.visaTypeInvalid],
      [{ arrivedFrom: { place: '', country: 'DE' } }, 'arrivedFrom.place', FORM_C_MSG.placeRequired],
      [{ surname: '' }, 'surname', FORM_C_MSG.surnameRequired],
    ];
    const fresh = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -1, to: 1, status: 'confirmed' });
    for (const [change, field, message] of cases) {
      const res = await add(fresh.id, { ...passport, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field], field).toBe(message);
    }
    const none = await app.inject({ url: `/api/admin/bookings/${fresh.id}/form-c`, headers: owner.headers });
    expect(none.json().reports).toEqual([]);
  });

  it('is made only for a confirmed booking whose guest has arrived', async () => {
    const later = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 3, to: 5, status: 'confirmed' });
    expect((await add(later.id, passport)).statusCode).toBe(409);
    const left = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: -5, to: -2, status: 'confirmed' });
    expect((await add(left.id, passport)).statusCode).toBe(409);
    const cancelled = await insertBooking(app, { userId: guest.user.id, stayId: stay.id, from: 0, to: 1, status: 'cancelled' });
    expect((await add(cancelled.id, passport)).statusCode).toBe(409);
  });

  it("is another owner's 404, a guest's 401 or 403, and nobody's without a token", async () => {
    const [report] = (await app.inject({ url: `/api/admin/bookings/${arriving.id}/form-c`, headers: owner.headers })).json()
      .reports;
    const attempts = [
      { method: 'GET', url: `/api/admin/bookings/${arriving.id}/form-c` },
      { method: 'POST', url: `/api/admin/bookings/${arriving.id}/form-c`, payload: passport },
      { method: 'GET', url: `/api/admin/form-c/${report.id}` },
      { method: 'GET', url: `/api/admin/form-c/${report.id}/csv` },
      { method: 'PUT', url: `/api/admin/form-c/${report.id}`, payload: passport },
      { method: 'POST', url: `/api/admin/form-c/${report.id}/submitted`, payload: { reference: 'R1' } },
    ] as const;
    for (const a of attempts) {
      const asOther = await app.inject({ ...a, headers: other.headers });
      expect(asOther.statusCode, `${a.method} ${a.url}`).toBe(404);
      expect(asOther.body).not.toContain('C01X00T47');
      expect((await app.inject({ ...a, headers: guest.headers })).statusCode, a.url).toBeGreaterThanOrEqual(401);
      expect((await app.inject({ ...a })).statusCode, a.url).toBe(401);
    }
    expect((await app.inject({ url: '/api/admin/form-c', headers: other.headers })).json()).toMatchObject({
      reports: [],
      open: 0,
    });
  });

  it('gives the guest what the stay holds about them in their data export, masked', async () => {
    const res = await app.inject({ url: '/api/me/export', headers: guest.headers });
    expect(res.statusCode).toBe(200);
    const reports = res.json().foreignGuestReports;
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports[0]).toMatchObject({ nationality: 'DE', passport: '••••0T47', hotelName: 'Passport Palms' });
    expect(res.body).not.toContain('C01X00T47');
    expect(res.body).not.toContain('Lindenstraße');
  });

  it('erases the details and the name a year after departure, keeping the dates and the reference', async () => {
    const [report] = (await app.inject({ url: `/api/admin/bookings/${arriving.id}/form-c`, headers: owner.headers })).json()
      .reports;
    const at = (day: string) => carryOutRetention({ ...app.deps, clock: { now: () => new Date(`${day}T12:00:00+05:30`) } });
    await at(report.eraseOn);
    expect((await app.inject({ url: `/api/admin/form-c/${report.id}`, headers: owner.headers })).json().details).not.toBeNull();
    await at(addDays(report.eraseOn, 1));
    const whole = (await app.inject({ url: `/api/admin/form-c/${report.id}`, headers: owner.headers })).json();
    expect(whole.details).toBeNull();
    expect(whole.summary).toMatchObject({ guestName: '', passport: null, reference: 'FRRO/2026/123456', status: 'submitted' });
    expect(whole.summary.erasedAt).not.toBeNull();
    const csv = await app.inject({ url: `/api/admin/form-c/${report.id}/csv`, headers: owner.headers });
    expect(csv.statusCode).toBe(409);
  });
});
