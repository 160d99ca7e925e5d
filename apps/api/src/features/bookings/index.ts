// What other features may use of the bookings feature.
export { releaseExpiredHolds } from './bookings.repository.ts';
