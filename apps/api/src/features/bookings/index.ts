// The bookings feature's public entry: its plugin (app.ts) and what other features may use.
export { openBookingCount, releaseExpiredHolds } from './bookings.repository.ts';
export { bookingsPlugin } from './plugin.ts';
