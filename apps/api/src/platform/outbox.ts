import type { FastifyBaseLogger } from 'fastify';
import { type Db, inTransaction, type Queryable, type Tx } from '#src/db/client.ts';
import type { Emit, OutboxEvent, PayloadIn, PayloadOut, PayloadSchema } from './events.ts';
import * as repo from './outbox.repository.ts';
import type { Tasks } from './tasks.ts';
import { RETENTION } from '@repo/shared/domain/retention';

/** The entry a handler carries out: its id names the event for good (a mail's Message-ID is made from it). */
export type OutboxEntry = { id: number; kind: string };
export type OutboxHandler<E extends OutboxEvent = OutboxEvent> = (payload: PayloadOut<E>, entry: OutboxEntry) => Promise<void>;
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
  /** What to do for entries of an event (one handler per event, registered by the feature that declares it). */
  handle<K extends string, S extends PayloadSchema>(
    event: OutboxEvent<K, S>,
    handler: OutboxHandler<OutboxEvent<K, S>>,
    options?: HandlerOptions,
  ): void;
  /** Writes an entry in the caller's transaction (its payload checked); returns its id, to `run` after the commit. */
  add<E extends OutboxEvent>(q: Queryable, event: E, payload: PayloadIn<E>): Promise<number>;
  /** Carries out these entries now if nobody else has them; a failure is logged and left for a retry. */
  run(ids: readonly number[]): Promise<void>;
  /** Carries out every entry that is due (the poller); returns how many were taken. */
  runDue(): Promise<number>;
  /** Deletes entries done more than KEEP_DONE_DAYS ago (what they did is recorded where it belongs); returns how many. */
  prune(now?: Date): Promise<number>;
}

/**
 * Done entries are kept this long (to look into), then deleted: at start, then every hour, by every process (a
 * sent mail is personal data: the privacy notice says how long it stays).
 */
const KEEP_DONE_DAYS = RETENTION.sentMailsDays;
/** How long a process may work on an entry before another may take it again. */
const LEASE_SECONDS = 60;
/** Back-off after the n-th failure: 10 s, 20 s, 40 s … at most an hour. */
const backoffSeconds = (attempts: number) => Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));

export function createOutbox(db: Db, log: FastifyBaseLogger): Outbox {
  /** A handler with its event's check: the stored payload is parsed as it is read. */
  type Registered = { carryOut: (payload: unknown, entry: OutboxEntry) => Promise<void>; options: HandlerOptions };
  const handlers = new Map<string, Registered>();

  async function carryOut(entry: repo.ClaimedEntry) {
    const registered = handlers.get(entry.kind);
    try {
      if (!registered) throw new Error(`no handler for outbox entries of kind ${entry.kind}`);
      // Nothing between the handler's last step (a mail sent, a refund asked for) and marking the entry done: a crash
      // in that window repeats the step, and a repeated mail carries the same Message-ID (mail.ts).
      await registered.carryOut(entry.payload, { id: entry.id, kind: entry.kind });
      await repo.markDone(db, entry.id, registered.options.forgetPayloadWhenDone === true);
    } catch (err) {
      const wait = backoffSeconds(entry.attempts);
      log.error(
        { err, outboxId: entry.id, kind: entry.kind, attempts: entry.attempts, retryInSeconds: wait },
        'outbox entry failed',
      );
      await repo
        .reschedule(db, entry.id, wait, err instanceof Error ? err.message : String(err))
        .catch((e) => log.error({ err: e, outboxId: entry.id }, 'outbox entry could not be rescheduled'));
    }
  }

  return {
    handle(event, handler, options = {}) {
      if (handlers.has(event.kind)) throw new Error(`outbox kind ${event.kind} already has a handler`);
      // The payload is checked as it is read too: an entry written by an older version that no longer fits fails
      // loudly (and is retried after a fix) instead of reaching the handler half understood.
      handlers.set(event.kind, { carryOut: (payload, entry) => handler(event.schema.parse(payload), entry), options });
    },
    add: (q, event, payload) => repo.insertEntry(q, event.kind, event.schema.parse(payload)),
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

type OutboxDeps = { db: Db; outbox: Outbox };

/**
 * A transaction that may emit events (ADR 028): `work` runs in it with `emit`, which writes each event as an outbox
 * entry in that transaction; once it has committed, the entries are carried out — before this returns, or, with
 * `background` (a name for the log), after the answer has gone (a mail the request need not wait for). A transaction
 * retried after a deadlock starts with no events.
 */
export async function withOutbox<T>(deps: OutboxDeps, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
export async function withOutbox<T>(
  deps: OutboxDeps & { tasks: Tasks },
  work: (tx: Tx, emit: Emit) => Promise<T>,
  options: { background: string },
): Promise<T>;
export async function withOutbox<T>(
  deps: OutboxDeps & { tasks?: Tasks },
  work: (tx: Tx, emit: Emit) => Promise<T>,
  options: { background?: string } = {},
): Promise<T> {
  let ids: number[] = [];
  const result = await inTransaction(deps.db, (tx) => {
    ids = [];
    return work(tx, async (event, payload) => {
      ids.push(await deps.outbox.add(tx, event, payload));
    });
  });
  const { tasks } = deps;
  if (options.background && tasks) {
    const taken = ids;
    if (taken.length) tasks.run(options.background, () => deps.outbox.run(taken));
  } else await deps.outbox.run(ids);
  return result;
}
