import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '#src/db/schema/index.ts';
import { AUTH_RECORDS_KEPT_MS, pruneAuthRecords } from '#src/features/auth/auth.repository.ts';
import { build, buildOn, createUser, loginGuest, type TestApp, testEngine } from './helper.ts';

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);

/** Sessions and reset links of one user: which are past keeping (old) and which must stay (kept). */
async function records(app: TestApp) {
  const user = await createUser(app);
  const session = (expiresAt: Date, revokedAt: Date | null = null) => ({
    userId: user.id,
    audience: 'guest' as const,
    expiresAt,
    revokedAt,
  });
  const reset = (expiresAt: Date, usedAt: Date | null = null) => ({
    userId: user.id,
    audience: 'guest' as const,
    tokenHash: 'x'.repeat(64),
    expiresAt,
    usedAt,
  });
  const oldSessions = await app.db
    .insert(sessions)
    .values([session(ago(AUTH_RECORDS_KEPT_MS + DAY)), session(later(DAY), ago(AUTH_RECORDS_KEPT_MS + DAY))])
    .returning({ id: sessions.id });
  const keptSessions = await app.db
    .insert(sessions)
    .values([session(ago(2 * DAY)), session(later(DAY), ago(DAY)), session(later(7 * DAY))])
    .returning({ id: sessions.id });
  const oldResets = await app.db
    .insert(passwordResets)
    .values([reset(ago(AUTH_RECORDS_KEPT_MS + DAY)), reset(ago(AUTH_RECORDS_KEPT_MS - DAY), ago(AUTH_RECORDS_KEPT_MS + 2 * DAY))])
    .returning({ id: passwordResets.id });
  const keptResets = await app.db
    .insert(passwordResets)
    .values([reset(ago(DAY)), reset(later(30 * 60 * 1000))])
    .returning({ id: passwordResets.id });
  const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
  return {
    old: { sessions: ids(oldSessions), resets: ids(oldResets) },
    kept: { sessions: ids(keptSessions), resets: ids(keptResets) },
  };
}

async function remaining(app: TestApp, r: Awaited<ReturnType<typeof records>>) {
  const s = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.id, [...r.old.sessions, ...r.kept.sessions]));
  const p = await app.db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(inArray(passwordResets.id, [...r.old.resets, ...r.kept.resets]));
  return { sessions: s.map((x) => x.id).sort(), resets: p.map((x) => x.id).sort() };
}

describe(`ended sessions and spent reset links are deleted after a week (${testEngine})`, async () => {
  const app = await build();

  it('deletes only what ended more than a week ago; live sessions keep working', async () => {
    const live = await loginGuest(app);
    const r = await records(app);
    const gone = await pruneAuthRecords(app.db, new Date());
    expect(gone.sessions).toBeGreaterThanOrEqual(2);
    expect(gone.resets).toBeGreaterThanOrEqual(2);
    expect(await remaining(app, r)).toEqual({ sessions: [...r.kept.sessions].sort(), resets: [...r.kept.resets].sort() });
    const me = await app.inject({ url: '/api/me', headers: live.headers });
    expect(me.statusCode).toBe(200);
  });

  it('is done by every API process when it starts', async () => {
    const r = await records(app);
    const other = await buildOn(app.database, { jwtSecret: app.config.jwtSecret });
    await expect
      .poll(() => remaining(other, r), { timeout: 10_000 })
      .toEqual({
        sessions: [...r.kept.sessions].sort(),
        resets: [...r.kept.resets].sort(),
      });
  });
});
