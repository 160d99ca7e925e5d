import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
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

/** The rows of a statement written with Drizzle's `sql` (both engines answer `{ rows }`). */
export async function selectRows<R>(q: Queryable, statement: SQL): Promise<R[]> {
  const result = (await q.execute(statement)) as { rows?: R[] } | R[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** What a LISTEN subscriber is told: each notification's payload, and when notifications may have been missed. */
export type Listener = {
  onNotify: (payload: string) => void;
  /** The listening connection was lost (called again once it listens anew): anything learnt before may be stale. */
  onGap: (listening: boolean) => void;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's pool (replicas fall back to it, db/replicas.ts). */
  pool?: pg.Pool;
  /** LISTEN on a channel; resolves once listening, with a function that stops. */
  listen: (channel: string, listener: Listener) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/** Advisory lock key held while migrating a PostgreSQL server. */
const MIGRATION_LOCK = 727_274_001;

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/**
 * The built server's empty embedded database, migrated (apps/api/build.mjs writes it beside dist/server.js): a new
 * data folder starts from it, which takes a third of the time creating a database and migrating it does.
 */
const EMPTY_DATABASE_FILE = path.join(import.meta.dirname, 'pglite-empty.tar.gz');

/** The folder of the embedded database (PGlite) in the data folder; it does not exist before the first start. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * Opens the database: the PostgreSQL server at `url`, else PGlite in `<dataDir>/pglite` (or in memory when dataDir
 * is null, or the `pglite` instance given), and applies pending migrations.
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir: string | null;
  poolSize?: number;
  /** How long an idle connection of the pool is kept open (pg's default, 10 s, when absent). */
  idleMs?: number;
  pglite?: PGlite;
  /** The empty database a new embedded one starts from, when the file is there (EMPTY_DATABASE_FILE). */
  emptyDatabase?: string;
}): Promise<Database> {
  const url = opts.url;
  if (url) {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 20,
      ...(opts.idleMs === undefined ? {} : { idleTimeoutMillis: opts.idleMs }),
    });
    pool.on('error', () => {
      /* an idle connection that died is dropped by the pool; the next query takes another */
    });
    // A connection the server ends while a transaction holds it (between two of its statements) says so with an
    // 'error' event; unheard, that event would end the process. The transaction's next statement fails instead
    // (a lost connection: the request answers 503) and the pool drops the connection when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    retryLostConnections(pool);
    const db: Db = drizzlePg(pool, { schema });
    // Several API processes may start together on one database: one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      pool,
      listen: (channel, listener) => listenPg(url, channel, listener),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.pglite) {
    client = opts.pglite;
  } else if (opts.dataDir) {
    const dir = embeddedDatabaseDir(opts.dataDir);
    const empty = opts.emptyDatabase ?? EMPTY_DATABASE_FILE;
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    mkdirSync(dir, { recursive: true });
    // Migrated below like any other: a template older than the migrations gets the rest.
    client =
      fresh && existsSync(empty) ? await PGlite.create(dir, { loadDataDir: await openAsBlob(empty) }) : await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const pgl = drizzlePglite(client, { schema });
  await migratePglite(pgl, { migrationsFolder });
  return {
    db: pgl,
    kind: 'pglite',
    // One session in this process: its own notifications arrive with the result of the statement that sent them.
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, listener.onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on its own connection (a pooled one would be handed to queries). When the connection drops, the
 * listener hears of the gap at once and again when listening resumes; reconnects every second until stopped.
 * Never throws: a first attempt that fails is a gap like any other.
 */
async function listenPg(url: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      listener.onGap(false);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) listener.onNotify(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost();
      return;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    listener.onGap(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

/**
 * True when a statement failed because its connection was lost, not because of the statement: the server ended
 * the session (SQLSTATE 57P01-57P03: an administrator, a restart, a crash), or the connection itself broke (class
 * 08, or the socket closed under the client).
 */
export function isConnectionLost(err: unknown): boolean {
  const code = pgError(err)?.code;
  if (code) return code.startsWith('57P0') || code.startsWith('08');
  // Drizzle wraps the driver's error (a transaction's failed rollback, say): its own message names the statement.
  for (let e: unknown = err, i = 0; i < 4 && e instanceof Error; i++, e = e.cause) {
    if (/Connection terminated|ECONNRESET|EPIPE|Client has encountered a connection error/i.test(e.message)) return true;
  }
  return false;
}

/** Whether a statement only reads (so running it twice is harmless whatever happened the first time). */
const readsOnly = (text: string) => /^\s*select\b/i.test(text) && !/\bfor\s+(no\s+key\s+)?update\b/i.test(text);

/**
 * How long a statement whose connection was lost waits before each new try (from half to one and a half times
 * this, at random, so that the statements cut together do not all come back together): about a third of a second
 * in all, enough for a server that restarts or for a burst of ended connections.
 */
const RETRY_DELAYS_MS = [5, 20, 60, 150];

/**
 * A statement outside a transaction whose connection was lost runs again on a fresh connection: when the server
 * said it ended the session (the statement did not run), and for reads when the socket broke under it (a write
 * might have committed). When the server ends every connection at once, the pool may still hand out another
 * idle connection whose end it has not yet heard of, and a fresh connection may be ended again: the statement is
 * tried again after each of RETRY_DELAYS_MS. Statements inside a transaction are not retried here: the
 * transaction is gone, and the error reaches the caller (a retry loop, or the error handler's 503).
 */

function retryLostConnections(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  // Every overload of pool.query is passed through as it was called.
  const retrying = async (...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args); // callback style: left as it is
    for (let attempt = 1; ; attempt++) {
      try {
        return await query(...args);
      } catch (err) {
        const first = args[0];
        const text =
          typeof first === 'string'
            ? first
            : first && typeof first === 'object' && 'text' in first && typeof first.text === 'string'
              ? first.text
              : '';
        const serverEnded = (pgError(err)?.code ?? '').startsWith('57P0');
        if (attempt >= RETRY_DELAYS_MS.length + 1 || !isConnectionLost(err) || !(serverEnded || readsOnly(text))) throw err;
        const delay = RETRY_DELAYS_MS[attempt - 1] ?? 0;
        await new Promise((resolve) => setTimeout(resolve, delay / 2 + Math.random() * delay));
      }
    }
  };
  Object.assign(pool, { query: retrying });
}

/** The Postgres error under a Drizzle error: Drizzle wraps it, so the SQLSTATE is on `cause.code`. */
export function pgError(err: unknown): { code?: string; constraint?: string; detail?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = 'code' in e ? e.code : undefined;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = 'constraint' in e && typeof e.constraint === 'string' ? e.constraint : undefined;
      const detail = 'detail' in e && typeof e.detail === 'string' ? e.detail : undefined;
      return { code, constraint, detail };
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/** Whether the database answers (the readiness check). */
export async function ping(db: Queryable): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs `fn` in a transaction, again (at most four times in all) when PostgreSQL reports a deadlock or a
 * serialization failure: whatever `fn` decided is decided anew on the rows as they are then.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const code = pgError(err)?.code;
      if (attempt < 4 && (code === '40P01' || code === '40001')) continue;
      throw err;
    }
  }
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const p = pgError(err);
  return p?.code === '23505' && (!constraint || p.constraint === constraint);
};

/**
 * A statement built once per database instead of on every call: Drizzle composes its SQL once, and on the
 * PostgreSQL server each connection parses and plans it once under `.prepare(name)`. For the hot read paths.
 */
export function preparedPer<T>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A statement of fixed text written with Drizzle's `sql` and `sql.placeholder`, composed once: on the PostgreSQL
 * server each connection prepares it under `name` (parsed and planned once, then run with the values given); rows
 * come back as PostgreSQL names them. For hot statements that are not select builders (see preparedPer for those).
 */
export function namedStatement<R>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (q: Queryable, values: Record<string, unknown>): Promise<R[]> => {
    const result = (await q._.session.prepareQuery(query, undefined, name, false).execute(values)) as { rows?: R[] } | R[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  };
}
