import { z } from 'zod';
import { LIMITS } from '../constants/domain.ts';
import { API_MSG, BILLING_MSG, MSG } from '../constants/messages.ts';
import { BillingAddress, BillingAddressDto, BillingPin, BillingState } from './address.ts';
import { Id } from './common.ts';

const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*]{8,15}$/;
const MOBILE_PATTERN = /^\d{10}$/;

export const Email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired })
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((s) => s.toLowerCase());

export const Password = z
  .string({ error: MSG.passwordRequired })
  .min(1, { error: MSG.passwordRequired })
  .regex(PASSWORD_PATTERN, { error: MSG.passwordInvalid });

export const ConfirmPassword = z
  .string({ error: MSG.confirmPasswordRequired })
  .min(1, { error: MSG.confirmPasswordRequired })
  .regex(PASSWORD_PATTERN, { error: MSG.confirmPasswordInvalid });

const name = (required: string, tooShort: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .min(LIMITS.nameMin, { error: tooShort })
    .max(LIMITS.nameMax, { error: MSG.nameTooLong });

export const FirstName = name(MSG.firstNameRequired, MSG.firstNameTooShort);
export const LastName = name(MSG.lastNameRequired, MSG.lastNameTooShort);

export const Mobile = z
  .string({ error: MSG.mobileRequired })
  .trim()
  .min(1, { error: MSG.mobileRequired })
  .regex(MOBILE_PATTERN, { error: MSG.mobileInvalid });

/**
 * The on-submit comparison of the two passwords, reported on confirmPassword. It runs once both
 * passwords pass their own rules, whatever the other fields hold, so the form can show it with the rest.
 */
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const samePasswordsCheck: z.core.$ZodCustomParams = {
  path: ['confirmPassword'],
  error: MSG.passwordsMismatch,
  when: ({ value, issues }) =>
    typeof value === 'object' &&
    value !== null &&
    !issues.some((i) => !i.path?.length || i.path[0] === 'password' || i.path[0] === 'confirmPassword'),
};

export const RegisterInput = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    email: Email,
    mobile: Mobile,
    password: Password,
    confirmPassword: ConfirmPassword,
  })
  .refine(samePasswords, samePasswordsCheck);
export type RegisterInput = z.input<typeof RegisterInput>;

export const LoginInput = z.object({
  email: Email,
  // Only "required" here: a wrong password of any shape gets the same answer as an unknown email.
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired })
    .max(128, { error: MSG.passwordInvalid }),
});
export type LoginInput = z.input<typeof LoginInput>;

export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** The reset form: email, password and confirm password as at registration, plus the mailed link's user id and token. */
export const ResetPasswordForm = z
  .object({ email: Email, password: Password, confirmPassword: ConfirmPassword })
  .refine(samePasswords, samePasswordsCheck);
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

/** The mailed token (base64url); any other shape is an invalid link. */
export const ResetToken = z
  .string({ error: API_MSG.resetLinkInvalid })
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: API_MSG.resetLinkInvalid });
const ResetUserId = z.uuid({ error: API_MSG.resetLinkInvalid });

export const ResetPasswordInput = z
  .object({ userId: ResetUserId, token: ResetToken, email: Email, password: Password, confirmPassword: ConfirmPassword })
  .refine(samePasswords, samePasswordsCheck);
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ResetLinkParams = z.object({ userId: ResetUserId, token: ResetToken });

/** A mailed email-confirmation link's user id and token (any other shape is an invalid link). */
export const ConfirmEmailInput = z.object({
  userId: z.uuid({ error: API_MSG.confirmLinkInvalid }),
  token: z.string({ error: API_MSG.confirmLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,128}$/, { error: API_MSG.confirmLinkInvalid }),
});
export type ConfirmEmailInput = z.input<typeof ConfirmEmailInput>;

/** "Send the link again" before signing in (just after sign-up): the address the account was registered with. */
export const ConfirmEmailRequestInput = z.object({ email: Email });
export type ConfirmEmailRequestInput = z.input<typeof ConfirmEmailRequestInput>;

/**
 * A profile field where a blank value keeps the old one (My Profile): blank → undefined, else `rule`.
 * The input type stays `string | undefined`, so forms can use the schema as is.
 */
const keepIfBlank = <T extends z.ZodType<unknown, string>>(rule: T, notText: string) =>
  z
    .string({ error: notText })
    .transform((v) => (v.trim() === '' ? undefined : v))
    .pipe(rule.optional())
    .optional();

/**
 * Profile edit: the spec's four fields, then the billing address (address, PIN code, state code) printed on tax
 * invoices; anything else (isAdmin, id, ...) is rejected.
 */
export const ProfileUpdateInput = z.strictObject(
  {
    firstName: keepIfBlank(FirstName, MSG.firstNameRequired),
    lastName: keepIfBlank(LastName, MSG.lastNameRequired),
    mobile: keepIfBlank(Mobile, MSG.mobileRequired),
    email: keepIfBlank(Email, MSG.emailRequired),
    billingAddress: keepIfBlank(BillingAddress, BILLING_MSG.addressRequired),
    billingPin: keepIfBlank(BillingPin, BILLING_MSG.pinRequired),
    billingState: keepIfBlank(BillingState, BILLING_MSG.stateRequired),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field: ${iss.keys.join(', ')}` : undefined) },
);
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;

export const UserDto = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  isAdmin: z.boolean(),
  /** The platform role (ADR 023): runs the site; an admin without it is a stay owner. */
  isPlatform: z.boolean(),
  isLoggedIn: z.boolean(),
  /** Whether the account has confirmed its email address (it can hold rooms only then). */
  emailConfirmed: z.boolean().optional(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** The signed-in user's own profile (GET /api/me): the user with their billing address. */
export const ProfileDto = UserDto.extend(BillingAddressDto.shape);
export type ProfileDto = z.infer<typeof ProfileDto>;

export const RegisterResult = z.object({ user: UserDto, message: z.string() });
/** The edited profile, and a token of the same session carrying the new details (its decoded payload shows them). */
export const ProfileUpdateResult = z.object({ user: ProfileDto, message: z.string(), loginToken: z.string() });

export const LoginResult = z.object({ loginToken: z.string() });
export const AdminLoginResult = z.object({ adminLoginToken: z.string() });

/** What the signed token carries (id, firstName, lastName, email, mobile) plus the session id. */
export const TokenClaims = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  sid: Id,
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  /** Expiry, seconds since the epoch (the API checks it when verifying). */
  exp: z.number().optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;
