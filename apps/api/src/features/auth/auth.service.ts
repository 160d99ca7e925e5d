import { createHash, randomBytes } from 'node:crypto';
import { type Audience, LIMITS } from '@repo/shared/constants/domain';
import { API_MSG } from '@repo/shared/constants/messages';
import type {
  ConfirmEmailInput,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetLinkParams,
  ResetPasswordInput,
  UserDto,
} from '@repo/shared/schemas/auth';
import type { z } from 'zod';
import { inTransaction, isUniqueViolation, type Queryable } from '#src/db/client.ts';
import { AppError, badRequest, fieldError, forbidden, unauthorized } from '#src/lib/errors.ts';
import type { Deps } from '#src/platform/deps.ts';
import type { Emit } from '#src/platform/events.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import {
  consumeEmailConfirmation,
  consumeReset,
  findEmailConfirmation,
  consumeUserConfirmations,
  consumeUserResets,
  adminEverExisted,
  findLiveReset,
  findStaffScope,
  findUserByEmail,
  findUserById,
  insertEmailConfirmation,
  insertPasswordReset,
  insertSession,
  insertUser,
  lockAdminSet,
  lockLiveUser,
  revokeSession,
  revokeUserSessions,
  setPasswordHash,
  type UserRow,
} from './auth.repository.ts';
import { confirmLink, confirmMail } from './confirm-mail.ts';
import { EmailConfirmMail, PasswordResetMail } from './events.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { resetLink, resetMail } from './reset-mail.ts';
import { signToken, TOKEN_TTL_SECONDS } from './tokens.ts';
import { toUserDto } from './user-dto.ts';

/** What the auth feature uses. */
export type AuthDeps = Pick<Deps, 'db' | 'config' | 'outbox' | 'clock' | 'log' | 'tasks'>;

type Register = z.output<typeof RegisterInput>;
type Login = z.output<typeof LoginInput>;
type Forgot = z.output<typeof ForgotPasswordInput>;
type ResetLink = z.output<typeof ResetLinkParams>;
type Reset = z.output<typeof ResetPasswordInput>;

const RESET_TTL_MS = LIMITS.resetTokenMinutes * 60_000;
const CONFIRM_TTL_MS = LIMITS.confirmTokenHours * 3_600_000;

/** Reset tokens are stored as their sha256 only; the token itself travels only in the mail. */
const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A confirmation link keeps the sha256 of the address it was mailed to (as users store it: lower case). */
const hashEmail = (email: string) => createHash('sha256').update(email).digest('hex');

const emailTaken = () => new AppError(409, API_MSG.emailTaken, 'EMAIL_TAKEN', { email: API_MSG.emailTaken });

async function startSession(deps: AuthDeps, user: UserRow, audience: Audience): Promise<string> {
  const expiresAt = new Date(deps.clock.now().getTime() + TOKEN_TTL_SECONDS * 1000);
  const session = await insertSession(deps.db, user.id, audience, expiresAt);
  return signToken(deps.config.jwtSecret, user, session.id, audience, TOKEN_TTL_SECONDS);
}

/**
 * Creates an account. In the guest area it never has admin rights. In the admin area it gets them only
 * when no admin exists yet; otherwise it waits for an existing admin's approval.
 */
