// The bookings feature's public entry: its plugin (app.ts) and what other features, adapters and the seed may use.
export { openBookingCount, releaseExpiredHolds } from './bookings.repository.ts';
export { guestOrder, notePendingPayment, payableOrder } from './hosted-checkout.ts';
// A hold made by a service caller, e.g. the demo seed's booking made weeks ago (the route refuses past dates).
export { createBooking } from './hold.service.ts';
export { bookingsPlugin } from './plugin.ts';
export { guestIdsHeldAbout } from './guest-id-export.ts';
export { deskOwnerOf, deskStay, mayWorkDesk, type DeskUser } from './desk-scope.ts';
