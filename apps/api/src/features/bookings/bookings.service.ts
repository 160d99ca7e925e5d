import { randomUUID } from 'node:crypto';
import { CURRENCY, LIMITS } from '@repo/shared/constants/domain';
import { formatDate, stayNights, todayInIndia } from '@repo/shared/domain/dates';
import { amountPaise, formatPaise } from '@repo/shared/domain/money';
import type { BookingDto, CheckoutDto, CreateBookingInput } from '@repo/shared/schemas/booking';
import type { PaymentFailure, PaymentSuccessInput } from '@repo/shared/schemas/payment';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Tx, isUniqueViolation, pgError } from '#src/db/client.ts';
import { users } from '#src/db/schema/index.ts';
import { type AppError, badGateway, badRequest, conflict, fieldError, notFound } from '#src/lib/errors.ts';
import type { AuthUser } from '#src/plugins/app/auth.ts';
import * as repo from './bookings.repository.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';
import { decideRefund } from './refunds.ts';

type Owner = Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'email' | 'mobile'>;
type ParsedCreate = Omit<CreateBookingInput, 'adults' | 'children'> & { adults: number; children: number };

const NIGHTS_PKEY = 'room_nights_room_number_id_night_pk';
const isNightTaken = (err: unknown) => isUniqueViolation(err) && (pgError(err)?.constraint ?? NIGHTS_PKEY) === NIGHTS_PKEY;

/** Runs a transaction again when PostgreSQL reports a deadlock or serialization failure. */
async function inTx<T>(app: FastifyInstance, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await app.db.transaction(fn);
    } catch (err) {
      const code = pgError(err)?.code;
      if (attempt < 4 && (code === '40P01' || code === '40001')) continue;
      throw err;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// DTOs

function paidIds(b: repo.BookingRow) {
  const paid = b.status === 'confirmed' || (b.status === 'cancelled' && Boolean(b.providerPaymentId));
  return paid ? { orderId: b.providerOrderId, paymentId: b.providerPaymentId } : { orderId: null, paymentId: null };
}

export function toBookingDto(
  b: repo.BookingRow,
  rooms: repo.BookingRoomRow[],
  hotelImage: BookingDto['hotelImage'],
  refund: BookingDto['refund'] = null,
): BookingDto {
  // A hold whose time ran out is shown as expired even before the sweep has released it.
  const lapsed = b.status === 'pending_payment' && b.holdExpiresAt !== null && b.holdExpiresAt <= new Date();
  return {
    id: b.id,
    stayId: b.stayId,
    ...paidIds(b),
    hotelName: b.hotelName,
    hotelImage: hotelImage ?? null,
    from: b.checkIn,
    to: b.checkOut,
    nights: b.nights,
    adults: b.adults,
    children: b.children,
    amount: b.amountPaise,
    currency: b.currency,
    status: lapsed ? 'expired' : b.status,
    holdExpiresAt: b.status === 'pending_payment' && !lapsed && b.holdExpiresAt ? b.holdExpiresAt.toISOString() : null,
    rooms: rooms
      .filter((r) => r.bookingId === b.id)
      .map((r) => ({ number: r.number, title: r.title, pricePerNight: r.pricePerNight })),
    refund,
    createdAt: b.createdAt.toISOString(),
  };
}

async function dtoOf(app: FastifyInstance, b: repo.BookingRow): Promise<BookingDto> {
  const [rooms, image, refunds] = await Promise.all([
    repo.roomsOfBookings(app.db, [b.id]),
    repo.hotelImageOf(app.db, b.stayId),
    ledger.refundSummaries(app.db, [b.id]),
  ]);
  return toBookingDto(b, rooms, image, refunds.get(b.id) ?? null);
}

function checkoutOf(app: FastifyInstance, b: repo.BookingRow, user: Owner): CheckoutDto {
  return {
    provider: app.payments.provider,
    keyId: app.payments.keyId,
    orderId: b.providerOrderId ?? '',
    amount: b.amountPaise,
    currency: CURRENCY,
    name: 'StayBook',
    description: `${b.hotelName} · ${formatDate(b.checkIn)} to ${formatDate(b.checkOut)}`,
    prefill: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contact: user.mobile },
  };
}

