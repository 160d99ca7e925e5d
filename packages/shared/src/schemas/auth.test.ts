import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_MSG, MSG } from '../constants/messages.ts';
import {
  ConfirmPassword,
  Email,
  FirstName,
  ForgotPasswordInput,
  LastName,
  LoginInput,
  Mobile,
  Password,
  ProfileUpdateInput,
  RegisterInput,
  ResetLinkParams,
  ResetPasswordForm,
  ResetPasswordInput,
  TokenClaims,
  UserDto,
} from './auth.ts';
import { AdminUserUpdateInput, SubscribeInput } from './user.ts';

/** The first message per field, as a form (and the API's fieldErrors) shows them. */
function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
const messageOf = (schema: z.ZodType, value: unknown) => fieldErrors(schema, value)['_'];

const registration = {
  firstName: 'Ananya',
  lastName: 'Iyer',
  email: 'ananya@example.com',
  mobile: '9876543210',
  password: 'Travel@2024',
  confirmPassword: 'Travel@2024',
};

describe('Email', () => {
  it.each([
    [undefined, MSG.emailRequired],
    [null, MSG.emailRequired],
    ['', MSG.emailRequired],
    ['   ', MSG.emailRequired],
    ['plainaddress', MSG.emailInvalid],
    ['a@b', MSG.emailInvalid],
    ['@example.com', MSG.emailInvalid],
    ['two@@example.com', MSG.emailInvalid],
    [`${'a'.repeat(250)}@example.com`, MSG.emailInvalid],
  ])('%j → "%s"', (value, message) => {
    expect(messageOf(Email, value)).toBe(message);
  });
  it('trims and lower-cases a valid email', () => {
    expect(Email.parse('  Priya.V@Example.COM ')).toBe('priya.v@example.com');
  });
});

describe('Password and Confirm Password', () => {
  it.each([
    [undefined, MSG.passwordRequired],
    ['', MSG.passwordRequired],
    ['Ab@1234', MSG.passwordInvalid],
    ['Ab@1234567890123', MSG.passwordInvalid],
    ['with space1', MSG.passwordInvalid],
    ['unicode€123', MSG.passwordInvalid],
    ['semi;colon123', MSG.passwordInvalid],
  ])('password %j → "%s"', (value, message) => {
    expect(messageOf(Password, value)).toBe(message);
  });
  it('accepts 8 to 15 letters, digits and !@#$%^&*', () => {
    for (const ok of ['abcdefgh', 'ABCDEFGH12345!@', '!@#$%^&*', 'Pass1234'])
      expect(Password.safeParse(ok).success, ok).toBe(true);
  });
  it.each([
    [undefined, MSG.confirmPasswordRequired],
    ['', MSG.confirmPasswordRequired],
    ['short', MSG.confirmPasswordInvalid],
    ['x'.repeat(16), MSG.confirmPasswordInvalid],
  ])('confirm password %j → "%s"', (value, message) => {
    expect(messageOf(ConfirmPassword, value)).toBe(message);
  });
});

describe('names', () => {
  it.each([
    [FirstName, undefined, MSG.firstNameRequired],
    [FirstName, '', MSG.firstNameRequired],
    [FirstName, '  ', MSG.firstNameRequired],
    [FirstName, 'Al', MSG.firstNameTooShort],
    [FirstName, ' Al ', MSG.firstNameTooShort],
    [FirstName, 'A'.repeat(21), MSG.nameTooLong],
    [LastName, undefined, MSG.lastNameRequired],
    [LastName, '', MSG.lastNameRequired],
    [LastName, 'Li', MSG.lastNameTooShort],
    [LastName, 'B'.repeat(21), MSG.nameTooLong],
  ])('%#: %j → "%s"', (schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });
  it('accepts 3 to 20 characters, trimmed', () => {
    expect(FirstName.parse(' Ram ')).toBe('Ram');
    expect(LastName.parse('C'.repeat(20))).toBe('C'.repeat(20));
  });
});

