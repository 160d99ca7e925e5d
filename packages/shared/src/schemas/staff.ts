import { z } from 'zod';
import { STAFF_ROLES } from '../domain/staff.ts';
import { Email, FirstName, LastName, Mobile, Password, UserDto } from './auth.ts';
import { Id } from './common.ts';

export const STAFF_LIMITS = { staysMax: 200 } as const;

export const STAFF_MSG = {
  roleInvalid: 'Role must be manager or frontDesk',
  staysRequired: 'Choose at least one stay',
  staysTooMany: `At most ${STAFF_LIMITS.staysMax} stays`,
  staysTwice: 'A stay can be chosen once',
  tokenInvalid: 'This invitation link is not valid',
} as const;

const Role = z.enum(STAFF_ROLES, { error: STAFF_MSG.roleInvalid });
const StayIds = z
  .array(Id, { error: STAFF_MSG.staysRequired })
  .min(1, { error: STAFF_MSG.staysRequired })
  .max(STAFF_LIMITS.staysMax, { error: STAFF_MSG.staysTooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: STAFF_MSG.staysTwice });

/** An owner invites someone by mail to some of their stays with a role. */
export const StaffInviteInput = z.object({ email: Email, role: Role, stayIds: StayIds });
export type StaffInviteInput = z.input<typeof StaffInviteInput>;

/** An owner changes a member's (or an open invitation's) role and stays. */
export const StaffUpdateInput = z.object({ role: Role, stayIds: StayIds });
export type StaffUpdateInput = z.input<typeof StaffUpdateInput>;

const StayRef = z.object({ id: Id, name: z.string() });

export const StaffMemberDto = z.object({
  id: Id,
  email: z.string(),
  /** The member's name once they accepted; null for an open invitation. */
  name: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  stays: z.array(StayRef),
  /** 'invited': the link is mailed and not used yet (see inviteExpiresAt); 'active': accepted. */
  status: z.enum(['invited', 'active']),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
  inviteExpiresAt: z.string().nullable(),
});
export type StaffMemberDto = z.infer<typeof StaffMemberDto>;
export const StaffList = z.object({ members: z.array(StaffMemberDto) });
export type StaffList = z.infer<typeof StaffList>;
export const StaffMemberResult = z.object({ member: StaffMemberDto, message: z.string() });

/** The mailed link: the invitation and its secret token. */
export const StaffInviteParams = z.object({
  id: Id,
  token: z.string({ error: STAFF_MSG.tokenInvalid }).regex(/^[\w-]{20,100}$/, { error: STAFF_MSG.tokenInvalid }),
});
export type StaffInviteParams = z.infer<typeof StaffInviteParams>;

/** What the invitation page shows before accepting. */
export const StaffInviteView = z.object({
  email: z.string(),
  ownerName: z.string(),
  role: z.enum(STAFF_ROLES),
  stays: z.array(z.string()),
  /** Whether an account with the invited email exists: then it accepts with its password, else it sets one up. */
  hasAccount: z.boolean(),
});
export type StaffInviteView = z.infer<typeof StaffInviteView>;

/**
 * Accepting: with the password of the account of the invited email when there is one; otherwise the new account's
 * name, mobile and password (the API names a missing one).
 */
export const StaffAcceptInput = z.object({
  password: Password,
  firstName: FirstName.optional(),
  lastName: LastName.optional(),
  mobile: Mobile.optional(),
});
export type StaffAcceptInput = z.input<typeof StaffAcceptInput>;

/** One thing a staff member did, as recorded (append-only). */
export const StaffActionDto = z.object({
  id: Id,
  actorName: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  stayId: Id.nullable(),
  bookingId: Id.nullable(),
  at: z.string(),
});
export type StaffActionDto = z.infer<typeof StaffActionDto>;
export const StaffActionsResult = z.object({ actions: z.array(StaffActionDto) });
export type StaffActionsResult = z.infer<typeof StaffActionsResult>;

/** The signed-in staff member's place, on /api/admin/me (null for an owner). */
export const StaffOfDto = z.object({
  role: z.enum(STAFF_ROLES),
  ownerName: z.string(),
  stays: z.array(StayRef),
});
export type StaffOfDto = z.infer<typeof StaffOfDto>;

/** GET /api/admin/me: the signed-in admin, and for a staff member whose staff they are and where. */
export const AdminMeDto = UserDto.extend({ staff: StaffOfDto.nullable() });
export type AdminMeDto = z.infer<typeof AdminMeDto>;
