import { formatDate } from '@repo/shared/domain/dates';
import { formatPaise } from '@repo/shared/domain/money';
import * as repo from './bookings.repository.ts';
import type { BookingsDeps } from './deps.ts';

export const CONFIRMATION_MAIL = 'mail.booking-confirmed';

/** The confirmation mail of a booking (an outbox handler: a failure is retried). */
export async function mailConfirmation(deps: BookingsDeps, bookingId: string) {
  const b = await repo.findBooking(deps.db, bookingId);
  // Nothing to say about a booking that is gone or no longer confirmed.
  if (b?.status !== 'confirmed') return;
  const user = await repo.guestOf(deps.db, b.userId);
  if (!user) return;
  const rooms = await repo.roomsOfBookings(deps.db, [b.id]);
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
    `Your orders: ${deps.config.publicUrl}/orders/${user.id}`,
  ];
  await deps.mail.send({ to: user.email, subject: `Booking confirmed: ${b.hotelName}`, text: lines.join('\n') });
}
