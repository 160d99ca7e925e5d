import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '#src/db/client.ts';
import * as repo from './outbox.repository.ts';

/** The entry a handler carries out: its id names the event for good (a mail's Message-ID is made from it). */
export type OutboxEntry = { id: number; kind: string };
export type OutboxHandler = (payload: Record<string, unknown>, entry: OutboxEntry) => Promise<void>;
export type HandlerOptions = {
  /** The payload holds a secret (a reset link): it is emptied once the entry is done. */
  forgetPayloadWhenDone?: boolean;
};

/**
 * Side effects after commit (ADR 010). A transaction that decides a refund or a mail writes an outbox entry with
 * the rows it changes; once it has committed, the request carries the entry out (`run`), and any process's
 * poller retries what failed or was cut off by a crash (`runDue`). A process takes an entry by pushing its
 * `run_after` a lease ahead (no transaction stays open during the gateway or mail call); a handler must therefore
 * be idempotent, and gateway calls carry an idempotency key.
 */
export interface Outbox {
  /** What to do for entries of `kind` (one handler per kind, registered by the feature that writes them). */
  handle(kind: string, handler: OutboxHandler, options?: HandlerOptions): void;
  /** Writes an entry in the caller's transaction; returns its id, to `run` after the commit. */
  add(q: Queryable, kind: string, payload: Record<string, unknown>): Promise<number>;
  /** Carries out these entries now if nobody else has them; a failure is logged and left for a retry. */
  run(ids: readonly number[]): Promise<void>;
  /** Carries out every entry that is due (the poller); returns how many were taken. */
  runDue(): Promise<number>;
  /** Deletes entries done more than KEEP_DONE_DAYS ago (what they did is recorded where it belongs); returns how many. */
  prune(now?: Date): Promise<number>;
}

/** Done entries are kept this long (to look into), then deleted: at start, then every hour, by every process. */
const KEEP_DONE_DAYS = 30;
/** How long a process may work on an entry before another may take it again. */
const LEASE_SECONDS = 60;
/** Back-off after the n-th failure: 10 s, 20 s, 40 s … at most an hour. */
const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

export function createOutbox(db: Db, log: FastifyBaseLogger): Outbox {
  const handlers = new Map<string, { handler: OutboxHandler; options: HandlerOptions }>();

  async function carryOut(entry: repo.ClaimedEntry) {
    const registered = handlers.get(entry.kind);
    try {
      if (!registered) throw new Error(`no handler for outbox entries of kind ${entry.kind}`);
      // Nothing between the handler's last step (a mail sent, a refund asked for) and marking the entry done: a crash
      // in that window repeats the step, and a repeated mail carries the same Message-ID (mail.ts).
      await registered.handler(entry.payload, { id: entry.id, kind: entry.kind });
      await repo.markDone(db, entry.id, registered.options.forgetPayloadWhenDone === true);
    } catch (err) {
      const wait = backoffSeconds(entry.attempts);
      log.error(
        { err, outboxId: entry.id, kind: entry.kind, attempts: entry.attempts, retryInSeconds: wait },
        'outbox entry failed',
      );
      await repo
        .reschedule(db, entry.id, wait, String((err as Error)?.message ?? err))
        .catch((e) => log.error({ err: e, outboxId: entry.id }, 'outbox entry could not be rescheduled'));
    }
  }

  return {
    handle(kind, handler, options = {}) {
      if (handlers.has(kind)) throw new Error(`outbox kind ${kind} already has a handler`);
      handlers.set(kind, { handler, options });
    },
    add: (q, kind, payload) => repo.insertEntry(q, kind, payload),
    async run(ids) {
      if (!ids.length) return;
      try {
        for (const entry of await repo.claimDue(db, LEASE_SECONDS, ids)) await carryOut(entry);
      } catch (err) {
        log.error({ err, outboxIds: ids }, 'outbox entries left for the poller');
      }
    },
    async runDue() {
      const entries = await repo.claimDue(db, LEASE_SECONDS);
      for (const entry of entries) await carryOut(entry);
      return entries.length;
    },
    prune: (now = new Date()) => repo.deleteDoneBefore(db, new Date(now.getTime() - KEEP_DONE_DAYS * 86_400_000)),
  };
}