describe('Mobile', () => {
  it.each([
    [undefined, MSG.mobileRequired],
    ['', MSG.mobileRequired],
    ['98765', MSG.mobileInvalid],
    ['98765432101', MSG.mobileInvalid],
    ['98765-4321', MSG.mobileInvalid],
    ['+919876543', MSG.mobileInvalid],
  ])('%j → "%s"', (value, message) => {
    expect(messageOf(Mobile, value)).toBe(message);
  });
  it('accepts exactly 10 digits', () => {
    expect(Mobile.parse(' 9876543210 ')).toBe('9876543210');
  });
});

describe('RegisterInput', () => {
  it('accepts a valid registration', () => {
    expect(RegisterInput.parse({ ...registration, email: 'Ananya@Example.com' })).toEqual({
      ...registration,
      email: 'ananya@example.com',
    });
  });
  it('reports a password mismatch on confirmPassword, with the other fields', () => {
    expect(fieldErrors(RegisterInput, { ...registration, firstName: 'Al', confirmPassword: 'Travel@2025' })).toEqual({
      firstName: MSG.firstNameTooShort,
      confirmPassword: MSG.passwordsMismatch,
    });
  });
  it('shows the password rule, not the mismatch, while a password is itself invalid', () => {
    expect(fieldErrors(RegisterInput, { ...registration, password: 'bad' })).toEqual({ password: MSG.passwordInvalid });
    expect(fieldErrors(RegisterInput, { ...registration, confirmPassword: '' })).toEqual({
      confirmPassword: MSG.confirmPasswordRequired,
    });
  });
  it('reports every missing field with its message', () => {
    expect(fieldErrors(RegisterInput, {})).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      email: MSG.emailRequired,
      mobile: MSG.mobileRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmPasswordRequired,
    });
  });
  it('drops fields it does not know (isAdmin cannot be registered)', () => {
    expect(RegisterInput.parse({ ...registration, isAdmin: true })).not.toHaveProperty('isAdmin');
  });
  it('refuses a value that is not an object without throwing', () => {
    for (const v of [null, undefined, 'text', 42, []]) expect(RegisterInput.safeParse(v).success).toBe(false);
  });
});

describe('LoginInput and ForgotPasswordInput', () => {
  it('needs an email and a password', () => {
    expect(fieldErrors(LoginInput, {})).toEqual({ email: MSG.emailRequired, password: MSG.passwordRequired });
    expect(fieldErrors(LoginInput, { email: 'x', password: '' })).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordRequired,
    });
    expect(fieldErrors(LoginInput, { email: 'a@example.com', password: 'p'.repeat(129) })).toEqual({
      password: MSG.passwordInvalid,
    });
  });
  it('does not apply the password pattern at login (a wrong password is just wrong)', () => {
    expect(LoginInput.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
  });
  it('validates the forgot email', () => {
    expect(fieldErrors(ForgotPasswordInput, { email: '' })).toEqual({ email: MSG.emailRequired });
    expect(ForgotPasswordInput.parse({ email: ' A@Example.com' })).toEqual({ email: 'a@example.com' });
  });
});

describe('reset password', () => {
  const userId = '3f1c9a52-8a4e-4b7e-9d59-2d1e6f0c1a11';
  const token = 'Qm9vay15b3VyLXN0YXktd2l0aC1zdGF5Ym9vay0xMjM';

  it('the form validates email, password and confirm password like registration', () => {
    expect(fieldErrors(ResetPasswordForm, { email: '', password: '', confirmPassword: '' })).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
      confirmPassword: MSG.confirmPasswordRequired,
    });
    expect(
      fieldErrors(ResetPasswordForm, { email: 'a@example.com', password: 'Fresh@2025', confirmPassword: 'Other@2025' }),
    ).toEqual({ confirmPassword: MSG.passwordsMismatch });
  });

  it('the request also needs the link user id and token', () => {
    const body = { email: 'a@example.com', password: 'Fresh@2025', confirmPassword: 'Fresh@2025' };
    expect(ResetPasswordInput.safeParse({ ...body, userId, token }).success).toBe(true);
    expect(fieldErrors(ResetPasswordInput, body)).toEqual({
      userId: API_MSG.resetLinkInvalid,
      token: API_MSG.resetLinkInvalid,
    });
    expect(fieldErrors(ResetPasswordInput, { ...body, userId: 'nope', token: 'has spaces in it, not base64url' })).toEqual({
      userId: API_MSG.resetLinkInvalid,
      token: API_MSG.resetLinkInvalid,
    });
  });

  it('the link parameters must be a uuid and a token', () => {
    expect(ResetLinkParams.safeParse({ userId, token }).success).toBe(true);
    expect(fieldErrors(ResetLinkParams, { userId, token: 'short' })).toEqual({ token: API_MSG.resetLinkInvalid });
    expect(fieldErrors(ResetLinkParams, { userId: '42', token })).toEqual({ userId: API_MSG.resetLinkInvalid });
  });
});