/** The booking of `id` if it belongs to the user; another guest's booking is "not found". */
async function ownBooking(app: FastifyInstance, userId: string, id: string) {
  const b = await repo.findBooking(app.db, id);
  if (!b || b.userId !== userId) throw notFound(BOOKING_MSG.bookingNotFound);
  return b;
}

// ---------------------------------------------------------------------------------------------------------------
// Hold

/**
 * Holds the chosen rooms for the dates and opens a gateway order. Checks the rooms (live, of this stay, enough
 * beds) and prices them from the database, then stores the booking, its rooms and one room_nights row per room per
 * night in one statement. A primary-key conflict on a night whose hold has expired releases that hold and tries
 * again; any other conflict is a 409 naming the room and night. The sandbox gateway's order is made first (it is
 * local) and stored with the booking; a real gateway's order is made once the rooms are held.
 */
export async function createBooking(app: FastifyInstance, user: Owner, input: ParsedCreate) {
  const nights = stayNights(input.checkIn, input.checkOut);
  const roomIds = [...input.roomNumberIds].sort();
  const found = await repo.findStayWithRooms(app.dbRaw, input.stayId, roomIds);
  if (!found) throw notFound(BOOKING_MSG.stayNotFound);
  const { stay, rooms } = found;
  const numbers = new Map(rooms.map((r) => [r.id, r.number]));
  if (rooms.length !== roomIds.length || rooms.some((r) => r.stayId !== stay.id))
    throw fieldError('roomNumberIds', BOOKING_MSG.roomNotInStay);
  const capacity = rooms.reduce((sum, r) => sum + r.maxPeople, 0);
  if (input.adults + input.children > capacity) throw fieldError('roomNumberIds', BOOKING_MSG.tooManyGuests(capacity));

  const id = randomUUID();
  const amount = amountPaise(
    rooms.map((r) => r.price),
    input.checkIn,
    input.checkOut,
  );
  // A local order that fails is made again, and its failure handled, once the rooms are held (below).
  let order = app.payments.provider === 'sandbox' ? await openOrder(app, id, amount, input).catch(() => undefined) : undefined;
  const now = new Date();
  let booking: repo.BookingRow = {
    id,
    userId: user.id,
    stayId: stay.id,
    checkIn: input.checkIn,
    checkOut: input.checkOut,
    nights: nights.length,
    adults: input.adults,
    children: input.children,
    amountPaise: amount,
    currency: CURRENCY,
    status: 'pending_payment',
    holdExpiresAt: new Date(now.getTime() + app.config.holdMinutes * 60_000),
    provider: app.payments.provider,
    providerOrderId: order?.id ?? null,
    providerPaymentId: null,
    failure: null,
    refund: null,
    hotelName: stay.name,
    // One instant for both: the statement stores createdAt as updatedAt.
    createdAt: now,
    updatedAt: now,
  };
  const bookingRooms = rooms
    .map((r) => ({ bookingId: id, roomNumberId: r.id, number: r.number, title: r.title, pricePerNight: r.price }))
    .sort((a, b) => a.number - b.number);

  for (let attempt = 1; ; attempt++) {
    try {
      // One account's holds are taken one at a time, so what it already holds is counted right across processes.
      await app.dbRawTransaction(async (raw) => {
        await repo.lockHoldsOf(raw, user.id);
        const held = await repo.heldBy(raw, user.id, now);
        if (held.rooms + bookingRooms.length > LIMITS.maxHeldRooms)
          throw conflict(BOOKING_MSG.heldRoomsCap(LIMITS.maxHeldRooms), 'HOLD_LIMIT');
        if (held.roomNights + bookingRooms.length * nights.length > LIMITS.maxHeldRoomNights)
          throw conflict(BOOKING_MSG.heldNightsCap(LIMITS.maxHeldRoomNights), 'HOLD_LIMIT');
        await repo.insertHold(raw, booking, bookingRooms, nights);
      });
      break;
    } catch (err) {
      const code = pgError(err)?.code;
      if (attempt < 4 && (code === '40P01' || code === '40001')) continue;
      // The room or the stay was deleted since it was read.
      if (code === '23503') throw conflict(BOOKING_MSG.roomGone, 'ROOM_GONE');
      if (!isNightTaken(err)) throw err;
      // A hold that ran out keeps its nights until the sweep: release those on these rooms, then try again.
      const released =
        attempt < 3 &&
        (await repo.releaseExpiredHolds(app.db, new Date(), { roomNumberIds: roomIds, from: input.checkIn, to: input.checkOut }))
          .length > 0;
      if (!released) throw await takenConflict(app, err, roomIds, nights, numbers);
    }
  }
  const image = stay.hotelImage ?? null;

  if (!order) {
    try {
      order = await openOrder(app, booking.id, booking.amountPaise, input);
    } catch (err) {
      app.log.error({ err, bookingId: booking.id }, 'payment order could not be created; hold released');
      await inTx(app, async (tx) => {
        await repo.updateBooking(tx, booking.id, { status: 'payment_failed', holdExpiresAt: null });
        await repo.deleteRoomNights(tx, booking.id);
      });
      throw badGateway(BOOKING_MSG.gatewayDown);
    }
    booking = await repo.updateBooking(app.db, booking.id, { providerOrderId: order.id });
  }
  return { booking: toBookingDto(booking, bookingRooms, image), checkout: checkoutOf(app, booking, user) };
}

