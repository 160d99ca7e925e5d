import { createHash, randomBytes } from 'node:crypto';
import { STAFF_INVITE_HOURS, type StaffScope } from '@repo/shared/domain/staff';
import type {
  StaffAcceptInput,
  StaffActionDto,
  StaffInviteInput,
  StaffInviteParams,
  StaffInviteView,
  StaffMemberDto,
  StaffOfDto,
  StaffUpdateInput,
} from '@repo/shared/schemas/staff';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { inTransaction, isUniqueViolation, type Queryable } from '#src/db/client.ts';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  lockLiveUser,
  revokeAdminSessions,
  verifyPassword,
} from '#src/features/auth/index.ts';
import { badRequest, conflict, fieldError, notFound } from '#src/lib/errors.ts';
import type { StaffSubject } from '#src/lib/admin-scope.ts';
import type { Deps } from '#src/platform/deps.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import { StaffInviteMail } from './events.ts';
import { inviteLink, inviteMail } from './mails.ts';
import { ACTION_WORDS, type ActionWord, STAFF_API_MSG } from './messages.ts';
import * as repo from './staff.repository.ts';

export type StaffDeps = Pick<Deps, 'db' | 'config' | 'outbox' | 'clock' | 'tasks'>;

const INVITE_TTL_MS = STAFF_INVITE_HOURS * 3_600_000;
/** Invitation tokens are stored as their sha256 only; the token travels only in the mail. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const nameOf = (u: { firstName: string | null; lastName: string | null }) =>
  u.firstName === null ? null : `${u.firstName} ${u.lastName ?? ''}`.trim();

type Listed = Awaited<ReturnType<typeof repo.membersOf>>[number];
const toMemberDto = (m: Listed): StaffMemberDto => ({
  id: m.member.id,
  email: m.member.email,
  name: nameOf(m),
  role: m.member.role,
  stays: m.stays,
  status: m.member.acceptedAt ? 'active' : 'invited',
  invitedAt: m.member.invitedAt.toISOString(),
  acceptedAt: m.member.acceptedAt?.toISOString() ?? null,
  inviteExpiresAt: m.inviteExpiresAt?.toISOString() ?? null,
});

/** The owner's invitations and staff, with roles and stays. */
export async function listStaff(deps: StaffDeps, ownerId: string): Promise<StaffMemberDto[]> {
  return (await repo.membersOf(deps.db, ownerId, deps.clock.now())).map(toMemberDto);
}

async function memberDto(deps: StaffDeps, ownerId: string, memberId: string): Promise<StaffMemberDto> {
  const found = (await repo.membersOf(deps.db, ownerId, deps.clock.now())).find((m) => m.member.id === memberId);
  if (!found) throw notFound(STAFF_API_MSG.memberNotFound);
  return toMemberDto(found);
}

/** The stays named, all the owner's live ones; another owner's stay (or none) is "not found", as everywhere. */
async function ownersStays(db: Queryable, ownerId: string, stayIds: readonly string[]) {
  const found = await repo.ownersStays(db, ownerId, stayIds);
  if (found.length !== stayIds.length) throw notFound(STAFF_API_MSG.notYourStays);
  return found;
}

/**
 * The owner invites an address to some of their stays with a role: a member waiting for acceptance, and a mailed
 * link (single use, STAFF_INVITE_HOURS hours, stored hashed). An owner's (admin) account can not be staff; an address
 * invited already is a 409.
 */
