import { supplyOf } from '@repo/shared/domain/gst-supply';
import { DECLARATION_MSG } from '@repo/shared/schemas/gst-declaration';
import { randomUUID } from 'node:crypto';
import { CURRENCY, LIMITS } from '@repo/shared/constants/domain';
import { stayNights } from '@repo/shared/domain/dates';
import type { CancellationPolicy } from '@repo/shared/domain/cancellation';
import { partyCounts, pricePlan, splitParty } from '@repo/shared/domain/plans';
import { amountOfNights, priceStay, type Season } from '@repo/shared/domain/rates';
import type { CreateBookingInput } from '@repo/shared/schemas/booking';
import { API_MSG } from '@repo/shared/constants/messages';
import { inTransaction, isUniqueViolation, pgError } from '#src/db/client.ts';
import { type Plan, plansByRoomType, seasonsByRoomType } from '#src/features/rates/index.ts';
import { taxOfNewBooking } from '#src/features/invoices/index.ts';
import { BILLING_MSG } from '@repo/shared/constants/messages';
import { AppError, badGateway, badRequest, conflict, fieldError, notFound } from '#src/lib/errors.ts';
import { AnswerCache } from '#src/platform/answer-cache.ts';
import { checkoutOf, type Owner, toBookingDto } from './booking-view.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import { BOOKING_MSG } from './messages.ts';

type ParsedCreate = Omit<CreateBookingInput, 'adults' | 'children' | 'childAges' | 'ratePlanIds'> & {
  adults: number;
  children: number;
  childAges?: number[] | undefined;
  ratePlanIds?: string[] | undefined;
};

const NIGHTS_PKEY = 'room_nights_room_number_id_night_pk';
/** A primary-key violation on room_nights: another booking has one of the nights. */
export const isNightTaken = (err: unknown) => isUniqueViolation(err) && (pgError(err)?.constraint ?? NIGHTS_PKEY) === NIGHTS_PKEY;

/**
 * Holds the chosen rooms for the dates and opens a gateway order. Checks the rooms (live, of this stay, enough
 * beds) and prices them from the database, then stores the booking, its rooms and one room_nights row per room per
 * night in one statement. A primary-key conflict on a night whose hold has expired releases that hold and tries
 * again; any other conflict is a 409 naming the room and night. A gateway whose orders are local makes the order
 * first, stored with the booking; a remote gateway's order is made once the rooms are held.
 */
