import { z } from 'zod';
import { LIMITS } from '../constants/domain.ts';
import { MSG } from '../constants/messages.ts';
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

/** Adds the on-submit comparison of the two passwords (SPEC §5). */
function passwordsMatch<T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsMismatch });
  }
}

export const RegisterInput = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    email: Email,
    mobile: Mobile,
    password: Password,
    confirmPassword: ConfirmPassword,
  })
  .superRefine(passwordsMatch);
export type RegisterInput = z.input<typeof RegisterInput>;

export const LoginInput = z.object({
  email: Email,
  password: z.string({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(128),
});
export type LoginInput = z.input<typeof LoginInput>;

export const ForgotPasswordInput = z.object({ email: Email });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

/** The reset form: email, password and confirm password as SPEC §5, plus the mailed link's user id and token. */
export const ResetPasswordForm = z
  .object({ email: Email, password: Password, confirmPassword: ConfirmPassword })
  .superRefine(passwordsMatch);
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

export const ResetToken = z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'Invalid reset link' });

export const ResetPasswordInput = z
  .object({ userId: Id, token: ResetToken, email: Email, password: Password, confirmPassword: ConfirmPassword })
  .superRefine(passwordsMatch);
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ResetLinkParams = z.object({ userId: Id, token: ResetToken });

/** Profile edit: a blank field keeps the old value (SPEC §2 My Profile). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const ProfileUpdateInput = z.strictObject(
  {
    firstName: z.preprocess(blankToUndefined, FirstName.optional()),
    lastName: z.preprocess(blankToUndefined, LastName.optional()),
    mobile: z.preprocess(blankToUndefined, Mobile.optional()),
    email: z.preprocess(blankToUndefined, Email.optional()),
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
  isLoggedIn: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

export const LoginResult = z.object({ loginToken: z.string() });
export const AdminLoginResult = z.object({ adminLoginToken: z.string() });

/** What the signed token carries (SPEC §3: id, firstName, lastName, email, mobile) plus the session id. */
export const TokenClaims = z.object({
  id: Id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  sid: Id,
  aud: z.union([z.string(), z.array(z.string())]).optional(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;
