// The bookings feature's public entry: its plugin (app.ts) and what other features and adapters may use.
export { openBookingCount, releaseExpiredHolds } from './bookings.repository.ts';
export { guestOrder, notePendingPayment, payableOrder } from './hosted-checkout.ts';
export { bookingsPlugin } from './plugin.ts';
