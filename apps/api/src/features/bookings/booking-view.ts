import { CURRENCY } from '@repo/shared/constants/domain';
import { cancellationRefund } from '@repo/shared/domain/cancellation';
import { formatDate, todayInIndia } from '@repo/shared/domain/dates';
import type { BookingDto, CancelQuoteDto, CheckoutDto } from '@repo/shared/schemas/booking';
import type { AuthUser } from '#src/features/auth/index.ts';
import { type BookingTax, taxOfBooking, taxOfBookings } from '#src/features/invoices/index.ts';
import { notFound } from '#src/lib/errors.ts';
import { knownMethod } from '#src/platform/payments/gateway.ts';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';
import * as ledger from './ledger.repository.ts';
import { BOOKING_MSG } from './messages.ts';

/** The guest a booking belongs to, as the checkout needs them. */
export type Owner = Pick<AuthUser, 'id' | 'firstName' | 'lastName' | 'email' | 'mobile'>;

function paidIds(b: repo.BookingRow) {
  const paid = b.status === 'confirmed' || (b.status === 'cancelled' && Boolean(b.providerPaymentId));
  return paid ? { orderId: b.providerOrderId, paymentId: b.providerPaymentId } : { orderId: null, paymentId: null };
}

/** What a booking's view takes besides its row and rooms: read from the ledger, reviews and stays by the caller. */
export type BookingViewParts = {
  tax: BookingTax;
  hotelImage: BookingDto['hotelImage'];
  now: Date;
  refund?: BookingDto['refund'];
  review?: repo.ReviewRow | undefined;
  /** Payments less refunds not failed, in paise. */
  balance?: number;
  paymentMethod?: BookingDto['paymentMethod'];
  /** The booking's refunds the gateway has named, oldest first (bookings.repository gatewayRefundsOf). */
  gatewayRefunds?: readonly { id: string; status: 'pending' | 'processed' | 'failed' }[] | undefined;
  /** Gateway payment ids the ledger has recorded, among those of the booking's pending attempt. */
  recordedPayments?: ReadonlySet<string>;
  /** What the stay owes the guest for cancelling it (ADR 053). */
  compensation?: ledger.CompensationRow | undefined;
};

/** The booking's latest attempt, when it is a payment the gateway left pending (recordPendingAttempt). */
function pendingAttemptOf(b: repo.BookingRow) {
  const f = b.failure;
  if (b.status === 'confirmed' || b.status === 'cancelled' || f?.state !== 'pending' || !f.paymentId) return null;
  return { orderId: f.orderId || b.providerOrderId || '', paymentId: f.paymentId, method: knownMethod(f.method) };
}

/** The gateway payment id of the booking's pending attempt, if any: the caller checks whether it was captured. */
export const pendingPaymentIdOf = (b: repo.BookingRow) => pendingAttemptOf(b)?.paymentId;

/** The refund ids that go with the refund shown: those not failed, else the failed ones (as refundSummaries). */
function refundIdsOf(refunds: readonly { id: string; status: 'pending' | 'processed' | 'failed' }[]) {
  const live = refunds.filter((r) => r.status !== 'failed');
  return (live.length ? live : refunds).map((r) => r.id);
}

