import { DEMO_ACCOUNTS, DEMO_BILLING } from '@repo/shared/factories';
import type { Config } from '#src/config/config.ts';
import type { Db } from '#src/db/client.ts';
import { payoutProfiles } from '#src/db/schema/index.ts';
import type { SeedApi } from './api.ts';
import type { MailCatcher } from './seed-deps.ts';

export type SeededAccount = { id: string; token: string };

/** Registers an account in its area, as the register page does, and opens the confirmation link mailed to it. */
async function register(
  call: SeedApi,
  mails: MailCatcher,
  area: 'admin' | 'guest',
  person: { firstName: string; lastName: string; mobile: string },
  login: { email: string; password: string },
) {
  const base = area === 'admin' ? '/api/admin/auth' : '/api/auth';
  const { user } = await call<{ user: { id: string } }>('POST', `${base}/register`, {
    json: { ...person, ...login, confirmPassword: login.password },
    expect: 201,
  });
  const link = await mails.linkTo(login.email, /\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/);
  await call('POST', '/api/auth/confirm-email', { json: { userId: link[1], token: link[2] } });
  const answer = await call<{ loginToken?: string; adminLoginToken?: string }>('POST', `${base}/login`, { json: login });
  const token = answer.adminLoginToken ?? answer.loginToken;
  if (!token) throw new Error(`seed: no ${area} login token`);
  return { id: user.id, token };
}

/**
 * The demo accounts (README lists them), made as people make them: the admin registers first in the admin area
 * (the first admin runs the platform and owns the demo stays, ADR 023), the guest registers as a guest; both open
 * their confirmation links, and the guest puts a billing address in Bengaluru on the profile.
 */
export async function seedAccounts(call: SeedApi, mails: MailCatcher, config: Pick<Config, 'seedAdmin' | 'seedGuest'>) {
  const { mobile, firstName, lastName } = DEMO_ACCOUNTS.admin;
  const g = DEMO_ACCOUNTS.guest;
  // Both at once: a guest account is not an admin, so the admin is still the first admin (the one who runs the platform).
  const [admin, guest] = await Promise.all([
    register(call, mails, 'admin', { firstName, lastName, mobile }, config.seedAdmin),
    register(call, mails, 'guest', g, config.seedGuest),
  ]);
  const { loginToken } = await call<{ loginToken: string }>('PATCH', '/api/me', { token: guest.token, json: DEMO_BILLING });
  return { admin, guest: { id: guest.id, token: loginToken } };
}

/**
 * Who the demo owner is for tax: an individual with a PAN, in Karnataka. Only this part of their payout details (the
 * form asks for an account too, which the demo leaves them to add): it is kept as the form keeps it.
 */
export async function seedTaxIdentity(db: Db, ownerId: string) {
  const { firstName, lastName } = DEMO_ACCOUNTS.admin;
  await db
    .insert(payoutProfiles)
    .values({
      ownerId,
      legalName: `${firstName} ${lastName}`,
      pan: DEMO_ACCOUNTS.admin.pan,
      holderType: 'individual',
      stateCode: '29',
    })
    .onConflictDoNothing();
}
