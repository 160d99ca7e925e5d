import { todayInIndia } from '@repo/shared/domain/dates';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '#src/db/client.ts';
import { channelConflicts, channelFeeds, feeInvoices, reviews, settlements, users } from '#src/db/schema/index.ts';
import { issueInvoice } from '#src/features/invoices/index.ts';
import { day } from './bookings.fixtures.ts';
import { build, createUser, loginAdmin, loginGuest, type TestApp, testEngine, uniqueEmail } from './helper.ts';
import { addRooms, createStay, insertBooking, multipart, stayFields } from './stays-helpers.ts';

// Two kinds of admin (docs/decisions/023-platform-and-owners.md): the platform runs the site's users; a stay owner
// manages only their own stays, rooms, prices, reservations and money. Every /api/admin route is in the table below
// with its rule, and is called by the platform, the owner, another owner, a guest and nobody.

type Actor = { headers: Record<string, string> };
type Call = { url: string; payload?: unknown; headers?: Record<string, string> };
type Rule =
  /** The platform only: every stay owner gets 403. */
  | { kind: 'platform' }
  /** A resource of the owner: only the owner gets past the rule; anyone else 403/404 (the platform too). */
  | { kind: 'own' }
  /** A list: each admin sees only their own, so `mark` (something of the owner's) is in the owner's answer only. */
  | { kind: 'scoped'; mark: string }
  /**
   * A complaint about the owner's stay (ADR 025): the owner and the platform get past the rule, another owner gets
   * 404; for a list (`mark`), another owner's answer lacks it and the owner's and the platform's have it.
   */
  | { kind: 'ownerAndPlatform'; mark?: string }
  /** Any admin, for themselves. */
  | { kind: 'any' };
type Row = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; rule: Rule; call: () => Call };