export async function createBooking(deps: BookingsDeps, user: Owner, input: ParsedCreate, address: string) {
  const nights = stayNights(input.checkIn, input.checkOut);
  const roomIds = [...input.roomNumberIds].sort();
  const found = await repo.findStayWithRooms(deps.db, input.stayId, roomIds, user.id);
  if (!found) throw notFound(BOOKING_MSG.stayNotFound);
  // A new account holds rooms once it has confirmed its email address (ADR 024).
  if (!found.emailConfirmed) throw new AppError(403, API_MSG.confirmEmailFirst, 'EMAIL_NOT_CONFIRMED');
  const billing = billingAddress(input, found.billing);
  const { stay, rooms } = found;
  // Someone must be able to supply the nights for GST: the owner as declared, or the platform under s.9(5) (ADR 054).
  const supply = supplyOf(stay.tax.standing, stay.tax, deps.config.platform.gstins);
  if (supply.by === 'nobody') throw conflict(DECLARATION_MSG.notForSale[supply.reason], 'NOT_FOR_SALE');
  const numbers = new Map(rooms.map((r) => [r.id, r.number]));
  const priced = await priceRooms(deps, stay, rooms, roomIds, input);

  const id = randomUUID();
  const amount = amountOfNights(priced.map((p) => p.quote.nightlyPrices));
  // A local order that fails is made again, and its failure handled, once the rooms are held (below).
  let order = deps.payments.localOrders ? await openOrder(deps, id, amount, input).catch(() => undefined) : undefined;
  const now = deps.clock.now();
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
    holdExpiresAt: new Date(now.getTime() + deps.config.holdMinutes * 60_000),
    provider: deps.payments.provider,
    providerOrderId: order?.id ?? null,
    providerPaymentId: null,
    failure: null,
    refund: null,
    guestGstin: input.guestGstin ?? null,
    guestCompany: input.guestCompany ?? null,
    guestAddress: billing.address,
    guestPin: billing.pin,
    guestState: billing.state,
    // The policy of the plans sold (a plan without one of its own: the stay's as read with its rooms), the strictest
    // of them when rooms are sold under plans with different policies: the one the booking keeps.
    cancellationPolicy: strictest(priced.map((p) => p.plan?.cancellationPolicy ?? stay.policy)),
    cancelledAt: null,
    cancelledBy: null,
    hotelName: stay.name,
    holdIp: address,
    source: 'online',
    guestName: null,
    guestMobile: null,
    guestEmail: null,
    arrival: null,
    arrivalAt: null,
    checkedOutAt: null,
    // One instant for both: the statement stores createdAt as updatedAt.
    createdAt: now,
    updatedAt: now,
  };
  // pricePerNight keeps the room type's base price; what each night costs is nightlyPrices (their sum is the amount).
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

  // One statement, its own transaction: the account's and the address's locks, what they hold counted under them,
  // the caps, then the booking stored (ADR 048). The address's shares of the stay's and the city's rooms are
  // counted only for a hold past the rooms every address may hold (a family's), which a guest at home never is.
  const take = (shares?: Shares) =>
    repo.takeHold(deps.db, {
      booking,
      rooms: bookingRooms,
      nights,
      city: stay.city,
      saveAddress: billing.given,
      caps: {
        maxRooms: LIMITS.maxHeldRooms,
        maxRoomNights: LIMITS.maxHeldRoomNights,
        minShare: deps.config.addressShares.minRooms,
        ...shares,
      },
    });
  for (let attempt = 1; ; attempt++) {
    try {
      let outcome = await take();
      if (outcome === 'shares') outcome = await take(await addressShares(deps, stay));
      if (outcome !== 'held') throw capConflict(outcome);
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
        (await repo.releaseExpiredHolds(deps.db, now, { roomNumberIds: roomIds, from: input.checkIn, to: input.checkOut }))
          .length > 0;
      if (!released) throw await takenConflict(deps, err, roomIds, nights, numbers);
    }
  }
  // The hold's stay is reported to every process once the hold is committed (ADR 058), beside the answer rather than
  // before it: the room-nights guard the booking whatever is reported, and a report that fails is made by the next
  // sweep of reports left.
  void repo
    .reportStayChanges(deps.db, { bookingId: booking.id })
    .catch((err) => deps.log.warn({ err, bookingId: booking.id }, 'stay change left for the next report'));
  const image = stay.hotelImage ?? null;

  if (!order) {
    try {
      order = await openOrder(deps, booking.id, booking.amountPaise, input);
    } catch (err) {
      deps.log.error({ err, bookingId: booking.id }, 'payment order could not be created; hold released');
      await inTransaction(deps.db, async (tx) => {
        await repo.updateBooking(tx, booking.id, { status: 'payment_failed', holdExpiresAt: null });
        await repo.deleteRoomNights(tx, booking.id);
      });
      throw badGateway(BOOKING_MSG.gatewayDown);
    }
    booking = await repo.updateBooking(deps.db, booking.id, { providerOrderId: order.id });
  }
  const tax = taxOfNewBooking(deps, booking, bookingRooms);
  return {
    booking: toBookingDto(booking, bookingRooms, { tax, hotelImage: image, now }),
    checkout: checkoutOf(deps, booking, user),
  };
}

/**
 * The chosen rooms checked (all of this stay, enough beds) and priced night by night by the one rule
 * (packages/shared/src/domain/plans.ts), for a hold and for a booking taken at the desk alike: each room's type's
 * prices for the dates, through the rate plan chosen for its type (else the standard plan), for its share of the
 * party (splitParty); a stay shorter than a room type's minimum nights for these dates is refused on the dates. What
 * is computed here is what is stored and charged. The rooms come back in the order of their numbers.
 */