export async function register(deps: AuthDeps, input: Register, audience: Audience): Promise<{ user: UserDto; message: string }> {
  const { db } = deps;
  if (await findUserByEmail(db, input.email)) throw emailTaken();
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    mobile: input.mobile,
    passwordHash: await hashPassword(input.password),
    // A new account confirms its email address before it can hold rooms (ADR 024): the link is mailed below.
    emailConfirmedAt: null,
  };
  try {
    const user = await withOutbox(
      deps,
      async (tx, emit) => {
        let user: UserRow;
        if (audience === 'guest') user = await insertUser(tx, { ...values, isAdmin: false });
        else {
          await lockAdminSet(tx);
          // The first admin is the first ever: once all admins are gone, nobody becomes one by registering.
          // The first admin runs the platform too (ADR 023); later ones are stay owners once the platform approves them.
          const first = !(await adminEverExisted(tx));
          user = await insertUser(tx, {
            ...values,
            isAdmin: first,
            isPlatform: first,
            adminRequestedAt: first ? null : deps.clock.now(),
          });
        }
        await addConfirmation(deps, tx, emit, user);
        return user;
      },
      { background: 'email confirmation mail' },
    );
    const message = audience === 'guest' || user.isAdmin ? API_MSG.registered : API_MSG.adminRegisteredPending;
    return { user: toUserDto(user, false), message };
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    throw err;
  }
}

/**
 * A new confirmation link for the user's current address (48 hours, single use, good for that address only) and its
 * mail as an outbox entry, in the caller's transaction.
 */
export async function addConfirmation(
  deps: Pick<AuthDeps, 'config' | 'clock'>,
  tx: Queryable,
  emit: Emit,
  user: UserRow,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertEmailConfirmation(tx, {
    userId: user.id,
    tokenHash: hashResetToken(token),
    emailHash: hashEmail(user.email),
    expiresAt: new Date(deps.clock.now().getTime() + CONFIRM_TTL_MS),
  });
  const mail = confirmMail(user.email, user.firstName, confirmLink(deps.config.publicUrl, user.id, token));
  await emit(EmailConfirmMail, mail);
}

/**
 * The user's email has just changed (in the caller's transaction, which set it unconfirmed): every link mailed before
 * ends, and the new address is mailed one of its own (ADR 045).
 */
export async function confirmNewEmail(
  deps: Pick<AuthDeps, 'config' | 'clock'>,
  tx: Queryable,
  emit: Emit,
  user: UserRow,
): Promise<void> {
  await consumeUserConfirmations(tx, user.id, deps.clock.now());
  await addConfirmation(deps, tx, emit, user);
}

/**
 * Opens a mailed confirmation link: the account is confirmed and every other link it was sent stops working. A link
 * mailed to an address that is no longer the account's email confirms nothing (400 saying so). A link used before,
 * expired or not of this user is a 400 too — unless the account is confirmed already (a second click).
 */
export async function confirmEmail(deps: AuthDeps, input: z.output<typeof ConfirmEmailInput>): Promise<string> {
  const now = deps.clock.now();
  const tokenHash = hashResetToken(input.token);
  return inTransaction(deps.db, async (tx) => {
    // The user's row stays locked until the end: an email change waits for this, or this sees the new address.
    const user = await lockLiveUser(tx, input.userId);
    const link = user ? await findEmailConfirmation(tx, user.id, tokenHash) : null;
    const current = user ? hashEmail(user.email) : '';
    if (user && link?.emailHash && link.emailHash !== current) throw badRequest(API_MSG.confirmLinkOtherAddress);
    if (user && link && (await consumeEmailConfirmation(tx, link.id, user.id, current, now))) {
      await consumeUserConfirmations(tx, user.id, now);
      return API_MSG.emailConfirmed;
    }
    if (user?.emailConfirmedAt) return API_MSG.alreadyConfirmed;
    throw badRequest(API_MSG.confirmLinkInvalid);
  });
}

/**
 * Mails the signed-in account a new confirmation link for its current address (the earlier ones of that address keep
 * working until they expire). `beforeMail` runs just before, with the address (the route's limit per address).
 */
export async function resendConfirmation(
  deps: AuthDeps,
  userId: string,
  beforeMail: (address: string) => Promise<void> = async () => {},
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user || user.archivedAt) throw unauthorized();
  if (user.emailConfirmedAt) return API_MSG.alreadyConfirmed;
  await beforeMail(user.email);
  await withOutbox(deps, (tx, emit) => addConfirmation(deps, tx, emit, user));
  return API_MSG.confirmSent;
}

