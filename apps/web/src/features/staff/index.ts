// The staff feature's public entry (ADR 066): the owner's Staff page, the invitation page, a staff member's start and
// what staff did on a booking.
export { AcceptInvite } from './components/accept-invite';
export { BookingActions } from './components/booking-actions';
export { StaffHome } from './components/staff-home';
export { StaffManager } from './components/staff-manager';
export { STAFF_COPY } from './copy';
