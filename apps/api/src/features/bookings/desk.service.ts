import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@repo/shared/constants/domain';
import { stayNights, todayInIndia } from '@repo/shared/domain/dates';
import { supplyOf } from '@repo/shared/domain/gst-supply';
import { formatPaise } from '@repo/shared/domain/money';
import { amountOfNights } from '@repo/shared/domain/rates';
import {
  CheckInInput,
  CheckOutInput,
  type DeskBookingDto,
  DeskBookingInput,
  type DeskDayDto,
  type DeskTodayDto,
  DeskPaymentInput,
  maskIdNumber,
} from '@repo/shared/schemas/desk';
import { DECLARATION_MSG } from '@repo/shared/schemas/gst-declaration';
import { inTransaction, pgError, type Tx } from '#src/db/client.ts';
import { findInvoice, issueInvoice, taxOfBookings } from '#src/features/invoices/index.ts';
import { conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import type { Emit } from '#src/platform/events.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as desk from './desk.repository.ts';
import { type DeskUser, deskBooking, deskOwnerOf, deskStay } from './desk-scope.ts';
import { DeskInvoiceMail } from './events.ts';
import { openIdNumber, sealIdNumber } from './guest-ids.ts';
import { isNightTaken, priceRooms, takenConflict } from './hold.service.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A booking taken at the desk for a guest who called or walked in (ADR 064): the same rooms, the same prices and
 * rate rules as a hold (priceRooms), the same room-night key (a taken night is a 409 naming it), confirmed at once.
 * Money taken with it is recorded in the ledger as a desk payment, and the tax invoice is issued when the booking
 * is paid (at once when paid now, else when the desk takes its payment, at the latest at check-out).
 */
export async function createDeskBooking(deps: BookingsDeps, user: DeskUser, stayId: string, body: DeskBookingInput) {
  const input = DeskBookingInput.parse(body);
  await deskStay(deps, user, stayId);
  const nights = stayNights(input.checkIn, input.checkOut);
  const roomIds = [...input.roomNumberIds].sort();
  const found = await repo.findStayWithRooms(deps.db, stayId, roomIds, user.id);
  if (!found) throw notFound(BOOKING_MSG.stayNotFound);
  const { stay, rooms } = found;
  const supply = supplyOf(stay.tax.standing, stay.tax, deps.config.platform.gstins);
  if (supply.by === 'nobody') throw conflict(DECLARATION_MSG.notForSale[supply.reason], 'NOT_FOR_SALE');
  const priced = await priceRooms(deps, stay, rooms, roomIds, input);
  const numbers = new Map(rooms.map((r) => [r.id, r.number]));
  const id = randomUUID();
  const amount = amountOfNights(priced.map((p) => p.quote.nightlyPrices));
  if (input.payment?.amount !== undefined && input.payment.amount !== amount)
    throw fieldError('payment.amount', BOOKING_MSG.notTheDue(formatPaise(amount)));
  const now = deps.clock.now();
  const booking: repo.BookingRow = {
    id,
    userId: user.id,
    stayId,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: nights.length,
    adults: input.adults,
    children: input.children,
    amountPaise: amount,
    currency: CURRENCY,
    status: 'confirmed',
    holdExpiresAt: null,
    provider: null,
    providerOrderId: null,
    providerPaymentId: null,
    failure: null,
    refund: null,
    guestGstin: input.guestGstin ?? null,
    guestCompany: input.guestCompany ?? null,
    guestAddress: input.guestAddress ?? null,
    guestPin: input.guestPin ?? null,
    guestState: input.guestState ?? null,
    cancellationPolicy: stay.policy,
    cancelledAt: null,
    cancelledBy: null,
    hotelName: stay.name,
    holdIp: null,
    source: 'desk',
    guestName: input.guestName,
    guestMobile: input.guestMobile,
    guestEmail: input.guestEmail ?? null,
    arrival: null,
    arrivalAt: null,
    checkedOutAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // Each room sold under its type's standard plan (ADR 065), as an online hold without a plan chosen.
  const bookingRooms = priced
    .map(({ room: r, plan, quote }) => ({
      bookingId: id,
      roomNumberId: r.id,
      number: r.number,
      title: r.title,
      pricePerNight: r.price,
      nightlyPrices: quote.nightlyPrices,
      ratePlanId: plan?.id ?? null,
      planName: plan?.name ?? null,
      mealPlan: plan?.mealPlan ?? null,
    }))
    .sort((a, b) => a.number - b.number);

  for (let attempt = 1; ; attempt++) {
    try {
      await withOutbox(deps, async (tx, emit) => {
        await desk.insertDeskBooking(tx, booking, bookingRooms, nights);
        if (input.payment) await takePayment(deps, tx, emit, booking, user, input.payment, 'payment.');
      });
      break;
    } catch (err) {
      if (pgError(err)?.code === '23503') throw conflict(BOOKING_MSG.roomGone, 'ROOM_GONE');
      if (!isNightTaken(err)) throw err;
      // A hold that ran out keeps its nights until the sweep: release those on these rooms, then try again.
      const released =
        attempt < 3 &&
        (await repo.releaseExpiredHolds(deps.db, now, { roomNumberIds: roomIds, from: input.checkIn, to: input.checkOut }))
          .length > 0;
      if (!released) throw await takenConflict(deps, err, roomIds, nights, numbers);
    }
  }
  return deskView(deps, id);
}

/**
 * Records a desk payment of what is due, in the caller's transaction, and issues the tax invoice once the booking is
 * paid (its time of supply, CGST Act s.13; ADR 064); a desk booking with an email gets it by mail.
 */
async function takePayment(
  deps: BookingsDeps,
  tx: Tx,
  emit: Emit,
  b: repo.BookingRow,
  user: DeskUser,
  payment: ReturnType<typeof DeskPaymentInput.parse>,
  /** Where the payment sits in the request body ('' at the top, 'payment.' inside another body). */
  at = '',
) {
  const paid = (await ledger.balancesOf(tx, [b.id])).get(b.id) ?? 0;
  const due = b.amountPaise - paid;
  if (due <= 0) throw conflict(BOOKING_MSG.nothingDue, 'NOTHING_DUE');
  // Only the whole balance is taken: no advance without its invoice (ADR 064).
  if (payment.amount !== undefined && payment.amount !== due)
    throw fieldError(`${at}amount`, BOOKING_MSG.notTheDue(formatPaise(due)));
  await desk.insertDeskPayment(tx, {
    id: randomUUID(),
    bookingId: b.id,
    amountPaise: due,
    method: payment.method,
    reference: payment.reference,
    takenBy: user.id,
    at: deps.clock.now(),
  });
  await issueInvoice(deps, tx, b.id);
  if (b.source === 'desk' && b.guestEmail) await emit(DeskInvoiceMail, { bookingId: b.id });
}

/** The desk takes what is due of a booking (cash, UPI or card at the desk, with its reference). */
export async function recordDeskPayment(deps: BookingsDeps, user: DeskUser, bookingId: string, body: DeskPaymentInput) {
  const input = DeskPaymentInput.parse(body);
  await deskBooking(deps, user, bookingId);
  await withOutbox(deps, async (tx, emit) => {
    const b = await desk.lockDeskBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status !== 'confirmed') throw conflict(BOOKING_MSG.notBooked, 'NOT_CONFIRMED');
    await takePayment(deps, tx, emit, b, user, input);
  });
  return deskView(deps, bookingId);
}

const stateWords = { checked_in: 'checked in', checked_out: 'checked out', no_show: 'a no-show' } as const;

/**
 * Check-in from the check-in day until the check-out day: the ID shown is recorded with only what the law needs
 * (its type and the last four digits of an Aadhaar, the whole number of another ID; the shared schema refuses the
 * rest with a 400 naming idNumber), sealed (AES-256-GCM), and the booking is checked in.
 */
export async function checkIn(deps: BookingsDeps, user: DeskUser, bookingId: string, body: CheckInInput) {
  const input = CheckInInput.parse(body);
  await deskBooking(deps, user, bookingId);
  const now = deps.clock.now();
  const today = todayInIndia(now);
  await inTransaction(deps.db, async (tx) => {
    const b = await desk.lockDeskBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status !== 'confirmed') throw conflict(BOOKING_MSG.notBooked, 'NOT_CONFIRMED');
    if (b.arrival) throw conflict(BOOKING_MSG.alreadyArrived(stateWords[b.arrival]), 'ALREADY_ARRIVED');
    if (today < b.checkIn || today >= b.checkOut) throw conflict(BOOKING_MSG.checkInNotToday, 'NOT_TODAY');
    // A foreign national is reported on Form C within 24 hours of arrival: it is recorded before they check in.
    if (input.nationality === 'foreign' && (await desk.formCCount(tx, bookingId)) === 0)
      throw conflict(BOOKING_MSG.formCFirst, 'FORM_C_FIRST');
    await desk.insertGuestId(tx, {
      bookingId,
      idType: input.idType,
      sealed: sealIdNumber(deps.config.personalDataKey, bookingId, input.idNumber),
      recordedBy: user.id,
      recordedAt: now,
    });
    await desk.setArrival(tx, bookingId, { arrival: 'checked_in', arrivalAt: now });
  });
  return deskView(deps, bookingId);
}

