import type { BookingStatus } from '@repo/shared/constants/domain';
import { formatDate } from '@repo/shared/domain/dates';

/** A booking's status in words, as the CSV export writes it (a cancellation says who cancelled, when known). */
export const STATUS_WORDS: Record<Exclude<BookingStatus, 'cancelled'>, string> & {
  cancelled: Record<'guest' | 'owner' | 'unknown', string>;
} = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  payment_failed: 'Payment failed',
  expired: 'Hold expired',
  cancelled: { guest: 'Cancelled by the guest', owner: 'Cancelled by the stay', unknown: 'Cancelled' },
};

/** The owner's reservations, calendar and blocks: the API's own messages (the spec has none for these). */
export const OWNER_API_MSG = {
  stayNotFound: 'Stay not found',
  reservationNotFound: 'Reservation not found',
  blockNotFound: 'Block not found',
  roomNotInStay: 'A chosen room is not a room of this stay',
  blockInPast: 'A block can not start before today',
  nightTaken: (room: number, night: string) =>
    `Room ${room} is booked or held for the night of ${formatDate(night)}. Nothing was blocked`,
  nightBlocked: (room: number, night: string) =>
    `Room ${room} is already blocked for the night of ${formatDate(night)}. Nothing was blocked`,
  nightsTaken: 'One of the chosen rooms is booked, held or blocked for these dates. Nothing was blocked',
  unblocked: 'The room is open for booking again on those nights',
  roomNotFound: 'Room not found',
  untilAfterToday: 'Out of order until must be after today',
  outOfOrderNote: 'Out of order',
  exportCut: (listed: number, total: number) =>
    `Only the newest ${listed.toLocaleString('en-IN')} of ${total.toLocaleString('en-IN')} bookings are listed: narrow the filters (stay, status or dates) to export the others`,
} as const;
