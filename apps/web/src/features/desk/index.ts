// The front desk's public entry (ADR 064): the booking dialog the owner's calendar opens, the desk's day and housekeeping.
export { DeskBookingDialog } from './components/desk-booking-dialog';
export { DeskDay } from './components/desk-day';
export { DeskToday } from './components/desk-today';
export { HousekeepingList } from './components/housekeeping-list';
export { useDeskDay, useHousekeeping } from './api/desk';
export { DESK_COPY } from './copy';
