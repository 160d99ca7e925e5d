import type { Audience } from '@repo/shared/constants/domain';
import type { StaffScope } from '@repo/shared/domain/staff';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '#src/lib/errors.ts';

/** The signed-in user of a request, as requireGuest / requireAdmin found them. */
export type AuthUser = {
  id: string;
  sessionId: string;
  audience: Audience;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  isAdmin: boolean;
  /** The platform role (ADR 023); an admin without it is a stay owner. */
  isPlatform: boolean;
  /**
   * For a staff member signed in to the admin area (not an admin themselves): whose staff they are, their role and
   * stays (ADR 066); null for an admin.
   */
  staff: StaffScope | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireGuest / requireAdmin. */
    user: AuthUser | null;
  }
}

/** The user of a request: throws 401 without a valid, live token, 403 when an admin token's user lost the flag. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The stay owner whose business an admin request acts on: the signed-in admin, or the owner a staff member works for
 * (what they may do there is checked by the admin routes' staff rules, lib/admin-scope.ts).
 */
export function ownerOf(request: FastifyRequest): string {
  const user = authUser(request);
  return user.staff?.ownerId ?? user.id;
}