/**
 * Check-out settles the balance (the desk's payment of whatever is due, with its method and reference) and issues the
 * invoice when it was not yet; the rooms become dirty, and the ID is erased GUEST_ID_KEEP_DAYS later.
 */
export async function checkOut(deps: BookingsDeps, user: DeskUser, bookingId: string, body: CheckOutInput) {
  const input = CheckOutInput.parse(body);
  await deskBooking(deps, user, bookingId);
  const now = deps.clock.now();
  await withOutbox(deps, async (tx, emit) => {
    const b = await desk.lockDeskBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.arrival !== 'checked_in') throw conflict(BOOKING_MSG.notCheckedIn, 'NOT_CHECKED_IN');
    const paid = (await ledger.balancesOf(tx, [b.id])).get(b.id) ?? 0;
    const due = b.amountPaise - paid;
    if (due > 0) {
      if (!input.payment) throw conflict(BOOKING_MSG.dueAtCheckOut(formatPaise(due)), 'BALANCE_DUE');
      await takePayment(deps, tx, emit, b, user, input.payment, 'payment.');
    } else await issueInvoice(deps, tx, b.id);
    await desk.setArrival(tx, bookingId, { arrival: 'checked_out', checkedOutAt: now });
    await desk.setIdErasure(tx, bookingId, new Date(now.getTime() + deps.config.guestIds.keepDays * DAY_MS));
    const rooms = await desk.roomsOf(tx, [bookingId]);
    await desk.markRoomsDirty(
      tx,
      rooms.map((r) => r.roomNumberId),
      user.id,
      now,
    );
  });
  return deskView(deps, bookingId);
}