export function toBookingDto(
  b: repo.BookingRow,
  rooms: repo.BookingRoomRow[],
  {
    tax,
    hotelImage,
    now,
    refund = null,
    review,
    balance = 0,
    paymentMethod = null,
    gatewayRefunds = [],
    recordedPayments = new Set(),
    compensation,
  }: BookingViewParts,
): BookingDto {
  // A hold whose time ran out is shown as expired even before the sweep has released it.
  const lapsed = b.status === 'pending_payment' && b.holdExpiresAt !== null && b.holdExpiresAt <= now;
  const attempt = pendingAttemptOf(b);
  // A pending payment stays pending until its webhook: captured (then in the ledger) or failed (then the failure).
  const pendingPayment = attempt && !recordedPayments.has(attempt.paymentId) ? attempt : null;
  const failure = b.status !== 'confirmed' && b.status !== 'cancelled' && b.failure?.state !== 'pending' ? b.failure : null;
  return {
    id: b.id,
    stayId: b.stayId,
    ...paidIds(b),
    paymentMethod: paidIds(b).paymentId ? paymentMethod : null,
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
      .map((r) => ({
        number: r.number,
        title: r.title,
        pricePerNight: r.pricePerNight,
        plan: r.planName,
        mealPlan: r.mealPlan,
      })),
    refund,
    balance,
    cancellationPolicy: b.cancellationPolicy ?? null,
    cancelQuote: b.status === 'confirmed' ? cancelQuoteOf(b, 'guest', now) : null,
    arrival: b.arrival ?? null,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    cancelledBy: b.cancelledBy ?? null,
    compensation: compensation ? compensationDto(compensation) : null,
    lastFailure: failure
      ? {
          orderId: failure.orderId || b.providerOrderId || '',
          paymentId: failure.paymentId ?? '',
          description: failure.description ?? '',
        }
      : null,
    pendingPayment,
    refundIds: refund ? refundIdsOf(gatewayRefunds) : [],
    review: review
      ? {
          id: review.id,
          rating: review.rating,
          body: review.body,
          reply: review.reply,
          createdAt: review.createdAt.toISOString(),
          updatedAt: review.updatedAt ? review.updatedAt.toISOString() : null,
        }
      : null,
    gst: tax.gst,
    documents: tax.documents,
    createdAt: b.createdAt.toISOString(),
  };
}

/** A compensation a stay owes its guest, and how far the platform has paid it (ADR 053). */
export function compensationDto(c: ledger.CompensationRow): NonNullable<BookingDto['compensation']> {
  const status = c.payout?.status;
  return {
    amount: c.amountPaise,
    description: c.description,
    payment: !status ? 'owed' : status === 'processed' ? 'paid' : status === 'issued' ? 'link_sent' : 'link_ended',
    claimUrl: status === 'issued' ? (c.payout?.linkUrl ?? null) : null,
  };
}

/** Who cancels a paid booking: the guest (refunded by the booking's policy) or the stay's owner (in full). */
export type CancelledBy = 'guest' | 'owner';

/**
 * What a cancel of a confirmed booking today refunds of what it cost: a guest's, what its own policy gives; an
 * owner's, everything (ADR 025); null on or after the check-in day, when it can not be cancelled.
 */
export function cancelQuoteOf(b: repo.BookingRow, by: CancelledBy, now: Date): CancelQuoteDto | null {
  // A guest who arrived, left or did not come is past cancelling (ADR 064).
  if (b.arrival) return null;
  const quote = cancellationRefund({
    policy: refundPolicyOf(b, by),
    checkIn: b.checkIn,
    today: todayInIndia(now),
    paidPaise: b.amountPaise,
  });
  return quote.cancellable ? { refund: quote.refundPaise, description: quote.description } : null;
}

/**
 * An owner's cancel refunds in full before the check-in day, whatever the booking's policy: a seller may not charge
 * a consumer cancellation charges it does not bear when it cancels itself (Consumer Protection (E-Commerce) Rules
 * 2020, rule 4(8); ADR 025, 053).
 */
export const OWNER_CANCEL_POLICY = { freeDays: 0, refundPercent: 100 } as const;

/** The policy a cancel refunds by: the booking's own for a guest (none kept: in full before check-in), in full for its owner. */
export const refundPolicyOf = (b: Pick<repo.BookingRow, 'cancellationPolicy'>, by: CancelledBy) =>
  by === 'owner' ? OWNER_CANCEL_POLICY : (b.cancellationPolicy ?? null);