/**
 * "Send the link again" without a session (the page after sign-up): a new confirmation link for the account of
 * `email` when it has not confirmed its address yet. `beforeMail` counts the address first, whether or not it is an
 * account's, and the work goes on after the answer, so neither the answer nor its time tells which accounts exist.
 */
export async function requestConfirmation(
  deps: AuthDeps,
  email: string,
  beforeMail: (address: string) => Promise<void> = async () => {},
): Promise<void> {
  await beforeMail(email.trim().toLowerCase());
  deps.tasks.run('confirmation mail', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.archivedAt || user.emailConfirmedAt) return;
    await withOutbox(deps, (tx, emit) => addConfirmation(deps, tx, emit, user));
  });
}

/**
 * Checks the credentials (an unknown email costs the same hash check as a wrong password) and opens a
 * session of the audience. The admin area also needs the admin flag.
 */
export async function login(deps: AuthDeps, input: Login, audience: Audience): Promise<string> {
  const user = await findUserByEmail(deps.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user || !valid || user.archivedAt) throw unauthorized(API_MSG.invalidCredentials);
  // Staff sign in to the admin area with their own account (ADR 066).
  if (audience === 'admin' && !user.isAdmin && !(await findStaffScope(deps.db, user.id))) {
    throw forbidden(user.adminRequestedAt ? API_MSG.adminNotApproved : API_MSG.notAdmin);
  }
  return startSession(deps, user, audience);
}

export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId);
}

/**
 * Issues a 30-minute, single-use reset token and mails its link — for an existing account of the area
 * only. Answers the same in every case (the work goes on after the answer); the token is never returned. The
 * token and its mail are written in one transaction (the mail as an outbox entry, emptied once sent).
 */
export async function forgotPassword(deps: AuthDeps, input: Forgot, audience: Audience): Promise<void> {
  deps.tasks.run('password reset mail', async () => {
    const user = await findUserByEmail(deps.db, input.email);
    if (!user || user.archivedAt) return;
    if (audience === 'admin' && !user.isAdmin && !user.adminRequestedAt && !(await findStaffScope(deps.db, user.id))) return;
    const token = randomBytes(32).toString('base64url');
    const mail = resetMail(user.email, user.firstName, resetLink(deps.config.publicUrl, audience, user.id, token));
    await withOutbox(deps, async (tx, emit) => {
      await insertPasswordReset(tx, {
        userId: user.id,
        tokenHash: hashResetToken(token),
        audience,
        expiresAt: new Date(deps.clock.now().getTime() + RESET_TTL_MS),
      });
      await emit(PasswordResetMail, mail);
    });
  });
}

/** The verify page: the link must be unused, unexpired, of this area and of this user. */
export async function checkResetLink(deps: AuthDeps, params: ResetLink, audience: Audience): Promise<void> {
  const reset = await findLiveReset(deps.db, params.userId, hashResetToken(params.token), audience);
  if (!reset) throw badRequest(API_MSG.resetLinkInvalid);
}

/**
 * Sets a new password with a live link whose user owns the email given. Uses the link, ends every other
 * link and every session of the user, in one transaction.
 */
export async function resetPassword(deps: AuthDeps, input: Reset, audience: Audience): Promise<void> {
  const { db } = deps;
  const reset = await findLiveReset(db, input.userId, hashResetToken(input.token), audience);
  if (!reset) throw badRequest(API_MSG.resetLinkInvalid);
  const user = await findUserById(db, reset.userId);
  if (!user || user.email !== input.email) throw fieldError('email', API_MSG.resetEmailMismatch);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(db, async (tx) => {
    if (!(await consumeReset(tx, reset.id))) throw badRequest(API_MSG.resetLinkInvalid);
    await setPasswordHash(tx, user.id, passwordHash);
    await consumeUserResets(tx, user.id);
    await revokeUserSessions(tx, user.id);
  });
}