export async function inviteStaff(
  deps: StaffDeps,
  owner: { id: string; email: string; firstName: string; lastName: string },
  input: z.output<typeof StaffInviteInput>,
): Promise<StaffMemberDto> {
  if (input.email === owner.email) throw fieldError('email', STAFF_API_MSG.ownEmail);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing?.isAdmin) throw conflict(STAFF_API_MSG.ownerAccount, 'OWNER_ACCOUNT');
  const token = randomBytes(32).toString('base64url');
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim();
  try {
    const memberId = await withOutbox(
      deps,
      async (tx, emit) => {
        const stays = await ownersStays(tx, owner.id, input.stayIds);
        if (await repo.liveMemberOfEmail(tx, owner.id, input.email)) throw conflict(STAFF_API_MSG.alreadyInvited, 'INVITED');
        const member = await repo.insertMember(tx, { ownerId: owner.id, email: input.email, role: input.role });
        await repo.setMemberStays(tx, member.id, input.stayIds);
        const invite = await repo.insertInvite(tx, {
          memberId: member.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(deps.clock.now().getTime() + INVITE_TTL_MS),
        });
        const link = inviteLink(deps.config.publicUrl, invite.id, token);
        const names = stays.map((s) => s.name).sort();
        await emit(StaffInviteMail, inviteMail(input.email, ownerName, input.role, names, link));
        return member.id;
      },
      { background: 'staff invitation mail' },
    );
    return memberDto(deps, owner.id, memberId);
  } catch (err) {
    if (isUniqueViolation(err, 'staff_members_owner_email_key')) throw conflict(STAFF_API_MSG.alreadyInvited, 'INVITED');
    throw err;
  }
}

/** The owner changes a member's (or an invitation's) role and stays; the member's next request has them. */
export async function updateStaff(
  deps: StaffDeps,
  ownerId: string,
  memberId: string,
  input: z.output<typeof StaffUpdateInput>,
): Promise<{ member: StaffMemberDto; userId: string | null }> {
  const userId = await inTransaction(deps.db, async (tx) => {
    const member = await repo.lockMember(tx, ownerId, memberId);
    if (!member) throw notFound(STAFF_API_MSG.memberNotFound);
    await ownersStays(tx, ownerId, input.stayIds);
    await repo.setMemberRole(tx, member.id, input.role, deps.clock.now());
    await repo.setMemberStays(tx, member.id, input.stayIds);
    return member.userId;
  });
  return { member: await memberDto(deps, ownerId, memberId), userId };
}

/**
 * The owner removes a member (or withdraws an invitation): their access ends, their admin sessions end at once and
 * any open link stops working. What they did stays recorded.
 */
export async function removeStaff(deps: StaffDeps, ownerId: string, memberId: string): Promise<{ userId: string | null }> {
  return inTransaction(deps.db, async (tx) => {
    const member = await repo.lockMember(tx, ownerId, memberId);
    if (!member) throw notFound(STAFF_API_MSG.memberNotFound);
    const now = deps.clock.now();
    await repo.markRemoved(tx, member.id, now);
    await repo.consumeMemberInvites(tx, member.id, now);
    if (member.userId) await revokeAdminSessions(tx, member.userId, now);
    return { userId: member.userId };
  });
}

async function liveInvite(deps: StaffDeps, params: StaffInviteParams) {
  const found = await repo.findLiveInvite(deps.db, params.id, hashToken(params.token), deps.clock.now());
  if (!found) throw badRequest(STAFF_API_MSG.inviteInvalid);
  return found;
}

/** The invitation page: who invites, the role, the stays, and whether the address has an account already. */
export async function inviteView(deps: StaffDeps, params: StaffInviteParams): Promise<StaffInviteView> {
  const found = await liveInvite(deps, params);
  const user = await findUserByEmail(deps.db, found.member.email);
  return {
    email: found.member.email,
    ownerName: `${found.ownerFirstName} ${found.ownerLastName}`.trim(),
    role: found.member.role,
    stays: (await repo.stayNamesOf(deps.db, found.member.id)).map((s) => s.name),
    hasAccount: Boolean(user && !user.archivedAt),
  };
}

/**
 * Accepts an invitation with its link: the account of the invited address (its password checked) or a new one (its
 * address confirmed by the link itself) becomes the owner's staff. The link is used once; every other link of the
 * invitation ends too.
 */