/** A booking as the guest sees it: its rooms, the stay's picture and what was refunded. */
export async function viewOf(deps: BookingsDeps, b: repo.BookingRow): Promise<BookingDto> {
  const pendingId = pendingPaymentIdOf(b);
  const [rooms, image, refunds, reviews, balances, methods, gatewayRefunds, recorded, compensations] = await Promise.all([
    repo.roomsOfBookings(deps.db, [b.id]),
    repo.hotelImageOf(deps.db, b.stayId),
    ledger.refundSummaries(deps.db, [b.id]),
    repo.reviewsOfBookings(deps.db, [b.id]),
    ledger.balancesOf(deps.db, [b.id]),
    ledger.methodsOfPayments(deps.db, b.providerPaymentId ? [b.providerPaymentId] : []),
    repo.gatewayRefundsOf(deps.db, [b.id]),
    repo.recordedPaymentIds(deps.db, pendingId ? [pendingId] : []),
    ledger.compensationsOf(deps.db, b.status === 'cancelled' ? [b.id] : []),
  ]);
  const method = (b.providerPaymentId && methods.get(b.providerPaymentId)) || null;
  const tax = await taxOfBooking(deps, b, rooms);
  return toBookingDto(b, rooms, {
    tax,
    hotelImage: image,
    now: deps.clock.now(),
    refund: refunds.get(b.id) ?? null,
    review: reviews.get(b.id),
    balance: balances.get(b.id) ?? 0,
    paymentMethod: method,
    gatewayRefunds: gatewayRefunds.get(b.id),
    recordedPayments: recorded,
    compensation: compensations.get(b.id),
  });
}

export function checkoutOf(deps: BookingsDeps, b: repo.BookingRow, user: Owner): CheckoutDto {
  return {
    provider: deps.payments.provider,
    keyId: deps.payments.keyId,
    orderId: b.providerOrderId ?? '',
    amount: b.amountPaise,
    currency: CURRENCY,
    name: 'StayBook',
    description: `${b.hotelName} · ${formatDate(b.checkIn)} to ${formatDate(b.checkOut)}`,
    prefill: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, contact: user.mobile },
    upiFlows: [...deps.payments.upiFlows],
  };
}

/** The booking of `id` if it belongs to the user; another guest's booking is "not found". */
export async function ownBooking(deps: BookingsDeps, userId: string, id: string) {
  const b = await repo.findBooking(deps.db, id);
  // A desk booking's account is the admin who took it, not its guest (ADR 064): it is no order of theirs.
  if (!b || b.userId !== userId || b.source === 'desk') throw notFound(BOOKING_MSG.bookingNotFound);
  return b;
}

export async function listBookings(deps: BookingsDeps, userId: string): Promise<BookingDto[]> {
  const rows = await repo.bookingsOfUser(deps.db, userId);
  const ids = rows.map((r) => r.booking.id);
  const paymentIds = rows.flatMap((r) => (r.booking.providerPaymentId ? [r.booking.providerPaymentId] : []));
  const pendingIds = rows.flatMap((r) => pendingPaymentIdOf(r.booking) ?? []);
  const cancelled = rows.flatMap((r) => (r.booking.status === 'cancelled' ? [r.booking.id] : []));
  const [rooms, refunds, reviews, balances, methods, gatewayRefunds, recorded, compensations] = await Promise.all([
    repo.roomsOfBookings(deps.db, ids),
    ledger.refundSummaries(deps.db, ids),
    repo.reviewsOfBookings(deps.db, ids),
    ledger.balancesOf(deps.db, ids),
    ledger.methodsOfPayments(deps.db, paymentIds),
    repo.gatewayRefundsOf(deps.db, ids),
    repo.recordedPaymentIds(deps.db, pendingIds),
    ledger.compensationsOf(deps.db, cancelled),
  ]);
  const taxes = await taxOfBookings(
    deps,
    rows.map((r) => r.booking),
    rooms,
  );
  return rows.map((r) =>
    toBookingDto(r.booking, rooms, {
      tax: taxes.get(r.booking.id) as BookingTax,
      hotelImage: r.hotelImage ?? null,
      now: deps.clock.now(),
      refund: refunds.get(r.booking.id) ?? null,
      review: reviews.get(r.booking.id),
      balance: balances.get(r.booking.id) ?? 0,
      paymentMethod: (r.booking.providerPaymentId && methods.get(r.booking.providerPaymentId)) || null,
      gatewayRefunds: gatewayRefunds.get(r.booking.id),
      recordedPayments: recorded,
      compensation: compensations.get(r.booking.id),
    }),
  );
}
