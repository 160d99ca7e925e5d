import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '#src/db/client.ts';
import { openReplicas, type Replicas } from '#src/db/replicas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a request's reads that may be a moment old go (ADR 038). */
    reads: Reads;
  }
}

export type Reads = {
  /** The replicas (DATABASE_REPLICA_URLS), or null when every read goes to the primary. */
  replicas: Replicas | null;
  /** Whether the request's user wrote in the last moments: their reads go to the primary and reuse no answer. */
  fresh: (request: FastifyRequest) => boolean;
  /** The database for the request's reads that may be a moment old: a replica in use, or the primary. */
  dbFor: (request: FastifyRequest) => Db;
};

/** The cookie that marks a browser's last write (ms since 1970), so any API process sends its next reads to the primary. */
const WROTE_COOKIE = 'staybook_wrote';
const WROTE = new RegExp(`(?:^|;\\s*)${WROTE_COOKIE}=(\\d{1,15})(?:;|$)`);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * fastify.reads (ADR 038). With replicas, every write request (any answer but a server error) marks its user for
 * twice the replicas' lag limit: in this process by user id, and in the browser by a cookie that every API process
 * reads. A marked user's reads go to the primary, and no answer kept from before their write is served to them.
 */
export default fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    const { config } = app;
    const pool = opts.database.pool;
    const replicas =
      pool && config.databaseReplicaUrls.length > 0
        ? openReplicas({ urls: config.databaseReplicaUrls, primary: pool, maxLagMs: config.replicaMaxLagMs })
        : null;
    const freshMs = 2 * config.replicaMaxLagMs;
    const wrote = new Map<string, number>();
    const fresh = (request: FastifyRequest) => {
      if (!replicas) return false;
      const now = Date.now();
      const mark = WROTE.exec(request.headers.cookie ?? '')?.[1];
      // A mark from the future (another process's clock) counts for no longer than one from now.
      if (mark !== undefined && Math.abs(now - Number(mark)) < freshMs) return true;
      const userId = request.user?.id;
      const at = userId === undefined ? undefined : wrote.get(userId);
      return at !== undefined && now - at < freshMs;
    };
    app.decorate('reads', {
      replicas,
      fresh,
      dbFor: (request: FastifyRequest) => (replicas && !fresh(request) ? replicas.db : app.db),
    });
    if (!replicas) return;
    app.addHook('onSend', async (request, reply) => {
      if (!WRITES.has(request.method) || reply.statusCode >= 500) return;
      const now = Date.now();
      reply.header('set-cookie', `${WROTE_COOKIE}=${now}; Max-Age=${Math.ceil(freshMs / 1000)}; Path=/; HttpOnly; SameSite=Lax`);
      const userId = request.user?.id;
      if (userId !== undefined) {
        wrote.set(userId, now);
        // Marks that ran out are dropped once there are many.
        if (wrote.size > 10_000) for (const [id, at] of wrote) if (now - at >= freshMs) wrote.delete(id);
      }
    });
    app.addHook('onClose', () => replicas.close());
  },
  { name: 'reads', dependencies: ['db', 'config'] },
);
