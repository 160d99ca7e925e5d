import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { isConnectionLost, pgError } from './client.ts';
import * as schema from './schema/index.ts';

/**
 * Streaming replicas of the primary for reads that may be a moment old (ADR 038). Each has its own pool; a replica
 * is in use while it answers and has replayed the primary's WAL up to a point no older than `maxLagMs`: every
 * `checkMs`, the primary's WAL position is noted with the time, and each replica's replayed position is matched
 * against those notes (an idle primary has nothing to replay: its replicas are then not behind at all). A replica
 * that fails a statement, or falls behind, is out of use until a check finds it well again. `db` runs each
 * statement on a replica in use, in turn, and on the primary when none is — or when the replica fails it: a read
 * never fails because a replica did.
 */
export type Replicas = {
  /** Drizzle over the replicas in use, the primary when none is. Statements only, no transactions. */
  db: Db;
  /** Statements answered by a replica, and statements a failing replica left to the primary. */
  stats: { replica: number; primary: number; fallbacks: number };
  /** Each replica: in use or not, and how far behind it was at its last check (ms). */
  state: () => { url: string; healthy: boolean; lagMs: number }[];
  /** Checks every replica now (also runs every checkMs). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

type Replica = { url: string; pool: pg.Pool; healthy: boolean; lagMs: number; query: QueryFn };
type QueryFn = (...args: unknown[]) => Promise<unknown>;

/** The application_name of the replicas' connections (pg_stat_activity on a replica shows them). */
export const REPLICA_APPLICATION_NAME = 'staybook-read';

/** A failure of the replica, not of the statement: the primary is asked instead. */
function replicaFailed(err: unknown): boolean {
  const code = pgError(err)?.code;
  if (!code) return true; // no answer at all: refused, timed out, or the socket closed
  // Connection (08), shut down or starting (57P0x), out of resources (53), a conflict with recovery (40001).
  return isConnectionLost(err) || code.startsWith('08') || code.startsWith('57') || code.startsWith('53') || code === '40001';
}

/** A pool's own query function (every overload passed through as called). */
function queryOf(pool: pg.Pool): QueryFn {
  const query: (...args: unknown[]) => Promise<unknown> = pool.query.bind(pool);
  return query;
}

/** A WAL position (`fn`: pg_current_wal_lsn() or pg_last_wal_replay_lsn()) in bytes, as text; null when none. */
async function lsnOf(query: QueryFn, fn: string): Promise<string | null> {
  const result = await query(`select (${fn} - '0/0'::pg_lsn)::text as lsn`);
  if (!result || typeof result !== 'object' || !('rows' in result) || !Array.isArray(result.rows)) return null;
  const row: unknown = result.rows[0];
  return row && typeof row === 'object' && 'lsn' in row && typeof row.lsn === 'string' ? row.lsn : null;
}

export function openReplicas(opts: {
  urls: readonly string[];
  primary: pg.Pool;
  maxLagMs: number;
  checkMs?: number;
  poolSize?: number;
}): Replicas {
  const checkMs = opts.checkMs ?? Math.max(100, Math.min(1000, Math.floor(opts.maxLagMs / 4)));
  const primaryQuery = queryOf(opts.primary);
  const replicas: Replica[] = opts.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 20,
      application_name: REPLICA_APPLICATION_NAME,
      connectionTimeoutMillis: 2000,
      query_timeout: 10_000,
    });
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    // Out of use until its first check.
    return { url, pool, healthy: false, lagMs: Number.POSITIVE_INFINITY, query: queryOf(pool) };
  });
  const stats = { replica: 0, primary: 0, fallbacks: 0 };
  let next = 0;
  const pick = (): Replica | undefined => {
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[(next + i) % replicas.length];
      if (r?.healthy) {
        next = (next + i + 1) % replicas.length;
        return r;
      }
    }
    return undefined;
  };
  // What drizzle calls (pool.query) for every statement outside a transaction.
  const routed: QueryFn = async (...args) => {
    if (typeof args.at(-1) === 'function') return primaryQuery(...args);
    const replica = pick();
    if (replica) {
      try {
        const result = await replica.query(...args);
        stats.replica += 1;
        return result;
      } catch (err) {
        if (!replicaFailed(err)) throw err;
        replica.healthy = false;
        stats.fallbacks += 1;
      }
    }
    stats.primary += 1;
    return primaryQuery(...args);
  };
  // A pool of its own (never connected: every statement goes through `routed`), so drizzle treats it as one.
  const front = new pg.Pool({ max: 1 });
  Object.assign(front, { query: routed });
  const db: Db = drizzlePg(front, { schema });

  // The primary's WAL position over the last moments: [time, position], oldest first.
  const marks: [number, bigint][] = [];
  let checking: Promise<void> | null = null;
  const checkOnce = async () => {
    const now = Date.now();
    try {
      marks.push([now, BigInt((await lsnOf(primaryQuery, 'pg_current_wal_lsn()')) ?? '0')]);
    } catch {
      // The primary did not answer: the replicas are judged against the positions already noted.
    }
    while (marks.length > 2 && (marks[0]?.[0] ?? now) < now - 4 * opts.maxLagMs) marks.shift();
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          const replayed = BigInt((await lsnOf(replica.query, 'pg_last_wal_replay_lsn()')) ?? '-1');
          // The latest noted moment the replica has replayed everything up to.
          let upTo = Number.NEGATIVE_INFINITY;
          for (const [t, lsn] of marks) if (lsn <= replayed) upTo = t;
          replica.lagMs = Math.max(0, now - upTo);
          replica.healthy = replica.lagMs <= opts.maxLagMs;
        } catch {
          replica.healthy = false;
          replica.lagMs = Number.POSITIVE_INFINITY;
        }
      }),
    );
  };
  const check = () => {
    checking ??= checkOnce().finally(() => (checking = null));
    return checking;
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();
  return {
    db,
    stats,
    state: () => replicas.map((r) => ({ url: r.url.replace(/\/\/[^@/]*@/, '//'), healthy: r.healthy, lagMs: r.lagMs })),
    check,
    close: async () => {
      clearInterval(timer);
      await checking?.catch(() => {});
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => {})));
      await front.end().catch(() => {});
    },
  };
}