describe('ProfileUpdateInput', () => {
  it('turns blank fields into "keep the old value"', () => {
    expect(ProfileUpdateInput.parse({ firstName: '', lastName: '   ', mobile: '', email: '' })).toEqual({});
    expect(ProfileUpdateInput.parse({})).toEqual({});
  });
  it('validates the fields that are given', () => {
    expect(ProfileUpdateInput.parse({ firstName: ' Kiran ', email: 'K@Example.com' })).toEqual({
      firstName: 'Kiran',
      email: 'k@example.com',
    });
    expect(fieldErrors(ProfileUpdateInput, { firstName: 'Al', lastName: 'B'.repeat(21), mobile: '123', email: 'x' })).toEqual({
      firstName: MSG.firstNameTooShort,
      lastName: MSG.nameTooLong,
      mobile: MSG.mobileInvalid,
      email: MSG.emailInvalid,
    });
  });
  it('rejects isAdmin and any other field', () => {
    expect(fieldErrors(ProfileUpdateInput, { isAdmin: true })).toEqual({ _: 'Unknown field: isAdmin' });
    expect(ProfileUpdateInput.safeParse({ firstName: 'Kiran', id: 'x' }).success).toBe(false);
  });
});

describe('UserDto and TokenClaims', () => {
  it('UserDto lists its fields, so a password hash never passes through it', () => {
    const user = {
      id: '3f1c9a52-8a4e-4b7e-9d59-2d1e6f0c1a11',
      firstName: 'Meera',
      lastName: 'Nair',
      email: 'meera@example.com',
      mobile: '9988776655',
      isAdmin: false,
      isPlatform: false,
      isLoggedIn: true,
      createdAt: '2025-11-22T10:00:00.000Z',
    };
    expect(UserDto.parse({ ...user, passwordHash: '$argon2id$...' })).toEqual(user);
  });
  it('TokenClaims needs the spec fields and the session id', () => {
    const claims = {
      id: '3f1c9a52-8a4e-4b7e-9d59-2d1e6f0c1a11',
      firstName: 'Meera',
      lastName: 'Nair',
      email: 'meera@example.com',
      mobile: '9988776655',
      sid: '0b5e2a1c-4d3f-4e8a-9b7c-6d5e4f3a2b1c',
    };
    expect(TokenClaims.safeParse(claims).success).toBe(true);
    expect(TokenClaims.safeParse({ ...claims, sid: undefined }).success).toBe(false);
  });
});

describe('user.ts: the admin edit form and the subscribe form', () => {
  const edit = { firstName: 'Meera', lastName: 'Nair', mobile: '9988776655', email: 'meera@example.com' };
  it('takes isAdmin as a boolean or the form’s Yes/No', () => {
    expect(AdminUserUpdateInput.parse({ ...edit, isAdmin: 'Yes' }).isAdmin).toBe(true);
    expect(AdminUserUpdateInput.parse({ ...edit, isAdmin: 'No' }).isAdmin).toBe(false);
    expect(AdminUserUpdateInput.parse({ ...edit, isAdmin: true }).isAdmin).toBe(true);
    expect(AdminUserUpdateInput.safeParse({ ...edit, isAdmin: 'maybe' }).success).toBe(false);
  });
  it('validates the edited fields with the spec messages', () => {
    expect(fieldErrors(AdminUserUpdateInput, { ...edit, firstName: '', mobile: '1', isAdmin: 'No' })).toEqual({
      firstName: MSG.firstNameRequired,
      mobile: MSG.mobileInvalid,
    });
  });
  it('subscribes a valid email only', () => {
    expect(SubscribeInput.parse({ email: ' News@Example.com ' })).toEqual({ email: 'news@example.com' });
    expect(fieldErrors(SubscribeInput, { email: 'nope' })).toEqual({ email: MSG.emailInvalid });
  });
});
