import { formatDate } from '@repo/shared/domain/dates';

/** The booking and payment API's own messages (the spec has none for these cases). */
export const BOOKING_MSG = {
  stayNotFound: 'This stay does not exist',
  bookingNotFound: 'This booking does not exist',
  roomNotInStay: 'A chosen room is not a room of this stay',
  planNotOffered: 'A chosen rate plan is not offered for the rooms chosen',
  onePlanPerType: 'Choose one rate plan for each room type',
  tooManyGuests: (capacity: number) =>
    `The chosen rooms fit at most ${capacity} ${capacity === 1 ? 'guest' : 'guests'}. Please choose more rooms`,
  roomTaken: (room: number, night: string) => `Room ${room} is already booked for the night of ${formatDate(night)}`,
  roomUnavailable: (room: number, night: string) => `Room ${room} is not available for the night of ${formatDate(night)}`,
  roomsTaken: 'One of the chosen rooms is already booked for these dates',
  roomGone: 'A chosen room is no longer offered. Please choose again',
  minNights: (title: string, nights: number) => `${title} needs a stay of at least ${nights} nights for these dates`,
  heldRoomsCap: (max: number) =>
    `You can hold at most ${max} rooms at a time. Pay for or cancel a booking awaiting payment in My Orders first`,
  heldNightsCap: (max: number) =>
    `You can hold at most ${max} room-nights at a time. Pay for or cancel a booking awaiting payment in My Orders first`,
  addressStayShare:
    'Many rooms of this stay are already held awaiting payment from your network. Pay for or cancel those bookings, or try again later',
  addressCityShare:
    'Many rooms in this city are already held awaiting payment from your network. Pay for or cancel those bookings, or try again later',
  gatewayDown: 'The payment service could not be reached. Please try again in a moment',
  badSignature: 'The payment could not be verified',
  orderMismatch: 'This payment belongs to another order',
  alreadyPaid: 'This booking is already paid',
  paidTwiceRefunded: 'This booking was already paid by another payment. This payment has been refunded',
  paymentMismatchRefunded:
    'This payment does not match the amount of this booking. It has been refunded and the booking is not confirmed',
  paymentNotReported:
    'The payment service has not confirmed this payment yet. Your booking is confirmed as soon as it does: see My Orders',
  holdExpired: 'The hold on these rooms has ended. Please book again',
  roomsGoneRefunded: 'The hold on these rooms ended and a room was booked by someone else. Your payment has been refunded',
  notCancellable: 'This booking can no longer be cancelled',
  noInvoice: 'No invoice has been issued for this booking: it is issued once the booking is paid',
  noCreditNote: 'No credit note has been issued for this booking: it is issued when a paid booking is cancelled with a refund',
  /** A refund made after the last day a credit note could be issued for the invoice (CGST Act s.34(2), ADR 047). */
  creditNoteTimeOver: (deadline: string) =>
    `No credit note has been issued for this booking: it was refunded after ${formatDate(deadline)}, the last day a credit note could be issued for its invoice (section 34(2) of the CGST Act, 2017). The refund is paid all the same`,
  afterCheckIn: 'A booking can not be cancelled on or after the check-in date',
  /** The front desk (ADR 064). */
  deskPaid: 'Money was taken for this booking at the desk: it is returned at the desk, so the booking can not be cancelled here',
  nothingDue: 'Nothing is left to pay for this booking',
  notTheDue: (due: string) => `The amount must be what is left to pay: ${due}`,
  notBooked: 'Only a confirmed booking is worked at the desk',
  checkInNotToday: 'A guest checks in from the check-in date until the check-out date',
  formCFirst: "Record the foreign guest's Form C (their passport, visa and travel) before checking them in",
  alreadyArrived: (state: string) => `This booking is already ${state.replace('_', ' ')}`,
  notCheckedIn: 'Only a guest who checked in checks out',
  dueAtCheckOut: (due: string) => `${due} is left to pay: record its payment (method and reference) to check out`,
  noShowTooEarly: 'A booking becomes a no-show once its check-in date has begun',
  badWebhookSignature: 'Invalid webhook signature',
  badWebhookBody: 'The webhook body is not valid JSON',
  badWebhookShape: 'The webhook body is not a payment event this service understands',
  refundFailedByBank: 'The bank did not accept the refund',
  noFailedRefund: 'This booking has no failed refund to ask for again',
  /** A guest's compensation payout link, as the gateway shows it to them (ADR 053). */
  compensationLink: (stay: string) => `StayBook: compensation from ${stay} for cancelling your booking`,
} as const;
