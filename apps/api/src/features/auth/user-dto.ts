import type { UserDto } from '@repo/shared/schemas/auth';
import type { UserRow } from './auth.repository.ts';

/** The public view of a user: the listed fields only, never the password hash. */
export function toUserDto(row: UserRow, isLoggedIn: boolean): UserDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    mobile: row.mobile,
    isAdmin: row.isAdmin,
    isPlatform: row.isPlatform,
    isLoggedIn,
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
