import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '#src/db/client.ts';
import { outbox } from '#src/db/schema/index.ts';

export type OutboxHandler = (payload: Record<string, unknown>) => Promise<void>;

/**
 * Side effects after commit (ADR 010). A transaction that decides a refund or a mail writes an outbox entry with
 * the rows it changes; once it has committed, the request carries the entry out (`run`), and any process's
 * poller retries what failed or was cut off by a crash (`runDue`). A process takes an entry by pushing its
 * `run_after` a lease ahead (no transaction stays open during the gateway or mail call); a handler must therefore
 * be idempotent, and gateway calls carry an idempotency key.
 */
export interface Outbox {
  /** What to do for entries of `kind` (one handler per kind, registered by the feature that writes them). */
  handle(kind: string, handler: OutboxHandler): void;
  /** Writes an entry in the caller's transaction; returns its id, to `run` after the commit. */
  add(q: Queryable, kind: string, payload: Record<string, unknown>): Promise<number>;
  /** Carries out these entries now if nobody else has them; a failure is logged and left for a retry. */
  run(ids: readonly number[]): Promise<void>;
  /** Carries out every entry that is due (the poller); returns how many were taken. */
  runDue(): Promise<number>;
  /** Deletes entries done more than KEEP_DONE_DAYS ago (what they did is recorded where it belongs); returns how many. */
  prune(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/** Done entries are kept this long (to look into), then deleted: at start, then every hour, by every process. */
export const KEEP_DONE_DAYS = 30;
/** How long a process may work on an entry before another may take it again. */
const LEASE_SECONDS = 60;
/** Back-off after the n-th failure: 10 s, 20 s, 40 s … at most an hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

type Claimed = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };

const rowsOf = <R>(result: unknown): R[] => (Array.isArray(result) ? result : ((result as { rows?: R[] }).rows ?? [])) as R[];

export default fp(
  async (app: FastifyInstance) => {
    const handlers = new Map<string, OutboxHandler>();

    async function claim(ids?: readonly number[]): Promise<Claimed[]> {
      const only = ids
        ? sql`and id in (${sql.join(
            ids.map((id) => sql`${id}::bigint`),
            sql`, `,
          )})`
        : sql``;
      const result = await app.db.execute(sql`
        update ${outbox} set run_after = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
        where id in (
          select id from ${outbox} where done_at is null and run_after <= now() ${only}
          order by id limit 50 for update skip locked)
        returning id, kind, payload, attempts`);
      return rowsOf<Claimed>(result).map((r) => ({ ...r, id: Number(r.id) }));
    }

    async function carryOut(entry: Claimed) {
      const handler = handlers.get(entry.kind);
      try {
        if (!handler) throw new Error(`no handler for outbox entries of kind ${entry.kind}`);
        await handler(entry.payload);
        await app.db.execute(sql`update ${outbox} set done_at = now(), last_error = null where id = ${entry.id}`);
      } catch (err) {
        const wait = backoffSeconds(entry.attempts);
        app.log.error(
          { err, outboxId: entry.id, kind: entry.kind, attempts: entry.attempts, retryInSeconds: wait },
          'outbox entry failed',
        );
        await app.db
          .execute(
            sql`update ${outbox} set run_after = now() + make_interval(secs => ${wait}), last_error = ${String((err as Error)?.message ?? err).slice(0, 1000)}
                where id = ${entry.id}`,
          )
          .catch((e) => app.log.error({ err: e, outboxId: entry.id }, 'outbox entry could not be rescheduled'));
      }
    }

    const box: Outbox = {
      handle(kind, handler) {
        if (handlers.has(kind)) throw new Error(`outbox kind ${kind} already has a handler`);
        handlers.set(kind, handler);
      },
      async add(q, kind, payload) {
        const [row] = await q.insert(outbox).values({ kind, payload }).returning({ id: outbox.id });
        if (!row) throw new Error('outbox entry not written');
        return row.id;
      },
      async run(ids) {
        if (!ids.length) return;
        try {
          for (const entry of await claim(ids)) await carryOut(entry);
        } catch (err) {
          app.log.error({ err, outboxIds: ids }, 'outbox entries left for the poller');
        }
      },
      async runDue() {
        const entries = await claim();
        for (const entry of entries) await carryOut(entry);
        return entries.length;
      },
      async prune(now = new Date()) {
        const before = new Date(now.getTime() - KEEP_DONE_DAYS * 86_400_000);
        const result = await app.db.execute(
          sql`delete from ${outbox} where done_at is not null and done_at < ${before.toISOString()}::timestamptz returning id`,
        );
        return rowsOf(result).length;
      },
    };
    app.decorate('outbox', box);

    let pruner: NodeJS.Timeout | undefined;
    let pruning: Promise<void> | undefined;
    const prune = () => {
      pruning ??= box
        .prune()
        .then((n) => {
          if (n > 0) app.log.info({ count: n }, 'deleted outbox entries done long ago');
        })
        .catch((err) => app.log.error({ err }, 'pruning the outbox failed'))
        .finally(() => {
          pruning = undefined;
        });
    };
    app.addHook('onReady', async () => {
      prune();
      pruner = setInterval(prune, 60 * 60 * 1000);
      pruner.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(pruner);
      await pruning;
    });

    const every = app.config.outboxPollMs;
    if (every > 0) {
      let timer: NodeJS.Timeout | undefined;
      let running = false;
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          if (running) return;
          running = true;
          box
            .runDue()
            .catch((err) => app.log.error({ err }, 'outbox poll failed'))
            .finally(() => {
              running = false;
            });
        }, every);
        timer.unref();
      });
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'outbox', dependencies: ['config', 'db'] },
);
