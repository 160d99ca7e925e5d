import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { API_MSG } from '@repo/shared/constants/messages';
import { newUser } from '@repo/shared/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_RATE_LIMITS } from '#src/config/config.ts';
import { emailConfirmations, users } from '#src/db/schema/index.ts';
import { day, guest, stayWithRooms } from './bookings.fixtures.ts';
import { build, decodeQuotedPrintable, outboxFiles, testEngine, type TestApp, uniqueEmail, waitForMail } from './helper.ts';

// ADR 045: a confirmation link confirms the address it was mailed to, only while that address is the account's
// email; a new email ends every earlier link. New emails are limited per account, confirmation mails per address
// (whoever asks), and the route that takes a link per client address.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GUEST_BILLING = { guestAddress: '4 Station Road, Shivajinagar, Pune', guestPin: '411005', guestState: '27' };

/** Registers a guest through the API (unconfirmed, mailed a link) and logs in. */
async function register(app: TestApp) {
  const input = newUser({ email: uniqueEmail('new'), password: 'Travel@2024' });
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  expect(res.statusCode, res.body).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: input.email, password: input.password },
  });
  const token = login.json().loginToken as string;
  return { id: res.json().user.id as string, email: input.email, headers: { authorization: `Bearer ${token}` } };
}

/** The confirmation link (user id and token) of the first mail to `email` not in `seen`; its file joins `seen`. */
async function mailedLink(app: TestApp, email: string, seen: Set<string>) {
  const mail = await waitForMail(app, email, seen);
  seen.add(mail.file);
  const m = /\/confirm-email\/([0-9a-f-]{36})\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no confirmation link in mail:\n${mail.text}`);
  return { userId: m[1] as string, token: m[2] as string };
}

const confirm = (app: TestApp, link: { userId: string; token: string }, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: link, remoteAddress });

const patchMe = (app: TestApp, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PATCH', url: '/api/me', headers, payload });

const me = async (app: TestApp, headers: Record<string, string>) => (await app.inject({ url: '/api/me', headers })).json();

/** Every mail to `email` the app has sent, once the mails still on their way have gone. */
async function mailsTo(app: TestApp, email: string) {
  await app.deps.tasks.drain();
  const to = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\s*$`, 'im');
  return outboxFiles(app).filter((file) =>
    to.test(decodeQuotedPrintable(readFileSync(path.join(app.dataDir, 'outbox', file), 'utf8'))),
  );
}

/** The confirmation links ever made for `email` (one a mail). */
const linksFor = (app: TestApp, email: string) =>
  app.db
    .select()
    .from(emailConfirmations)
    .where(eq(emailConfirmations.emailHash, createHash('sha256').update(email).digest('hex')));

describe(`confirmation links are tied to the address they were mailed to (${testEngine})`, async () => {
  const app = await build();

  it('after an email change the link mailed to the old address confirms nothing and holds are refused until the new address is confirmed', async () => {
    const seen = new Set<string>();
    const g = await register(app);
    const oldLink = await mailedLink(app, g.email, seen);
    const s = await stayWithRooms(app);
    const hold = (from: number) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        payload: {
          stayId: s.stay.id,
          checkIn: day(from),
          checkOut: day(from + 1),
          adults: 1,
          roomNumberIds: [s.r101],
          ...GUEST_BILLING,
        },
      });

    const moved = uniqueEmail('moved');
    const changed = await patchMe(app, g.headers, { email: moved });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ email: moved, emailConfirmed: false });
    expect(changed.json().message).toBe(API_MSG.profileUpdatedConfirmEmail(moved));

    const stale = await confirm(app, oldLink);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(API_MSG.confirmLinkOtherAddress);
    expect(await me(app, g.headers)).toMatchObject({ email: moved, emailConfirmed: false });
    const refused = await hold(3);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: API_MSG.confirmEmailFirst });

    // The link of the current address works, once; the old one still confirms nothing.
    const newLink = await mailedLink(app, moved, seen);
    const ok = await confirm(app, newLink);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(API_MSG.emailConfirmed);
    expect(await me(app, g.headers)).toMatchObject({ email: moved, emailConfirmed: true });
    expect((await hold(3)).statusCode).toBe(201);
    expect((await confirm(app, newLink)).json().message).toBe(API_MSG.alreadyConfirmed);
    expect((await confirm(app, oldLink)).json().message).toBe(API_MSG.confirmLinkOtherAddress);
  });

  it('a confirmed account whose email changes holds nothing until the new address is confirmed, even back to its first address', async () => {
    const seen = new Set<string>();
    const g = await guest(app);
    const s = await stayWithRooms(app);
    const hold = (from: number) =>
      app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: g.headers,
        payload: { stayId: s.stay.id, checkIn: day(from), checkOut: day(from + 1), adults: 1, roomNumberIds: [s.r101] },
      });
    expect((await hold(5)).statusCode).toBe(201);

    const moved = uniqueEmail('moved');
    expect((await patchMe(app, g.headers, { email: moved })).json().user.emailConfirmed).toBe(false);
    expect((await hold(7)).statusCode).toBe(403);
    const movedLink = await mailedLink(app, moved, seen);
    const back = await patchMe(app, g.headers, { email: g.user.email });
    expect(back.json().user).toMatchObject({ email: g.user.email, emailConfirmed: false });
    expect((await hold(7)).statusCode).toBe(403);
    expect((await confirm(app, movedLink)).json().message).toBe(API_MSG.confirmLinkOtherAddress);
    const latest = await mailedLink(app, g.user.email, seen);
    expect((await confirm(app, latest)).json().message).toBe(API_MSG.emailConfirmed);
    expect((await hold(7)).statusCode).toBe(201);
  });

  it('a new email ends every open link: moving away and back, the first link of the address confirms nothing', async () => {
    const seen = new Set<string>();
    const g = await register(app);
    const first = await mailedLink(app, g.email, seen);
    expect((await patchMe(app, g.headers, { email: uniqueEmail('moved') })).statusCode).toBe(200);
    expect((await patchMe(app, g.headers, { email: g.email })).json().user.email).toBe(g.email);
    const ended = await confirm(app, first);
    expect(ended.statusCode).toBe(400);
    expect(ended.json().message).toBe(API_MSG.confirmLinkInvalid);
    expect(await me(app, g.headers)).toMatchObject({ emailConfirmed: false });
    const latest = await mailedLink(app, g.email, seen);
    expect((await confirm(app, latest)).json().message).toBe(API_MSG.emailConfirmed);
  });

  it('changes other than the email keep the account confirmed and its link unmailed', async () => {
    const g = await guest(app);
    const res = await patchMe(app, g.headers, { mobile: '9000022222', email: g.user.email.toUpperCase() });
    expect(res.json()).toMatchObject({ message: API_MSG.profileUpdated, user: { emailConfirmed: true } });
    expect(await linksFor(app, g.user.email)).toEqual([]);
  });
});

