import type { AuthUser } from '#src/features/auth/index.ts';
import { notFound } from '#src/lib/errors.ts';
import type { BookingsDeps } from './deps.ts';
import * as desk from './desk.repository.ts';
import { BOOKING_MSG } from './messages.ts';

/** Who works a desk: the signed-in admin, or a staff member of the stay's owner. */
export type DeskUser = Pick<AuthUser, 'id' | 'staff'>;

/** The owner whose desks the user works: their own, or the owner a staff member works for. */
const ownerIdOf = (user: DeskUser) => user.staff?.ownerId ?? user.id;

/**
 * Who may work a stay's front desk (ADR 064): the one place every desk route (desk bookings, payments, check-in,
 * check-out, no-shows, housekeeping) asks: the stay's owner, or their staff. Which of the owner's stays a staff
 * member was given, and whether their role works the desk, the admin routes' staff rules decide before (ADR 066).
 * Another admin's stay, or an archived one, is "not found", never told apart.
 */
export async function mayWorkDesk(user: DeskUser, stay: { ownerId: string }): Promise<boolean> {
  return stay.ownerId === ownerIdOf(user);
}

/** Whose stays the user works the desks of, for lists across stays. */
export const deskOwnerOf = (user: DeskUser) => ownerIdOf(user);

/** The live stay whose desk the user works, else 404. */
export async function deskStay(deps: Pick<BookingsDeps, 'db'>, user: DeskUser, stayId: string) {
  const stay = await desk.stayOfDesk(deps.db, stayId);
  if (!stay || stay.archivedAt !== null || !(await mayWorkDesk(user, stay))) throw notFound(BOOKING_MSG.stayNotFound);
  return stay;
}

/** A booking of a stay whose desk the user works, else 404 (another owner's booking is not told apart). */
export async function deskBooking(deps: Pick<BookingsDeps, 'db'>, user: DeskUser, bookingId: string) {
  const found = await desk.bookingOfDesk(deps.db, bookingId);
  if (!found || !(await mayWorkDesk(user, found))) throw notFound(BOOKING_MSG.bookingNotFound);
  return found;
}
