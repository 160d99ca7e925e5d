import type { Deps } from '#src/platform/deps.ts';
import { API_MSG, BILLING_MSG } from '@repo/shared/constants/messages';
import type { ProfileDto, ProfileUpdateInput } from '@repo/shared/schemas/auth';
import type { z } from 'zod';
import { isUniqueViolation } from '#src/db/client.ts';
import { confirmNewEmail, toUserDto } from '#src/features/auth/index.ts';
import { AppError, badRequest, notFound } from '#src/lib/errors.ts';
import { withOutbox } from '#src/platform/outbox.ts';
import {
  findActiveUser,
  hasLiveSession,
  isEmailTakenByOther,
  type ProfileChanges,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';

/** What this feature uses. */
export type AccountsDeps = Pick<Deps, 'db'>;

type ProfileUpdate = z.output<typeof ProfileUpdateInput>;

const emailTaken = () => new AppError(409, API_MSG.emailTaken, 'EMAIL_TAKEN', { email: API_MSG.emailTaken });

const toProfileDto = (user: UserRow, isLoggedIn: boolean): ProfileDto => ({
  ...toUserDto(user, isLoggedIn),
  billingAddress: user.billingAddress,
  billingPin: user.billingPin,
  billingState: user.billingState,
});

/** The signed-in user's own profile with their billing address, and isLoggedIn read from their live sessions. */
export async function getProfile({ db }: AccountsDeps, userId: string): Promise<ProfileDto> {
  const user = await findActiveUser(db, userId);
  if (!user) throw notFound();
  return toProfileDto(user, await hasLiveSession(db, userId));
}

const BILLING_PARTS = [
  ['billingAddress', BILLING_MSG.addressRequired],
  ['billingPin', BILLING_MSG.pinRequired],
  ['billingState', BILLING_MSG.stateRequired],
] as const;

/**
 * The billing address is kept whole: an edit that gives part of it, while the profile has no address yet, must
 * give the rest (400 naming each missing field; nothing is saved).
 */
function checkWholeBilling(current: UserRow, changes: ProfileChanges): void {
  const missing = BILLING_PARTS.filter(([field]) => (changes[field] ?? current[field]) == null);
  if (missing.length > 0) throw badRequest(BILLING_MSG.profileNeedsWhole, Object.fromEntries(missing));
}

/** What a profile change uses: a new email address is confirmed by a mailed link (ADR 024). */
export type ProfileDeps = Pick<Deps, 'db' | 'config' | 'outbox' | 'clock' | 'tasks'>;

/**
 * Changes the given profile fields of the user; blank fields arrive as undefined and keep their value. The billing
 * address (address, PIN code, state code) is kept whole.
 * The email stays unique (409). A new email address is not confirmed until its own mailed link is opened (the account
 * holds no rooms meanwhile, ADR 024); every link mailed before confirms nothing any more (ADR 045). `beforeNewEmail`
 * runs once a new address has passed its checks, before anything is saved: the route's limits, whose refusal
 * refuses the whole change. Admin rights are never changed here.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: string,
  input: ProfileUpdate,
  beforeNewEmail: (email: string) => Promise<void> = async () => {},
): Promise<ProfileDto> {
  const { db } = deps;
  const changes: ProfileChanges = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.mobile !== undefined) changes.mobile = input.mobile;
  if (input.billingAddress !== undefined) changes.billingAddress = input.billingAddress;
  if (input.billingPin !== undefined) changes.billingPin = input.billingPin;
  if (input.billingState !== undefined) changes.billingState = input.billingState;
  if (BILLING_PARTS.some(([field]) => changes[field] !== undefined)) {
    const current = await findActiveUser(db, userId);
    if (!current) throw notFound();
    checkWholeBilling(current, changes);
  }
  if (input.email !== undefined) {
    if (await isEmailTakenByOther(db, input.email, userId)) throw emailTaken();
    const current = await findActiveUser(db, userId);
    changes.email = input.email;
    if (current && current.email !== input.email) {
      await beforeNewEmail(input.email);
      changes.emailConfirmedAt = null;
    }
  }
  let user: Awaited<ReturnType<typeof updateUser>>;
  try {
    user =
      Object.keys(changes).length > 0
        ? await withOutbox(
            deps,
            async (tx, emit) => {
              const updated = await updateUser(tx, userId, changes);
              // A new address is confirmed anew: the old links end, and its own is mailed after the answer.
              if (updated && changes.emailConfirmedAt === null) await confirmNewEmail(deps, tx, emit, updated);
              return updated;
            },
            { background: 'email confirmation mail' },
          )
        : await findActiveUser(db, userId);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    throw err;
  }
  if (!user) throw notFound();
  return toProfileDto(user, await hasLiveSession(db, userId));
}