export async function priceRooms(
  deps: Pick<BookingsDeps, 'db'>,
  stay: repo.StayForBooking,
  rooms: readonly repo.RoomForBooking[],
  roomIds: readonly string[],
  input: {
    checkIn: string;
    checkOut: string;
    adults: number;
    children: number;
    childAges?: readonly number[];
    ratePlanIds?: readonly string[];
  },
) {
  if (rooms.length !== roomIds.length || rooms.some((r) => r.stayId !== stay.id))
    throw fieldError('roomNumberIds', BOOKING_MSG.roomNotInStay);
  const capacity = rooms.reduce((sum, r) => sum + r.maxPeople, 0);
  if (input.adults + input.children > capacity) throw fieldError('roomNumberIds', BOOKING_MSG.tooManyGuests(capacity));
  // Most stays have no season on the dates: their seasons are read only when one may reach them.
  const [seasons, plans] = await Promise.all([
    stay.seasonsUntil !== null && stay.seasonsUntil >= input.checkIn
      ? seasonsByRoomType(deps.db, stay.id, input.checkIn, input.checkOut)
      : new Map<string, Season[]>(),
    plansByRoomType(deps.db, stay.id),
  ]);
  const planOf = choosePlans(plans, rooms, input.ratePlanIds ?? []);
  const ordered = [...rooms].sort((a, b) => a.number - b.number);
  const party = partyCounts(input.adults, input.children, input.childAges ?? []);
  const shares = splitParty(
    party,
    ordered.map((r) => r.maxPeople),
  );
  if (!shares) throw fieldError('roomNumberIds', BOOKING_MSG.tooManyGuests(capacity));
  const priced = ordered.map((r, i) => {
    const plan = planOf.get(r.roomTypeId);
    const share = shares[i] ?? party;
    const rates = { ...r, seasons: seasons.get(r.roomTypeId) ?? [] };
    const quote = plan
      ? pricePlan(rates, plan.pricing, share, input.checkIn, input.checkOut)
      : priceStay(rates, input.checkIn, input.checkOut);
    return { room: r, plan, quote };
  });
  const tooShort = priced.find((p) => !p.quote.bookable);
  if (tooShort) throw fieldError('checkOut', BOOKING_MSG.minNights(tooShort.room.title, tooShort.quote.minNights));
  return priced;
}

/**
 * The plan each chosen room's type sells under: the one named in `ratePlanIds` (each a live plan of the stay, of a
 * type chosen, one per type), else the type's standard plan. A 400 naming ratePlanIds otherwise.
 */
function choosePlans(plans: Map<string, Plan[]>, rooms: readonly { roomTypeId: string }[], ids: readonly string[]) {
  const chosen = new Map<string, Plan>();
  const types = new Set(rooms.map((r) => r.roomTypeId));
  for (const id of ids) {
    const plan = [...plans.values()].flat().find((p) => p.id === id);
    if (!plan || !types.has(plan.roomTypeId)) throw fieldError('ratePlanIds', BOOKING_MSG.planNotOffered);
    if (chosen.has(plan.roomTypeId)) throw fieldError('ratePlanIds', BOOKING_MSG.onePlanPerType);
    chosen.set(plan.roomTypeId, plan);
  }
  for (const type of types) {
    const standard = plans.get(type)?.find((p) => p.standard);
    if (!chosen.has(type) && standard) chosen.set(type, standard);
  }
  return chosen;
}

/** The policy that refunds least: the fewest free days and the lowest refund of those given. */
function strictest(policies: readonly CancellationPolicy[]): CancellationPolicy {
  return policies.reduce((a, b) => ({
    freeDays: Math.min(a.freeDays, b.freeDays),
    refundPercent: Math.min(a.refundPercent, b.refundPercent),
  }));
}

/**
 * The billing address the booking is sold with (its tax invoice prints it, CGST Rules rule 46): the one sent with
 * the hold (whole: the shared schema checks it), else the profile's (read with the stay). Neither is a 400 naming the three fields,
 * before anything is stored.
 */
function billingAddress(input: ParsedCreate, saved: { address: string | null; pin: string | null; state: string | null }) {
  if (input.guestAddress && input.guestPin && input.guestState)
    return { address: input.guestAddress, pin: input.guestPin, state: input.guestState, given: true };
  if (saved.address && saved.pin && saved.state)
    return { address: saved.address, pin: saved.pin, state: saved.state, given: false };
  throw badRequest(BILLING_MSG.holdNeedsAddress, {
    guestAddress: BILLING_MSG.addressRequired,
    guestPin: BILLING_MSG.pinRequired,
    guestState: BILLING_MSG.stateRequired,
  });
}

/**
 * The live rooms of a stay and of its city, which the address shares are of, kept a minute per database: they change
 * only when owners add or remove rooms (meanwhile a cap moves by a fraction of a room). Counted outside the hold, at
 * most once a minute per stay and per city, and holds that need one at once share its one count (a city's takes tens
 * of ms: counted by each of 32 holds at once, it took every one of them half a second).
 */
const TOTALS_KEPT_MS = 60_000;
const keptTotals = new WeakMap<object, AnswerCache<{ rooms: number }>>();

type Shares = { stayShare: number; cityShare: number };

