import type { Deps } from '#src/platform/deps.ts';
import { todayInIndia } from '@repo/shared/domain/dates';
import type { UserDto } from '@repo/shared/schemas/auth';
import type { AdminUserUpdateInput } from '@repo/shared/schemas/user';
import type { z } from 'zod';
import { inTransaction, isUniqueViolation } from '#src/db/client.ts';
import { conflict, forbidden, notFound } from '#src/lib/errors.ts';
import { countActiveAdmins, countActivePlatforms, lockAdminSet, lockLiveUser, toUserDto } from '#src/features/auth/index.ts';
import * as repo from './admin-users.repository.ts';
import { ADMIN_USER_MSG } from './messages.ts';
import { openBookingCount } from '#src/features/bookings/index.ts';

/** What this feature uses. */
export type AdminUsersDeps = Pick<Deps, 'db'>;

type UpdateInput = z.output<typeof AdminUserUpdateInput>;

/** The list view of a user: the public view (never the password hash) and whether a session is live. */
const listed = ({ user, isLoggedIn }: repo.UserWithLogin): UserDto => toUserDto(user, isLoggedIn);

export async function listUsers({ db }: AdminUsersDeps): Promise<UserDto[]> {
  return (await repo.listLiveUsers(db)).map(listed);
}

export async function getUser({ db }: AdminUsersDeps, id: string): Promise<UserDto> {
  const row = await repo.findLiveUser(db, id);
  if (!row) throw notFound(ADMIN_USER_MSG.notFound);
  return listed(row);
}

/**
 * The platform edits a user (ADR 023). The email must stay unique (409); an admin can not take away their own
 * admin or platform rights (403), nor the last admin's or the last platform admin's (409, decided under the lock
 * every change to the admins takes); granting admin rights approves a pending admin registration (a stay owner);
 * the platform role is kept unless `isPlatform` says otherwise, and goes with the admin flag.
 */
export async function updateUser({ db }: AdminUsersDeps, actorId: string, id: string, input: UpdateInput): Promise<UserDto> {
  if (id === actorId && !input.isAdmin) throw forbidden(ADMIN_USER_MSG.ownAdminFlag);
  if (id === actorId && input.isPlatform === false) throw forbidden(ADMIN_USER_MSG.ownPlatformFlag);
  try {
    await inTransaction(db, async (tx) => {
      await lockAdminSet(tx);
      const user = await lockLiveUser(tx, id);
      if (!user) throw notFound(ADMIN_USER_MSG.notFound);
      const isPlatform = input.isAdmin && (input.isPlatform ?? user.isPlatform);
      if (user.isAdmin && !input.isAdmin && (await countActiveAdmins(tx)) <= 1)
        throw conflict(ADMIN_USER_MSG.lastAdmin, 'LAST_ADMIN');
      if (user.isPlatform && !isPlatform && (await countActivePlatforms(tx)) <= 1)
        throw conflict(ADMIN_USER_MSG.lastPlatform, 'LAST_PLATFORM');
      const owner = await repo.emailOwner(tx, input.email);
      if (owner && owner !== id) throw conflict(ADMIN_USER_MSG.emailTaken, 'EMAIL_TAKEN');
      await repo.updateUser(tx, id, {
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        email: input.email,
        isAdmin: input.isAdmin,
        isPlatform,
        ...(input.isAdmin ? { adminRequestedAt: null } : {}),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw conflict(ADMIN_USER_MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
  return getUser({ db }, id);
}

/**
 * Deletes a user. Never yourself (403); refused (409) while they have a confirmed booking not over yet or a
 * running payment hold; archived (hidden, sessions revoked, unable to log in) when they have any booking or
 * manage stays; otherwise deleted with their sessions and reset links.
 */
export async function deleteUser({ db }: AdminUsersDeps, actorId: string, id: string): Promise<{ archived: boolean }> {
  if (id === actorId) throw forbidden(ADMIN_USER_MSG.deleteSelf);
  const today = todayInIndia();
  return inTransaction(db, async (tx) => {
    await lockAdminSet(tx);
    const user = await lockLiveUser(tx, id);
    if (!user) throw notFound(ADMIN_USER_MSG.notFound);
    if (user.isAdmin && (await countActiveAdmins(tx)) <= 1) throw conflict(ADMIN_USER_MSG.lastAdmin, 'LAST_ADMIN');
    if (user.isPlatform && (await countActivePlatforms(tx)) <= 1) throw conflict(ADMIN_USER_MSG.lastPlatform, 'LAST_PLATFORM');
    const blocking = await openBookingCount(tx, { userId: id }, today);
    if (blocking > 0) throw conflict(ADMIN_USER_MSG.hasUpcomingBookings(blocking), 'USER_HAS_BOOKINGS');
    if (await repo.hasRecords(tx, id)) {
      await repo.revokeSessions(tx, id);
      await repo.archiveUser(tx, id);
      return { archived: true };
    }
    await repo.deleteUser(tx, id);
    return { archived: false };
  });
}