const routesOf = (app: TestApp) =>
  Object.entries((app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\/$/, '')}`),
  );

describe(`admin roles: the platform and stay owners (${testEngine})`, async () => {
  const app = await build();
  const platform = await loginAdmin(app, { isPlatform: true, firstName: 'Priya' });
  const owner = await loginAdmin(app, { firstName: 'Omkar' });
  const other = await loginAdmin(app, { firstName: 'Xavier' });
  const guest = await loginGuest(app);

  // The owner's business: a villa with rooms, a season, a block, bookings (one to cancel) and a review.
  const stay = await createStay(app, owner.headers, { name: 'Roles Villa', type: 'Villa', city: 'goa' });
  await addRooms(app, owner.headers, stay.id, { title: 'Garden', roomNumbers: [11, 12, 13, 14] });
  const rooms = (await app.inject({ url: `/api/admin/stays/${stay.id}/rooms`, headers: owner.headers })).json().rooms as {
    roomTypeId: string;
    roomNumberId: string;
    number: number;
  }[];
  const room = (n: number) => {
    const r = rooms.find((x) => x.number === n);
    if (!r) throw new Error(`room ${n} missing`);
    return { id: r.roomNumberId, number: n };
  };
  const roomTypeId = rooms[0]!.roomTypeId;
  const season = await app.inject({
    method: 'POST',
    url: `/api/admin/room-types/${roomTypeId}/rates`,
    headers: owner.headers,
    payload: { startsOn: day(40), endsOn: day(45), price: 4000 },
  });
  const seasonId = season.json().season.id as string;
  const block = await app.inject({
    method: 'POST',
    url: `/api/admin/stays/${stay.id}/blocks`,
    headers: owner.headers,
    payload: { roomNumberIds: [room(13).id], from: day(50), to: day(51) },
  });
  const blockId = block.json().blocks[0].id as string;
  const kept = await insertBooking(app, {
    userId: guest.user.id,
    stayId: stay.id,
    from: 10,
    to: 12,
    status: 'confirmed',
    rooms: [room(11)],
  });
  // Its tax invoice (the owner's documents).
  const invoice = await inTransaction(app.db, (tx) => issueInvoice(app.deps, tx, kept.id));
  const toCancel = await insertBooking(app, {
    userId: guest.user.id,
    stayId: stay.id,
    from: 20,
    to: 22,
    status: 'confirmed',
    rooms: [room(12)],
  });
  const past = await insertBooking(app, {
    userId: guest.user.id,
    stayId: stay.id,
    from: -6,
    to: -4,
    status: 'confirmed',
    rooms: [room(11)],
  });
  const [review] = await app.db
    .insert(reviews)
    .values({ bookingId: past.id, stayId: stay.id, userId: guest.user.id, rating: 9, body: 'Lovely' })
    .returning();

  // A guest's complaint about a booking of the owner's stay.
  const complaint = (
    await app.inject({
      method: 'POST',
      url: '/api/grievances',
      headers: guest.headers,
      payload: { bookingId: kept.id, category: 'stay', description: 'The garden room was not cleaned at all.' },
    })
  ).json().grievance as { id: string };
  const complaintRule = { kind: 'ownerAndPlatform' } as const;

  // A calendar imported into room 11 (its address refused: tests fetch nothing here) and a conflict it recorded with
  // the kept booking (channels, ADR 035).
  const [feed] = await app.db
    .insert(channelFeeds)
    .values({
      stayId: stay.id,
      roomNumberId: room(11).id,
      url: 'https://other.example/11.ics',
      label: 'Airbnb',
      createdBy: owner.user.id,
    })
    .returning();
  await app.db
    .insert(channelConflicts)
    .values({ feedId: feed!.id, stayId: stay.id, roomNumberId: room(11).id, night: day(10), bookingId: kept.id });

  // Users the platform's routes act on.
  const spare = await createUser(app, { firstName: 'Spare' });
  const leaving = await createUser(app, { firstName: 'Leaving' });

  const stayForm = (type: string) => {
    const form = multipart(stayFields({ name: 'Roles Villa', type, city: 'goa' }));
    return { payload: form.payload, headers: form.headers };
  };
  // The owner's money (ADR 032): a settlement and a fee invoice of theirs, written directly.
  const [settlement] = await app.db
    .insert(settlements)
    .values({
      ownerId: owner.user.id,
      periodStart: '2026-01-05',
      periodEnd: '2026-01-11',
      openingPaise: 0,
      grossPaise: 500000,
      gstPaise: 23810,
      taxablePaise: 476190,
      feePaise: 71429,
      feeGstPaise: 12857,
      tcsPaise: 2381,
      tdsPaise: 476,
      netPaise: 389047,
      closingPaise: 389047,
      payablePaise: 389047,
      lineCount: 0,
    })
    .returning();
  const [feeInvoice] = await app.db
    .insert(feeInvoices)
    .values({
      ownerId: owner.user.id,
      month: '2026-01',
      recipientGstin: '',
      kind: 'fee_invoice',
      supplier: '29AAGCB7383J1Z4',
      number: 'FI/25-26/990001',
      taxablePaise: 71429,
      gstPaise: 12857,
      snapshot: {
        title: 'Tax Invoice',
        number: 'FI/25-26/990001',
        issuedOn: '2026-02-01',
        month: '2026-01',
        supplier: { legalName: 'StayBook', address: 'Bengaluru', gstin: '29AAGCB7383J1Z4' },
        recipient: { legalName: 'Omkar', gstin: null, stateCode: '29', state: 'Karnataka', pan: null },
        placeOfSupply: 'Karnataka (29)',
        sac: '998599',
        ratePercent: 18,
        taxable: 71429,
        cgst: 6428,
        sgst: 6429,
        igst: 0,
        total: 84286,
        stays: [],
        totalInWords: 'Eight hundred and forty-two rupees and eighty-six paise only',
      },
    })
    .returning();
  const payoutProfile = {
    legalName: 'Roles Villa LLP',
    pan: 'ABCFR1234K',
    stateCode: '30',
    account: { method: 'upi', upiId: 'roles@okaxis' },
  };
  // The owner's staff (ADR 066): an invitation listed, one changed and one withdrawn by the table's calls.
  const staffInvite = async (email: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/admin/staff',
        headers: owner.headers,
        payload: { email, role: 'frontDesk', stayIds: [stay.id] },
      })
    ).json().member.id as string;
  const listedStaff = uniqueEmail('listed-staff');
  const changedStaff = await staffInvite(listedStaff);
  const withdrawnStaff = await staffInvite(uniqueEmail('withdrawn-staff'));

  const own: Rule = { kind: 'own' };
  // A guest arriving today, and the Form C of a foreign guest of theirs.
  const arriving = await insertBooking(app, {
    userId: guest.user.id,
    stayId: stay.id,
    from: 0,
    to: 1,
    status: 'confirmed',
    rooms: [room(14)],
  });
  const formCBody = {
    surname: 'Müller',
    givenNames: 'Anna',
    sex: 'female',
    dateOfBirth: '1988-04-17',
    nationality: 'DE',
    passportNumber: 'C01X00T47',
    passportPlaceOfIssue: 'Berlin',
    passportIssuedOn: '2021-02-01',
    passportExpiresOn: '2031-01-31',
    visaType: 'e_tourist',
    visaNumber: 'EV9876543',
    visaPlaceOfIssue: 'Online',
    visaIssuedOn: '2026-01-01',
    visaExpiresOn: '2031-01-01',
    arrivedInIndiaOn: '2026-01-02',
    arrivedFrom: { place: 'Frankfurt', country: 'DE' },
    nextDestination: { place: 'Jaipur', country: 'IN' },
    purpose: 'tourism',
    addressAbroad: 'Lindenstraße 5, Berlin',
  };
  const formC = (
    await app.inject({
      method: 'POST',
      url: `/api/admin/bookings/${arriving.id}/form-c`,
      headers: owner.headers,
      payload: formCBody,
    })
  ).json().report.id as string;

  // A rate plan of the owner's room type (ADR 065).
  const standardPlan = (
    (await app.inject({ url: `/api/admin/room-types/${roomTypeId}/plans`, headers: owner.headers })).json().plans as {
      id: string;
      standard: boolean;
    }[]
  ).find((p) => p.standard);
  const planBody = { name: 'Breakfast', mealPlan: 'CP', parentId: standardPlan?.id, adjustKind: 'amount', adjustValue: 300 };
  const ratePlan = (
    await app.inject({
      method: 'POST',
      url: `/api/admin/room-types/${roomTypeId}/plans`,
      headers: owner.headers,
      payload: planBody,
    })
  ).json().plan.id as string;
  const doomedPlan = (
    await app.inject({
      method: 'POST',
      url: `/api/admin/room-types/${roomTypeId}/plans`,
      headers: owner.headers,
      payload: { ...planBody, name: 'Doomed' },
    })
  ).json().plan.id as string;

  const rows: Row[] = [
    {
      method: 'GET',
      path: '/api/admin/staff',
      rule: { kind: 'scoped', mark: listedStaff },
      call: () => ({ url: '/api/admin/staff' }),
    },
    {
      method: 'POST',
      path: '/api/admin/staff',
      rule: own,
      call: () => ({ url: '/api/admin/staff', payload: { email: uniqueEmail('staff'), role: 'manager', stayIds: [stay.id] } }),
    },
    {
      method: 'PUT',
      path: '/api/admin/staff/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/staff/${changedStaff}`, payload: { role: 'manager', stayIds: [stay.id] } }),
    },
    { method: 'DELETE', path: '/api/admin/staff/{id}', rule: own, call: () => ({ url: `/api/admin/staff/${withdrawnStaff}` }) },
    { method: 'GET', path: '/api/admin/staff/actions', rule: { kind: 'any' }, call: () => ({ url: '/api/admin/staff/actions' }) },
    {
      method: 'GET',
      path: '/api/admin/reservations/{id}/actions',
      rule: own,
      call: () => ({ url: `/api/admin/reservations/${kept.id}/actions` }),
    },
    { method: 'GET', path: '/api/admin/me', rule: { kind: 'any' }, call: () => ({ url: '/api/admin/me' }) },
    // Each admin's copy of what is held about them as an owner: their own stays and money only.
    {
      method: 'GET',
      path: '/api/admin/me/export',
      rule: { kind: 'scoped', mark: settlement!.id },
      call: () => ({ url: '/api/admin/me/export' }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays/types',
      rule: { kind: 'scoped', mark: 'Villa' },
      call: () => ({ url: '/api/admin/stays/types' }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays',
      rule: { kind: 'scoped', mark: stay.id },
      call: () => ({ url: '/api/admin/stays?type=Villa' }),
    },
    { method: 'GET', path: '/api/admin/stays/{id}', rule: own, call: () => ({ url: `/api/admin/stays/${stay.id}` }) },
    {
      method: 'PUT',
      path: '/api/admin/stays/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}`, ...stayForm('Villa') }),
    },
    { method: 'GET', path: '/api/admin/stays/{id}/rooms', rule: own, call: () => ({ url: `/api/admin/stays/${stay.id}/rooms` }) },
    {
      method: 'POST',
      path: '/api/admin/stays/{id}/room-types',
      rule: own,
      call: () => ({
        url: `/api/admin/stays/${stay.id}/room-types`,
        payload: { title: 'Loft', price: 1500, maxPeople: 2, roomNumbers: [21] },
      }),
    },
    {
      method: 'PUT',
      path: '/api/admin/room-types/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}`, payload: { title: 'Garden' } }),
    },
    {
      method: 'GET',
      path: '/api/admin/room-types/{id}/rates',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/rates` }),
    },
    {
      method: 'POST',
      path: '/api/admin/room-types/{id}/rates',
      rule: own,
      call: () => ({
        url: `/api/admin/room-types/${roomTypeId}/rates`,
        payload: { startsOn: day(60), endsOn: day(61), price: 5000 },
      }),
    },
    {
      method: 'PUT',
      path: '/api/admin/room-types/{roomTypeId}/rates/{seasonId}',
      rule: own,
      call: () => ({
        url: `/api/admin/room-types/${roomTypeId}/rates/${seasonId}`,
        payload: { startsOn: day(40), endsOn: day(45), price: 4200 },
      }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays/{id}/reviews',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}/reviews` }),
    },
    {
      method: 'POST',
      path: '/api/admin/reviews/{id}/reply',
      rule: own,
      call: () => ({ url: `/api/admin/reviews/${review!.id}/reply`, payload: { reply: 'Thank you' } }),
    },
    {
      method: 'GET',
      path: '/api/admin/reservations',
      rule: { kind: 'scoped', mark: kept.id },
      call: () => ({ url: '/api/admin/reservations' }),
    },
    {
      method: 'GET',
      path: '/api/admin/reservations/export',
      rule: { kind: 'scoped', mark: 'Roles Villa' },
      call: () => ({ url: '/api/admin/reservations/export' }),
    },
    {
      method: 'GET',
      path: '/api/admin/documents',
      rule: { kind: 'scoped', mark: kept.id },
      call: () => ({ url: '/api/admin/documents' }),
    },
    {
      method: 'GET',
      path: '/api/admin/documents/archive',
      rule: { kind: 'scoped', mark: invoice.number.replaceAll('/', '-') },
      call: () => ({ url: `/api/admin/documents/archive?month=${todayInIndia(invoice.issuedAt).slice(0, 7)}` }),
    },
    {
      method: 'GET',
      path: '/api/admin/documents/{id}/file',
      rule: own,
      call: () => ({ url: `/api/admin/documents/${invoice.id}/file` }),
    },
    {
      method: 'GET',
      path: '/api/admin/reservations/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/reservations/${kept.id}` }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays/{id}/occupancy',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}/occupancy` }),
    },
    {
      method: 'POST',
      path: '/api/admin/stays/{id}/blocks',
      rule: own,
      call: () => ({
        url: `/api/admin/stays/${stay.id}/blocks`,
        payload: { roomNumberIds: [room(13).id], from: day(70), to: day(71) },
      }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays/{id}/figures',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}/figures` }),
    },
    {
      method: 'GET',
      path: '/api/admin/figures',
      rule: { kind: 'scoped', mark: 'Roles Villa' },
      call: () => ({ url: '/api/admin/figures' }),
    },
    {
      method: 'GET',
      path: '/api/admin/figures/month',
      rule: { kind: 'scoped', mark: 'Roles Villa' },
      call: () => ({ url: '/api/admin/figures/month' }),
    },
    {
      method: 'GET',
      path: '/api/admin/bookings/{id}/cancellation',
      rule: own,
      call: () => ({ url: `/api/admin/bookings/${toCancel.id}/cancellation` }),
    },
    {
      method: 'GET',
      path: '/api/admin/rooms/{id}/channels',
      rule: own,
      call: () => ({ url: `/api/admin/rooms/${room(11).id}/channels` }),
    },
    {
      method: 'POST',
      path: '/api/admin/rooms/{id}/channels/rotate',
      rule: own,
      call: () => ({ url: `/api/admin/rooms/${room(11).id}/channels/rotate`, payload: { target: 'type' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/rooms/{id}/feeds',
      rule: own,
      call: () => ({
        url: `/api/admin/rooms/${room(12).id}/feeds`,
        payload: { url: 'http://127.0.0.1/12.ics', label: 'Booking.com' },
      }),
    },
    {
      method: 'POST',
      path: '/api/admin/feeds/{id}/sync',
      rule: own,
      call: () => ({ url: `/api/admin/feeds/${feed!.id}/sync` }),
    },
    {
      method: 'GET',
      path: '/api/admin/channel-conflicts',
      rule: { kind: 'scoped', mark: 'Roles Villa' },
      call: () => ({ url: '/api/admin/channel-conflicts' }),
    },
    { method: 'GET', path: '/api/admin/users', rule: { kind: 'platform' }, call: () => ({ url: '/api/admin/users' }) },
    {
      method: 'GET',
      path: '/api/admin/payment-mismatches',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/payment-mismatches' }),
    },
    {
      method: 'GET',
      path: '/api/admin/users/{id}',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/users/${spare.id}` }),
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}',
      rule: { kind: 'platform' },
      call: () => ({
        url: `/api/admin/users/${spare.id}`,
        payload: { firstName: 'Spare', lastName: 'User', mobile: '9000000000', email: spare.email, isAdmin: 'No' },
      }),
    },
    {
      method: 'GET',
      path: '/api/admin/grievances',
      rule: { kind: 'ownerAndPlatform', mark: complaint.id },
      call: () => ({ url: '/api/admin/grievances' }),
    },
    {
      method: 'GET',
      path: '/api/admin/grievances/{id}',
      rule: complaintRule,
      call: () => ({ url: `/api/admin/grievances/${complaint.id}` }),
    },
    {
      method: 'POST',
      path: '/api/admin/grievances/{id}/messages',
      rule: complaintRule,
      call: () => ({ url: `/api/admin/grievances/${complaint.id}/messages`, payload: { body: 'We are on it.' } }),
    },
    // What changes or removes things last, so the rows above find what they need.
    {
      method: 'POST',
      path: '/api/admin/grievances/{id}/close',
      rule: complaintRule,
      call: () => ({ url: `/api/admin/grievances/${complaint.id}/close` }),
    },
    {
      method: 'POST',
      path: '/api/admin/bookings/{id}/cancel',
      rule: own,
      call: () => ({ url: `/api/admin/bookings/${toCancel.id}/cancel` }),
    },
    { method: 'DELETE', path: '/api/admin/blocks/{id}', rule: own, call: () => ({ url: `/api/admin/blocks/${blockId}` }) },
    { method: 'DELETE', path: '/api/admin/feeds/{id}', rule: own, call: () => ({ url: `/api/admin/feeds/${feed!.id}` }) },
    {
      method: 'DELETE',
      path: '/api/admin/room-types/{roomTypeId}/rates/{seasonId}',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/rates/${seasonId}` }),
    },
    {
      method: 'DELETE',
      path: '/api/admin/room-types/{roomTypeId}/room-numbers/{roomNumberId}',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/room-numbers/${room(14).id}` }),
    },
    // The stay keeps a confirmed booking to come: its owner is told so (409), nobody else reaches it.
    { method: 'DELETE', path: '/api/admin/stays/{id}', rule: own, call: () => ({ url: `/api/admin/stays/${stay.id}` }) },
    {
      method: 'DELETE',
      path: '/api/admin/users/{id}',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/users/${leaving.id}` }),
    },
    // Payouts (ADR 032): each admin's own details, settlements, fee invoices and reports; the platform's month.
    {
      method: 'GET',
      path: '/api/admin/payouts/profile',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/profile' }),
    },
    {
      method: 'PUT',
      path: '/api/admin/payouts/profile',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/profile', payload: payoutProfile }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/gst-declarations',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/gst-declarations' }),
    },
    {
      method: 'POST',
      path: '/api/admin/payouts/gst-declarations',
      rule: { kind: 'any' },
      call: () => ({
        url: '/api/admin/payouts/gst-declarations',
        payload: {
          stateCode: '30',
          registration: 'none',
          liable: false,
          legalName: 'Roles Villa',
          address: 'Calangute, Goa',
          confirm: true,
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/stays/{id}/terms',
      rule: own,
      call: () => ({ url: `/api/admin/payouts/stays/${stay.id}/terms` }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/settlements',
      rule: { kind: 'scoped', mark: settlement!.id },
      call: () => ({ url: '/api/admin/payouts/settlements' }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/settlements/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/payouts/settlements/${settlement!.id}` }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/settlements/{id}/statement.csv',
      rule: own,
      call: () => ({ url: `/api/admin/payouts/settlements/${settlement!.id}/statement.csv` }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/settlements/{id}/statement.pdf',
      rule: own,
      call: () => ({ url: `/api/admin/payouts/settlements/${settlement!.id}/statement.pdf` }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/fee-invoices',
      rule: { kind: 'scoped', mark: feeInvoice!.number },
      call: () => ({ url: '/api/admin/payouts/fee-invoices?month=2026-01' }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/fee-invoices/{id}/file',
      rule: own,
      call: () => ({ url: `/api/admin/payouts/fee-invoices/${feeInvoice!.id}/file` }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/tds-statements/{quarter}/statement.pdf',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/tds-statements/2025-26-Q4/statement.pdf' }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/tds-statements/{quarter}/statement.csv',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/tds-statements/2025-26-Q4/statement.csv' }),
    },
    {
      method: 'GET',
      path: '/api/admin/payouts/reports/{report}',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/payouts/reports/gstr1-b2b?month=2026-01' }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/month',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/platform/month' }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/reports/{report}',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/platform/reports/gstr8-b2c?month=2026-01' }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/settlements',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/platform/settlements' }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/settlements/{id}',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/platform/settlements/${settlement!.id}` }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/settlements/{id}/statement.csv',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/platform/settlements/${settlement!.id}/statement.csv` }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/settlements/{id}/statement.pdf',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/platform/settlements/${settlement!.id}/statement.pdf` }),
    },
    {
      method: 'POST',
      path: '/api/admin/platform/settlements/run',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/platform/settlements/run' }),
    },
    {
      method: 'GET',
      path: '/api/admin/platform/fees',
      rule: { kind: 'platform' },
      call: () => ({ url: '/api/admin/platform/fees' }),
    },
    {
      method: 'PUT',
      path: '/api/admin/platform/stays/{id}/fee',
      rule: { kind: 'platform' },
      call: () => ({ url: `/api/admin/platform/stays/${stay.id}/fee`, payload: { feePercent: 12 } }),
    },
    // Every admin may add a stay of their own (a cabin, so the lists above are not changed).
    {
      method: 'POST',
      path: '/api/admin/stays',
      rule: { kind: 'any' },
      call: () => ({ url: '/api/admin/stays', ...stayForm('Cabin') }),
    },
    // The front desk (ADR 064) and Form C (ADR 067): the stay's owner (or their staff, ADR 066).
    { method: 'GET', path: '/api/admin/stays/{id}/desk', rule: own, call: () => ({ url: `/api/admin/stays/${stay.id}/desk` }) },
    {
      method: 'GET',
      path: '/api/admin/desk/today',
      rule: { kind: 'scoped', mark: stay.id },
      call: () => ({ url: '/api/admin/desk/today' }),
    },
    {
      method: 'POST',
      path: '/api/admin/stays/{id}/desk-bookings',
      rule: own,
      call: () => ({
        url: `/api/admin/stays/${stay.id}/desk-bookings`,
        payload: {
          checkIn: day(30),
          checkOut: day(31),
          adults: 1,
          roomNumberIds: [room(13).id],
          guestName: 'Walk In',
          guestMobile: '9876512345',
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/admin/desk/bookings/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/desk/bookings/${kept.id}` }),
    },
    {
      method: 'POST',
      path: '/api/admin/desk/bookings/{id}/payments',
      rule: own,
      call: () => ({ url: `/api/admin/desk/bookings/${kept.id}/payments`, payload: { method: 'cash' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/desk/bookings/{id}/check-in',
      rule: own,
      call: () => ({ url: `/api/admin/desk/bookings/${arriving.id}/check-in`, payload: { idType: 'aadhaar', idNumber: '1234' } }),
    },
    {
      method: 'POST',
      path: '/api/admin/desk/bookings/{id}/check-out',
      rule: own,
      call: () => ({ url: `/api/admin/desk/bookings/${kept.id}/check-out`, payload: {} }),
    },
    {
      method: 'POST',
      path: '/api/admin/desk/bookings/{id}/no-show',
      rule: own,
      call: () => ({ url: `/api/admin/desk/bookings/${kept.id}/no-show` }),
    },
    {
      method: 'GET',
      path: '/api/admin/stays/{id}/housekeeping',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}/housekeeping` }),
    },
    {
      method: 'PUT',
      path: '/api/admin/stays/{id}/rooms/{roomId}/housekeeping',
      rule: own,
      call: () => ({ url: `/api/admin/stays/${stay.id}/rooms/${room(12).id}/housekeeping`, payload: { status: 'clean' } }),
    },
    {
      method: 'GET',
      path: '/api/admin/form-c',
      rule: { kind: 'scoped', mark: formC },
      call: () => ({ url: '/api/admin/form-c' }),
    },
    {
      method: 'GET',
      path: '/api/admin/bookings/{id}/form-c',
      rule: own,
      call: () => ({ url: `/api/admin/bookings/${arriving.id}/form-c` }),
    },
    {
      method: 'POST',
      path: '/api/admin/bookings/{id}/form-c',
      rule: own,
      call: () => ({ url: `/api/admin/bookings/${arriving.id}/form-c`, payload: formCBody }),
    },
    {
      method: 'PUT',
      path: '/api/admin/form-c/{id}',
      rule: own,
      call: () => ({ url: `/api/admin/form-c/${formC}`, payload: formCBody }),
    },
    { method: 'GET', path: '/api/admin/form-c/{id}', rule: own, call: () => ({ url: `/api/admin/form-c/${formC}` }) },
    { method: 'GET', path: '/api/admin/form-c/{id}/csv', rule: own, call: () => ({ url: `/api/admin/form-c/${formC}/csv` }) },
    {
      method: 'POST',
      path: '/api/admin/form-c/{id}/submitted',
      rule: own,
      call: () => ({ url: `/api/admin/form-c/${formC}/submitted`, payload: { reference: 'FRRO-1' } }),
    },
    {
      method: 'GET',
      path: '/api/admin/room-types/{id}/plans',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/plans` }),
    },
    {
      method: 'POST',
      path: '/api/admin/room-types/{id}/plans',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/plans`, payload: { ...planBody, name: 'Another' } }),
    },
    {
      method: 'PUT',
      path: '/api/admin/room-types/{roomTypeId}/plans/{planId}',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/plans/${ratePlan}`, payload: planBody }),
    },
    {
      method: 'DELETE',
      path: '/api/admin/room-types/{roomTypeId}/plans/{planId}',
      rule: own,
      call: () => ({ url: `/api/admin/room-types/${roomTypeId}/plans/${doomedPlan}` }),
    },
  ];

  const send = (row: Row, actor?: Actor) => {
    const { url, payload, headers } = row.call();
    return app.inject({
      method: row.method,
      url,
      headers: { ...(actor?.headers ?? {}), ...(headers ?? {}) },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
  };

  it('the table has every admin route (a new route must say who may call it)', () => {
    const adminRoutes = routesOf(app).filter((r) => r.includes(' /api/admin/') && !r.includes(' /api/admin/auth/'));
    expect(rows.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...new Set(adminRoutes)].sort());
  });

  it.each(rows)('$method $path', async (row) => {
    const name = `${row.method} ${row.path}`;
    expect((await send(row)).statusCode, `${name} without a token`).toBe(401);
    expect((await send(row, guest)).statusCode, `${name} as a guest`).toBe(403);
    const { rule } = row;
    if (rule.kind === 'platform') {
      for (const [who, actor] of [
        ['the owner', owner],
        ['another owner', other],
      ] as const) {
        const res = await send(row, actor);
        expect(res.statusCode, `${name} as ${who}`).toBe(403);
        expect(res.body).not.toContain(spare.email);
      }
      const res = await send(row, platform);
      expect(res.statusCode, `${name} as the platform: ${res.body}`).toBeLessThan(300);
    } else if (rule.kind === 'own') {
      for (const [who, actor] of [
        ['another owner', other],
        ['the platform', platform],
      ] as const) {
        const res = await send(row, actor);
        expect([403, 404], `${name} as ${who}: ${res.body}`).toContain(res.statusCode);
      }
      const res = await send(row, owner);
      expect([401, 403, 404], `${name} as the owner: ${res.body}`).not.toContain(res.statusCode);
      expect(res.statusCode, `${name} as the owner: ${res.body}`).toBeLessThan(500);
    } else if (rule.kind === 'ownerAndPlatform') {
      const res = await send(row, other);
      if (rule.mark) {
        expect(res.statusCode, `${name} as another owner`).toBe(200);
        expect(res.body, `${name} as another owner`).not.toContain(rule.mark);
      } else expect(res.statusCode, `${name} as another owner: ${res.body}`).toBe(404);
      // The first of the two may close the complaint: the second is then told it is closed (409), not refused.
      for (const [who, actor] of [
        ['the platform', platform],
        ['the owner', owner],
      ] as const) {
        const ok = await send(row, actor);
        expect([401, 403, 404], `${name} as ${who}: ${ok.body}`).not.toContain(ok.statusCode);
        expect(ok.statusCode, `${name} as ${who}: ${ok.body}`).toBeLessThan(500);
        if (rule.mark) expect(ok.body, `${name} as ${who}`).toContain(rule.mark);
      }
    } else if (rule.kind === 'scoped') {
      for (const [who, actor] of [
        ['another owner', other],
        ['the platform', platform],
      ] as const) {
        const res = await send(row, actor);
        expect(res.statusCode, `${name} as ${who}`).toBe(200);
        expect(res.body, `${name} as ${who}`).not.toContain(rule.mark);
      }
      const res = await send(row, owner);
      expect(res.statusCode, `${name} as the owner`).toBe(200);
      expect(res.body, `${name} as the owner`).toContain(rule.mark);
    } else {
      for (const actor of [platform, owner, other]) expect((await send(row, actor)).statusCode, name).toBeLessThan(300);
    }
  });

  it("an owner can not take over another owner's account through its email (the reported attack)", async () => {
    const attacker = uniqueEmail('attacker');
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${owner.user.id}`,
      headers: other.headers,
      payload: { firstName: 'Omkar', lastName: 'Owner', mobile: '9000000000', email: attacker, isAdmin: 'Yes' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row?.email).toBe(owner.user.email);
  });

  it('GET /api/admin/me tells the admin area who runs the platform', async () => {
    expect((await app.inject({ url: '/api/admin/me', headers: platform.headers })).json()).toMatchObject({
      id: platform.user.id,
      isAdmin: true,
      isPlatform: true,
    });
    expect((await app.inject({ url: '/api/admin/me', headers: owner.headers })).json()).toMatchObject({
      id: owner.user.id,
      isAdmin: true,
      isPlatform: false,
    });
  });
});