/**
 * The most rooms one address, whatever the number of its accounts, holds unpaid for any night: a share of the stay's
 * rooms and of its city's, never less than the minimum every address may hold (a family's rooms; ADR 024; confirmed
 * bookings do not count).
 */
async function addressShares(deps: BookingsDeps, stay: { id: string; city: string }): Promise<Shares> {
  let kept = keptTotals.get(deps.db);
  if (!kept) {
    kept = new AnswerCache<{ rooms: number }>({ ttlMs: TOTALS_KEPT_MS, max: 10_000 });
    keptTotals.set(deps.db, kept);
  }
  const ofStay = await kept.get(`stay:${stay.id}`, async () => ({ rooms: await repo.roomsOfStay(deps.db, stay.id) }));
  const ofCity = await kept.get(`city:${stay.city}`, async () => ({ rooms: await repo.roomsOfCity(deps.db, stay.city) }));
  const shares = deps.config.addressShares;
  const cap = (of: number, percent: number) => Math.max(shares.minRooms, Math.floor((of * percent) / 100));
  return { stayShare: cap(ofStay.rooms, shares.stayPercent), cityShare: cap(ofCity.rooms, shares.cityPercent) };
}

/** The 409 of a cap the hold would pass. */
function capConflict(outcome: Exclude<repo.HoldOutcome, 'held'>) {
  switch (outcome) {
    case 'rooms':
      return conflict(BOOKING_MSG.heldRoomsCap(LIMITS.maxHeldRooms), 'HOLD_LIMIT');
    case 'room_nights':
      return conflict(BOOKING_MSG.heldNightsCap(LIMITS.maxHeldRoomNights), 'HOLD_LIMIT');
    case 'stay_share':
      return conflict(BOOKING_MSG.addressStayShare, 'ADDRESS_HOLD_LIMIT');
    case 'city_share':
      return conflict(BOOKING_MSG.addressCityShare, 'ADDRESS_HOLD_LIMIT');
    case 'shares':
      throw new Error('the address shares were asked for twice');
  }
}

function openOrder(deps: BookingsDeps, bookingId: string, amount: number, input: ParsedCreate) {
  return deps.payments.createOrder({
    amountPaise: amount,
    currency: CURRENCY,
    receipt: bookingId,
    notes: { bookingId, stayId: input.stayId, from: input.checkIn, to: input.checkOut },
  });
}

/** A 409 naming the room and night someone else holds (from the key in the error, else by looking it up). */
export async function takenConflict(
  deps: BookingsDeps,
  err: unknown,
  roomIds: string[],
  nights: string[],
  numbers: Map<string, number>,
): Promise<AppError> {
  const m = /\(([0-9a-f-]{36}),\s*(\d{4}-\d{2}-\d{2})\)/i.exec(pgError(err)?.detail ?? '');
  let roomId = m?.[1];
  let night = m?.[2];
  if (!roomId || !night) {
    const taken = await repo.findTakenNight(deps.db, roomIds, nights);
    roomId = taken?.roomNumberId;
    night = taken?.night;
  }
  const number = roomId ? numbers.get(roomId) : undefined;
  if (number === undefined || !roomId || !night) return conflict(BOOKING_MSG.roomsTaken, 'ROOM_TAKEN');
  // A night its owner took out of sale (room_nights.block_id, no booking) is not "booked".
  return (await repo.isBlockedNight(deps.db, roomId, night))
    ? conflict(BOOKING_MSG.roomUnavailable(number, night), 'ROOM_TAKEN')
    : conflict(BOOKING_MSG.roomTaken(number, night), 'ROOM_TAKEN');
}

/** Marks every expired hold 'expired' and frees its nights. */
export async function sweepExpiredHolds(deps: BookingsDeps): Promise<number> {
  const ids = await repo.releaseExpiredHolds(deps.db, deps.clock.now());
  if (ids.length) deps.log.info({ count: ids.length }, 'expired holds released');
  return ids.length;
}

/** How long a hold's stay may stay unreported before a sweep reports it (its process stopped before it did). */
const REPORT_LEFT_AFTER_SECONDS = 5;

/** Reports the stays that holds left unreported (ADR 058). */
export async function reportLeftStayChanges(deps: BookingsDeps): Promise<number> {
  const reported = await repo.reportStayChanges(deps.db, { olderThanSeconds: REPORT_LEFT_AFTER_SECONDS });
  if (reported) deps.log.info({ count: reported }, 'stay changes left by holds reported');
  return reported;
}
