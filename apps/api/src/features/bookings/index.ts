// What other features may use of the bookings feature.
export { releaseExpiredHolds } from './bookings.repository.ts';
// A hold made by a service caller, e.g. the demo seed's booking made weeks ago (the route refuses past dates).
export { createBooking } from './hold.service.ts';
