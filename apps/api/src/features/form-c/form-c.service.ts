import { randomUUID } from 'node:crypto';
import { countryName } from '@repo/shared/constants/countries';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import { GST_STATES } from '@repo/shared/domain/gstin';
import { RETENTION } from '@repo/shared/domain/retention';
import {
  FORM_C_LIMITS,
  FORM_C_WORDS,
  FormCDetails,
  type FormCFull,
  type FormCInput,
  type FormCList,
  type FormCStatus,
  type FormCSummary,
  maskNumber,
  VISA_TYPES,
} from '@repo/shared/schemas/form-c';
import { inTransaction } from '#src/db/client.ts';
import { titleCase } from '#src/features/invoices/index.ts';
import { toCsv } from '#src/features/owner/index.ts';
import { conflict, notFound } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import { PersonalDataSeal } from '#src/platform/personal-data.ts';
import * as repo from './form-c.repository.ts';
import { FORM_C_API_MSG } from './messages.ts';

export type FormCDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

const seals = new WeakMap<object, PersonalDataSeal>();
/** The seal of the app's personal-data key (one per config). */
function sealOf(deps: FormCDeps) {
  let seal = seals.get(deps.config);
  if (!seal) {
    seal = new PersonalDataSeal(deps.config.personalDataKey);
    seals.set(deps.config, seal);
  }
  return seal;
}

/** Bookings a Form C may be made for: confirmed ones (the guest has arrived: check-in day to check-out day). */
const REPORTABLE = new Set(['confirmed']);

function statusOf(r: repo.ReportRow, now: Date): FormCStatus {
  if (r.submittedAt) return 'submitted';
  return r.dueAt.getTime() < now.getTime() ? 'overdue' : 'due';
}

function summaryOf(row: { report: repo.ReportRow; hotelName: string }, now: Date): FormCSummary {
  const r = row.report;
  return {
    id: r.id,
    bookingId: r.bookingId,
    stayId: r.stayId,
    hotelName: row.hotelName,
    guestName: r.guestName,
    nationality: r.nationality,
    passport: r.passportLast4 ? maskNumber(r.passportLast4) : null,
    visaType: VISA_TYPES.find((t) => t === r.visaType) ?? null,
    arrivedAt: r.arrivedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    submittedAt: r.submittedAt?.toISOString() ?? null,
    reference: r.reference,
    status: statusOf(r, now),
    erasedAt: r.erasedAt?.toISOString() ?? null,
    eraseOn: r.eraseOn,
  };
}

/** What the lists show in the clear: the name, nationality, the passport's last four and the visa type. */
const clearOf = (input: FormCInput) => ({
  guestName: `${input.givenNames} ${input.surname}`,
  nationality: input.nationality,
  passportLast4: input.passportNumber.slice(-4),
  visaType: input.visaType,
});