describe(`limits on new emails and confirmation mails (${testEngine})`, async () => {
  it('a stranger gets at most 3 confirmation mails however often an account moves to their address and away; a refused change saves nothing', async () => {
    const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, confirmMailsPerAddress: [{ max: 3, timeWindow: HOUR }] } });
    const g = await guest(app);
    const stranger = uniqueEmail('stranger');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const to = await patchMe(app, g.headers, { email: stranger, firstName: `Round${'x'.repeat(i % 5)}` });
      statuses.push(to.statusCode);
      if (to.statusCode === 429) {
        expect(to.json().message).toBe(API_MSG.confirmMailsTooMany(Number(to.headers['retry-after'])));
        expect(to.json().message).toMatch(/try again in \d+ minutes$/);
      }
      // Away again, each time to an address of the account's own.
      expect((await patchMe(app, g.headers, { email: uniqueEmail('own') })).statusCode).toBe(200);
    }
    expect(statuses).toEqual([200, 200, 200, ...Array(12).fill(429)]);
    expect(await linksFor(app, stranger)).toHaveLength(3);
    expect(await mailsTo(app, stranger)).toHaveLength(3);
    // The refused change kept the last saved name: nothing of it was saved.
    const [row] = await app.db.select().from(users).where(eq(users.id, g.user.id));
    expect(row?.firstName).toBe('Roundxx');
    expect(row?.email).not.toBe(stranger);
  });

  it('"send the link again" counts against the same address: the fourth mail to one address is refused', async () => {
    const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, confirmMailsPerAddress: [{ max: 3, timeWindow: HOUR }] } });
    const g = await guest(app);
    const moved = uniqueEmail('moved');
    expect((await patchMe(app, g.headers, { email: moved })).statusCode).toBe(200);
    const resend = () => app.inject({ method: 'POST', url: '/api/auth/confirm-email/resend', headers: g.headers });
    const statuses = [(await resend()).statusCode, (await resend()).statusCode];
    const refused = await resend();
    expect([...statuses, refused.statusCode]).toEqual([202, 202, 429]);
    expect(refused.json().message).toBe(API_MSG.confirmMailsTooMany(Number(refused.headers['retry-after'])));
    expect(await linksFor(app, moved)).toHaveLength(3);
    expect(await mailsTo(app, moved)).toHaveLength(3);
  });

  it('"send the link again" just after sign-up, before logging in: a new link for an unconfirmed account, the same answer for any email, and the same cap per address', async () => {
    const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, confirmMailsPerAddress: [{ max: 3, timeWindow: HOUR }] } });
    const input = newUser({ email: uniqueEmail('fresh'), password: 'Travel@2024' });
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: input })).statusCode).toBe(201);
    const request = (email: string) => app.inject({ method: 'POST', url: '/api/auth/confirm-email/request', payload: { email } });

    const again = await request(input.email);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: API_MSG.confirmRequested });
    // The sign-up's link and this one; the new link confirms the account.
    expect(await mailsTo(app, input.email)).toHaveLength(2);
    const seen = new Set<string>();
    await mailedLink(app, input.email, seen);
    const link = await mailedLink(app, input.email, seen);
    expect((await confirm(app, link)).statusCode).toBe(200);

    // A confirmed account and an unknown email get the same answer, and no mail.
    const unknown = uniqueEmail('nobody');
    for (const email of [input.email, unknown]) {
      const res = await request(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: API_MSG.confirmRequested });
    }
    expect(await mailsTo(app, input.email)).toHaveLength(2);
    expect(await mailsTo(app, unknown)).toHaveLength(0);
    // A bad email is a 400; asking for any address counts against its 3 mails an hour, known or not.
    expect((await request('not-an-email')).statusCode).toBe(400);
    expect([(await request(unknown)).statusCode, (await request(unknown)).statusCode]).toEqual([202, 202]);
    const refused = await request(unknown);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(API_MSG.confirmMailsTooMany(Number(refused.headers['retry-after'])));
  });

  it('one account sets at most 2 new emails a day: the third is refused (429), saves nothing and mails nobody; other accounts and other fields go on', async () => {
    const app = await build({
      rateLimits: {
        ...TEST_RATE_LIMITS,
        emailChangesPerAccount: [
          { max: 10, timeWindow: HOUR },
          { max: 2, timeWindow: DAY },
        ],
      },
    });
    const g = await guest(app);
    const [first, second, third] = [uniqueEmail('one'), uniqueEmail('two'), uniqueEmail('three')];
    expect((await patchMe(app, g.headers, { email: first })).statusCode).toBe(200);
    expect((await patchMe(app, g.headers, { email: second })).statusCode).toBe(200);
    const refused = await patchMe(app, g.headers, { email: third, lastName: 'Refused' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toBe(API_MSG.emailChangesTooMany(Number(refused.headers['retry-after'])));
    expect(refused.json().message).toMatch(/try again in 24 hours$/);
    expect(await me(app, g.headers)).toMatchObject({ email: second, lastName: g.user.lastName });
    expect(await linksFor(app, third)).toEqual([]);
    expect(await mailsTo(app, third)).toEqual([]);

    // Not a new email: not counted.
    expect((await patchMe(app, g.headers, { mobile: '9000033333', email: second })).statusCode).toBe(200);
    const other = await guest(app);
    expect((await patchMe(app, other.headers, { email: third })).statusCode).toBe(200);
  });

  it('the confirm route answers 429 after 5 tries a minute from one address, right link or not; other addresses go on', async () => {
    const app = await build({ rateLimits: { ...TEST_RATE_LIMITS, confirm: 5 } });
    const g = await register(app);
    const link = await mailedLink(app, g.email, new Set());
    const wrong = { userId: g.id, token: 'w'.repeat(43) };
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await confirm(app, wrong, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const limited = await confirm(app, link, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(await me(app, g.headers)).toMatchObject({ emailConfirmed: false });
    expect((await confirm(app, link, '203.0.113.8')).json().message).toBe(API_MSG.emailConfirmed);
  });
});

// Migration 0025 ties the links made before it to an address: one made since the account row last changed was mailed
// to its current email; any other open link ends. Run on a fresh embedded database: the migrations before it, rows,
// then it.
describe('migration 0025: links mailed before it', () => {
  it('keep working when made since the account last changed (tied to its email); other open links end', async () => {
    const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .sort();
    const run = async (db: PGlite, file: string) => {
      for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    };
    const pg = new PGlite();
    for (const f of files.filter((f) => f < '0025')) await run(pg, f);
    await pg.exec(`
      insert into users (id, first_name, last_name, email, mobile, password_hash, updated_at) values
        ('00000000-0000-4000-8000-000000000001', 'Asha', 'Rao', 'asha@example.in', '9000000001', 'x', '2026-11-20T10:00:00Z');
      insert into email_confirmations (user_id, token_hash, created_at, expires_at, used_at) values
        ('00000000-0000-4000-8000-000000000001', 'since', '2026-11-20T10:00:00Z', '2099-01-01', null),
        ('00000000-0000-4000-8000-000000000001', 'before', '2026-11-20T09:00:00Z', '2099-01-01', null),
        ('00000000-0000-4000-8000-000000000001', 'spent', '2026-11-19T09:00:00Z', '2099-01-01', '2026-11-19T09:30:00Z');
    `);
    await run(pg, files.find((f) => f.startsWith('0025')) as string);
    const { rows } = await pg.query<{ token_hash: string; email_hash: string | null; used_at: Date | null }>(
      'select token_hash, email_hash, used_at from email_confirmations order by token_hash',
    );
    const byToken = Object.fromEntries(rows.map((r) => [r.token_hash, r]));
    expect(byToken.since).toMatchObject({
      email_hash: createHash('sha256').update('asha@example.in').digest('hex'),
      used_at: null,
    });
    expect(byToken.before?.email_hash).toBeNull();
    expect(byToken.before?.used_at).not.toBeNull();
    expect(byToken.spent?.used_at).toEqual(new Date('2026-11-19T09:30:00Z'));
    await pg.close();
  });
});
