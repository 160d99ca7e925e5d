import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '#src/db/client.ts';

// A new data folder starts from the build's empty, migrated embedded database (apps/api/build.mjs).
describe('a new embedded database from the empty one the build made', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'staybook-empty-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** An empty database as the build makes it, with a mark to tell it from a database created anew. */
  async function emptyDatabase(file: string, migrated: boolean) {
    const pg = await PGlite.create();
    if (migrated) await migrate(drizzle(pg), { migrationsFolder: path.resolve(import.meta.dirname, '../src/db/migrations') });
    await pg.exec('create table made_by_the_build (n int); insert into made_by_the_build values (1)');
    const dump = await pg.dumpDataDir('gzip');
    await pg.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  }
  const countRows = async (db: Awaited<ReturnType<typeof openDatabase>>, table: string) =>
    (await selectRows<{ n: number }>(db.db, sql.raw(`select count(*)::int as n from ${table}`)))[0];

  it('starts from it, keeps what is written, and is not replaced by it at the next start', async () => {
    const file = path.join(dir, 'empty.tar.gz');
    await emptyDatabase(file, true);
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ dataDir, emptyDatabase: file });
    expect(await countRows(first, 'made_by_the_build')).toEqual({ n: 1 });
    await first.db.execute(sql`insert into made_by_the_build values (2)`);
    await first.close();
    const again = await openDatabase({ dataDir, emptyDatabase: file });
    expect(await countRows(again, 'made_by_the_build')).toEqual({ n: 2 });
    await again.close();
  });

  it('gets the migrations the empty database lacks', async () => {
    const file = path.join(dir, 'unmigrated.tar.gz');
    await emptyDatabase(file, false);
    const db = await openDatabase({ dataDir: path.join(dir, 'data-2'), emptyDatabase: file });
    expect(await countRows(db, 'made_by_the_build')).toEqual({ n: 1 });
    expect(await countRows(db, 'users')).toEqual({ n: 0 });
    await db.close();
  });

  it('is created anew when there is no such file', async () => {
    const db = await openDatabase({ dataDir: path.join(dir, 'data-3'), emptyDatabase: path.join(dir, 'missing.tar.gz') });
    expect(await countRows(db, 'users')).toEqual({ n: 0 });
    await expect(countRows(db, 'made_by_the_build')).rejects.toThrow();
    await db.close();
  });
});
