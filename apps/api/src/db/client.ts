import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Drizzle on either engine: PGlite (embedded) and node-postgres share this API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Something queries can run on: the database or a transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** Advisory lock key held while migrating a PostgreSQL server. */
const MIGRATION_LOCK = 727_274_001;

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Opens the database: the PostgreSQL server at `url`, else PGlite in `<dataDir>/pglite`
 * (or in memory when dataDir is null), and applies pending migrations.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string | null;
  poolSize?: number;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 20 });
    pool.on('error', () => {
      /* idle client errors are reported on the next query */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several API processes may start together on one database: one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const pgl = drizzlePglite(client, { schema });
  await migratePglite(pgl, { migrationsFolder });
  return { db: pgl as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** The Postgres error under a Drizzle error (SQLSTATE on `cause.code`, see STACK-NOTES). */
export function pgError(err: unknown): { code?: string; constraint?: string; detail?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: string; detail?: string; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code))
      return { code: o.code, constraint: o.constraint, detail: o.detail };
    e = o.cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const p = pgError(err);
  return p?.code === '23505' && (!constraint || p.constraint === constraint);
};
