// What other features may use of the bookings feature.
export { releaseExpiredHolds } from './bookings.repository.ts';
export { guestOrder, notePendingPayment, payableOrder } from './hosted-checkout.ts';
