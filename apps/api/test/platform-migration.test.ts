import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// Migration 0016 gives today's first admin — the earliest admin still active — the platform role and keeps every
// other admin a stay owner (ADR 023). Run on a fresh embedded database: the migrations before it, some users, then it.

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const files = readdirSync(dir)
  .filter((f) => /^\d{4}_.*\.sql$/.test(f))
  .sort();
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
};

describe('migration 0016: the platform role', () => {
  it('makes the earliest active admin platform, other admins stay owners, guests nothing', async () => {
    const db = new PGlite();
    for (const f of files.filter((f) => f < '0016')) await run(db, f);
    const add = (email: string, isAdmin: boolean, createdAt: string, archived = false) =>
      db.query(
        `insert into users (first_name, last_name, email, mobile, password_hash, is_admin, created_at, archived_at)
         values ('A', 'B', $1, '9000000000', 'x', $2, $3, $4)`,
        [email, isAdmin, createdAt, archived ? createdAt : null],
      );
    await add('gone@x.in', true, '2025-01-01T00:00:00Z', true);
    await add('guest@x.in', false, '2025-01-02T00:00:00Z');
    await add('first@x.in', true, '2025-02-01T00:00:00Z');
    await add('owner@x.in', true, '2025-03-01T00:00:00Z');
    await run(db, files.find((f) => f.startsWith('0016_')) as string);
    const { rows } = await db.query<{ email: string; is_platform: boolean }>(
      'select email, is_platform from users order by email',
    );
    expect(Object.fromEntries(rows.map((r) => [r.email, r.is_platform]))).toEqual({
      'first@x.in': true,
      'gone@x.in': false,
      'guest@x.in': false,
      'owner@x.in': false,
    });
    // Only an admin can hold the platform role.
    await expect(db.query(`update users set is_platform = true where email = 'guest@x.in'`)).rejects.toThrow(
      /users_platform_is_admin/,
    );
    await db.close();
  });
});
