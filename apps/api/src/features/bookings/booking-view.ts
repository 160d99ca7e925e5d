import { CURRENCY } from '@repo/shared/constants/domain';
import { formatDate } from '@repo/shared/domain/dates';
import type { BookingDto, CheckoutDto } from '@repo/shared/schemas/booking';
import type { AuthUser } from '#src/features/auth/index.ts';
import { notFound } from '#src/lib/errors.ts';
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

export function toBookingDto(
  b: repo.BookingRow,
  rooms: repo.BookingRoomRow[],
  hotelImage: BookingDto['hotelImage'],
  refund: BookingDto['refund'] = null,
  now: Date = new Date(),
  review: repo.ReviewRow | undefined = undefined,
): BookingDto {
  // A hold whose time ran out is shown as expired even before the sweep has released it.
  const lapsed = b.status === 'pending_payment' && b.holdExpiresAt !== null && b.holdExpiresAt <= now;
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
    review: review
      ? {
          id: review.id,
          rating: review.rating,
          body: review.body,
          reply: review.reply,
          createdAt: review.createdAt.toISOString(),
        }
      : null,
    createdAt: b.createdAt.toISOString(),
  };
}

/** A booking as the guest sees it: its rooms, the stay's picture and what was refunded. */
export async function viewOf(deps: BookingsDeps, b: repo.BookingRow): Promise<BookingDto> {
  const [rooms, image, refunds, reviews] = await Promise.all([
    repo.roomsOfBookings(deps.db, [b.id]),
    repo.hotelImageOf(deps.db, b.stayId),
    ledger.refundSummaries(deps.db, [b.id]),
    repo.reviewsOfBookings(deps.db, [b.id]),
  ]);
  return toBookingDto(b, rooms, image, refunds.get(b.id) ?? null, deps.clock.now(), reviews.get(b.id));
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
  };
}

/** The booking of `id` if it belongs to the user; another guest's booking is "not found". */
export async function ownBooking(deps: BookingsDeps, userId: string, id: string) {
  const b = await repo.findBooking(deps.db, id);
  if (!b || b.userId !== userId) throw notFound(BOOKING_MSG.bookingNotFound);
  return b;
}

export async function listBookings(deps: BookingsDeps, userId: string): Promise<BookingDto[]> {
  const rows = await repo.bookingsOfUser(deps.db, userId);
  const ids = rows.map((r) => r.booking.id);
  const [rooms, refunds, reviews] = await Promise.all([
    repo.roomsOfBookings(deps.db, ids),
    ledger.refundSummaries(deps.db, ids),
    repo.reviewsOfBookings(deps.db, ids),
  ]);
  return rows.map((r) =>
    toBookingDto(
      r.booking,
      rooms,
      r.hotelImage ?? null,
      refunds.get(r.booking.id) ?? null,
      deps.clock.now(),
      reviews.get(r.booking.id),
    ),
  );
}