/** A confirmed booking not checked in may be marked a no-show once its check-in day has begun (India). */
export async function markNoShow(deps: BookingsDeps, user: DeskUser, bookingId: string) {
  await deskBooking(deps, user, bookingId);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const b = await desk.lockDeskBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status !== 'confirmed') throw conflict(BOOKING_MSG.notBooked, 'NOT_CONFIRMED');
    if (b.arrival) throw conflict(BOOKING_MSG.alreadyArrived(stateWords[b.arrival]), 'ALREADY_ARRIVED');
    if (todayInIndia(now) < b.checkIn) throw conflict(BOOKING_MSG.noShowTooEarly, 'TOO_EARLY');
    await desk.setArrival(tx, bookingId, { arrival: 'no_show', arrivalAt: now });
  });
  return deskView(deps, bookingId);
}

/** Erases the guests' ID numbers whose time after check-out is over (a scheduled job; idempotent). */
export async function eraseGuestIds(deps: Pick<BookingsDeps, 'db' | 'clock'>) {
  return desk.eraseDueGuestIds(deps.db, deps.clock.now());
}

/** One booking as the desk sees it; another owner's is "not found". */
export async function deskBookingView(deps: BookingsDeps, user: DeskUser, bookingId: string) {
  await deskBooking(deps, user, bookingId);
  return deskView(deps, bookingId);
}

async function deskView(deps: BookingsDeps, bookingId: string): Promise<DeskBookingDto> {
  const b = await repo.findBooking(deps.db, bookingId);
  if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
  const [view] = await deskViews(deps, [b]);
  if (!view) throw notFound(BOOKING_MSG.bookingNotFound);
  return view;
}

