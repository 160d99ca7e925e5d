import { createHash, randomBytes } from 'node:crypto';
import { type Audience, LIMITS } from '@repo/shared/constants/domain';
import { API_MSG } from '@repo/shared/constants/messages';
import type {
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetLinkParams,
  ResetPasswordInput,
  UserDto,
} from '@repo/shared/schemas/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '#src/config/config.ts';
import { type Db, isUniqueViolation } from '#src/db/client.ts';
import { AppError, badRequest, fieldError, forbidden, unauthorized } from '#src/lib/errors.ts';
import type { Mail, Mailer } from '#src/plugins/app/mail.ts';
import {
  consumeReset,
  consumeUserResets,
  adminEverExisted,
  findLiveReset,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  insertSession,
  insertUser,
  lockAdminSet,
  revokeSession,
  revokeUserSessions,
  setPasswordHash,
  type UserRow,
} from './auth.repository.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { resetLink, resetMail } from './reset-mail.ts';
import { signToken, TOKEN_TTL_SECONDS } from './tokens.ts';
import { toUserDto } from './user-dto.ts';

export type AuthDeps = { db: Db; config: Config; mail: Mailer; log: FastifyBaseLogger };

type Register = z.output<typeof RegisterInput>;
type Login = z.output<typeof LoginInput>;
type Forgot = z.output<typeof ForgotPasswordInput>;
type ResetLink = z.output<typeof ResetLinkParams>;
type Reset = z.output<typeof ResetPasswordInput>;

const RESET_TTL_MS = LIMITS.resetTokenMinutes * 60_000;

/** Reset tokens are stored as their sha256 only; the token itself travels only in the mail. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

const emailTaken = () => new AppError(409, API_MSG.emailTaken, 'EMAIL_TAKEN', { email: API_MSG.emailTaken });

/**
 * Accounts and sessions for one audience's area (guest or admin): registration, login, logout and the
 * forgot/verify/reset password flow. Reset mails are delivered in the background so the forgot answer takes
 * the same time whether or not the email exists; `drain()` waits for deliveries still under way.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, config, log } = deps;
  const deliveries = new Set<Promise<void>>();

  function deliverLater(task: () => Promise<Mail | undefined>) {
    const delivery = task()
      .then((mail) => (mail ? deps.mail.send(mail) : undefined))
      .catch((err: unknown) => log.error({ err }, 'password reset mail not delivered'))
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  async function startSession(user: UserRow, audience: Audience): Promise<string> {
    const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
    const session = await insertSession(db, user.id, audience, expiresAt);
    return signToken(config.jwtSecret, user, session.id, audience, TOKEN_TTL_SECONDS);
  }

  return {
    /**
     * Creates an account. In the guest area it never has admin rights. In the admin area it gets them only
     * when no admin exists yet; otherwise it waits for an existing admin's approval.
     */
    async register(input: Register, audience: Audience): Promise<{ user: UserDto; message: string }> {
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      const values = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        mobile: input.mobile,
        passwordHash: await hashPassword(input.password),
      };
      try {
        if (audience === 'guest') {
          const user = await insertUser(db, { ...values, isAdmin: false });
          return { user: toUserDto(user, false), message: API_MSG.registered };
        }
        const user = await db.transaction(async (tx) => {
          await lockAdminSet(tx);
          // The first admin is the first ever: once all admins are gone, nobody becomes one by registering.
          const first = !(await adminEverExisted(tx));
          return insertUser(tx, { ...values, isAdmin: first, adminRequestedAt: first ? null : new Date() });
        });
        return {
          user: toUserDto(user, false),
          message: user.isAdmin ? API_MSG.registered : API_MSG.adminRegisteredPending,
        };
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
        throw err;
      }
    },

    /**
     * Checks the credentials (an unknown email costs the same hash check as a wrong password) and opens a
     * session of the audience. The admin area also needs the admin flag.
     */
    async login(input: Login, audience: Audience): Promise<string> {
      const user = await findUserByEmail(db, input.email);
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
      if (!user || !valid || user.archivedAt) throw unauthorized(API_MSG.invalidCredentials);
      if (audience === 'admin' && !user.isAdmin) {
        throw forbidden(user.adminRequestedAt ? API_MSG.adminNotApproved : API_MSG.notAdmin);
      }
      return startSession(user, audience);
    },

    async logout(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId);
    },

    /**
     * Issues a 30-minute, single-use reset token and mails its link — for an existing account of the area
     * only. Answers the same in every case; the token is never returned.
     */
    async forgotPassword(input: Forgot, audience: Audience): Promise<void> {
      deliverLater(async () => {
        const user = await findUserByEmail(db, input.email);
        if (!user || user.archivedAt) return undefined;
        if (audience === 'admin' && !user.isAdmin && !user.adminRequestedAt) return undefined;
        const token = randomBytes(32).toString('base64url');
        await insertPasswordReset(db, {
          userId: user.id,
          tokenHash: hashResetToken(token),
          audience,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        return resetMail(user.email, user.firstName, resetLink(config.publicUrl, audience, user.id, token));
      });
    },

    /** The verify page: the link must be unused, unexpired, of this area and of this user. */
    async checkResetLink(params: ResetLink, audience: Audience): Promise<void> {
      const reset = await findLiveReset(db, params.userId, hashResetToken(params.token), audience);
      if (!reset) throw badRequest(API_MSG.resetLinkInvalid);
    },

    /**
     * Sets a new password with a live link whose user owns the email given. Uses the link, ends every other
     * link and every session of the user, in one transaction.
     */
    async resetPassword(input: Reset, audience: Audience): Promise<void> {
      const reset = await findLiveReset(db, input.userId, hashResetToken(input.token), audience);
      if (!reset) throw badRequest(API_MSG.resetLinkInvalid);
      const user = await findUserById(db, reset.userId);
      if (!user || user.email !== input.email) throw fieldError('email', API_MSG.resetEmailMismatch);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        if (!(await consumeReset(tx, reset.id))) throw badRequest(API_MSG.resetLinkInvalid);
        await setPasswordHash(tx, user.id, passwordHash);
        await consumeUserResets(tx, user.id);
        await revokeUserSessions(tx, user.id);
      });
    },

    /** Waits for reset mails still being delivered (on close). */
    async drain(): Promise<void> {
      await Promise.allSettled([...deliveries]);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