export async function acceptInvite(
  deps: StaffDeps,
  params: StaffInviteParams,
  input: z.output<typeof StaffAcceptInput>,
): Promise<void> {
  const found = await liveInvite(deps, params);
  const existing = await findUserByEmail(deps.db, found.member.email);
  if (existing?.archivedAt) throw badRequest(STAFF_API_MSG.inviteInvalid);
  if (existing?.isAdmin) throw conflict(STAFF_API_MSG.ownerAccount, 'OWNER_ACCOUNT');
  if (existing && !(await verifyPassword(existing.passwordHash, input.password)))
    throw fieldError('password', STAFF_API_MSG.wrongPassword);
  if (!existing) {
    if (!input.firstName) throw fieldError('firstName', STAFF_API_MSG.firstNameRequired);
    if (!input.lastName) throw fieldError('lastName', STAFF_API_MSG.lastNameRequired);
    if (!input.mobile) throw fieldError('mobile', STAFF_API_MSG.mobileRequired);
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    await inTransaction(deps.db, async (tx) => {
      if (!(await repo.consumeInvite(tx, found.inviteId, now))) throw badRequest(STAFF_API_MSG.inviteInvalid);
      let userId: string;
      if (existing) {
        const user = await lockLiveUser(tx, existing.id);
        if (!user) throw badRequest(STAFF_API_MSG.inviteInvalid);
        if (user.isAdmin) throw conflict(STAFF_API_MSG.ownerAccount, 'OWNER_ACCOUNT');
        userId = user.id;
      } else {
        const user = await insertUser(tx, {
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          email: found.member.email,
          mobile: input.mobile ?? '',
          passwordHash: passwordHash ?? '',
          isAdmin: false,
          isPlatform: false,
          adminRequestedAt: null,
          // The link was mailed to this address: opening it confirms it.
          emailConfirmedAt: now,
        });
        userId = user.id;
      }
      if (await repo.liveMembershipOfUser(tx, userId)) throw conflict(STAFF_API_MSG.staffElsewhere, 'STAFF_ELSEWHERE');
      await repo.markAccepted(tx, found.member.id, userId, now);
      await repo.consumeMemberInvites(tx, found.member.id, now);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'staff_members_user_key')) throw conflict(STAFF_API_MSG.staffElsewhere, 'STAFF_ELSEWHERE');
    if (isUniqueViolation(err, 'users_email_key')) throw badRequest(STAFF_API_MSG.inviteInvalid);
    throw err;
  }
}

type ActionRow = Awaited<ReturnType<typeof repo.actionsOnBooking>>[number];
const toActionDto = (a: ActionRow): StaffActionDto => ({
  id: a.id,
  actorName: `${a.firstName} ${a.lastName}`.trim(),
  actorEmail: a.email,
  action: a.action,
  stayId: a.stayId,
  bookingId: a.bookingId,
  at: a.at.toISOString(),
});

/** What staff did on a booking of the owner's stays, oldest first (another owner's booking: 404). */
export async function bookingActions(deps: StaffDeps, ownerId: string, bookingId: string): Promise<StaffActionDto[]> {
  if (!(await repo.bookingOfOwner(deps.db, ownerId, bookingId))) throw notFound(STAFF_API_MSG.bookingNotFound);
  return (await repo.actionsOnBooking(deps.db, ownerId, bookingId)).map(toActionDto);
}

/** The newest things the owner's staff did. */
export async function latestActions(deps: StaffDeps, ownerId: string): Promise<StaffActionDto[]> {
  return (await repo.recentActions(deps.db, ownerId, 50)).map(toActionDto);
}

/** Records a staff member's write that succeeded (the admin routes' staff rules call it). */
export async function recordAction(
  deps: Pick<Deps, 'db'>,
  request: FastifyRequest,
  subject: StaffSubject | undefined,
  word: ActionWord,
) {
  const staff = request.user?.staff;
  if (!request.user || !staff) return;
  await repo.insertAction(deps.db, {
    ownerId: staff.ownerId,
    memberId: staff.memberId,
    actorId: request.user.id,
    stayId: subject?.stayId ?? null,
    bookingId: subject?.bookingId ?? null,
    action: ACTION_WORDS[word],
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
  });
}

/** The signed-in staff member's place for /api/admin/me: their owner, role and stays by name. */
export async function staffOf(deps: Pick<Deps, 'db'>, scope: StaffScope): Promise<StaffOfDto> {
  const owner = await findUserById(deps.db, scope.ownerId);
  return {
    role: scope.role,
    ownerName: owner ? `${owner.firstName} ${owner.lastName}`.trim() : '',
    stays: await repo.stayNamesOf(deps.db, scope.memberId),
  };
}