/** The day the details are erased: a year after the guest's departure (the booking's check-out day). */
export function eraseOnOf(checkOut: string): string {
  const day = new Date(`${checkOut}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + RETENTION.foreignGuestReportYears);
  return day.toISOString().slice(0, 10);
}

/**
 * Records a foreign guest's Form C on a booking of one of the owner's stays, once the guest has arrived (its
 * check-in day to its check-out day): one per guest of the booking, due 24 hours from now (their arrival at the
 * stay), the details sealed.
 */
export async function addReport(deps: FormCDeps, ownerId: string, bookingId: string, input: FormCInput) {
  const booking = await repo.bookingOfOwner(deps.db, ownerId, bookingId);
  if (!booking) throw notFound(FORM_C_API_MSG.bookingNotFound);
  if (!REPORTABLE.has(booking.status)) throw conflict(FORM_C_API_MSG.notConfirmed, 'NOT_CONFIRMED');
  const now = deps.clock.now();
  const today = todayInIndia(now);
  if (today < booking.checkIn || today > booking.checkOut) throw conflict(FORM_C_API_MSG.notArrived, 'NOT_ARRIVED');
  const id = randomUUID();
  await inTransaction(deps.db, async (tx) => {
    await repo.lockBooking(tx, booking.id);
    if ((await repo.reportsOfBookingCount(tx, booking.id)) >= booking.adults + booking.children)
      throw conflict(FORM_C_API_MSG.everyGuestReported, 'EVERY_GUEST_REPORTED');
    await repo.insertReport(tx, {
      id,
      bookingId: booking.id,
      stayId: booking.stayId,
      ...clearOf(input),
      details: sealOf(deps).seal(id, input),
      arrivedAt: now,
      dueAt: new Date(now.getTime() + FORM_C_LIMITS.dueHours * 3_600_000),
      eraseOn: eraseOnOf(booking.checkOut),
      createdBy: ownerId,
      createdAt: now,
      updatedAt: now,
    });
  });
  return { report: await summaryOfId(deps, ownerId, id) };
}

/** Corrects a report not yet marked submitted. */
export async function editReport(deps: FormCDeps, ownerId: string, id: string, input: FormCInput) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const found = await repo.reportOfOwner(tx, ownerId, id, 'lock');
    if (!found) throw notFound(FORM_C_API_MSG.reportNotFound);
    if (found.report.erasedAt) throw conflict(FORM_C_API_MSG.erased, 'ERASED');
    if (found.report.submittedAt) throw conflict(FORM_C_API_MSG.submitted, 'SUBMITTED');
    await repo.updateReport(tx, id, { ...clearOf(input), details: sealOf(deps).seal(id, input), updatedAt: now });
  });
  return { report: await summaryOfId(deps, ownerId, id) };
}

/** Marks a report submitted on the Bureau of Immigration's portal, with the reference it gave. */
export async function markSubmitted(deps: FormCDeps, ownerId: string, id: string, reference: string) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const found = await repo.reportOfOwner(tx, ownerId, id, 'lock');
    if (!found) throw notFound(FORM_C_API_MSG.reportNotFound);
    if (found.report.submittedAt) throw conflict(FORM_C_API_MSG.alreadySubmitted, 'SUBMITTED');
    await repo.updateReport(tx, id, { submittedAt: now, reference, updatedAt: now });
  });
  return { report: await summaryOfId(deps, ownerId, id) };
}

async function summaryOfId(deps: FormCDeps, ownerId: string, id: string) {
  const found = await repo.reportOfOwner(deps.db, ownerId, id);
  if (!found) throw notFound(FORM_C_API_MSG.reportNotFound);
  return summaryOf(found, deps.clock.now());
}

/** The Form Cs of a booking of one of the owner's stays. */
export async function reportsOfBooking(deps: FormCDeps, ownerId: string, bookingId: string) {
  if (!(await repo.bookingOfOwner(deps.db, ownerId, bookingId))) throw notFound(FORM_C_API_MSG.bookingNotFound);
  const now = deps.clock.now();
  return { reports: (await repo.reportsOfBooking(deps.db, bookingId)).map((r) => summaryOf(r, now)) };
}

/** The owner's Form Cs (open ones, or all), with how many are open and overdue (the dashboard's reminder). */
export async function ownerReports(
  deps: FormCDeps,
  ownerId: string,
  q: { state: 'open' | 'all'; page: number },
  /** A staff member's stays (null: all the owner's). */
  stayIds: readonly string[] | null = null,
): Promise<FormCList> {
  const now = deps.clock.now();
  const [{ rows, total }, counts] = await Promise.all([
    repo.reportsOfOwner(deps.db, ownerId, {
      open: q.state === 'open',
      limit: FORM_C_LIMITS.pageSize,
      offset: (q.page - 1) * FORM_C_LIMITS.pageSize,
      stayIds,
    }),
    repo.openCounts(deps.db, ownerId, now, stayIds),
  ]);
  return { reports: rows.map((r) => summaryOf(r, now)), ...counts, total };
}

/** A report whole (details opened), for the printed form and the CSV. */
export async function fullReport(deps: FormCDeps, ownerId: string, id: string): Promise<FormCFull> {
  const found = await repo.reportOfOwner(deps.db, ownerId, id);
  if (!found) throw notFound(FORM_C_API_MSG.reportNotFound);
  const r = found.report;
  return {
    summary: summaryOf(found, deps.clock.now()),
    details: r.details ? FormCDetails.parse(sealOf(deps).open(r.id, r.details)) : null,
    stay: {
      name: found.hotelName,
      address: found.stayAddress,
      city: titleCase(found.stayCity),
      state: (found.stayStateCode && GST_STATES[found.stayStateCode]) ?? '',
    },
    checkIn: found.checkIn,
    checkOut: found.checkOut,
  };
}

/** The columns of the Form C CSV, in the order of the Bureau of Immigration's form. */
const CSV_HEADER = [
  'Surname',
  'Given names',
  'Sex',
  'Date of birth',
  'Nationality',
  'Passport number',
  'Passport place of issue',
  'Passport date of issue',
  'Passport date of expiry',
  'Visa type',
  'Visa or OCI card number',
  'Visa place of issue',
  'Visa date of issue',
  'Visa date of expiry',
  'Date of arrival in India',
  'Arrived from',
  'Arrived from (country)',
  'Address abroad',
  'Arrival at the stay',
  'Intended departure',
  'Next destination',
  'Next destination (country)',
  'Purpose of visit',
  'Stay',
  'Stay address',
  'Booking',
] as const;

/** One report as a CSV file of one row (for the desk's submission within 24 hours). */
export async function reportCsv(deps: FormCDeps, ownerId: string, id: string): Promise<string> {
  const full = await fullReport(deps, ownerId, id);
  const d = full.details;
  if (!d) throw conflict(FORM_C_API_MSG.erased, 'ERASED');
  const arrived = new Date(full.summary.arrivedAt);
  return toCsv(CSV_HEADER, [
    [
      d.surname,
      d.givenNames,
      FORM_C_WORDS.sex[d.sex],
      formatDate(d.dateOfBirth),
      countryName(d.nationality),
      d.passportNumber,
      d.passportPlaceOfIssue,
      formatDate(d.passportIssuedOn),
      formatDate(d.passportExpiresOn),
      FORM_C_WORDS.visaType[d.visaType],
      d.visaNumber,
      d.visaPlaceOfIssue,
      formatDate(d.visaIssuedOn),
      formatDate(d.visaExpiresOn),
      formatDate(d.arrivedInIndiaOn),
      d.arrivedFrom.place,
      countryName(d.arrivedFrom.country),
      d.addressAbroad,
      `${formatDate(todayInIndia(arrived))} ${arrived.toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' })}`,
      formatDate(full.checkOut),
      d.nextDestination.place,
      countryName(d.nextDestination.country),
      FORM_C_WORDS.purpose[d.purpose],
      full.stay.name,
      [full.stay.address, full.stay.city, full.stay.state].filter(Boolean).join(', '),
      full.summary.bookingId,
    ],
  ]);
}

/** Erases the details of reports past their keeping (a year after departure). Idempotent: every process may run it. */
export async function eraseExpiredReports(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  return repo.eraseDue(deps.db, todayInIndia(now), now);
}

/** What a guest's bookings have on Form C (their data export): masked, never the details. */
export async function guestReports(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const now = deps.clock.now();
  return (await repo.reportsOfGuest(deps.db, userId)).map((r) => summaryOf(r, now));
}