function openOrder(app: FastifyInstance, bookingId: string, amount: number, input: ParsedCreate) {
  return app.payments.createOrder({
    amountPaise: amount,
    currency: CURRENCY,
    receipt: bookingId,
    notes: { bookingId, stayId: input.stayId, from: input.checkIn, to: input.checkOut },
  });
}

/** A 409 naming the room and night someone else holds (from the key in the error, else by looking it up). */
async function takenConflict(
  app: FastifyInstance,
  err: unknown,
  roomIds: string[],
  nights: string[],
  numbers: Map<string, number>,
): Promise<AppError> {
  const m = /\(([0-9a-f-]{36}),\s*(\d{4}-\d{2}-\d{2})\)/i.exec(pgError(err)?.detail ?? '');
  let roomId = m?.[1];
  let night = m?.[2];
  if (!roomId || !night) {
    const taken = await repo.findTakenNight(app.db, roomIds, nights);
    roomId = taken?.roomNumberId;
    night = taken?.night;
  }
  const number = roomId ? numbers.get(roomId) : undefined;
  return number !== undefined && night
    ? conflict(BOOKING_MSG.roomTaken(number, night), 'ROOM_TAKEN')
    : conflict(BOOKING_MSG.roomsTaken, 'ROOM_TAKEN');
}