/** Bookings as the desk sees them: guest, rooms, what is paid and due, the ledger, the ID (masked) and documents. */
async function deskViews(deps: BookingsDeps, list: readonly repo.BookingRow[]): Promise<DeskBookingDto[]> {
  const ids = list.map((b) => b.id);
  const [rooms, money, ids_, accounts] = await Promise.all([
    desk.roomsOf(deps.db, ids),
    desk.ledgerOf(deps.db, ids),
    desk.guestIdsOf(deps.db, ids),
    desk.accountsOf(
      deps.db,
      list.filter((b) => b.source === 'online').map((b) => b.userId),
    ),
  ]);
  const [taxes, docs] = await Promise.all([
    taxOfBookings(deps, list, rooms),
    Promise.all(
      list.map(async (b) => [await findInvoice(deps.db, b.id, 'invoice'), await findInvoice(deps.db, b.id, 'credit_note')]),
    ),
  ]);
  const secret = deps.config.personalDataKey;
  return list.map((b, i) => {
    const pays = money.payments.filter((p) => p.bookingId === b.id);
    const refunded = money.refunds.filter((r) => r.bookingId === b.id && r.status !== 'failed');
    const paid = pays.reduce((s, p) => s + p.amountPaise, 0) - refunded.reduce((s, r) => s + r.amountPaise, 0);
    const account = accounts.get(b.userId);
    const gid = ids_.get(b.id);
    const tax = taxes.get(b.id);
    return {
      id: b.id,
      stayId: b.stayId,
      source: b.source,
      guestName: b.source === 'desk' ? (b.guestName ?? '') : (account?.name ?? ''),
      guestMobile: b.source === 'desk' ? b.guestMobile : (account?.mobile ?? null),
      guestEmail: b.source === 'desk' ? b.guestEmail : (account?.email ?? null),
      from: b.checkIn,
      to: b.checkOut,
      nights: b.nights,
      adults: b.adults,
      children: b.children,
      rooms: rooms.filter((r) => r.bookingId === b.id).map((r) => ({ id: r.roomNumberId, number: r.number, title: r.title })),
      amount: b.amountPaise,
      paid,
      due: Math.max(0, b.amountPaise - paid),
      status: b.status,
      arrival: b.arrival ?? null,
      checkedInAt: b.arrival && b.arrival !== 'no_show' ? (b.arrivalAt?.toISOString() ?? null) : null,
      checkedOutAt: b.checkedOutAt?.toISOString() ?? null,
      guestId: gid
        ? {
            type: gid.idType,
            masked: gid.sealed ? maskIdNumber(gid.idType, openIdNumber(secret, b.id, gid.sealed)) : null,
            erased: gid.erasedAt !== null,
            eraseAfter: gid.eraseAfter?.toISOString() ?? null,
          }
        : null,
      ledger: pays.map((p) => ({
        id: p.id,
        at: p.createdAt.toISOString(),
        method: p.method ?? null,
        provider: p.provider,
        reference: p.reference ?? null,
        amount: p.amountPaise,
      })),
      gst: tax?.gst ?? { registered: true, lines: [], taxable: 0, cgst: 0, sgst: 0, total: 0 },
      documents: (docs[i] ?? []).flatMap((d) =>
        d ? [{ id: d.id, kind: d.kind, title: d.snapshot.title, number: d.number, total: d.totalPaise }] : [],
      ),
    };
  });
}

/**
 * A stay's day at the desk (India date): arrivals (due today or earlier and not yet arrived), guests in house,
 * departures (leaving today, or left today), and no-shows.
 */
export async function deskDay(deps: BookingsDeps, user: DeskUser, stayId: string): Promise<DeskDayDto> {
  const stay = await deskStay(deps, user, stayId);
  const today = todayInIndia(deps.clock.now());
  const rows = await desk.deskBookingsOfDay(deps.db, stayId, today);
  const views = await deskViews(deps, rows);
  const by = (f: (v: DeskBookingDto) => boolean) => views.filter(f);
  return {
    stay: { id: stay.id, name: stay.name },
    today,
    arrivals: by((v) => v.arrival === null && v.from <= today && v.to > today),
    inHouse: by((v) => v.arrival === 'checked_in' && v.to > today),
    // Leaving today or overdue, or checked out today (early too).
    departures: by(
      (v) =>
        (v.arrival === 'checked_in' && v.to <= today) ||
        (v.arrival === 'checked_out' && v.checkedOutAt !== null && todayInIndia(new Date(v.checkedOutAt)) === today),
    ),
    noShows: by((v) => v.arrival === 'no_show' && v.to > today),
  };
}

/** Today at each of the admin's stays, for the dashboard (the stays whose desk they work: today, their own). */
export async function deskToday(deps: BookingsDeps, user: DeskUser): Promise<DeskTodayDto> {
  const today = todayInIndia(deps.clock.now());
  const rows = await desk.deskTodayOf(deps.db, deskOwnerOf(user), today);
  return {
    today,
    stays: rows.map((r) => ({
      id: r.id,
      name: r.name,
      arrivals: r.arrivals,
      inHouse: r.in_house,
      departures: r.departures,
      noShows: r.no_shows,
    })),
  };
}