/** Marks every expired hold 'expired' and frees its nights. */
export async function sweepExpiredHolds(app: FastifyInstance): Promise<number> {
  const ids = await repo.releaseExpiredHolds(app.db, new Date());
  if (ids.length) app.log.info({ count: ids.length }, 'expired holds released');
  return ids.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Payment

/** The browser's success callback: verified against the order id we stored, then confirmed (idempotent). */
export async function confirmFromBrowser(app: FastifyInstance, user: Owner, id: string, input: PaymentSuccessInput) {
  const b = await ownBooking(app, user.id, id);
  if (!b.providerOrderId || input.orderId !== b.providerOrderId) throw badRequest(BOOKING_MSG.orderMismatch);
  const valid = app.payments.verifyPaymentSignature({
    orderId: b.providerOrderId,
    paymentId: input.paymentId,
    signature: input.signature,
  });
  if (!valid) throw badRequest(BOOKING_MSG.badSignature);
  const result = await confirmPaid(app, b.id, { paymentId: input.paymentId, source: 'browser' });
  if (result.outcome === 'refunded')
    throw result.reason === 'duplicate_payment'
      ? conflict(BOOKING_MSG.paidTwiceRefunded, 'ALREADY_PAID')
      : conflict(BOOKING_MSG.roomsGoneRefunded, 'ROOMS_RELEASED');
  return dtoOf(app, result.booking);
}

/** A captured payment as the browser or a webhook reports it. */
export type CapturedPayment = {
  paymentId: string;
  /** What the gateway says it captured; the order's amount when it does not say (the browser's fields). */
  amountPaise?: number;
  source: 'browser' | 'webhook';
  /** A webhook's event, recorded in the same transaction so that it is applied once. */
  event?: { id: string; type: string; payload: unknown };
};

export type ConfirmResult =
  | { booking: repo.BookingRow; outcome: 'confirmed' | 'unchanged' }
  | { booking: repo.BookingRow; outcome: 'refunded'; reason: 'duplicate_payment' | 'unbookable' };

/**
 * Records a captured payment in the ledger, once per gateway payment id, and decides what it buys, all in one
 * transaction under the booking's lock:
 * - a live hold, or a hold that ended whose nights are still free, is confirmed (and the confirmation mailed);
 * - a payment for a booking already paid by another payment, or whose rooms are gone or which was cancelled, is
 *   refunded in full.
 * Gateway calls and mails are outbox entries carried out after the commit (ADR 010), so a transaction retried on
 * a deadlock never refunds twice and no lock is held during a network call.
 */
export async function confirmPaid(app: FastifyInstance, bookingId: string, paid: CapturedPayment): Promise<ConfirmResult> {
  const { result, outboxIds } = await inTx(app, async (tx) => {
    const outboxIds: number[] = [];
    const done = (r: ConfirmResult) => ({ result: r, outboxIds });
    const b = await repo.lockBooking(tx, bookingId);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (paid.event && !(await repo.recordPaymentEvent(tx, paid.event))) return done({ booking: b, outcome: 'unchanged' });

    const { payment, fresh } = await ledger.recordPayment(tx, {
      bookingId: b.id,
      provider: b.provider ?? app.payments.provider,
      providerPaymentId: paid.paymentId,
      providerOrderId: b.providerOrderId,
      amountPaise: paid.amountPaise ?? b.amountPaise,
      currency: b.currency,
      source: paid.source,
    });
    if (!fresh) {
      // Seen before: answer as the first report was answered.
      if (payment.bookingId === b.id && b.status === 'confirmed' && b.providerPaymentId === paid.paymentId)
        return done({ booking: b, outcome: 'unchanged' });
      const reason = b.status === 'confirmed' ? 'duplicate_payment' : 'unbookable';
      return done({ booking: b, outcome: 'refunded', reason });
    }

    const refund = async (reason: 'duplicate_payment' | 'unbookable') => {
      const id = await decideRefund(app, tx, { payment, amountPaise: payment.amountPaise, reason });
      if (id !== undefined) outboxIds.push(id);
      return done({ booking: b, outcome: 'refunded', reason });
    };
    if (b.status === 'confirmed') return refund('duplicate_payment');
    if (b.status === 'cancelled') return refund('unbookable');
    if (!(await retakeNights(tx, b))) return refund('unbookable');
    const confirmed = await repo.updateBooking(tx, b.id, {
      status: 'confirmed',
      providerPaymentId: paid.paymentId,
      holdExpiresAt: null,
    });
    outboxIds.push(await app.outbox.add(tx, CONFIRMATION_MAIL, { bookingId: b.id }));
    return done({ booking: confirmed, outcome: 'confirmed' });
  });
  await app.outbox.run(outboxIds);
  if (result.outcome === 'refunded')
    app.log.warn(
      { bookingId, paymentId: paid.paymentId, reason: result.reason },
      'payment refunded: it can not buy this booking',
    );
  return result;
}

/**
 * A paid booking's nights: kept when its hold still has them all, else taken again if they are still free. In a
 * savepoint, so that a night somebody else has now leaves the rest of the transaction (the refund) intact.
 */
async function retakeNights(tx: Tx, b: repo.BookingRow): Promise<boolean> {
  const rooms = await repo.roomsOfBookings(tx, [b.id]);
  const nights = stayNights(b.checkIn, b.checkOut);
  if ((await repo.countRoomNights(tx, b.id)) === rooms.length * nights.length) return true;
  try {
    await tx.transaction(async (sp) => {
      await repo.deleteRoomNights(sp, b.id);
      await repo.insertRoomNights(
        sp,
        rooms
          .map((r) => r.roomNumberId)
          .sort()
          .flatMap((roomNumberId) => nights.map((night) => ({ roomNumberId, night, bookingId: b.id, stayId: b.stayId }))),
      );
    });
    return true;
  } catch (err) {
    if (isNightTaken(err)) return false;
    throw err;
  }
}

export const CONFIRMATION_MAIL = 'mail.booking-confirmed';

/** The confirmation mail of a booking (an outbox handler: a failure is retried). */
export async function mailConfirmation(app: FastifyInstance, bookingId: string) {
  const b = await repo.findBooking(app.db, bookingId);
  // Nothing to say about a booking that is gone or no longer confirmed.
  if (b?.status !== 'confirmed') return;
  const [user] = await app.db.select().from(users).where(eq(users.id, b.userId)).limit(1);
  if (!user) return;
  const rooms = await repo.roomsOfBookings(app.db, [b.id]);
  const lines = [
    `Dear ${user.firstName},`,
    '',
    `Your stay at ${b.hotelName} is confirmed.`,
    '',
    `From: ${formatDate(b.checkIn)}`,
    `To: ${formatDate(b.checkOut)} (${b.nights} ${b.nights === 1 ? 'night' : 'nights'})`,
    `Rooms: ${rooms.map((r) => `${r.number} (${r.title})`).join(', ')}`,
    `Amount paid: ${formatPaise(b.amountPaise)}`,
    `Order id: ${b.providerOrderId}`,
    `Payment id: ${b.providerPaymentId}`,
    '',
    `Your orders: ${app.config.publicUrl}/orders/${user.id}`,
  ];
  await app.mail.send({ to: user.email, subject: `Booking confirmed: ${b.hotelName}`, text: lines.join('\n') });
}

/** The browser reports a failed attempt: the seven fields are kept and the hold stays, so the guest may retry. */
export async function recordFailureFromBrowser(app: FastifyInstance, user: Owner, id: string, failure: PaymentFailure) {
  const b = await ownBooking(app, user.id, id);
  return dtoOf(app, await recordFailure(app, b, failure));
}

export async function recordFailure(app: FastifyInstance, b: repo.BookingRow, failure: PaymentFailure) {
  if (b.status === 'confirmed') return b;
  return repo.updateBooking(app.db, b.id, { failure: { ...failure, at: new Date().toISOString() } });
}

/** What the browser needs to open the checkout again for a live hold. */
export async function checkoutForRetry(app: FastifyInstance, user: Owner, id: string) {
  const b = await ownBooking(app, user.id, id);
  if (b.status === 'confirmed') throw conflict(BOOKING_MSG.alreadyPaid, 'ALREADY_PAID');
  const live = b.status === 'pending_payment' && b.holdExpiresAt && b.holdExpiresAt > new Date() && b.providerOrderId;
  if (!live) throw conflict(BOOKING_MSG.holdExpired, 'HOLD_EXPIRED');
  return checkoutOf(app, b, user);
}

// ---------------------------------------------------------------------------------------------------------------
// Cancel and list

/**
 * A hold is released; a paid booking before its check-in day is cancelled and what is left of its payment is
 * refunded. The refund is decided in the transaction and asked of the gateway after the commit (outbox).
 */
export async function cancelBooking(app: FastifyInstance, user: Owner, id: string) {
  await ownBooking(app, user.id, id);
  const { booking, outboxIds } = await inTx(app, async (tx) => {
    const outboxIds: number[] = [];
    const b = await repo.lockBooking(tx, id);
    if (!b) throw notFound(BOOKING_MSG.bookingNotFound);
    if (b.status === 'pending_payment') {
      await repo.deleteRoomNights(tx, b.id);
      return { booking: await repo.updateBooking(tx, b.id, { status: 'cancelled', holdExpiresAt: null }), outboxIds };
    }
    if (b.status !== 'confirmed') throw conflict(BOOKING_MSG.notCancellable, 'NOT_CANCELLABLE');
    if (todayInIndia() >= b.checkIn) throw conflict(BOOKING_MSG.afterCheckIn, 'NOT_CANCELLABLE');
    await repo.deleteRoomNights(tx, b.id);
    const cancelled = await repo.updateBooking(tx, b.id, { status: 'cancelled' });
    const payment = b.providerPaymentId ? await ledger.findPayment(tx, b.providerPaymentId) : undefined;
    if (payment) {
      const refundId = await decideRefund(app, tx, { payment, amountPaise: payment.amountPaise, reason: 'cancelled' });
      if (refundId !== undefined) outboxIds.push(refundId);
    }
    return { booking: cancelled, outboxIds };
  });
  await app.outbox.run(outboxIds);
  return dtoOf(app, booking);
}

export async function listBookings(app: FastifyInstance, userId: string): Promise<BookingDto[]> {
  const rows = await repo.bookingsOfUser(app.db, userId);
  const ids = rows.map((r) => r.booking.id);
  const [rooms, refunds] = await Promise.all([repo.roomsOfBookings(app.db, ids), ledger.refundSummaries(app.db, ids)]);
  return rows.map((r) => toBookingDto(r.booking, rooms, r.hotelImage ?? null, refunds.get(r.booking.id) ?? null));
}
